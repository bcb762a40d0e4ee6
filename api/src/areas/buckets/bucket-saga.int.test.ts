import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/client.ts';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { buckets, jobs } from '../../core/db/schema/index.ts';
import { resumeInterruptedSagas } from './jobs.ts';
import { BUCKET_SAGA } from './saga.ts';
import type { SagaStep } from './storage/runtime.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { createWorld } from '../../test/world.ts';

/** The bucket saga on the job layer, on a real PostgreSQL and MinIO. */
describe('bucket sagas as jobs', () => {
  let minio: MinioServer;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    minio = await startMinioServer();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await minio?.stop();
  });

  // Review §1.3's scenario, with two database handles (two replicas): replica A's creation stalls
  // after a step and loses its lease; replica B takes the saga over and finishes it. When A wakes
  // up, its fenced writes are refused: it neither overwrites nor rolls back B's work.
  it("a taken-over saga is finished by the new holder, and the old holder's late writes change nothing", async () => {
    const url = await freshDatabaseUrl();
    const a = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    handles.push(a);
    await a.migrate();
    const b = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    handles.push(b);
    const config = minioStorageConfig(minio);
    const key = randomBytes(32);
    let stalled!: (id: string) => void;
    const reached = new Promise<string>((r) => (stalled = r));
    let wake!: () => void;
    const woken = new Promise<void>((r) => (wake = r));
    const afterStep = async (step: SagaStep, id: string) => {
      if (step !== 'bucket') return;
      stalled(id);
      await woken;
    };
    const w = createWorld(a, { storage: createStorageRuntime(config, key, { afterStep }) });
    const admin = createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    });
    try {
      const usersBefore = Object.keys(await admin.listUsers());
      const tenant = await w.tenant();
      const name = `takeover-${randomBytes(3).toString('hex')}`;
      const pending = w.call('POST', '/api/v1/s3/buckets/', {
        token: tenant.user.token,
        body: { name, region: 'eu-central', organization: tenant.org.id, workspace: tenant.workspace.id },
      });
      const id = await reached;

      // A's renewals stop reaching the database (a partition, a stalled event loop): its lease
      // expires, and replica B takes the saga over with a new fence and completes it.
      const logs = capturedLogger();
      const rtB = createStorageRuntime(config, key);
      let taken = 0;
      for (let i = 0; i < 5 && taken === 0; i++) {
        await b.db
          .update(jobs)
          .set({ leaseUntil: sql`now() - interval '1 second'` })
          .where(eq(jobs.key, id));
        taken = await resumeInterruptedSagas({ db: b.db, storage: rtB, logger: logs.logger });
      }
      expect(taken, logs.text()).toBe(1);
      const [done] = await b.db.select().from(buckets).where(eq(buckets.id, id));
      expect(done?.state).toBe('ready');

      // A wakes up: its next renewal finds the fence moved, so it stops, and does not roll back.
      wake();
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      const [after] = await a.db.select().from(buckets).where(eq(buckets.id, id));
      expect(after).toEqual(done);
      const [job] = await a.db.select().from(jobs).where(eq(jobs.key, id));
      expect(job).toMatchObject({ kind: BUCKET_SAGA, state: 'done', fence: 2 });

      // The bucket works with its stored credentials; one access user, no orphan.
      const creds = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${id}/credentials/`, {
        token: tenant.user.token,
      });
      const client = new S3Client({
        endpoint: minio.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: creds.access_key_id, secretAccessKey: creds.secret_access_key },
      });
      await client.send(new PutObjectCommand({ Bucket: name, Key: 'k', Body: 'v' }));
      expect((await client.send(new ListObjectsV2Command({ Bucket: name }))).KeyCount).toBe(1);
      const added = Object.keys(await admin.listUsers()).filter((u) => !usersBefore.includes(u));
      expect(added).toEqual([creds.access_key_id]);
    } finally {
      wake();
      await w.env.close();
    }
  });

  it('carries through a deletion whose replica died after marking the row, and resumes a pending rollback', async () => {
    const database = await openDatabase({ kind: 'postgres', url: await freshDatabaseUrl(), poolSize: 3 });
    handles.push(database);
    await database.migrate();
    const config = minioStorageConfig(minio);
    const key = randomBytes(32);
    const rt = createStorageRuntime(config, key);
    const w = createWorld(database, { storage: rt });
    const driver = rt.driver('minio-test');
    const admin = createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    });
    const logs = capturedLogger();
    try {
      const tenant = await w.tenant();
      const body = (name: string) => ({
        name,
        region: 'eu-central',
        organization: tenant.org.id,
        workspace: tenant.workspace.id,
      });
      const usersBefore = Object.keys(await admin.listUsers());

      // A replica marked the row `deleting` under its claimed job, then died.
      const doomed = `doomed-${randomBytes(3).toString('hex')}`;
      const made = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
        token: tenant.user.token,
        body: body(doomed),
      });
      await database.db.insert(jobs).values({
        kind: BUCKET_SAGA,
        key: made.id,
        payload: { op: 'delete' },
        state: 'running',
        attempts: 1,
        fence: 1,
        leaseUntil: sql`now() - interval '1 second'`,
      });
      await database.db.update(buckets).set({ state: 'deleting' }).where(eq(buckets.id, made.id));
      expect(
        await resumeInterruptedSagas({ db: database.db, storage: rt, logger: logs.logger }),
        logs.text(),
      ).toBe(1);
      expect(await database.db.select().from(buckets).where(eq(buckets.id, made.id))).toEqual([]);
      expect(await driver.bucketExists(doomed)).toBe(false);

      // A creation fails on the cluster, and so does its rollback: the job is left to roll back.
      const failing = `failing-${randomBytes(3).toString('hex')}`;
      const down = () => Promise.reject(new Error('cluster unreachable'));
      const broken = Object.assign(Object.create(driver) as typeof driver, {
        provisionAccess: down,
        revokeAccess: down,
      });
      const wBroken = createWorld(database, { storage: { ...rt, driver: () => broken } });
      try {
        const res = await wBroken.call('POST', '/api/v1/s3/buckets/', {
          token: tenant.user.token,
          body: body(failing),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(503);
      } finally {
        await wBroken.env.close();
      }
      const [row] = await database.db.select().from(buckets).where(eq(buckets.name, failing));
      const [job] = await database.db.select().from(jobs).where(eq(jobs.key, row!.id));
      expect(job).toMatchObject({ state: 'queued', payload: { op: 'rollback' } });
      // The cluster is back; the retry (made due now rather than after its backoff) rolls back.
      await database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, job!.id));
      expect(
        await resumeInterruptedSagas({ db: database.db, storage: rt, logger: logs.logger }),
        logs.text(),
      ).toBe(1);
      expect(await database.db.select().from(buckets).where(eq(buckets.name, failing))).toEqual([]);
      expect(await driver.bucketExists(failing)).toBe(false);
      expect(Object.keys(await admin.listUsers()).filter((u) => !usersBefore.includes(u))).toEqual([]);
    } finally {
      await w.env.close();
    }
  });
});
