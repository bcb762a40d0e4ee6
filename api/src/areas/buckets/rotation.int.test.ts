import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { JobRunner } from '../../core/jobs/runner.ts';
import { jobs } from '../../core/jobs/tables.ts';
import { DATABASE_KINDS, migratedDatabase } from '../../test/databases.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { garageStorageConfig, startGarageServer } from '../../test/garage-server.ts';
import type { GarageServer } from '../../test/garage-server.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { auditLog } from '../audit/tables.ts';
import { AuditLog } from '../audit/writer.ts';
import { EXPIRE_CREDENTIALS_JOB, expireCredentialsJob } from './service.ts';
import type { SagaStep } from './service.ts';
import type { StorageConfig } from './storage/config.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { buckets } from './tables.ts';

/**
 * Credential rotation against a real MinIO: during the grace period both keys work, after it only
 * the new one; a failure half-way undoes the rotation; the rules of the API around it.
 */

/** The region S3 signatures name: MinIO takes any; Garage only its own `s3_region`. */
let signingRegion = 'us-east-1';
const s3 = (endpoint: string, c: { access_key_id: string; secret_access_key: string }) =>
  new S3Client({
    endpoint,
    region: signingRegion,
    forcePathStyle: true,
    credentials: { accessKeyId: c.access_key_id, secretAccessKey: c.secret_access_key },
  });

/** 200 when the key can write to the bucket, else the S3 status (403 for a removed key). */
const writes = (endpoint: string, bucket: string, c: { access_key_id: string; secret_access_key: string }) =>
  s3(endpoint, c)
    .send(new PutObjectCommand({ Bucket: bucket, Key: `probe-${Date.now()}`, Body: 'x' }))
    .then(
      () => 200,
      (e: { $metadata?: { httpStatusCode?: number } }) => e.$metadata?.httpStatusCode ?? 0,
    );

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Each backend with each database kind: MinIO on both, Garage on PostgreSQL. */
const CASES = [
  ...DATABASE_KINDS.map((kind) => ({ backend: 'minio' as const, kind })),
  { backend: 'garage' as const, kind: 'postgres' as const },
];

