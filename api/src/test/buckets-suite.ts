import { randomBytes } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import type { StorageConfig } from '../areas/buckets/storage/config.ts';
import { createMinioAdmin } from '../areas/buckets/storage/minio-admin.ts';
import { createStorageRuntime } from '../areas/buckets/storage/runtime.ts';
import { garageClusterConfig, startGarageServer } from './garage-server.ts';
import type { GarageServer } from './garage-server.ts';
import type { DatabaseKind } from './databases.ts';
import { lazily } from './lazily.ts';
import { minioStorageConfig, startMinioServer } from './minio-server.ts';
import type { MinioServer } from './minio-server.ts';
import type { Actor, World } from './world.ts';

/** What the bucket suites on a real MinIO (and Garage) share. */

/** A MinIO server for the calling file: started in its `beforeAll`, stopped in its `afterAll`. */
export function useMinioServer(): MinioServer {
  let minio: MinioServer | undefined;
  beforeAll(async () => {
    minio = await startMinioServer();
  });
  afterAll(async () => {
    await minio?.stop();
  });
  return lazily(() => {
    if (!minio) throw new Error('the MinIO server exists in hooks and tests only (started in beforeAll)');
    return minio;
  });
}

/** A MinIO and a Garage server for the calling file, started side by side in its `beforeAll`. */
export function useMinioAndGarage(): { minio: MinioServer; garage: GarageServer } {
  let servers: [MinioServer, GarageServer] | undefined;
  beforeAll(async () => {
    servers = await Promise.all([startMinioServer(), startGarageServer()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers?.map((s) => s.stop()) ?? []);
  });
  const started = () => {
    if (!servers) throw new Error('the servers exist in hooks and tests only (started in beforeAll)');
    return servers;
  };
  return { minio: lazily(() => started()[0]), garage: lazily(() => started()[1]) };
}

/**
 * One API over both clusters: region `eu-central` on MinIO, region `garage.region` on Garage (named
 * like its `s3_region`, since applications sign with the region they are given).
 */
export const bothClusters = (minio: MinioServer, garage: GarageServer): StorageConfig => ({
  clusters: new Map([
    ['minio-test', minioStorageConfig(minio).clusters.get('minio-test')!],
    ['garage-test', garageClusterConfig(garage)],
  ]),
  regions: new Map([
    ['eu-central', 'minio-test'],
    [garage.region, 'garage-test'],
  ]),
});

/** The access users on `minio` (one per bucket Plinth manages), sorted. */
export const accessUsersOn = async (minio: MinioServer) =>
  Object.keys(
    await createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    }).listUsers(),
  ).sort();

/** `describeOnEachDatabase`'s options for a suite on `minio`: the API with two regions there. */
export const onMinio = (minio: MinioServer) => ({
  world: () => ({
    storage: createStorageRuntime(minioStorageConfig(minio, ['eu-central', 'eu-west']), randomBytes(32)),
  }),
});

/** An S3 client with these credentials, path-style, as applications on MinIO use it. */
export const s3 = (endpoint: string, accessKeyId: string, secretAccessKey: string) =>
  new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });

/** The HTTP status an S3 call ends with (200 when it succeeds, 0 when there was none). */
export const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { $metadata?: { httpStatusCode?: number } }) => e.$metadata?.httpStatusCode ?? 0,
  );

/**
 * A run's tenant and Super Admin (made in `beforeAll`), a bucket-name prefix of its own, and
 * `create`, a bucket made through the API in region `eu-central` of the tenant's workspace.
 */
export function bucketSuite(w: World, kind: DatabaseKind) {
  let tenant: Awaited<ReturnType<World['tenant']>> | undefined;
  let root: Actor | undefined;
  beforeAll(async () => {
    tenant = await w.tenant();
    root = await w.user({ superuser: true });
  });
  const made = <T>(value: T | undefined) => {
    if (value === undefined) throw new Error('the suite made its tenant in beforeAll; use it in tests');
    return value;
  };
  const suite = {
    tenant: lazily(() => made(tenant)),
    root: lazily(() => made(root)),
    prefix: `${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`,
  };
  const create = (actor: Actor, name: string, extra: Record<string, unknown> = {}, t = suite.tenant) =>
    w.call('POST', '/api/v1/s3/buckets/', {
      token: actor.token,
      body: { name, region: 'eu-central', organization: t.org.id, workspace: t.workspace.id, ...extra },
    });
  return { ...suite, create };
}
