import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { startGarageServer } from '../../test/garage-server.ts';
import type { GarageServer } from '../../test/garage-server.ts';
import { startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { letsBrowsersIn, preflight, s3ClientFactory, s3Failure } from '../../test/s3.ts';
import { eventually } from '../../test/eventually.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { createGarageAdmin } from './storage/garage-admin.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { refreshUsage } from './usage.ts';
import { bothClusters } from '../../test/buckets-suite.ts';

/**
 * One API over two backends: region `eu-central` on MinIO, region `garage` on Garage (named like
 * the Garage server's `s3_region`, since applications sign with the region they are given).
 */
let minio: MinioServer;
let garage: GarageServer;
let database: DatabaseHandle;
let w: World;
let tenant: Awaited<ReturnType<World['tenant']>>;
const clients = s3ClientFactory();

beforeAll(async () => {
  [minio, garage] = await Promise.all([startMinioServer(), startGarageServer()]);
  database = await migratedDatabase('pglite');
  w = createWorld(database, { storage: createStorageRuntime(bothClusters(minio, garage), randomBytes(32)) });
  tenant = await w.tenant();
}, 180_000);

afterAll(async () => {
  clients.destroyAll();
  await w?.env.close();
  await database?.close();
  await Promise.all([minio?.stop(), garage?.stop()]);
});

describe('buckets on a MinIO region and a Garage region of one API', () => {
  const prefix = `mx-${randomBytes(3).toString('hex')}`;
  const create = (name: string, region: string, extra: Record<string, unknown> = {}) =>
    w.call('POST', '/api/v1/s3/buckets/', {
      token: tenant.user.token,
      body: { name, region, organization: tenant.org.id, workspace: tenant.workspace.id, ...extra },
    });
  const made: Record<'minio' | 'garage', { id: string; name: string; credentials: Record<string, string> }> =
    {} as never;

  it('creates a bucket in each region; each one’s credentials work on its own cluster only', async () => {
    const onMinio = await create(`${prefix}-m`, 'eu-central');
    expect(onMinio.status, JSON.stringify(onMinio.body)).toBe(201);
    expect(onMinio.body).toMatchObject({ region: 'eu-central', endpoint: minio.endpoint, state: 'ready' });
    const onGarage = await create(`${prefix}-g`, garage.region);
    expect(onGarage.status, JSON.stringify(onGarage.body)).toBe(201);
    expect(onGarage.body).toMatchObject({
      region: garage.region,
      endpoint: garage.s3Endpoint,
      state: 'ready',
    });
    made.minio = onMinio.body;
    made.garage = onGarage.body;

    const m = made.minio.credentials;
    const g = made.garage.credentials;
    const minioClient = clients.client(minio.endpoint, m.access_key_id!, m.secret_access_key!);
    const garageClient = clients.client(
      garage.s3Endpoint,
      g.access_key_id!,
      g.secret_access_key!,
      garage.region,
    );
    await minioClient.send(
      new PutObjectCommand({ Bucket: made.minio.name, Key: 'a.bin', Body: randomBytes(1_000) }),
    );
    for (const [key, size] of [
      ['a.bin', 2_000],
      ['b.bin', 3_000],
    ] as const)
      await garageClient.send(
        new PutObjectCommand({ Bucket: made.garage.name, Key: key, Body: randomBytes(size) }),
      );
    const listed = await garageClient.send(new ListObjectsV2Command({ Bucket: made.garage.name }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['a.bin', 'b.bin']);

    // Garage's key means nothing to MinIO and the other way round.
    const crossed = clients.client(garage.s3Endpoint, m.access_key_id!, m.secret_access_key!, garage.region);
    expect(
      (await s3Failure(crossed.send(new ListObjectsV2Command({ Bucket: made.garage.name })))).status,
    ).toBe(403);
  });

  it('sets CORS rules on the Garage region, and refuses them on the MinIO region naming MinIO', async () => {
    const refused = await create(`${prefix}-mc`, 'eu-central', { cors_allow_all: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        attr: 'cors_allow_all',
        code: 'not_supported',
        detail: 'The storage cluster of region eu-central (MinIO) cannot set CORS rules.',
      },
    ]);
    const patched = await w.call('PATCH', `/api/v1/s3/buckets/${made.minio.id}/`, {
      token: tenant.user.token,
      body: { cors_allow_all: true },
    });
    expect([patched.status, patched.body.errors?.[0]?.detail]).toEqual([
      400,
      'The storage cluster of region eu-central (MinIO) cannot set CORS rules.',
    ]);

    const withCors = await create(`${prefix}-gc`, garage.region, { cors_allow_all: true });
    expect(withCors.status, JSON.stringify(withCors.body)).toBe(201);
    expect(withCors.body.cors_allow_all).toBe(true);
    const url = `${garage.s3Endpoint}/${withCors.body.name}/upload.bin`;
    expect(await preflight(url, 'https://app.example')).toMatchObject({ status: 200, allowOrigin: '*' });

    const off = await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${withCors.body.id}/`, {
      token: tenant.user.token,
      body: { cors_allow_all: false },
    });
    expect(off.cors_allow_all).toBe(false);
    expect(letsBrowsersIn(await preflight(url, 'https://app.example'))).toBe(false);
    const on = await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${made.garage.id}/`, {
      token: tenant.user.token,
      body: { cors_allow_all: true },
    });
    expect(on.cors_allow_all).toBe(true);
    expect(
      (await preflight(`${garage.s3Endpoint}/${made.garage.name}/x`, 'https://app.example')).allowOrigin,
    ).toBe('*');
  });

  it('refreshes the usage of both clusters', { timeout: 240_000 }, async () => {
    const usage = (id: string) =>
      w
        .expectStatus(200, 'GET', `/api/v1/s3/buckets/${id}/`, { token: tenant.user.token })
        .then((b: { usage: { bytes: number; objects: number } }) => b.usage);
    const both = await eventually(
      'usage of both buckets',
      async () => {
        expect(
          await refreshUsage({ db: database.db, storage: w.env.storage, logger: w.env.logs.logger }),
        ).toBe(2);
        const [m, g] = [await usage(made.minio.id), await usage(made.garage.id)];
        return m.bytes === 1_000 && g.bytes === 5_000 ? { m, g } : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 1000, onError: 'fail' },
    );
    expect(both.m).toMatchObject({ bytes: 1_000, objects: 1 });
    expect(both.g).toMatchObject({ bytes: 5_000, objects: 2 });
  });

  it('imports a Garage bucket no key owns, and refuses one another key owns', async () => {
    const root = await w.user({ superuser: true });
    const garageAdmin = createGarageAdmin({ endpoint: garage.adminEndpoint, token: garage.adminToken });
    const body = (name: string) => ({
      name,
      region: garage.region,
      organization: tenant.org.id,
      workspace: tenant.workspace.id,
    });
    // Made by hand (`garage bucket create`): no key has any permission on it.
    await garageAdmin.createBucket(`${prefix}-loose`);
    const imported = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/import/', {
      token: root.token,
      body: body(`${prefix}-loose`),
    });
    expect(imported).toMatchObject({ origin: 'adopted', state: 'ready' });
    const c = imported.credentials;
    const client = clients.client(garage.s3Endpoint, c.access_key_id, c.secret_access_key, garage.region);
    await client.send(new PutObjectCommand({ Bucket: `${prefix}-loose`, Key: 'k', Body: 'v' }));
    await client.send(new DeleteObjectCommand({ Bucket: `${prefix}-loose`, Key: 'k' }));

    const stranger = await garageAdmin.createKey('someone-else');
    const theirs = await garageAdmin.createBucket(`${prefix}-theirs`);
    await garageAdmin.allowBucketKey(theirs.id, stranger.accessKeyId, {
      read: true,
      write: true,
      owner: true,
    });
    const refused = await w.call('POST', '/api/v1/s3/buckets/import/', {
      token: root.token,
      body: body(`${prefix}-theirs`),
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'bucket_name_taken']);
    await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${imported.id}/`, {
      token: tenant.workspaceAdmin.token,
    });
  });

  it('deletes the buckets of both clusters', async () => {
    for (const b of [made.minio, made.garage]) {
      const c = b.credentials;
      const client =
        b === made.garage
          ? clients.client(garage.s3Endpoint, c.access_key_id!, c.secret_access_key!, garage.region)
          : clients.client(minio.endpoint, c.access_key_id!, c.secret_access_key!);
      for (const key of ['a.bin', 'b.bin'])
        await client.send(new DeleteObjectCommand({ Bucket: b.name, Key: key }));
      await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${b.id}/`, {
        token: tenant.workspaceAdmin.token,
      });
      expect(
        await w.env.storage.driver(b === made.garage ? 'garage-test' : 'minio-test').bucketExists(b.name),
      ).toBe(false);
    }
  });
});
