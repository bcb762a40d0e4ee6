import type { S3Client } from '@aws-sdk/client-s3';
import {
  DeleteBucketCorsCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetBucketTaggingCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketCorsCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startMinioServer } from '../../../test/minio-server.ts';
import type { MinioServer } from '../../../test/minio-server.ts';
import { driverSuite } from '../../../test/storage-driver-suite.ts';
import { preflight, s3ClientFactory, s3Failure, secret, storageFailure } from '../../../test/s3.ts';
import { MARK_TAG, StorageError } from './driver.ts';
import { createMinioAdmin } from './minio-admin.ts';
import { accessPolicy, accessPolicyName, createMinioDriver } from './minio-driver.ts';
import type { PolicyDocument } from './minio-driver.ts';
import { signRequest } from './sigv4.ts';

// The shared driver suite (api/src/test/storage-driver-suite.ts) against a fresh MinIO, then what only MinIO has.
const minio = driverSuite({
  name: 'MinIO',
  async start() {
    const server = await startMinioServer();
    const admin = createMinioAdmin(server);
    return {
      server,
      driver: createMinioDriver({ ...server, pathStyle: true }),
      s3Endpoint: server.endpoint,
      region: 'us-east-1',
      admin: { accessKeyId: server.accessKey, secretAccessKey: server.secretKey },
      withPublicEndpoint: (publicEndpoint: string) =>
        createMinioDriver({ ...server, pathStyle: true, publicEndpoint }),
      // A MinIO user is its one key.
      accessKeysOf: async (user: string) => ((await admin.userInfo(user)) ? [user] : []),
      stop: () => server.stop(),
    };
  },
  answers: {
    unknownKey: 'InvalidAccessKeyId',
    badSignature: 'SignatureDoesNotMatch',
    expired: { status: 403, text: 'expired' },
  },
  // The scanner dates its figures; at MINIO_SCANNER_SPEED=fastest it catches up in seconds.
  usageDated: true,
  usageTimeoutMs: 180_000,
});

const s3Clients = s3ClientFactory();
const s3 = (accessKeyId: string, secretAccessKey: string): S3Client =>
  s3Clients.client(minio().server.endpoint, accessKeyId, secretAccessKey);

/** A signed admin GET by hand, for what the admin client does not expose. */
async function adminGet(path: string): Promise<{ status: number; body: string }> {
  const { server } = minio();
  const url = new URL(`${server.endpoint}/minio/admin/v3/${path}`);
  const { headers } = signRequest(
    { method: 'GET', url },
    { accessKeyId: server.accessKey, secretAccessKey: server.secretKey, region: 'us-east-1', service: 's3' },
  );
  const { Host: _host, ...send } = headers;
  const res = await fetch(url, { headers: send });
  return { status: res.status, body: await res.text() };
}

const sortedActions = (policy: PolicyDocument) => ({
  ...policy,
  Statement: policy.Statement.map((s) => ({ ...s, Action: [...s.Action].sort() })),
});

