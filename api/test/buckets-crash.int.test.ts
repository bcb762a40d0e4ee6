import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../src/test/minio-server.ts';
import type { MinioServer } from '../src/test/minio-server.ts';
import { createMinioAdmin } from '../src/areas/buckets/storage/minio-admin.ts';
import type { MinioAdmin } from '../src/areas/buckets/storage/minio-admin.ts';
import { createMinioDriver } from '../src/areas/buckets/storage/minio-driver.ts';
import type { StorageDriver } from '../src/areas/buckets/storage/driver.ts';
import { signRequest } from '../src/areas/buckets/storage/sigv4.ts';
import type { SagaStep } from '../src/areas/buckets/storage/runtime.ts';
import { JOB_LEASE_SECONDS } from '../src/core/jobs/runner.ts';
import { eventually } from '../src/test/eventually.ts';

/**
 * Crash safety of the bucket sagas, with real processes: the API is paused by its test hook after a
 * saga step (creation, rollback of a failed creation, deletion), killed with SIGKILL, and started
 * again on the same database. The saga must end as the client asked, with nothing left on MinIO
 * that no row accounts for, no step done twice to the wrong effect, and no error; while the
 * restarted process waits out the dead one's lease, other requests are answered promptly.
 *
 * One MinIO for all cases (names are unique), one database per case; cases run concurrently, as
 * most of each is waiting for the dead process's lease (15 s) to expire.
 */
const ADMIN_PASSWORD = 'crash-admin-password';
/** What "promptly" means for a request unrelated to the saga being recovered. */
const PROMPT_MS = 2_000;

