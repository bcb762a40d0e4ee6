/**
 * `npm run bench:buckets`: bucket creation through the API against a local MinIO, next to the same
 * MinIO calls made directly (the floor: bucket, access user, policy, attachment).
 *
 * Starts PostgreSQL, MinIO and the API as production runs it, then creates BENCH_BUCKETS (200)
 * buckets through `POST /api/v1/s3/buckets/`, and as many again by calling the storage driver
 * directly, each with BENCH_CONCURRENCY (8) requests in flight. Prints buckets/s for both.
 * Target: the API path at least 50% of the direct rate.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newCredentials } from '../api/src/areas/buckets/service.ts';
import { createMinioDriver } from '../api/src/areas/buckets/storage/minio-driver.ts';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startMinioServer } from '../api/src/test/minio-server.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { rssMb } from './http.ts';

const COUNT = Number(process.env.BENCH_BUCKETS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

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

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const minio = await startMinioServer();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-'));
  writeFileSync(
    join(dir, 'plinth.yaml'),
    `clusters:\n  - name: local\n    driver: minio\n    endpoint: ${minio.endpoint}\n    admin_access_key_env: BENCH_MINIO_USER\n    admin_secret_key_env: BENCH_MINIO_PASSWORD\nregions:\n  - name: eu-central\n    cluster: local\n`,
  );
  const api = await startApiProcess({
    DATABASE_URL: await pg.createDatabase('bench'),
    ...TEST_KEYS,
    PLINTH_CONFIG: join(dir, 'plinth.yaml'),
    BENCH_MINIO_USER: minio.accessKey,
    BENCH_MINIO_PASSWORD: minio.secretKey,
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
        region: 'eu-central',
        organization: org.id,
        workspace: ws.id,
      });
    });
    clearInterval(sampler);

    const driver = createMinioDriver({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
      pathStyle: true,
    });
    const direct = await timed(COUNT, CONCURRENCY, async (i) => {
      const bucket = `direct-${String(i).padStart(4, '0')}`;
      const creds = newCredentials();
      await driver.ensureBucket(bucket);
      await driver.provisionAccess(creds.accessKeyId, bucket, creds);
    });

    const apiRate = COUNT / viaApi;
    const directRate = COUNT / direct;
    console.log(
      `\nbench:buckets — ${COUNT} buckets, ${CONCURRENCY} in flight, local MinIO, real PostgreSQL\n`,
    );
    console.log(`through the API:         ${apiRate.toFixed(1)} buckets/s (${viaApi.toFixed(1)} s)`);
    console.log(`MinIO calls directly:    ${directRate.toFixed(1)} buckets/s (${direct.toFixed(1)} s)`);
    console.log(`API / direct:            ${((apiRate / directRate) * 100).toFixed(0)}% (target ≥ 50%)`);
    console.log(`API peak RSS:            ${peakRss.toFixed(0)} MB`);
    if (apiRate / directRate < 0.5) {
      console.log('\nMISSED: the API path is below 50% of the direct rate');
      process.exitCode = 1;
    } else console.log('\ntarget met');
  } finally {
    await api.stop();
    await minio.stop();
    await pg.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