describe.each(CASES)('bucket credential rotation on a real $backend, with $kind', ({ backend, kind }) => {
  let server: { stop(): Promise<void> };
  let config: StorageConfig;
  let region = 'eu-central';
  let database: DatabaseHandle;
  let w: World;
  let failAt: SagaStep | null = null;
  const prefix = `rot-${backend.slice(0, 2)}${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;
  const storage = () =>
    createStorageRuntime(config, key, {
      credentialGrace: { defaultSeconds: 3600, maxSeconds: 7200 },
      afterStep: (step) => {
        if (step === failAt) return Promise.reject(new Error(`failing after ${step}`));
        return Promise.resolve();
      },
    });
  const key = randomBytes(32);

  beforeAll(async () => {
    if (backend === 'minio') {
      const minio: MinioServer = await startMinioServer();
      [server, config, signingRegion] = [minio, minioStorageConfig(minio), 'us-east-1'];
    } else {
      const garage: GarageServer = await startGarageServer();
      // Named like the server's s3_region: applications sign with the region they are given.
      [server, region, signingRegion] = [garage, garage.region, garage.region];
      config = garageStorageConfig(garage, [garage.region]);
    }
    database = await migratedDatabase(kind);
    w = createWorld(database, { storage: storage() });
  }, 120_000);
  afterAll(async () => {
    await w?.env.close();
    await database?.close();
    await server?.stop();
  });

  async function bucket(t: Awaited<ReturnType<World['tenant']>>, name: string) {
    return w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: t.user.token,
      body: {
        name: `${prefix}-${name}`,
        region,
        organization: t.org.id,
        workspace: t.workspace.id,
      },
    });
  }

  it('keeps both keys working for the grace period, then only the new one, audited', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'grace');
    const old = b.credentials;
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: { grace_seconds: 2 },
    });
    expect(rotated.access_key_id).not.toBe(old.access_key_id);
    expect(rotated.previous_access_key_id).toBe(old.access_key_id);
    const graceEnds = Date.parse(rotated.previous_expires_at);
    expect(graceEnds - Date.parse(rotated.rotated_at)).toBe(2000);
    expect(await writes(b.endpoint, b.name, old)).toBe(200);
    expect(await writes(b.endpoint, b.name, rotated)).toBe(200);
    // The new key is the one revealed from now on; the bucket says when the old one ends.
    const revealed = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/credentials/`, {
      token: t.user.token,
    });
    expect(revealed).toEqual({
      access_key_id: rotated.access_key_id,
      secret_access_key: rotated.secret_access_key,
    });
    const shown = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.viewer.token });
    expect(shown).toMatchObject({
      credentials_rotated_at: rotated.rotated_at,
      previous_key_expires_at: rotated.previous_expires_at,
    });
    expect(JSON.stringify(shown)).not.toContain(rotated.secret_access_key);

    // The grace ends: the job (run by a real runner, as in the API process) removes the old key.
    const { logger } = capturedLogger();
    const runner = new JobRunner({ db: database.db, logger, pollMs: 100 }).register(
      EXPIRE_CREDENTIALS_JOB,
      expireCredentialsJob(database.db, storage(), new AuditLog(database.db, logger)),
    );
    runner.start();
    try {
      await until('the old key to be removed', async () => (await writes(b.endpoint, b.name, old)) === 403);
    } finally {
      await runner.stop();
    }
    expect(Date.now()).toBeGreaterThanOrEqual(graceEnds);
    expect(await writes(b.endpoint, b.name, rotated)).toBe(200);
    const after = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
    expect(after.previous_key_expires_at).toBeNull();
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.organizationId, t.org.id));
    const events = entries
      .filter((e) => (e.details as { bucket?: string }).bucket === b.id)
      .map((e) => e.event);
    expect(events).toEqual(
      expect.arrayContaining(['bucket.credentials_rotated', 'bucket.previous_credentials_removed']),
    );
    const rotatedEntry = entries.find((e) => e.event === 'bucket.credentials_rotated')!;
    expect(rotatedEntry.details).toMatchObject({
      grace_seconds: 2,
      previous_access_key_id: old.access_key_id,
    });
    expect(JSON.stringify(entries)).not.toContain(rotated.secret_access_key);
  });

  it('with grace 0 the old key ends at once; a second rotation in a grace period ends the older key', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'again');
    const first = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: {},
    });
    expect(Date.parse(first.previous_expires_at) - Date.parse(first.rotated_at)).toBe(3600_000);
    const second = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: { grace_seconds: 0 },
    });
    expect(await writes(b.endpoint, b.name, b.credentials)).toBe(403);
    expect(await writes(b.endpoint, b.name, second)).toBe(200);
    // Grace 0: the key it replaced is removed by the job, which is due at once.
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${b.id}:${first.access_key_id}`));
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('undoes a rotation that fails half-way: the old key stays, the new one never existed', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'undo');
    failAt = 'rotate-access';
    try {
      const res = await w.call('POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
        token: t.user.token,
        body: {},
      });
      expect(res.status).toBe(503);
    } finally {
      failAt = null;
    }
    const [row] = await database.db.select().from(buckets).where(eq(buckets.id, b.id));
    expect(row).toMatchObject({ accessKeyId: b.credentials.access_key_id, pendingAccessKeyId: null });
    expect(await writes(b.endpoint, b.name, b.credentials)).toBe(200);
    // It can be rotated again straight away.
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: {},
    });
    expect(await writes(b.endpoint, b.name, rotated)).toBe(200);
  });

  it('refuses a Viewer (403), another tenant (404), no token (401), a grace above the maximum (400)', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const b = await bucket(t, 'rules');
    const path = `/api/v1/s3/buckets/${b.id}/rotate-credentials/`;
    await w.expectStatus(403, 'POST', path, { token: t.viewer.token, body: {} });
    await w.expectStatus(404, 'POST', path, { token: other.orgAdmin.token, body: {} });
    await w.expectStatus(401, 'POST', path, { body: {} });
    const tooLong = await w.expectStatus(400, 'POST', path, {
      token: t.user.token,
      body: { grace_seconds: 7201 },
    });
    expect(tooLong.errors[0]).toMatchObject({ attr: 'grace_seconds' });
    await w.expectStatus(400, 'POST', path, { token: t.user.token, body: { grace_seconds: -1 } });
    // Nothing changed.
    expect(await writes(b.endpoint, b.name, b.credentials)).toBe(200);
    const listed = await s3(b.endpoint, b.credentials).send(new ListObjectsV2Command({ Bucket: b.name }));
    expect(listed.Contents?.length).toBe(1);
  });

  it('removes a key in its grace period with the bucket', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'gone');
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: {},
    });
    await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${b.id}/`, { token: t.orgAdmin.token });
    for (const c of [b.credentials, rotated]) {
      const status = await writes(b.endpoint, b.name, c);
      expect([403, 404]).toContain(status);
    }
  });
});
