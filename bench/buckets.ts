/**
 * `npm run bench:buckets`: bucket creation through the API next to the same storage calls made
 * directly (the floor), for each backend: MinIO (bucket, access user, policy, attachment) and
 * Garage (bucket and alias, mark, key import, permission).
 *
 * Starts PostgreSQL, then for each backend in BENCH_BACKENDS (`minio,garage`) that server and the
 * API as production runs it, creates BENCH_BUCKETS (200) buckets through `POST /api/v1/s3/buckets/`
 * and as many again by calling the storage driver directly, each with BENCH_CONCURRENCY (8)
 * requests in flight. Prints buckets/s for both, per backend. Target: the API path at least 50% of
 * the direct rate on each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCredentials } from '../api/src/areas/buckets/common.ts';
import type { StorageDriver } from '../api/src/areas/buckets/storage/driver.ts';
import { createGarageDriver } from '../api/src/areas/buckets/storage/garage-driver.ts';
import { createMinioDriver } from '../api/src/areas/buckets/storage/minio-driver.ts';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startGarageServer, writeGarageStorageConfig } from '../api/src/test/garage-server.ts';
import { startMinioServer } from '../api/src/test/minio-server.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import type { PostgresServer } from '../api/src/test/postgres-server.ts';
import { rssMb } from './http.ts';

const COUNT = Number(process.env.BENCH_BUCKETS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'minio,garage').split(',').map((b) => b.trim());

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight; returns the elapsed seconds. */
async function timed(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return (performance.now() - start) / 1000;
}

/** A running backend: the API's configuration for it, a driver for the direct path, its region. */
interface Backend {
  readonly label: string;
  readonly region: string;
  readonly env: Record<string, string>;
  readonly driver: StorageDriver;
  stop(): Promise<void>;
}

async function startBackend(name: string, dir: string): Promise<Backend> {
  if (name === 'minio') {
    const minio = await startMinioServer();
    writeFileSync(
      join(dir, 'plinth.yaml'),
      `clusters:\n  - name: local\n    driver: minio\n    endpoint: ${minio.endpoint}\n    admin_access_key_env: BENCH_MINIO_USER\n    admin_secret_key_env: BENCH_MINIO_PASSWORD\nregions:\n  - name: eu-central\n    cluster: local\n`,
    );
    return {
      label: 'MinIO',
      region: 'eu-central',
      env: { BENCH_MINIO_USER: minio.accessKey, BENCH_MINIO_PASSWORD: minio.secretKey },
      driver: createMinioDriver({
        endpoint: minio.endpoint,
        accessKey: minio.accessKey,
        secretKey: minio.secretKey,
        pathStyle: true,
      }),
      stop: () => minio.stop(),
    };
  }
  if (name === 'garage') {
    const garage = await startGarageServer();
    writeGarageStorageConfig(dir, garage, { tokenEnv: 'BENCH_GARAGE_TOKEN' });
    return {
      label: 'Garage',
      region: garage.region,
      env: { BENCH_GARAGE_TOKEN: garage.adminToken },
      driver: createGarageDriver({
        s3Endpoint: garage.s3Endpoint,
        adminEndpoint: garage.adminEndpoint,
        adminToken: garage.adminToken,
        region: garage.region,
        pathStyle: true,
        // Its own key: the API process makes `plinth-api`, and the two must not race over it.
        apiKeyName: 'plinth-bench-direct',
      }),
      stop: () => garage.stop(),
    };
  }
  throw new Error(`BENCH_BACKENDS: unknown backend ${name} (minio, garage)`);
}

/** One backend's run; returns whether the target was met. */
async function bench(pg: PostgresServer, name: string): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-'));
  const backend = await startBackend(name, dir);
  const api = await startApiProcess({
    DATABASE_URL: await pg.createDatabase(`bench_${name}`),
    ...TEST_KEYS,
    PLINTH_CONFIG: join(dir, 'plinth.yaml'),
    ...backend.env,
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
  });
  try {
    await api.waitReady();
    const call = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { ...(token && { Authorization: `Bearer ${token}` }), 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const { token } = await call('POST', '/api/login/', undefined, {
      username: 'admin',
      password: 'bench-admin-password',
    });
    const org = await call('POST', '/api/v1/organizations/', token, { slug: 'bench', name: 'Bench' });
    const ws = await call('POST', '/api/v1/workspaces/', token, { organization: org.id, name: 'bench' });

    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(api.child.pid!))), 200);
    const viaApi = await timed(COUNT, CONCURRENCY, async (i) => {
      await call('POST', '/api/v1/s3/buckets/', token, {
        name: `api-${String(i).padStart(4, '0')}`,
        region: backend.region,
        organization: org.id,
        workspace: ws.id,
      });
    });
    clearInterval(sampler);

    const driver = backend.driver;
    const direct = await timed(COUNT, CONCURRENCY, async (i) => {
      const bucket = `direct-${String(i).padStart(4, '0')}`;
      const creds = newCredentials();
      await driver.ensureBucket(bucket);
      await driver.markBucket(bucket, crypto.randomUUID());
      await driver.provisionAccess(creds.accessKeyId, bucket, creds);
    });

    const apiRate = COUNT / viaApi;
    const directRate = COUNT / direct;
    const met = apiRate / directRate >= 0.5;
    console.log(
      `\nbench:buckets — ${backend.label}: ${COUNT} buckets, ${CONCURRENCY} in flight, real PostgreSQL\n`,
    );
    console.log(`through the API:         ${apiRate.toFixed(1)} buckets/s (${viaApi.toFixed(1)} s)`);
    console.log(
      `${`${backend.label} calls directly:`.padEnd(25)}${directRate.toFixed(1)} buckets/s (${direct.toFixed(1)} s)`,
    );
    console.log(`API / direct:            ${((apiRate / directRate) * 100).toFixed(0)}% (target ≥ 50%)`);
    console.log(`API peak RSS:            ${peakRss.toFixed(0)} MB`);
    console.log(
      met ? 'target met' : `MISSED: the API path is below 50% of the direct rate on ${backend.label}`,
    );
    return met;
  } finally {
    await api.stop();
    await backend.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  try {
    const results: boolean[] = [];
    for (const name of BACKENDS) results.push(await bench(pg, name));
    if (results.some((met) => !met)) process.exitCode = 1;
  } finally {
    await pg.destroy();
  }
}

await main();
