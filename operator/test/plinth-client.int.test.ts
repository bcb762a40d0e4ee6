import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, TEST_KEYS } from '../../api/src/test/api-process.ts';
import type { ApiProcess } from '../../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../../api/src/test/minio-server.ts';
import type { MinioServer } from '../../api/src/test/minio-server.ts';
import { createBucketApi } from '../src/plinth-api/buckets.ts';
import type { BucketApi, BucketCreate, CreatedBucket } from '../src/plinth-api/buckets.ts';

/**
 * The operator's bucket calls (the generated client with its hooks) against a real API process and
 * a real MinIO: every bucket helper, its success answers and the failures the controller
 * classifies, and `unavailable` once the API is gone. Setup goes through the same generated client
 * instance (`raw`), as an administrator.
 */
describe('Plinth API client against a real API and MinIO', () => {
  const ADMIN_PASSWORD = 'client-admin-password';
  let minio: MinioServer;
  let api: ApiProcess;
  let dir: string;
  /** The operator's client: a system key, with a counting rate limiter and a metrics hook. */
  let operator: BucketApi;
  /** Another organization's admin key. */
  let otherOrg: BucketApi;
  const reports: { operation: string; status: number | 'error' }[] = [];
  let takes = 0;
  let spec: BucketCreate;
  let otherWorkspace: { organization: string; workspace: string };
  let created: CreatedBucket;

  beforeAll(async () => {
    minio = await startMinioServer();
    dir = mkdtempSync(join(tmpdir(), 'plinth-client-'));
    writeStorageConfig(dir, minio, { userEnv: 'TEST_MINIO_USER', passwordEnv: 'TEST_MINIO_PASSWORD' });
    api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_CONFIG: join(dir, 'plinth.yaml'),
      TEST_MINIO_USER: minio.accessKey,
      TEST_MINIO_PASSWORD: minio.secretKey,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    await api.waitReady();

    const anonymous = createBucketApi({ baseUrl: api.url, token: '' }).raw;
    const { token } = await anonymous.apiLoginCreate({
      requestBody: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const admin = createBucketApi({ baseUrl: api.url, token }).raw;
    const tenant = async (slug: string) => {
      const org = await admin.apiV1OrganizationsCreate({ requestBody: { slug, name: slug } });
      const ws = await admin.apiV1WorkspacesCreate({ requestBody: { organization: org.id, name: 'apps' } });
      return { organization: org.id, workspace: ws.id };
    };
    const mine = await tenant('client-a');
    otherWorkspace = await tenant('client-b');

    const systemKey = await admin.apiV1SystemApiKeysCreate({
      requestBody: { name: 'operator', scopes: ['buckets:read', 'buckets:write'] },
    });
    operator = createBucketApi({
      baseUrl: api.url,
      token: systemKey.token,
      rateLimit: {
        take: () => {
          takes++;
          return Promise.resolve();
        },
      },
      onRequest: ({ operation, status }) => reports.push({ operation, status }),
      timeoutMs: 30_000,
    });
    const orgKey = await admin.apiV1OrganizationsApiKeysCreate({
      id: otherWorkspace.organization,
      requestBody: { name: 'other', role: 'admin', scopes: ['buckets:read', 'buckets:write'] },
    });
    otherOrg = createBucketApi({ baseUrl: api.url, token: orgKey.token });

    spec = {
      name: `client-${Date.now().toString(36)}`,
      region: 'eu-central',
      ...mine,
      cors_allow_all: false,
      owner_reference: { cluster_id: 'test-cluster', namespace: 'apps', name: 'photos', uid: 'uid-1' },
    };
  });
  afterAll(async () => {
    await api?.stop('SIGKILL');
    await minio?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a bucket (201) with credentials, endpoint and region', async () => {
    const result = await operator.createBucket(spec);
    if (result.kind !== 'created') throw new Error(`expected created, got ${JSON.stringify(result)}`);
    created = result.bucket;
    expect(created).toMatchObject({
      name: spec.name,
      region: 'eu-central',
      endpoint: minio.endpoint,
      state: 'ready',
      origin: 'created',
      owner_reference: spec.owner_reference,
      credentials: { access_key_id: expect.any(String), secret_access_key: expect.any(String) },
    });
    expect(reports.at(-1)).toEqual({ operation: 'POST /api/v1/s3/buckets/', status: 201 });
  });

  it('adopts it when asked again by the same owner (200, same bucket and credentials)', async () => {
    const result = await operator.createBucket(spec);
    expect(result).toMatchObject({
      kind: 'adopted',
      bucket: {
        id: created.id,
        credentials: created.credentials,
        endpoint: minio.endpoint,
        region: 'eu-central',
      },
    });
  });

  it('finds the bucket by owner uid (how the operator finds a bucket it never recorded)', async () => {
    const found = await operator.findBucketsByOwner('uid-1');
    if (found.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(found)}`);
    expect(found.buckets.map((b) => b.id)).toEqual([created.id]);
    expect(found.buckets[0]).toMatchObject({
      owner_reference: spec.owner_reference,
      created_for: spec.owner_reference,
      adoptable_by: null,
    });
    expect(reports.at(-1)).toEqual({ operation: 'GET /api/v1/s3/buckets/', status: 200 });
    expect(await operator.findBucketsByOwner('uid-nobody')).toEqual({ kind: 'ok', buckets: [] });
  });

  it('releases the bucket to one namespace as the operator does on Retain', async () => {
    const released = await operator.updateBucket(created.id, {
      owner_reference: null,
      adoptable_by: { cluster_id: 'test-cluster', namespace: 'apps' },
    });
    expect(released).toMatchObject({
      kind: 'ok',
      bucket: { owner_reference: null, adoptable_by: { cluster_id: 'test-cluster', namespace: 'apps' } },
    });
    // Still found by the uid it was created for, though nobody owns it now.
    const found = await operator.findBucketsByOwner('uid-1');
    expect(found.kind === 'ok' && found.buckets.map((b) => b.id)).toEqual([created.id]);
    // The same object takes it back (the rest of this suite relies on that owner).
    expect(await operator.createBucket(spec)).toMatchObject({
      kind: 'adopted',
      bucket: { id: created.id, owner_reference: spec.owner_reference, adoptable_by: null },
    });
  });

  it('answers name_taken (409) when another organization asks for the same name', async () => {
    const result = await otherOrg.createBucket({ ...spec, ...otherWorkspace });
    expect(result).toMatchObject({ kind: 'name_taken', error: { status: 409, code: 'bucket_name_taken' } });
  });

  it('answers invalid (400) naming the field at fault', async () => {
    expect(await operator.createBucket({ ...spec, name: 'Not_A_Bucket' })).toMatchObject({
      kind: 'invalid',
      attrs: ['name'],
      error: { status: 400, code: 'invalid' },
    });
    expect(await operator.createBucket({ ...spec, name: `${spec.name}-2`, region: 'mars' })).toMatchObject({
      kind: 'invalid',
      attrs: ['region'],
    });
  });

  it('reads the bucket and reveals its credentials', async () => {
    expect(await operator.getBucket(created.id)).toMatchObject({
      kind: 'ok',
      bucket: { id: created.id, name: spec.name, cors_allow_all: false },
    });
    expect(await operator.revealCredentials(created.id)).toEqual({
      kind: 'ok',
      credentials: created.credentials,
    });
  });

  it('updates CORS, and reports not_supported where MinIO cannot set it', async () => {
    expect(await operator.updateBucket(created.id, { cors_allow_all: false })).toMatchObject({
      kind: 'ok',
      bucket: { id: created.id, cors_allow_all: false },
    });
    expect(await operator.updateBucket(created.id, { cors_allow_all: true })).toMatchObject({
      kind: 'not_supported',
      attrs: ['cors_allow_all'],
      error: { status: 400 },
    });
  });

  it('refuses to delete a bucket holding objects (not_empty), then deletes it once empty', async () => {
    const s3 = new S3Client({
      endpoint: minio.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: {
        accessKeyId: created.credentials.access_key_id,
        secretAccessKey: created.credentials.secret_access_key,
      },
    });
    await s3.send(new PutObjectCommand({ Bucket: spec.name, Key: 'keep', Body: 'data' }));
    expect(await operator.deleteBucket(created.id)).toMatchObject({
      kind: 'not_empty',
      error: { status: 409, code: 'bucket_not_empty' },
    });
    await s3.send(new DeleteObjectCommand({ Bucket: spec.name, Key: 'keep' }));
    s3.destroy();
    expect(await operator.deleteBucket(created.id)).toEqual({ kind: 'deleted' });
    expect(await operator.getBucket(created.id)).toMatchObject({ kind: 'not_found', error: { status: 404 } });
  });

  it('went through the rate limiter and the metrics hook for every request', () => {
    expect(takes).toBe(reports.length);
    expect(new Set(reports.map((r) => r.operation))).toEqual(
      new Set([
        'POST /api/v1/s3/buckets/',
        'GET /api/v1/s3/buckets/',
        'GET /api/v1/s3/buckets/{id}/',
        'PATCH /api/v1/s3/buckets/{id}/',
        'DELETE /api/v1/s3/buckets/{id}/',
        'GET /api/v1/s3/buckets/{id}/credentials/',
      ]),
    );
  });

  it('answers unavailable once the API is stopped', async () => {
    await api.stop();
    const result = await operator.getBucket(created.id);
    expect(result).toMatchObject({ kind: 'unavailable', cause: 'network' });
    expect(reports.at(-1)).toEqual({ operation: 'GET /api/v1/s3/buckets/{id}/', status: 'error' });
  });
});