describe('bucket sagas survive SIGKILL after every step', () => {
  let minio: MinioServer;
  let dir: string;
  let admin: MinioAdmin;
  let driver: StorageDriver;
  const running: ApiProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  /** The slowest unrelated request seen while a saga was pending, for the record. */
  let slowestMs = 0;

  beforeAll(async () => {
    minio = await startMinioServer();
    dir = mkdtempSync(join(tmpdir(), 'plinth-crash-'));
    writeStorageConfig(dir, minio, { userEnv: 'TEST_MINIO_USER', passwordEnv: 'TEST_MINIO_PASSWORD' });
    const credentials = { endpoint: minio.endpoint, accessKey: minio.accessKey, secretKey: minio.secretKey };
    admin = createMinioAdmin(credentials);
    driver = createMinioDriver({ ...credentials, pathStyle: true });
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    for (const cleanup of cleanups) await cleanup();
    await minio?.stop();
    rmSync(dir, { recursive: true, force: true });
    console.info(`slowest unrelated request while a saga was pending: ${slowestMs} ms`);
  });

  const api = (p: ApiProcess, method: string, path: string, token?: string, body?: unknown) =>
    jsonRequest(p.url, method, path, { token, body });

  const envOf = (databaseUrl: string, configDir = dir) => ({
    DATABASE_URL: databaseUrl,
    ...TEST_KEYS,
    PLINTH_CONFIG: join(configDir, 'plinth.yaml'),
    TEST_MINIO_USER: minio.accessKey,
    TEST_MINIO_PASSWORD: minio.secretKey,
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PLINTH_TEST_HOOKS: 'true',
  });

  async function boot(env: Record<string, string>): Promise<{ p: ApiProcess; token: string }> {
    const p = await startApiProcess(env);
    running.push(p);
    await p.waitReady();
    const login = await api(p, 'POST', '/api/login/', undefined, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    return { p, token: login.body.token };
  }

  async function workspace(p: ApiProcess, token: string) {
    const org = (await api(p, 'POST', '/api/v1/organizations/', token, { slug: 'crash', name: 'Crash' }))
      .body;
    const ws = (await api(p, 'POST', '/api/v1/workspaces/', token, { organization: org.id, name: 'ws' }))
      .body;
    return { organization: org.id as string, workspace: ws.id as string };
  }

  /** Waits for the test hook to pause the saga after its step. */
  const paused = (p: ApiProcess, step: SagaStep) =>
    eventually(`the hook to pause after ${step}`, () => p.output().includes('paused after saga step'), {
      intervalMs: 50,
      diagnostics: () => p.output(),
    });

  /** Kills `p` once paused after `step`; returns when (performance.now()) it was killed. */
  async function killWhenPaused(p: ApiProcess, token: string, step: SagaStep): Promise<number> {
    await paused(p, step);
    // The paused saga holds its lease, but nothing else: the process still answers.
    await answersPromptly(p, token);
    const killedAt = performance.now();
    p.child.kill('SIGKILL');
    await p.exited;
    return killedAt;
  }

  /**
   * The client saw the saga pending before recovery ended, whenever the restarted process was up
   * while the dead one's lease surely held: renewed every third of its length, it had at least two
   * thirds left at the kill. A restart slower than that (the cases boot concurrently, on two busy
   * cores) may find it expired already; the saga's outcome is checked either way.
   */
  function expectPendingSeen(seen: number, killedAt: number, upAt: number) {
    if (upAt - killedAt < ((JOB_LEASE_SECONDS * 2) / 3) * 1000 - 1000)
      expect(seen, `up ${Math.round(upAt - killedAt)} ms after the kill`).toBeGreaterThan(0);
  }

  /** A request that has nothing to do with buckets answers, and fast. */
  async function answersPromptly(p: ApiProcess, token: string) {
    const started = performance.now();
    const res = await api(p, 'GET', '/api/v1/workspaces/', token);
    const ms = Math.round(performance.now() - started);
    slowestMs = Math.max(slowestMs, ms);
    expect(res.status).toBe(200);
    expect(ms, 'GET /api/v1/workspaces/ while a saga is pending').toBeLessThan(PROMPT_MS);
  }

  /**
   * How long `p` may take to finish an interrupted saga (every 300 ms, 90 s at most), its output on
   * failure; what a probe expects holds on every try.
   */
  const recovering = (p: ApiProcess) => ({
    timeoutMs: 90_000,
    intervalMs: 300,
    onError: 'fail' as const,
    diagnostics: () => p.output(),
  });

  /** The IAM policies on MinIO that grant anything on `bucket`, by name. */
  async function policiesOn(bucket: string): Promise<string[]> {
    const url = new URL(`${minio.endpoint}/minio/admin/v3/list-canned-policies`);
    const { Host: _host, ...headers } = signRequest(
      { method: 'GET', url, headers: {} },
      {
        accessKeyId: minio.accessKey,
        secretAccessKey: minio.secretKey,
        region: 'us-east-1',
        service: 's3',
      },
    ).headers;
    const res = await fetch(url, { headers });
    expect(res.status).toBe(200);
    const all = (await res.json()) as Record<string, unknown>;
    return Object.keys(all)
      .filter((name) => JSON.stringify(all[name]).includes(`arn:aws:s3:::${bucket}"`))
      .sort();
  }

  /** Access users on MinIO with a policy on `bucket`: what a crash could orphan. */
  async function usersOn(bucket: string): Promise<string[]> {
    const policies = await policiesOn(bucket);
    const users = await admin.listUsers();
    return Object.keys(users)
      .filter((u) => users[u]!.policyName.split(',').some((p) => policies.includes(p)))
      .sort();
  }

  /** The saga jobs of the case's database (of one bucket, if given), oldest first. */
  async function sagaJobs(databaseUrl: string, bucketId?: string) {
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return await db`select state, last_error_code from jobs where kind = 'bucket.saga'
        and (${bucketId ?? null}::text is null or key = ${bucketId ?? null}) order by created_at`;
    } finally {
      await db.end();
    }
  }

  const noErrorLogged = (p: ApiProcess) =>
    expect(
      p
        .output()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l)),
    ).toEqual([]);

  const s3As = (creds: { access_key_id: string; secret_access_key: string }) =>
    new S3Client({
      endpoint: minio.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: creds.access_key_id, secretAccessKey: creds.secret_access_key },
    });

  const uniqueName = (step: string) => `crash-${step}-${crypto.randomUUID().slice(0, 8)}`;

  it('refuses to start with the pause hook unless the test hooks are switched on', async () => {
    const p = await startApiProcess({ PLINTH_TEST_PAUSE_AFTER_STEP: 'deleting' });
    running.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toBe(
      'plinth-api: invalid configuration: PLINTH_TEST_PAUSE_AFTER_STEP is a test hook, refused unless PLINTH_TEST_HOOKS=true\n',
    );
  });

  it.concurrent.each(['recorded', 'bucket', 'access', 'cors'] as const)(
    'creation, killed after "%s": completed, one access user',
    async (step) => {
      const databaseUrl = await freshDatabaseUrl();
      const env = envOf(databaseUrl);
      const first = await boot({ ...env, PLINTH_TEST_PAUSE_AFTER_STEP: step });
      const place = await workspace(first.p, first.token);
      const name = uniqueName(step);
      const pending = api(first.p, 'POST', '/api/v1/s3/buckets/', first.token, {
        name,
        region: 'eu-central',
        ...place,
      }).catch(() => null);
      const killedAt = await killWhenPaused(first.p, first.token, step);
      await pending;

      const { p: second, token } = await boot(env);
      const upAt = performance.now();
      // Recovery takes over once the dead process's lease (15 s) has expired; until then, and
      // while it runs, the rest of the API answers.
      let pendingSeen = 0;
      const bucket = await eventually(
        'recovery',
        async () => {
          await answersPromptly(second, token);
          const list = await api(second, 'GET', `/api/v1/s3/buckets/?workspace=${place.workspace}`, token);
          const b = list.body.results.find((r: { name: string }) => r.name === name);
          expect(b?.state).toMatch(/^(provisioning|ready)$/);
          if (b.state === 'ready') return b;
          pendingSeen++;
          return undefined;
        },
        recovering(second),
      );
      expectPendingSeen(pendingSeen, killedAt, upAt);
      await second.waitForOutput('resumed an interrupted bucket saga');

      const creds = (await api(second, 'GET', `/api/v1/s3/buckets/${bucket.id}/credentials/`, token)).body;
      const client = s3As(creds);
      await client.send(new PutObjectCommand({ Bucket: name, Key: 'after-crash', Body: 'ok' }));
      expect((await client.send(new ListObjectsV2Command({ Bucket: name }))).KeyCount).toBe(1);
      // Exactly one access user and one policy for the bucket, its own: nothing orphaned.
      expect(await usersOn(name)).toEqual([creds.access_key_id]);
      expect(await policiesOn(name)).toEqual([`plinth-${creds.access_key_id}`]);
      // Retrying the same create adopts: same bucket, same credentials, no second user.
      const again = await api(second, 'POST', '/api/v1/s3/buckets/', token, {
        name,
        region: 'eu-central',
        ...place,
      });
      expect([again.status, again.body.id, again.body.credentials]).toEqual([200, bucket.id, creds]);
      expect(await usersOn(name)).toEqual([creds.access_key_id]);
      expect(await sagaJobs(databaseUrl, bucket.id)).toEqual([{ state: 'done', last_error_code: null }]);
      noErrorLogged(second);
      await second.stop();
    },
    150_000,
  );

  /**
   * A creation that fails on the cluster is rolled back in the request. To fail it after the bucket
   * is made, MinIO is reached through a proxy that refuses one admin call (creating the access
   * policy); the process is then killed during the rollback and restarted straight on MinIO.
   * `squatter`: the bucket was gone before the kill, and someone made one of the same name directly
   * on MinIO before the restart; the resumed rollback must leave that one alone.
   */
  it.concurrent.each([
    { step: 'rollback-access', squatter: false },
    { step: 'rollback-bucket', squatter: false },
    { step: 'rollback-bucket', squatter: true },
  ] as const)(
    'rollback of a failed creation, killed after $step (name taken meanwhile: $squatter)',
    async ({ step, squatter }) => {
      const proxy = await startFaultyProxy(minio.endpoint, 'add-canned-policy');
      cleanups.push(proxy.close);
      const proxyDir = mkdtempSync(join(tmpdir(), 'plinth-crash-proxy-'));
      cleanups.push(() => rmSync(proxyDir, { recursive: true, force: true }));
      writeStorageConfig(proxyDir, proxy, { userEnv: 'TEST_MINIO_USER', passwordEnv: 'TEST_MINIO_PASSWORD' });

      const databaseUrl = await freshDatabaseUrl();
      const first = await boot({ ...envOf(databaseUrl, proxyDir), PLINTH_TEST_PAUSE_AFTER_STEP: step });
      const place = await workspace(first.p, first.token);
      const name = uniqueName(step);
      const pending = api(first.p, 'POST', '/api/v1/s3/buckets/', first.token, {
        name,
        region: 'eu-central',
        ...place,
      }).catch(() => null);
      const killedAt = await killWhenPaused(first.p, first.token, step);
      await pending;
      expect(proxy.refused()).toBe(1);
      // The creation had made the bucket before it failed: the rollback has something to undo.
      expect(await driver.bucketExists(name)).toBe(step === 'rollback-access');
      if (squatter) expect(await driver.ensureBucket(name)).toBe('created');

      const { p: second, token } = await boot(envOf(databaseUrl));
      const upAt = performance.now();
      let pendingSeen = 0;
      await eventually(
        'the rollback',
        async () => {
          await answersPromptly(second, token);
          const list = await api(second, 'GET', `/api/v1/s3/buckets/?workspace=${place.workspace}`, token);
          const b = list.body.results.find((r: { name: string }) => r.name === name);
          if (!b) return true;
          expect(b.state).toBe('provisioning');
          pendingSeen++;
          return undefined;
        },
        recovering(second),
      );
      expectPendingSeen(pendingSeen, killedAt, upAt);
      await second.waitForOutput('resumed an interrupted bucket saga');
      expect(await driver.bucketExists(name)).toBe(squatter);
      if (squatter) expect(await driver.bucketMark(name)).toBeNull();
      expect(await usersOn(name)).toEqual([]);
      expect(await policiesOn(name)).toEqual([]);
      noErrorLogged(second);

      // Nothing of the failed attempt stands in the way of the client's retry; a bucket of the
      // name that is not Plinth's does, as it would have without the crash.
      const retry = await api(second, 'POST', '/api/v1/s3/buckets/', token, {
        name,
        region: 'eu-central',
        ...place,
      });
      if (squatter) {
        expect([retry.status, retry.body.code]).toEqual([409, 'bucket_unmanaged']);
        expect(await driver.bucketExists(name)).toBe(true);
      } else {
        expect([retry.status, retry.body.state]).toEqual([201, 'ready']);
        expect(await usersOn(name)).toEqual([retry.body.credentials.access_key_id]);
      }
      // The rolled-back creation's job and the retry's: both done, neither with an error.
      expect(await sagaJobs(databaseUrl)).toEqual([
        { state: 'done', last_error_code: null },
        { state: 'done', last_error_code: null },
      ]);
      await second.stop();
    },
    150_000,
  );

  /**
   * `delete-checked`: the job is claimed but the row is still `ready`, so the deletion never
   * started; the client's retried DELETE carries it out (409 bucket_busy until the dead job is
   * cleared). Later steps: the restarted process finishes the deletion on its own. `objects`: an
   * object is written after the emptiness check; the cluster then refuses the delete, and the
   * bucket comes back `ready` with its data and credentials, and DELETE says 409 bucket_not_empty.
   * `squatter`: the bucket was gone before the kill, and someone made one of the same name directly
   * on MinIO before the restart; the resumed deletion must leave that one alone.
   */
  it.concurrent.each([
    { step: 'delete-checked', objects: false, squatter: false },
    { step: 'deleting', objects: false, squatter: false },
    { step: 'delete-access', objects: false, squatter: false },
    { step: 'delete-bucket', objects: false, squatter: false },
    { step: 'deleting', objects: true, squatter: false },
    { step: 'delete-bucket', objects: false, squatter: true },
  ] as const)(
    'deletion, killed after $step (object written meanwhile: $objects, name taken meanwhile: $squatter)',
    async ({ step, objects, squatter }) => {
      const databaseUrl = await freshDatabaseUrl();
      const env = envOf(databaseUrl);
      const first = await boot({ ...env, PLINTH_TEST_PAUSE_AFTER_STEP: step });
      const place = await workspace(first.p, first.token);
      const name = uniqueName(step);
      const created = await api(first.p, 'POST', '/api/v1/s3/buckets/', first.token, {
        name,
        region: 'eu-central',
        ...place,
      });
      expect(created.status).toBe(201);
      const { id, credentials: creds } = created.body;
      const path = `/api/v1/s3/buckets/${id}/`;
      const pending = api(first.p, 'DELETE', path, first.token).catch(() => null);
      const client = s3As(creds);
      if (objects) {
        // Paused after `deleting`: the bucket's own credentials still work.
        await paused(first.p, step);
        await client.send(new PutObjectCommand({ Bucket: name, Key: 'late', Body: 'keep me' }));
      }
      const killedAt = await killWhenPaused(first.p, first.token, step);
      await pending;
      if (squatter) {
        expect(await driver.bucketExists(name)).toBe(false);
        expect(await driver.ensureBucket(name)).toBe('created');
      }

      const { p: second, token } = await boot(env);
      const upAt = performance.now();
      let pendingSeen = 0;
      await eventually(
        'the deletion',
        async () => {
          await answersPromptly(second, token);
          const b = await api(second, 'GET', path, token);
          if (b.status === 404) return true;
          expect(b.status).toBe(200);
          if (step === 'delete-checked') {
            // The row never left `ready`: what the client sees is its DELETE being retried.
            expect(b.body.state).toBe('ready');
            const retry = await api(second, 'DELETE', path, token);
            if (retry.status === 204) return true;
            expect([retry.status, retry.body.code]).toEqual([409, 'bucket_busy']);
          } else if (objects && b.body.state === 'ready') {
            return true;
          } else {
            expect(b.body.state).toBe('deleting');
          }
          pendingSeen++;
          return undefined;
        },
        recovering(second),
      );
      expectPendingSeen(pendingSeen, killedAt, upAt);

      if (objects) {
        await second.waitForOutput('a resumed deletion found objects; the bucket is ready again');
        // Same credentials, still working, the data untouched.
        const now = (await api(second, 'GET', `${path}credentials/`, token)).body;
        expect(now).toEqual(creds);
        const got = await client.send(new GetObjectCommand({ Bucket: name, Key: 'late' }));
        expect(await got.Body!.transformToString()).toBe('keep me');
        expect(await usersOn(name)).toEqual([creds.access_key_id]);
        const refused = await api(second, 'DELETE', path, token);
        expect([refused.status, refused.body.code]).toEqual([409, 'bucket_not_empty']);
        expect((await api(second, 'GET', path, token)).body.state).toBe('ready');
        await client.send(new DeleteObjectCommand({ Bucket: name, Key: 'late' }));
        expect((await api(second, 'DELETE', path, token)).status).toBe(204);
      } else if (step !== 'delete-checked') {
        await second.waitForOutput('resumed an interrupted bucket saga');
      }

      expect((await api(second, 'GET', path, token)).status).toBe(404);
      expect(await driver.bucketExists(name)).toBe(squatter);
      if (squatter) expect(await driver.bucketMark(name)).toBeNull();
      expect(await driver.accessExists(creds.access_key_id)).toBe(false);
      expect(await usersOn(name)).toEqual([]);
      expect(await policiesOn(name)).toEqual([]);
      // The creation's job, the interrupted deletion's, the refused DELETE's (objects), and the one
      // of the DELETE that got through (if the interrupted one did not): all done, none with an error.
      const jobs = await sagaJobs(databaseUrl, id);
      expect(jobs).toHaveLength(objects ? 4 : step === 'delete-checked' ? 3 : 2);
      for (const job of jobs) expect(job).toEqual({ state: 'done', last_error_code: null });
      noErrorLogged(second);
      await second.stop();
    },
    150_000,
  );
});

/**
 * An HTTP proxy to MinIO that answers 500 to the admin call `failing` and passes everything else
 * through unchanged (the Host header too, so the signatures still hold).
 */
async function startFaultyProxy(target: string, failing: string) {
  let refused = 0;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', target).pathname === `/minio/admin/v3/${failing}`) {
      refused++;
      req.resume();
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Code: 'XTestRefused', Message: 'refused by the test proxy' }));
      return;
    }
    const upstream = request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
