import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import type { DatabaseHandle } from './db/client.ts';
import { buckets, jobs } from './db/schema/index.ts';
import { BUCKET_SAGA, resumeInterruptedSagas } from './services/buckets.ts';
import type { SagaStep } from './services/buckets.ts';
import type { StorageConfig } from './storage/config.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { freshDatabaseUrl } from './test/databases.ts';
import { capturedLogger } from './test/log-capture.ts';
import { startMinioServer } from './test/minio-server.ts';
import type { MinioServer } from './test/minio-server.ts';
import { createWorld } from './test/world.ts';

/**
 * Review §1.3's scenario, on one PostgreSQL with two database handles (two replicas): replica A's
 * creation stalls after a step and loses its lease; replica B takes the saga over and finishes it.
 * When A wakes up, its fenced writes are refused: it neither overwrites nor rolls back B's work.
 */
describe('a bucket saga taken over from a replica that lost its lease', () => {
  let minio: MinioServer;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    minio = await startMinioServer();
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    await minio?.stop();
  });

  it("is finished by the new holder, and the old holder's late writes change nothing", async () => {
    const url = await freshDatabaseUrl();
    const a = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    handles.push(a);
    await a.migrate();
    const b = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
    handles.push(b);
    const config: StorageConfig = {
      clusters: new Map([
        [
          'minio-test',
          {
            name: 'minio-test',
            driver: 'minio',
            endpoint: minio.endpoint,
            publicEndpoint: minio.endpoint,
            pathStyle: true,
            signingRegion: 'us-east-1',
            accessKey: minio.accessKey,
            secretKey: minio.secretKey,
          },
        ],
      ]),
      regions: new Map([['eu-central', 'minio-test']]),
    };
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
        taken = await resumeInterruptedSagas(b.db, rtB, logs.logger);
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
});
