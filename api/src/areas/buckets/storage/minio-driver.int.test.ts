import type { S3Client } from '@aws-sdk/client-s3';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCorsCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetBucketLocationCommand,
  GetBucketTaggingCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  ListPartsCommand,
  PutBucketCorsCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMinioServer } from '../../../test/minio-server.ts';
import { s3ClientFactory, s3Failure } from '../../../test/s3.ts';
import type { MinioServer } from '../../../test/minio-server.ts';
import { MARK_TAG, StorageError } from './driver.ts';
import type { StorageDriver } from './driver.ts';
import { accessPolicy, accessPolicyName, createMinioDriver } from './minio-driver.ts';
import type { PolicyDocument } from './minio-driver.ts';
import { signRequest } from './sigv4.ts';

let server: MinioServer;
let driver: StorageDriver;
let root: S3Client;
/** The root user as a presigning identity, for tests about the URL itself. */
let rootSigner: { accessKeyId: string; secretAccessKey: string };
const s3Clients = s3ClientFactory();

function s3(accessKeyId: string, secretAccessKey: string, endpoint = server.endpoint): S3Client {
  return s3Clients.client(endpoint, accessKeyId, secretAccessKey);
}

/** The StorageError reason a call fails with. */
async function storageFailure(call: Promise<unknown>): Promise<StorageError['reason']> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof StorageError) return err.reason;
  throw new Error(`expected a StorageError, got ${String(err)}`);
}

