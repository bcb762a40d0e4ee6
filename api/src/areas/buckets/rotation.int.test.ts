import { randomBytes } from 'node:crypto';
import { NO_RUNNER } from '../runs/public.ts';
import { defaultEventsRuntime } from '../events/public.ts';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { enqueue, JOB_PRIORITY } from '../../core/jobs/queue.ts';
import { JobRunner } from '../../core/jobs/runner.ts';
import { jobs, auditLog, buckets } from '../../core/db/schema/index.ts';
import { DATABASE_KINDS, migratedDatabase } from '../../test/databases.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { garageStorageConfig, startGarageServer } from '../../test/garage-server.ts';
import type { GarageServer } from '../../test/garage-server.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { eventually } from '../../test/eventually.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { AuditLog } from '../../core/audit/writer.ts';
import { bucketsArea } from './index.ts';
import { EXPIRE_CREDENTIALS_JOB, expireCredentialsJob, ROTATIONS_PER_HOUR } from './credentials.ts';
import type { SagaStep } from './storage/runtime.ts';
import type { StorageConfig } from './storage/config.ts';
import { createStorageRuntime } from './storage/runtime.ts';

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
  let minio: MinioServer | undefined;
  /** Run after the rotation's switch, before the old key's removal (an outage there). */
  let afterSwitch: (() => Promise<void>) | null = null;
  const prefix = `rot-${backend.slice(0, 2)}${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;
  const storage = () =>
    createStorageRuntime(config, key, {
      credentialGrace: { defaultSeconds: 3600, maxSeconds: 7200 },
      afterStep: (step) => {
        if (step === failAt) return Promise.reject(new Error(`failing after ${step}`));
        if (step === 'rotated' && afterSwitch) return afterSwitch();
        return Promise.resolve();
      },
    });
  const key = randomBytes(32);

  beforeAll(async () => {
    if (backend === 'minio') {
      minio = await startMinioServer();
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
      expireCredentialsJob({ db: database.db, storage: storage(), audit: new AuditLog(database.db, logger) }),
    );
    runner.start();
    try {
      await eventually(
        'the old key to be removed',
        async () => (await writes(b.endpoint, b.name, old)) === 403,
      );
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

  /** The bucket's queued expiry jobs (each ends one rotated-out key). */
  const queuedExpiries = (bucketId: string) =>
    database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, EXPIRE_CREDENTIALS_JOB),
          eq(jobs.state, 'queued'),
          sql`${jobs.payload}->>'bucket' = ${bucketId}`,
        ),
      );

  const bucketEvents = async (orgId: string, bucketId: string) =>
    (await database.db.select().from(auditLog).where(eq(auditLog.organizationId, orgId))).filter(
      (e) => (e.details as { bucket?: string }).bucket === bucketId,
    );

  it('with grace 0 the old key is refused as soon as the rotation answers, its removal recorded', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'zero');
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: { grace_seconds: 0 },
    });
    // No job runner in this test and no waiting: the 200 itself means the old key is gone.
    expect(await writes(b.endpoint, b.name, b.credentials)).toBe(403);
    expect(await writes(b.endpoint, b.name, rotated)).toBe(200);
    expect(rotated.previous_expires_at).toBe(rotated.rotated_at);
    const shown = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
    expect(shown.previous_key_expires_at).toBeNull();
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${b.id}:${b.credentials.access_key_id}`));
    expect(job).toMatchObject({ kind: EXPIRE_CREDENTIALS_JOB, state: 'done' });
    const removed = (await bucketEvents(t.org.id, b.id)).filter(
      (e) => e.event === 'bucket.previous_credentials_removed',
    );
    expect(removed.map((e) => e.details)).toEqual([
      expect.objectContaining({ access_key_id: b.credentials.access_key_id }),
    ]);
  });

  it.runIf(backend === 'minio')(
    'with grace 0 and the cluster down after the switch: 503 previous_key_removal_pending, the new key in force, the old one removed by its job',
    async () => {
      const t = await w.tenant();
      const b = await bucket(t, 'outage');
      const old = b.credentials;
      afterSwitch = () => minio!.halt();
      let res: Awaited<ReturnType<World['call']>>;
      try {
        res = await w.call('POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
          token: t.user.token,
          body: { grace_seconds: 0 },
        });
      } finally {
        afterSwitch = null;
        await minio!.resume();
      }
      // (The body's code only in the message: a 200 would carry a secret.)
      expect(res.status, String(res.body?.code)).toBe(503);
      expect(res.body.code).toBe('previous_key_removal_pending');
      expect(res.body.detail).toContain('new access key is in force');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // The bucket is on the new key: revealed, and it works.
      const revealed = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/credentials/`, {
        token: t.user.token,
      });
      expect(revealed.access_key_id).not.toBe(old.access_key_id);
      expect(await writes(b.endpoint, b.name, revealed)).toBe(200);
      // The cluster never removed the old key; its job is queued again to retry.
      expect(await writes(b.endpoint, b.name, old)).toBe(200);
      const [queued] = await queuedExpiries(b.id);
      expect(queued).toMatchObject({ key: `${b.id}:${old.access_key_id}`, attempts: 1 });
      const { logger } = capturedLogger();
      const runner = new JobRunner({ db: database.db, logger, pollMs: 100 }).register(
        EXPIRE_CREDENTIALS_JOB,
        expireCredentialsJob({
          db: database.db,
          storage: storage(),
          audit: new AuditLog(database.db, logger),
        }),
      );
      runner.start();
      try {
        await eventually(
          'the old key to be removed',
          async () => (await writes(b.endpoint, b.name, old)) === 403,
        );
      } finally {
        await runner.stop();
      }
      expect(await writes(b.endpoint, b.name, revealed)).toBe(200);
      const after = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: t.user.token });
      expect(after.previous_key_expires_at).toBeNull();
    },
  );

  it('keeps at most one queued expiry job per bucket, however often it is rotated', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'expiries');
    const keys = [b.credentials.access_key_id];
    for (let i = 0; i < 4; i++) {
      const r = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
        token: t.user.token,
        body: {},
      });
      keys.push(r.access_key_id);
    }
    // The one left ends the key the last rotation replaced; the older keys went with each rotation.
    const queued = await queuedExpiries(b.id);
    expect(queued.map((j) => j.payload.access_key_id)).toEqual([keys[3]]);
  });

  it.runIf(backend === 'minio')(
    `rotates a bucket at most ${ROTATIONS_PER_HOUR} times an hour, also when asked at once: then 429 rotation_rate_limited with Retry-After, after the rights checks`,
    async () => {
      const t = await w.tenant();
      const other = await w.tenant();
      const b = await bucket(t, 'limit');
      const path = `/api/v1/s3/buckets/${b.id}/rotate-credentials/`;
      const answers: Awaited<ReturnType<World['call']>>[] = [];
      // Waves of concurrent rotations until the limit answers (or far past it).
      for (let wave = 0; wave < 2 * ROTATIONS_PER_HOUR; wave++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 4 }, () => w.call('POST', path, { token: t.user.token, body: {} })),
          )),
        );
        if (answers.some((a) => a.status === 429)) break;
      }
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 200),
        statuses.join(','),
      ).toHaveLength(ROTATIONS_PER_HOUR);
      expect(
        statuses.every((s) => [200, 409, 429].includes(s)),
        statuses.join(','),
      ).toBe(true);
      const limited = answers.find((a) => a.status === 429)!;
      expect(limited.body).toMatchObject({ code: 'rotation_rate_limited' });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect((await w.call('POST', path, { token: t.user.token, body: { grace_seconds: 0 } })).status).toBe(
        429,
      );
      // Rights before the limit: a Viewer is 403 and another tenant 404, not 429.
      await w.expectStatus(403, 'POST', path, { token: t.viewer.token, body: {} });
      await w.expectStatus(404, 'POST', path, { token: other.orgAdmin.token, body: {} });
      const rotations = (await bucketEvents(t.org.id, b.id)).filter(
        (e) => e.event === 'bucket.credentials_rotated',
      );
      expect(rotations).toHaveLength(ROTATIONS_PER_HOUR);
      // A sliding hour: once the oldest start is an hour old, one more rotation passes, not two.
      await database.db
        .update(buckets)
        .set({
          recentRotations: sql`array(select case when t = (select min(u) from unnest(${buckets.recentRotations}) u)
            then t - interval '1 hour' else t end from unnest(${buckets.recentRotations}) t)`,
        })
        .where(eq(buckets.id, b.id));
      const again = await w.expectStatus(200, 'POST', path, { token: t.user.token, body: {} });
      expect(await writes(b.endpoint, b.name, again)).toBe(200);
      expect((await w.call('POST', path, { token: t.user.token, body: {} })).status).toBe(429);
    },
  );

  it.runIf(backend === 'minio')(
    "ends a tenant's rotated-out key on time while another tenant has a backlog of due jobs",
    async () => {
      const flooder = await w.tenant();
      const victim = await w.tenant();
      const flooded = await bucket(flooder, 'flood');
      const b = await bucket(victim, 'victim');
      // The backlog: due expiry jobs of the other tenant's bucket, as rotations with no grace
      // left them before (each a real removal call on MinIO, of a key that does not exist).
      const backlog = 300;
      for (let i = 0; i < backlog; i++)
        await enqueue(database.db, {
          kind: EXPIRE_CREDENTIALS_JOB,
          key: `${flooded.id}:PLFLOOD${i}`,
          payload: {
            bucket: flooded.id,
            cluster: 'minio-test',
            name: flooded.name,
            access_key_id: `PLFLOOD${i}`,
          },
          maxAttempts: 1000,
          tenant: flooder.org.id,
          priority: JOB_PRIORITY.security,
        });
      // The API process's runner: every job kind of the buckets area, the default slots and poll.
      const { logger } = capturedLogger();
      const runner = new JobRunner({ db: database.db, logger });
      const handlers = bucketsArea.jobs!({
        db: database.db,
        storage: storage(),
        runs: NO_RUNNER,
        events: defaultEventsRuntime(),
        logger,
        audit: new AuditLog(database.db, logger),
      });
      for (const [kind, handler] of Object.entries(handlers)) runner.register(kind, handler);
      runner.start();
      try {
        const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
          token: victim.user.token,
          body: { grace_seconds: 2 },
        });
        const graceEnds = Date.parse(rotated.previous_expires_at);
        expect(await writes(b.endpoint, b.name, b.credentials)).toBe(200);
        await eventually(
          "the victim's old key to be removed",
          async () => (await writes(b.endpoint, b.name, b.credentials)) === 403,
          { timeoutMs: Math.max(0, graceEnds - Date.now()) + 10_000 },
        );
        expect(Date.now()).toBeGreaterThanOrEqual(graceEnds);
        expect(await writes(b.endpoint, b.name, rotated)).toBe(200);
        // Served while most of the other tenant's backlog still waited.
        const left = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.state, 'queued'), like(jobs.key, `${flooded.id}:PLFLOOD%`)));
        expect(left[0]!.n).toBeGreaterThan(backlog / 2);
      } finally {
        await runner.stop();
        await database.db.delete(jobs).where(like(jobs.key, `${flooded.id}:PLFLOOD%`));
      }
    },
  );
});