describe('MinIO storage driver: what only MinIO has', () => {
  afterAll(() => s3Clients.destroyAll());
  // Set in each test from the suite's server.
  let driver: ReturnType<typeof createMinioDriver>;
  let server: MinioServer;
  let root: S3Client;
  let rootSigner: { accessKeyId: string; secretAccessKey: string };
  const setup = () => {
    ({ server, driver } = minio());
    root = s3(server.accessKey, server.secretKey);
    rootSigner = { accessKeyId: server.accessKey, secretAccessKey: server.secretKey };
  };

  it('marks with a bucket tag, keeping the bucket’s other tags', async () => {
    setup();
    const bucket = 'marked-tags';
    await driver.ensureBucket(bucket);
    await root.send(
      new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: [{ Key: 'team', Value: 'x' }] } }),
    );
    expect(await driver.bucketMark(bucket)).toBeNull();
    await driver.markBucket(bucket, 'id-1');
    await driver.markBucket(bucket, 'id-2');
    expect(await driver.bucketMark(bucket)).toBe('id-2');
    const tags = (await root.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet;
    expect(tags?.map((t) => [t.Key, t.Value]).sort()).toEqual([
      [MARK_TAG, 'id-2'],
      ['team', 'x'],
    ]);
  });

  it('stores the access policy of exactly the bucket, named after the user', async () => {
    setup();
    const bucket = 'policy-bucket';
    await driver.ensureBucket(bucket);
    const user = 'plinth-ak-policy';
    await driver.provisionAccess(user, bucket, { accessKeyId: user, secretAccessKey: secret() });
    const stored = await adminGet(`info-canned-policy?name=${accessPolicyName(user)}`);
    expect(stored.status).toBe(200);
    // MinIO stores the actions sorted.
    expect(sortedActions(JSON.parse(stored.body) as PolicyDocument)).toEqual(
      sortedActions(accessPolicy(bucket)),
    );
    await driver.revokeAccess(user, bucket);
    expect((await adminGet(`info-canned-policy?name=${accessPolicyName(user)}`)).status).toBe(404);
  });

  it('counts old versions and delete markers when versioning is on', async () => {
    setup();
    const bucket = 'versioned';
    await driver.ensureBucket(bucket);
    await root.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    );
    const put = await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v1' }));
    const marker = await root.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }));
    expect(marker.DeleteMarker).toBe(true);
    // Listing objects sees nothing, yet the bucket is not empty for S3.
    expect((await root.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount).toBe(0);
    expect(await driver.isBucketEmpty(bucket)).toBe(false);
    expect(await storageFailure(driver.deleteBucket(bucket))).toBe('bucket_not_empty');

    // Only a delete marker left: still not empty.
    await root.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: put.VersionId }));
    const left = await root.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    expect([left.Versions?.length ?? 0, left.DeleteMarkers?.length ?? 0]).toEqual([0, 1]);
    expect(await driver.isBucketEmpty(bucket)).toBe(false);
    expect(await storageFailure(driver.deleteBucket(bucket))).toBe('bucket_not_empty');

    await root.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: marker.VersionId }));
    expect(await driver.isBucketEmpty(bucket)).toBe(true);
    await driver.deleteBucket(bucket);
    expect(await driver.bucketExists(bucket)).toBe(false);
  });

  it('refuses to provision what MinIO cannot represent, without creating anything', async () => {
    setup();
    const key = secret();
    const mismatch = await driver
      .provisionAccess('plinth-ak-a', 'alpha', { accessKeyId: 'plinth-ak-b', secretAccessKey: key })
      .catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(Error);
    expect((mismatch as Error).message).not.toContain(key);
    for (const bad of ['short', 'x'.repeat(41)]) {
      const err = await driver
        .provisionAccess('plinth-ak-c', 'alpha', { accessKeyId: 'plinth-ak-c', secretAccessKey: bad })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).not.toContain(bad);
    }
    await expect(
      driver.provisionAccess(server.accessKey, 'alpha', {
        accessKeyId: server.accessKey,
        secretAccessKey: key,
      }),
    ).rejects.toThrow(/own MinIO user/);
    for (const user of ['plinth-ak-a', 'plinth-ak-b', 'plinth-ak-c'])
      expect(await driver.accessExists(user)).toBe(false);
  });

  it('reports CORS as unsupported: MinIO answers NotImplemented to bucket CORS', async () => {
    setup();
    const bucket = 'cors-bucket';
    await driver.ensureBucket(bucket);
    expect(driver.supportsCors).toBe(false);
    const err = await driver.setCorsAllowAll(bucket, true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({
      reason: 'not_supported',
      message: 'This storage cluster (MinIO) cannot set bucket CORS rules',
    });
    await driver.setCorsAllowAll(bucket, false);
    await driver.setCorsAllowAll(bucket, false);

    // Tripwire: should a MinIO upgrade implement bucket CORS, these fail and the driver can use it.
    const rules = {
      CORSRules: [
        {
          AllowedOrigins: ['*'],
          AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'],
          AllowedHeaders: ['*'],
          ExposeHeaders: ['ETag'],
          MaxAgeSeconds: 3600,
        },
      ],
    };
    const notImplemented = { code: 'NotImplemented', status: 501 };
    expect(
      await s3Failure(root.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: rules }))),
    ).toEqual(notImplemented);
    expect(await s3Failure(root.send(new DeleteBucketCorsCommand({ Bucket: bucket })))).toEqual(
      notImplemented,
    );
    expect(await s3Failure(root.send(new GetBucketCorsCommand({ Bucket: bucket })))).toEqual({
      code: 'NoSuchCORSConfiguration',
      status: 404,
    });

    // With the default server-wide setting (cors_allow_origin '*') every preflight succeeds and
    // echoes the origin: for a bucket without rules, and even for one that does not exist.
    for (const url of [
      `${server.endpoint}/${bucket}/some/object.bin`,
      `${server.endpoint}/${bucket}`,
      `${server.endpoint}/no-such-bucket/object.bin`,
    ])
      expect(await preflight(url, 'http://example.test'), url).toEqual({
        status: 204,
        allowOrigin: 'http://example.test',
        allowMethods: 'PUT',
      });

    // The upload itself answers with the CORS headers a page needs to read the ETag.
    const upload = await driver.presignPut(bucket, 'from-browser.txt', rootSigner, {
      contentType: 'text/plain',
      expiresSeconds: 60,
    });
    const res = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, Origin: 'http://example.test' },
      body: 'from a page',
    });
    await res.body?.cancel();
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://example.test');
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)).toContain('etag');
  });

  it('lets browsers in by the server-wide MINIO_API_CORS_ALLOW_ORIGIN only', async () => {
    setup();
    // A second server, started with an allow-list: the only CORS control MinIO has.
    const saved = process.env.MINIO_API_CORS_ALLOW_ORIGIN;
    process.env.MINIO_API_CORS_ALLOW_ORIGIN = 'https://app.example';
    let strict: MinioServer;
    try {
      strict = await startMinioServer();
    } finally {
      if (saved === undefined) delete process.env.MINIO_API_CORS_ALLOW_ORIGIN;
      else process.env.MINIO_API_CORS_ALLOW_ORIGIN = saved;
    }
    try {
      const strictDriver = createMinioDriver({ ...strict, pathStyle: true });
      await strictDriver.ensureBucket('cors-strict');
      const url = `${strict.endpoint}/cors-strict/object.bin`;
      // Refused the way CORS refuses: a 204 without Access-Control-Allow-Origin.
      expect(await preflight(url, 'http://example.test')).toEqual({
        status: 204,
        allowOrigin: null,
        allowMethods: null,
      });
      expect(await preflight(url, 'https://app.example')).toEqual({
        status: 204,
        allowOrigin: 'https://app.example',
        allowMethods: 'PUT',
      });
      await expect(strictDriver.setCorsAllowAll('cors-strict', true)).rejects.toMatchObject({
        reason: 'not_supported',
      });
    } finally {
      await strict.stop();
    }
  });
});
