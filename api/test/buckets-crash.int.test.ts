import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../src/test/minio-server.ts';
import type { MinioServer } from '../src/test/minio-server.ts';
import { createMinioAdmin } from '../src/areas/buckets/storage/minio-admin.ts';

/**
 * Crash safety of bucket creation, with real processes: the API is paused by its test hook after a
 * saga step, killed with SIGKILL, and started again. The bucket must end complete and usable, with
 * exactly one access user in MinIO, and no second bucket.
 */
describe('bucket creation survives SIGKILL between steps', () => {
  let minio: MinioServer;
  let dir: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    minio = await startMinioServer();
    dir = mkdtempSync(join(tmpdir(), 'plinth-crash-'));
    writeStorageConfig(dir, minio, { userEnv: 'TEST_MINIO_USER', passwordEnv: 'TEST_MINIO_PASSWORD' });
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    await minio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (p: ApiProcess, method: string, path: string, token?: string, body?: unknown) =>
    jsonRequest(p.url, method, path, { token, body });

  it.each(['recorded', 'bucket', 'access'] as const)('after the "%s" step', async (step) => {
    const env = {
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_CONFIG: join(dir, 'plinth.yaml'),
      TEST_MINIO_USER: minio.accessKey,
      TEST_MINIO_PASSWORD: minio.secretKey,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'crash-admin-password',
    };
    const admin = createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    });
    const usersBefore = Object.keys(await admin.listUsers());
    const first = await startApiProcess({ ...env, PLINTH_TEST_PAUSE_AFTER_STEP: step });
    running.push(first);
    await first.waitReady();
    const { token } = (
      await api(first, 'POST', '/api/login/', undefined, {
        username: 'admin',
        password: 'crash-admin-password',
      })
    ).body;
    const org = (await api(first, 'POST', '/api/v1/organizations/', token, { slug: 'crash', name: 'Crash' }))
      .body;
    const ws = (await api(first, 'POST', '/api/v1/workspaces/', token, { organization: org.id, name: 'ws' }))
      .body;
    const name = `crash-${step}-${Date.now().toString(36)}`;
    const pending = api(first, 'POST', '/api/v1/s3/buckets/', token, {
      name,
      region: 'eu-central',
      organization: org.id,
      workspace: ws.id,
    }).catch(() => null);
    const deadline = Date.now() + 30_000;
    while (!first.output().includes('paused after saga step')) {
      if (Date.now() > deadline) throw new Error(`the hook never paused:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await pending;

    const second = await startApiProcess(env);
    running.push(second);
    await second.waitReady();
    const { token: token2 } = (
      await api(second, 'POST', '/api/login/', undefined, {
        username: 'admin',
        password: 'crash-admin-password',
      })
    ).body;
    // Recovery takes over once the dead process's lease (15 s) has expired.
    let bucket: any;
    const until = Date.now() + 90_000;
    for (;;) {
      const list = await api(second, 'GET', `/api/v1/s3/buckets/?workspace=${ws.id}`, token2);
      bucket = list.body.results.find((b: { name: string }) => b.name === name);
      if (bucket?.state === 'ready') break;
      if (Date.now() > until)
        throw new Error(`bucket not ready after recovery (${JSON.stringify(bucket)}):\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(second.output()).toContain('resumed an interrupted bucket saga');

    const creds = (await api(second, 'GET', `/api/v1/s3/buckets/${bucket.id}/credentials/`, token2)).body;
    const client = new S3Client({
      endpoint: minio.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: creds.access_key_id, secretAccessKey: creds.secret_access_key },
    });
    await client.send(new PutObjectCommand({ Bucket: name, Key: 'after-crash', Body: 'ok' }));
    expect((await client.send(new ListObjectsV2Command({ Bucket: name }))).KeyCount).toBe(1);

    // Exactly one new access user, the bucket's own: nothing orphaned.
    const added = Object.keys(await admin.listUsers()).filter((u) => !usersBefore.includes(u));
    expect(added).toEqual([creds.access_key_id]);
    // Retrying the same create now adopts: same bucket, no second user.
    const again = await api(second, 'POST', '/api/v1/s3/buckets/', token2, {
      name,
      region: 'eu-central',
      organization: org.id,
      workspace: ws.id,
    });
    expect([again.status, again.body.id]).toEqual([200, bucket.id]);
    expect(Object.keys(await admin.listUsers()).filter((u) => !usersBefore.includes(u))).toEqual(added);
    await second.stop();
  });
});
