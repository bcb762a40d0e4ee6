import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { DATABASE_KINDS, migratedDatabase } from '../../test/databases.ts';
import { garageStorageConfig, startGarageServer } from '../../test/garage-server.ts';
import type { GarageServer } from '../../test/garage-server.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { s3ClientFactory } from '../../test/s3.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import type { StorageRuntime } from './storage/runtime.ts';
import type { StorageConfig } from './storage/config.ts';
import type { StorageDriver } from './storage/driver.ts';
import { createGarageAdmin } from './storage/garage-admin.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { buckets } from '../../core/db/schema/index.ts';

/**
 * The drift check (GET /api/v1/s3/buckets/{id}/health/) against a real MinIO and a real Garage:
 * what it reports when the bucket or its access user is deleted on the cluster behind Plinth's
 * back, who may ask, and that a rotation during the check is never reported as a missing key.
 */

/** Each backend with each database kind: MinIO on both, Garage on PostgreSQL (as rotation.int.test.ts). */
const CASES = [
  ...DATABASE_KINDS.map((kind) => ({ backend: 'minio' as const, kind })),
  { backend: 'garage' as const, kind: 'postgres' as const },
];

type Tenant = Awaited<ReturnType<World['tenant']>>;

describe.each(CASES)('bucket health on a real $backend, with $kind', ({ backend, kind }) => {
  let minio: MinioServer | undefined;
  let garage: GarageServer | undefined;
  let config: StorageConfig;
  let region = 'eu-central';
  let database: DatabaseHandle;
  let w: World;
  const clients = s3ClientFactory();
  const key = randomBytes(32);
  const prefix = `hl-${backend.slice(0, 2)}${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;

  /** Test hook: run once inside the next check, after the row was read and before the access user is asked. */
  let duringCheck: (() => Promise<void>) | null = null;
  /** Test hook: the next checks talk to a cluster that does not answer. */
  let unreachable = false;

  /**
   * The API's storage: the real drivers, with the hook above in front of `accessExists`, and a
   * cluster of the same name on a closed port while `unreachable`.
   */
  function storage(): StorageRuntime {
    const real = createStorageRuntime(config, key);
    const dead: StorageConfig = {
      regions: config.regions,
      clusters: new Map(
        [...config.clusters].map(([name, c]) => [
          name,
          c.driver === 'garage'
            ? { ...c, endpoint: 'http://127.0.0.1:1', adminEndpoint: 'http://127.0.0.1:1' }
            : { ...c, endpoint: 'http://127.0.0.1:1' },
        ]),
      ),
    };
    const down = createStorageRuntime(dead, key);
    return {
      config: real.config,
      box: real.box,
      admission: real.admission,
      driver(name) {
        if (unreachable) return down.driver(name);
        const d = real.driver(name);
        const hooked: StorageDriver = Object.create(d) as StorageDriver;
        return Object.assign(hooked, {
          async accessExists(user: string) {
            const run = duringCheck;
            duringCheck = null;
            await run?.();
            return d.accessExists(user);
          },
        });
      },
    };
  }
  /** The cluster's drivers, unhooked: what an administrator on the cluster would do. */
  let direct: StorageRuntime;

  beforeAll(async () => {
    if (backend === 'minio') {
      minio = await startMinioServer();
      config = minioStorageConfig(minio);
    } else {
      garage = await startGarageServer();
      // Named like the server's s3_region: applications sign with the region they are given.
      region = garage.region;
      config = garageStorageConfig(garage, [garage.region]);
    }
    direct = createStorageRuntime(config, key);
    database = await migratedDatabase(kind);
    w = createWorld(database, { storage: storage() });
  }, 120_000);
  afterAll(async () => {
    clients.destroyAll();
    await w?.env.close();
    await database?.close();
    await Promise.all([minio?.stop(), garage?.stop()]);
  });

  async function bucket(t: Tenant, name: string) {
    return w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: t.user.token,
      body: { name: `${prefix}-${name}`, region, organization: t.org.id, workspace: t.workspace.id },
    });
  }
  const healthOf = (id: string, token: string) =>
    w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${id}/health/`, { token });

  /** Deletes the access user on the cluster itself, as an administrator there would. */
  async function deleteAccessUserOnCluster(accessKeyId: string) {
    if (minio) {
      await createMinioAdmin({
        endpoint: minio.endpoint,
        accessKey: minio.accessKey,
        secretKey: minio.secretKey,
      }).removeUser(accessKeyId);
    } else {
      await createGarageAdmin({ endpoint: garage!.adminEndpoint, token: garage!.adminToken }).deleteKey(
        accessKeyId,
      );
    }
  }

  /** Deletes the (empty) bucket on the cluster itself: S3 DeleteBucket as root on MinIO, the admin API on Garage. */
  async function deleteBucketOnCluster(name: string) {
    if (minio) {
      await clients
        .client(minio.endpoint, minio.accessKey, minio.secretKey)
        .send(new DeleteBucketCommand({ Bucket: name }));
    } else {
      const admin = createGarageAdmin({ endpoint: garage!.adminEndpoint, token: garage!.adminToken });
      const info = await admin.bucketByName(name);
      await admin.deleteBucket(info!.id);
    }
  }

  it('reports a fresh bucket healthy, to anyone who may see it', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'fresh');
    const before = Date.now();
    const health = await healthOf(b.id, t.viewer.token);
    expect(health).toEqual({
      bucket_id: b.id,
      healthy: true,
      bucket_exists: true,
      access_key_exists: true,
      checked_at: expect.any(String),
    });
    expect(Date.parse(health.checked_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(health.checked_at)).toBeLessThanOrEqual(Date.now());
    // Never a secret in the answer.
    expect(JSON.stringify(health)).not.toContain(b.credentials.secret_access_key);
    expect(JSON.stringify(health)).not.toContain(b.credentials.access_key_id);
  });

  it('reports an access user deleted on the cluster: access_key_exists false, the bucket still there', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'nouser');
    await deleteAccessUserOnCluster(b.credentials.access_key_id);
    expect(
      await direct.driver([...config.clusters.keys()][0]!).accessExists(b.credentials.access_key_id),
    ).toBe(false);
    expect(await healthOf(b.id, t.user.token)).toMatchObject({
      bucket_id: b.id,
      healthy: false,
      bucket_exists: true,
      access_key_exists: false,
    });
  });

  it('reports a bucket deleted on the cluster: bucket_exists false', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'nobucket');
    await deleteBucketOnCluster(b.name);
    expect(await healthOf(b.id, t.user.token)).toMatchObject({
      bucket_id: b.id,
      healthy: false,
      bucket_exists: false,
      access_key_exists: true,
    });
    // The row is left as it is: the check only reports.
    const [row] = await database.db.select().from(buckets).where(eq(buckets.id, b.id));
    expect(row).toMatchObject({ state: 'ready', accessKeyId: b.credentials.access_key_id });
  });

  it('needs a token (401), the read scope (403), a visible bucket (404)', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const b = await bucket(t, 'rules');
    const path = `/api/v1/s3/buckets/${b.id}/health/`;
    const anonymous = await w.call('GET', path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('not_authenticated');

    const scoped = async (scopes: string[]) =>
      (
        await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
          token: t.user.token,
          body: { name: w.unique('k'), scopes },
        })
      ).token as string;
    const refused = await w.expectStatus(403, 'GET', path, { token: await scoped(['workspaces:read']) });
    expect(refused.code).toBe('insufficient_scope');
    expect(refused.detail).toContain('buckets:read');
    await w.expectStatus(200, 'GET', path, { token: await scoped(['buckets:read']) });

    // Another organization's bucket does not exist for this one's admin; nor does an unknown ID.
    expect((await w.expectStatus(404, 'GET', path, { token: other.orgAdmin.token })).code).toBe('not_found');
    await w.expectStatus(404, 'GET', `/api/v1/s3/buckets/${randomUUID()}/health/`, {
      token: t.orgAdmin.token,
    });
  });

  it('is healthy right after a rotation: the new key is the one checked', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'rotated');
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
      token: t.user.token,
      body: { grace_seconds: 0 },
    });
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: true, access_key_exists: true });
    // The old key gone too (the rotation removed it, grace 0; removing it again changes nothing): still healthy.
    const [row] = await database.db.select().from(buckets).where(eq(buckets.id, b.id));
    await direct.driver(row!.cluster).revokeAccess(rotated.previous_access_key_id, b.name);
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: true, access_key_exists: true });
    // And a missing new key is reported as such.
    await deleteAccessUserOnCluster(rotated.access_key_id);
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: false, access_key_exists: false });
  });

  it('answers 409 bucket_busy, not a missing key, when a rotation removes the checked key mid-check', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'race');
    const path = `/api/v1/s3/buckets/${b.id}/health/`;
    duringCheck = async () => {
      // After the check read the row: a rotation with grace 0, which removes its old key on the
      // cluster before it answers (repeated here, harmlessly), before the check asks for that key.
      const rotated = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/rotate-credentials/`, {
        token: t.user.token,
        body: { grace_seconds: 0 },
      });
      const [row] = await database.db.select().from(buckets).where(eq(buckets.id, b.id));
      await direct.driver(row!.cluster).revokeAccess(rotated.previous_access_key_id, b.name);
    };
    const raced = await w.call('GET', path, { token: t.viewer.token });
    expect(duringCheck).toBeNull();
    expect(raced.status, JSON.stringify(raced.body)).toBe(409);
    expect(raced.body.code).toBe('bucket_busy');
    expect(raced.headers.get('retry-after')).toBe('2');
    // Asked again, as the caller does: the new key is there.
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: true, access_key_exists: true });
  });

  it('answers 409 bucket_busy (with Retry-After) while the bucket is being created or deleted', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'busy');
    for (const state of ['provisioning', 'deleting'] as const) {
      await database.db.update(buckets).set({ state }).where(eq(buckets.id, b.id));
      const res = await w.call('GET', `/api/v1/s3/buckets/${b.id}/health/`, { token: t.viewer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe('bucket_busy');
      expect(res.headers.get('retry-after')).toBe('2');
    }
    await database.db.update(buckets).set({ state: 'ready' }).where(eq(buckets.id, b.id));
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: true });
  });

  it('answers 503 storage_unavailable when the storage cluster does not answer', async () => {
    const t = await w.tenant();
    const b = await bucket(t, 'down');
    unreachable = true;
    try {
      const res = await w.call('GET', `/api/v1/s3/buckets/${b.id}/health/`, { token: t.viewer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(503);
      expect(res.body.code).toBe('storage_unavailable');
      expect(res.headers.get('retry-after')).not.toBeNull();
    } finally {
      unreachable = false;
    }
    expect(await healthOf(b.id, t.viewer.token)).toMatchObject({ healthy: true });
  });
});