/** A signed admin GET by hand, for what the admin client does not expose. */
async function adminGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${server.endpoint}/minio/admin/v3/${path}`);
  const { headers } = signRequest(
    { method: 'GET', url },
    { accessKeyId: server.accessKey, secretAccessKey: server.secretKey, region: 'us-east-1', service: 's3' },
  );
  const { Host: _host, ...send } = headers;
  const res = await fetch(url, { headers: send });
  return { status: res.status, body: await res.text() };
}

/** A browser's CORS preflight for a PUT with a Content-Type, as fetch from a page would send it. */
async function preflight(url: string, origin: string) {
  const res = await fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  await res.body?.cancel();
  return {
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    allowMethods: res.headers.get('access-control-allow-methods'),
  };
}

const sortedActions = (policy: PolicyDocument) => ({
  ...policy,
  Statement: policy.Statement.map((s) => ({ ...s, Action: [...s.Action].sort() })),
});

const secret = () => randomBytes(24).toString('base64url'); // 32 characters

// Written before the other tests run, so the usage scanner works while they do.
const usageBucket = 'driver-usage';
const usageObjects = { 'one.bin': 4_096, 'dir/two.bin': 123_457 };
let uploadedAt = 0;

beforeAll(async () => {
  server = await startMinioServer();
  driver = createMinioDriver({ ...server, pathStyle: true });
  root = s3(server.accessKey, server.secretKey);
  rootSigner = { accessKeyId: server.accessKey, secretAccessKey: server.secretKey };
  expect(await driver.ensureBucket(usageBucket)).toBe('created');
  for (const [key, size] of Object.entries(usageObjects))
    await root.send(new PutObjectCommand({ Bucket: usageBucket, Key: key, Body: randomBytes(size) }));
  uploadedAt = Date.now();
}, 120_000);

afterAll(async () => {
  s3Clients.destroyAll();
  await server?.stop();
});

describe('MinIO storage driver against a real server', () => {
  it('creates a bucket once, then reports it as existing; refuses invalid names', async () => {
    expect(await driver.bucketExists('alpha')).toBe(false);
    expect(await driver.ensureBucket('alpha')).toBe('created');
    expect(await driver.ensureBucket('alpha')).toBe('existed');
    expect(await driver.bucketExists('alpha')).toBe(true);
    expect(await driver.bucketExists('alpha')).toBe(true);
    expect(await driver.bucketExists('never-made')).toBe(false);

    for (const name of ['Bad_Name', 'ab', 'x'.repeat(64), '-dash-first', '192.168.1.1'])
      expect(await storageFailure(driver.ensureBucket(name)), name).toBe('invalid_name');
  });

  it('marks a bucket with an ID in a tag, keeping its other tags; tenants cannot change it', async () => {
    const bucket = 'marked';
    await driver.ensureBucket(bucket);
    expect(await driver.bucketMark(bucket)).toBeNull();
    expect(await driver.bucketMark('never-made')).toBeNull();
    await root.send(
      new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: [{ Key: 'team', Value: 'x' }] } }),
    );
    expect(await driver.bucketMark(bucket)).toBeNull();
    await driver.markBucket(bucket, 'id-1');
    await driver.markBucket(bucket, 'id-1');
    expect(await driver.bucketMark(bucket)).toBe('id-1');
    await driver.markBucket(bucket, 'id-2');
    expect(await driver.bucketMark(bucket)).toBe('id-2');
    const tags = (await root.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet;
    expect(tags?.map((t) => [t.Key, t.Value]).sort()).toEqual([
      [MARK_TAG, 'id-2'],
      ['team', 'x'],
    ]);

    // The bucket's own user may not touch the mark.
    const user = await driver.provisionAccess('plinth-ak-mark', bucket, {
      accessKeyId: 'plinth-ak-mark',
      secretAccessKey: secret(),
    });
    const tenant = s3(user.accessKeyId, user.secretAccessKey);
    const put = new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: [] } });
    expect(await s3Failure(tenant.send(put))).toMatchObject({ code: 'AccessDenied', status: 403 });
    const get = new GetBucketTaggingCommand({ Bucket: bucket });
    expect(await s3Failure(tenant.send(get))).toMatchObject({ code: 'AccessDenied', status: 403 });
    await driver.revokeAccess(user.accessKeyId, bucket);
  });

  it('tells empty from non-empty buckets and deletes only empty ones, idempotently', async () => {
    const bucket = 'to-delete';
    await driver.ensureBucket(bucket);
    expect(await driver.isBucketEmpty(bucket)).toBe(true);
    expect(await driver.isBucketEmpty(bucket)).toBe(true);

    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'deep/down/file.txt', Body: 'content' }));
    expect(await driver.isBucketEmpty(bucket)).toBe(false);
    expect(await storageFailure(driver.deleteBucket(bucket))).toBe('bucket_not_empty');
    expect(await storageFailure(driver.deleteBucket(bucket))).toBe('bucket_not_empty');
    expect(await driver.bucketExists(bucket)).toBe(true);

    await root.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'deep/down/file.txt' }));
    expect(await driver.isBucketEmpty(bucket)).toBe(true);
    await driver.deleteBucket(bucket);
    expect(await driver.bucketExists(bucket)).toBe(false);
    await driver.deleteBucket(bucket); // absent counts as deleted
    expect(await driver.isBucketEmpty(bucket)).toBe(true); // an absent bucket holds nothing
  });

  it('counts old versions and delete markers when versioning is on', async () => {
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

  it('provisions credentials confined to one bucket, idempotently, and revokes them', async () => {
    const bucket = 'tenant-one';
    const other = 'tenant-two';
    await driver.ensureBucket(bucket);
    await driver.ensureBucket(other);
    await root.send(new PutObjectCommand({ Bucket: other, Key: 'secret.txt', Body: 'not yours' }));

    const user = 'plinth-ak-tenant-one';
    const proposed = { accessKeyId: user, secretAccessKey: secret() };
    expect(await driver.accessExists(user)).toBe(false);
    expect(await driver.provisionAccess(user, bucket, proposed)).toEqual(proposed);
    expect(await driver.provisionAccess(user, bucket, proposed)).toEqual(proposed);
    expect(await driver.accessExists(user)).toBe(true);

    const stored = await adminGet(`info-canned-policy?name=${accessPolicyName(user)}`);
    expect(stored.status).toBe(200);
    // MinIO stores the actions sorted.
    expect(sortedActions(JSON.parse(stored.body) as PolicyDocument)).toEqual(
      sortedActions(accessPolicy(bucket)),
    );

    const tenant = s3(proposed.accessKeyId, proposed.secretAccessKey);
    await tenant.send(new PutObjectCommand({ Bucket: bucket, Key: 'hello.txt', Body: 'hello tenant' }));
    const listed = await tenant.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['hello.txt']);
    const got = await tenant.send(new GetObjectCommand({ Bucket: bucket, Key: 'hello.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello tenant');
    await tenant.send(new GetBucketLocationCommand({ Bucket: bucket }));

    // Multipart: start, upload a part, list parts and uploads, abort.
    const mpu = await tenant.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'big.bin' }));
    const uploadId = mpu.UploadId!;
    await tenant.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: 'big.bin',
        UploadId: uploadId,
        PartNumber: 1,
        Body: 'part',
      }),
    );
    const parts = await tenant.send(
      new ListPartsCommand({ Bucket: bucket, Key: 'big.bin', UploadId: uploadId }),
    );
    expect(parts.Parts?.map((p) => p.PartNumber)).toEqual([1]);
    const uploads = await tenant.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect(uploads.Uploads?.map((u) => u.UploadId)).toEqual([uploadId]);
    await tenant.send(
      new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'big.bin', UploadId: uploadId }),
    );

    await tenant.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'hello.txt' }));
    expect(await driver.isBucketEmpty(bucket)).toBe(true);

    const denied = { code: 'AccessDenied', status: 403 };
    expect(await s3Failure(tenant.send(new GetObjectCommand({ Bucket: other, Key: 'secret.txt' })))).toEqual(
      denied,
    );
    expect(await s3Failure(tenant.send(new ListObjectsV2Command({ Bucket: other })))).toEqual(denied);
    expect(
      await s3Failure(tenant.send(new PutObjectCommand({ Bucket: other, Key: 'x', Body: 'x' }))),
    ).toEqual(denied);
    expect(
      await s3Failure(tenant.send(new DeleteObjectCommand({ Bucket: other, Key: 'secret.txt' }))),
    ).toEqual(denied);
    expect(await s3Failure(tenant.send(new CreateBucketCommand({ Bucket: 'tenant-one-more' })))).toEqual(
      denied,
    );
    expect(await driver.bucketExists('tenant-one-more')).toBe(false);

    await driver.revokeAccess(user, bucket);
    expect(await driver.accessExists(user)).toBe(false);
    await driver.revokeAccess(user, bucket); // absent counts as removed
    expect((await adminGet(`info-canned-policy?name=${accessPolicyName(user)}`)).status).toBe(404);
    expect(await s3Failure(tenant.send(new ListObjectsV2Command({ Bucket: bucket })))).toEqual({
      code: 'InvalidAccessKeyId',
      status: 403,
    });
    expect(
      await s3Failure(tenant.send(new PutObjectCommand({ Bucket: bucket, Key: 'late', Body: 'x' }))),
    ).toEqual({ code: 'InvalidAccessKeyId', status: 403 });
  });

  it('re-provisioning rotates the secret and moves the user to the new bucket', async () => {
    const [first, second] = ['move-from', 'move-to'];
    await driver.ensureBucket(first);
    await driver.ensureBucket(second);
    const user = 'plinth-ak-mover';
    const before = { accessKeyId: user, secretAccessKey: secret() };
    await driver.provisionAccess(user, first, before);
    await s3(user, before.secretAccessKey).send(new PutObjectCommand({ Bucket: first, Key: 'a', Body: 'a' }));

    const after = { accessKeyId: user, secretAccessKey: secret() };
    expect(await driver.provisionAccess(user, second, after)).toEqual(after);
    expect(
      await s3Failure(s3(user, before.secretAccessKey).send(new ListObjectsV2Command({ Bucket: second }))),
    ).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
    const now = s3(user, after.secretAccessKey);
    await now.send(new PutObjectCommand({ Bucket: second, Key: 'b', Body: 'b' }));
    expect(await s3Failure(now.send(new ListObjectsV2Command({ Bucket: first })))).toEqual({
      code: 'AccessDenied',
      status: 403,
    });
    await driver.revokeAccess(user, second);
  });

  it('refuses to provision what MinIO cannot represent, without creating anything', async () => {
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

  it('presigns a PUT as the bucket’s user that plain fetch can use, until the user is revoked', async () => {
    const bucket = 'uploads';
    await driver.ensureBucket(bucket);
    const user = await driver.provisionAccess('plinth-ak-upload', bucket, {
      accessKeyId: 'plinth-ak-upload',
      secretAccessKey: secret(),
    });
    const key = 'reports/2026 Q1 é.csv';
    const body = 'a,b\n1,2\n';
    const before = Date.now();
    const upload = await driver.presignPut(bucket, key, user, {
      contentType: 'text/csv',
      expiresSeconds: 300,
    });
    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({ 'Content-Type': 'text/csv' });
    expect(upload.expiresAt.getTime()).toBeGreaterThan(before + 298_000);
    expect(upload.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);
    const url = new URL(upload.url);
    expect(url.origin).toBe(server.endpoint);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Credential')?.startsWith('plinth-ak-upload/')).toBe(true);
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toBe(
      false,
    );

    // Another content type breaks the signature.
    const wrongType = await fetch(upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body,
    });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('SignatureDoesNotMatch');

    const res = await fetch(upload.url, { method: upload.method, headers: upload.headers, body });
    await res.body?.cancel();
    expect(res.status).toBe(200);
    const got = await root.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(got.ContentType).toBe('text/csv');
    expect(await got.Body?.transformToString()).toBe(body);

    // Without a content type nothing but the host is signed.
    const plain = await driver.presignPut(bucket, 'plain.bin', user, { expiresSeconds: 60 });
    expect(plain.headers).toEqual({});
    expect(new URL(plain.url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    const bytes = randomBytes(5_000);
    const put = await fetch(plain.url, { method: 'PUT', body: bytes });
    await put.body?.cancel();
    expect(put.status).toBe(200);
    const gotPlain = await root.send(new GetObjectCommand({ Bucket: bucket, Key: 'plain.bin' }));
    expect(Buffer.from(await gotPlain.Body!.transformToByteArray()).equals(bytes)).toBe(true);

    // A URL is worth what its signer is: revoking the user kills the URLs it signed.
    const later = await driver.presignPut(bucket, 'later.bin', user, { expiresSeconds: 300 });
    await driver.revokeAccess(user.accessKeyId, bucket);
    const refused = await fetch(later.url, { method: 'PUT', body: 'x' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('InvalidAccessKeyId');

    await expect(driver.presignPut(bucket, 'x', user, { expiresSeconds: 0 })).rejects.toThrow(RangeError);
    await expect(driver.presignPut(bucket, 'x', user, { expiresSeconds: 7 * 24 * 3600 + 1 })).rejects.toThrow(
      RangeError,
    );
  });

  it('presigns for the public endpoint, and the URL stops working when it expires', async () => {
    const bucket = 'public-uploads';
    await driver.ensureBucket(bucket);
    // The same server under another name stands for the address applications use.
    const publicEndpoint = server.endpoint.replace('127.0.0.1', 'localhost');
    const pub = createMinioDriver({ ...server, pathStyle: true, publicEndpoint });
    const upload = await pub.presignPut(bucket, 'via-public.txt', rootSigner, {
      contentType: 'text/plain',
      expiresSeconds: 60,
    });
    expect(upload.url.startsWith(`${publicEndpoint}/${bucket}/via-public.txt?`)).toBe(true);
    const res = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'public' });
    await res.body?.cancel();
    expect(res.status).toBe(200);
    const got = await root.send(new GetObjectCommand({ Bucket: bucket, Key: 'via-public.txt' }));
    expect(await got.Body?.transformToString()).toBe('public');

    const remote = createMinioDriver({
      ...server,
      pathStyle: true,
      publicEndpoint: 'https://s3.example.test',
    });
    const far = await remote.presignPut(bucket, 'k', rootSigner, { expiresSeconds: 60 });
    expect(far.url.startsWith(`https://s3.example.test/${bucket}/k?`)).toBe(true);

    const brief = await driver.presignPut(bucket, 'late.txt', rootSigner, { expiresSeconds: 1 });
    await new Promise((r) => setTimeout(r, brief.expiresAt.getTime() - Date.now() + 1_100));
    const late = await fetch(brief.url, { method: 'PUT', body: 'too late' });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
  });

  it(
    'reports every bucket’s usage in one call once the scanner has caught up',
    { timeout: 200_000 },
    async () => {
      const expected = {
        bytes: Object.values(usageObjects).reduce((a, b) => a + b, 0),
        objects: Object.keys(usageObjects).length,
      };
      const started = Date.now();
      const deadline = started + 180_000;
      let usage = await driver.usage();
      while (
        usage.buckets.get(usageBucket)?.bytes !== expected.bytes ||
        usage.buckets.get(usageBucket)?.objects !== expected.objects
      ) {
        if (Date.now() > deadline)
          throw new Error(
            `usage not reported within 180 s; last answer: ${JSON.stringify([...usage.buckets])}`,
          );
        await new Promise((r) => setTimeout(r, 2_000));
        usage = await driver.usage();
      }
      console.log(
        `usage caught up ${Date.now() - uploadedAt} ms after the upload (${Date.now() - started} ms of polling); ` +
          `buckets reported: ${usage.buckets.size}`,
      );
      expect(usage.buckets.get(usageBucket)).toEqual(expected);
      expect(usage.measuredAt).toBeInstanceOf(Date);
      expect(usage.measuredAt!.getTime()).toBeGreaterThan(uploadedAt - 60_000);
      expect(usage.measuredAt!.getTime()).toBeLessThanOrEqual(Date.now());
    },
  );
});
