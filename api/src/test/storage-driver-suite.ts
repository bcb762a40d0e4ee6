import type { S3Client } from '@aws-sdk/client-s3';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetBucketLocationCommand,
  GetBucketTaggingCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutBucketTaggingCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letsBrowsersIn, preflight, s3ClientFactory, s3Failure, secret, storageFailure } from './s3.ts';
import { eventually } from './eventually.ts';
import type { Credentials, StorageDriver } from '../areas/buckets/storage/driver.ts';

/**
 * The integration tests every storage driver must pass against a real server of its backend
 * (docs/storage.md, "The interface"). A driver's `*.int.test.ts` calls `driverSuite` with a way to
 * start its backend, then adds the tests only its backend has.
 */

/** A started backend and a driver on it. */
export interface DriverUnderTest {
  readonly driver: StorageDriver;
  /** The S3 API, and the region signatures must name there. */
  readonly s3Endpoint: string;
  readonly region: string;
  /** Credentials that may read and write every bucket the driver makes (to put test objects). */
  readonly admin: Credentials;
  /** Another driver on the same backend whose presigned URLs name `publicEndpoint`. */
  withPublicEndpoint(publicEndpoint: string): StorageDriver;
  /** IDs of the access keys the backend holds for `user`: exactly one after a provisioning. */
  accessKeysOf(user: string): Promise<string[]>;
  stop(): Promise<void>;
}

export interface DriverSuiteOptions<T extends DriverUnderTest> {
  /** The backend's name in test titles, `MinIO`. */
  readonly name: string;
  start(): Promise<T>;
  /** Where S3 implementations answer differently. */
  readonly answers: {
    /** The S3 error code for a request signed with a key that does not exist (revoked). */
    readonly unknownKey: string;
    /** The S3 error code for a signature that does not match its request. */
    readonly badSignature: string;
    /** Status and a piece of the body for a presigned URL used after it expired. */
    readonly expired: { readonly status: number; readonly text: string };
  };
  /** Whether `usage()` dates its figures (`measuredAt`). */
  readonly usageDated: boolean;
  /** How long usage may take to show the test objects. */
  readonly usageTimeoutMs: number;
}

/** The same credentials, whatever else the object carries. */
const creds = (c: Credentials) => ({ accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey });

/**
 * Registers the shared tests (and the `beforeAll`/`afterAll` that start and stop the backend) in
 * the calling file; returns a getter for the started backend, for the file's own tests.
 */
export function driverSuite<T extends DriverUnderTest>(opts: DriverSuiteOptions<T>): () => T {
  let b: T;
  let root: S3Client;
  const clients = s3ClientFactory();
  const s3 = (c: Credentials): S3Client =>
    clients.client(b.s3Endpoint, c.accessKeyId, c.secretAccessKey, b.region);
  const denied = { code: 'AccessDenied', status: 403 };
  const { answers } = opts;

  // Written before the other tests run, so a backend that counts in the background (MinIO's
  // scanner) works while they do.
  const usageBucket = 'driver-usage';
  const usageObjects = { 'one.bin': 4_096, 'dir/two.bin': 123_457 };
  let uploadedAt = 0;

  beforeAll(async () => {
    b = await opts.start();
    root = s3(b.admin);
    expect(await b.driver.ensureBucket(usageBucket)).toBe('created');
    for (const [key, size] of Object.entries(usageObjects))
      await root.send(new PutObjectCommand({ Bucket: usageBucket, Key: key, Body: randomBytes(size) }));
    uploadedAt = Date.now();
  }, 180_000);

  afterAll(async () => {
    clients.destroyAll();
    await b?.stop();
  });

  describe(`${opts.name} storage driver against a real server (the shared driver suite)`, () => {
    it('creates a bucket once, then reports it as existing; refuses invalid names', async () => {
      const { driver } = b;
      expect(await driver.bucketExists('alpha')).toBe(false);
      expect(await driver.ensureBucket('alpha')).toBe('created');
      expect(await driver.ensureBucket('alpha')).toBe('existed');
      expect(await driver.bucketExists('alpha')).toBe(true);
      expect(await driver.bucketExists('alpha')).toBe(true);
      expect(await driver.bucketExists('never-made')).toBe(false);

      for (const name of ['Bad_Name', 'ab', 'x'.repeat(64), '-dash-first', '192.168.1.1'])
        expect(await storageFailure(driver.ensureBucket(name)), name).toBe('invalid_name');
    });

    it('marks a bucket with an ID, idempotently; tenants can neither read nor change the mark', async () => {
      const { driver } = b;
      const bucket = 'marked';
      await driver.ensureBucket(bucket);
      expect(await driver.bucketMark(bucket)).toBeNull();
      expect(await driver.bucketMark('never-made')).toBeNull();
      await driver.markBucket(bucket, 'id-1');
      await driver.markBucket(bucket, 'id-1');
      expect(await driver.bucketMark(bucket)).toBe('id-1');
      const id = randomUUID(); // what the saga marks with: a bucket row's ID
      await driver.markBucket(bucket, id);
      expect(await driver.bucketMark(bucket)).toBe(id);

      const user = await driver.provisionAccess('plinth-ak-mark', bucket, {
        accessKeyId: 'plinth-ak-mark',
        secretAccessKey: secret(),
      });
      const tenant = s3(user);
      const put = new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: [] } });
      expect(await s3Failure(tenant.send(put))).toEqual(denied);
      const get = new GetBucketTaggingCommand({ Bucket: bucket });
      expect(await s3Failure(tenant.send(get))).toEqual(denied);
      expect(await driver.bucketMark(bucket)).toBe(id);
      await driver.revokeAccess(user.accessKeyId, bucket);

      // The mark goes with the bucket.
      await driver.deleteBucket(bucket);
      expect(await driver.bucketMark(bucket)).toBeNull();
      expect(await driver.ensureBucket(bucket)).toBe('created');
      expect(await driver.bucketMark(bucket)).toBeNull();
    });

    it('tells empty from non-empty buckets and deletes only empty ones, idempotently', async () => {
      const { driver } = b;
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

    it('provisions credentials confined to one bucket, idempotently, and revokes them', async () => {
      const { driver } = b;
      const bucket = 'tenant-one';
      const other = 'tenant-two';
      await driver.ensureBucket(bucket);
      await driver.ensureBucket(other);
      await root.send(new PutObjectCommand({ Bucket: other, Key: 'secret.txt', Body: 'not yours' }));

      const user = 'plinth-ak-tenant-one';
      const proposed = { accessKeyId: user, secretAccessKey: secret() };
      expect(await driver.accessExists(user)).toBe(false);
      const issued = creds(await driver.provisionAccess(user, bucket, proposed));
      expect(creds(await driver.provisionAccess(user, bucket, proposed))).toEqual(issued);
      expect(await driver.accessExists(user)).toBe(true);
      expect(await b.accessKeysOf(user)).toEqual([issued.accessKeyId]);

      const tenant = s3(issued);
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

      // Least privilege: nothing of another bucket, no new bucket.
      expect(
        await s3Failure(tenant.send(new GetObjectCommand({ Bucket: other, Key: 'secret.txt' }))),
      ).toEqual(denied);
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
      expect(await b.accessKeysOf(user)).toEqual([]);
      const revoked = { code: answers.unknownKey, status: 403 };
      expect(await s3Failure(tenant.send(new ListObjectsV2Command({ Bucket: bucket })))).toEqual(revoked);
      expect(
        await s3Failure(tenant.send(new PutObjectCommand({ Bucket: bucket, Key: 'late', Body: 'x' }))),
      ).toEqual(revoked);
    });

    it('re-provisioning with another secret replaces the credentials and moves them to the new bucket', async () => {
      const { driver } = b;
      const [first, second] = ['move-from', 'move-to'];
      await driver.ensureBucket(first);
      await driver.ensureBucket(second);
      const user = 'plinth-ak-mover';
      const before = creds(
        await driver.provisionAccess(user, first, { accessKeyId: user, secretAccessKey: secret() }),
      );
      await s3(before).send(new PutObjectCommand({ Bucket: first, Key: 'a', Body: 'a' }));

      const after = creds(
        await driver.provisionAccess(user, second, { accessKeyId: user, secretAccessKey: secret() }),
      );
      expect(after.secretAccessKey).not.toBe(before.secretAccessKey);
      expect(await b.accessKeysOf(user)).toEqual([after.accessKeyId]);
      const old = await s3Failure(s3(before).send(new ListObjectsV2Command({ Bucket: second })));
      expect(old.status).toBe(403);
      expect([answers.badSignature, answers.unknownKey]).toContain(old.code);
      const now = s3(after);
      await now.send(new PutObjectCommand({ Bucket: second, Key: 'b', Body: 'b' }));
      expect(await s3Failure(now.send(new ListObjectsV2Command({ Bucket: first })))).toEqual(denied);

      // Revoking the user takes whatever key it has now.
      await driver.revokeAccess(user, second);
      expect(await driver.accessExists(user)).toBe(false);
      expect(await b.accessKeysOf(user)).toEqual([]);
      expect((await s3Failure(now.send(new ListObjectsV2Command({ Bucket: second })))).status).toBe(403);
    });

    it('ends with one working key when provisioning is repeated after a crash, also after a revocation', async () => {
      const { driver } = b;
      const bucket = 'crash-bucket';
      await driver.ensureBucket(bucket);
      const user = 'plinth-ak-crash';
      const proposed = { accessKeyId: user, secretAccessKey: secret() };
      // The saga crashed after the call and never learned its answer: it calls again.
      const first = creds(await driver.provisionAccess(user, bucket, proposed));
      const again = creds(await driver.provisionAccess(user, bucket, proposed));
      expect(again).toEqual(first);
      expect(await b.accessKeysOf(user)).toEqual([first.accessKeyId]);

      // A deletion revoked the access, then found objects and gives the bucket its access back
      // (the saga's deprovision path), crashing in between as often as it likes.
      await driver.revokeAccess(first.accessKeyId, bucket);
      const back = creds(await driver.provisionAccess(user, bucket, proposed));
      const backAgain = creds(await driver.provisionAccess(user, bucket, proposed));
      expect(backAgain).toEqual(back);
      expect(await b.accessKeysOf(user)).toEqual([back.accessKeyId]);
      await s3(back).send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v' }));

      // Two at once (no saga does this; two replicas could): still one key in the end.
      await driver.revokeAccess(user, bucket);
      await Promise.all([
        driver.provisionAccess(user, bucket, proposed),
        driver.provisionAccess(user, bucket, proposed),
      ]);
      const settled = creds(await driver.provisionAccess(user, bucket, proposed));
      expect(await b.accessKeysOf(user)).toEqual([settled.accessKeyId]);
      const got = await s3(settled).send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }));
      expect(await got.Body?.transformToString()).toBe('v');
      await driver.revokeAccess(user, bucket);
      expect(await b.accessKeysOf(user)).toEqual([]);
    });

    it('applies and removes the canonical CORS rule set where the backend has bucket CORS', async (ctx) => {
      const { driver } = b;
      if (!driver.supportsCors) ctx.skip(); // the backend's own file tests what it does instead
      const bucket = 'cors-rules';
      await driver.ensureBucket(bucket);
      const url = `${b.s3Endpoint}/${bucket}/some/object.bin`;
      const origin = 'http://example.test';
      expect(letsBrowsersIn(await preflight(url, origin))).toBe(false);

      await driver.setCorsAllowAll(bucket, true);
      await driver.setCorsAllowAll(bucket, true);
      const rules = await root.send(new GetBucketCorsCommand({ Bucket: bucket }));
      expect(rules.CORSRules?.map(({ ID: _, ...r }) => r)).toEqual([
        {
          AllowedOrigins: ['*'],
          AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD', 'DELETE'],
          AllowedHeaders: ['*'],
          ExposeHeaders: ['ETag'],
          MaxAgeSeconds: 3600,
        },
      ]);
      const allowed = await preflight(url, origin);
      expect(letsBrowsersIn(allowed)).toBe(true);
      expect(['*', origin]).toContain(allowed.allowOrigin);
      expect(allowed.allowMethods).toContain('PUT');

      // The upload itself answers with the headers a page needs to read the ETag.
      const user = await driver.provisionAccess('plinth-ak-cors', bucket, {
        accessKeyId: 'plinth-ak-cors',
        secretAccessKey: secret(),
      });
      const upload = await driver.presignPut(bucket, 'from-browser.txt', user, {
        contentType: 'text/plain',
        expiresSeconds: 60,
      });
      const res = await fetch(upload.url, {
        method: 'PUT',
        headers: { ...upload.headers, Origin: origin },
        body: 'from a page',
      });
      await res.body?.cancel();
      expect(res.status).toBe(200);
      expect(['*', origin]).toContain(res.headers.get('access-control-allow-origin'));
      expect(res.headers.get('access-control-expose-headers')?.toLowerCase().split(/,\s*/)).toContain('etag');

      await driver.setCorsAllowAll(bucket, false);
      await driver.setCorsAllowAll(bucket, false);
      expect(await s3Failure(root.send(new GetBucketCorsCommand({ Bucket: bucket })))).toEqual({
        code: 'NoSuchCORSConfiguration',
        status: 404,
      });
      expect(letsBrowsersIn(await preflight(url, origin))).toBe(false);
      await driver.setCorsAllowAll('never-made', false); // absent: nothing to remove
      await driver.revokeAccess(user.accessKeyId, bucket);
    });

    it('presigns a PUT as the bucket’s user that plain fetch can use, until the user is revoked', async () => {
      const { driver } = b;
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
      expect(url.origin).toBe(b.s3Endpoint);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(url.searchParams.get('X-Amz-Credential')?.startsWith(`${user.accessKeyId}/`)).toBe(true);
      expect(url.searchParams.get('X-Amz-Credential')).toContain(`/${b.region}/s3/`);
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
      expect(await wrongType.text()).toContain(answers.badSignature);

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
      expect(await refused.text()).toContain(answers.unknownKey);

      await expect(driver.presignPut(bucket, 'x', user, { expiresSeconds: 0 })).rejects.toThrow(RangeError);
      await expect(
        driver.presignPut(bucket, 'x', user, { expiresSeconds: 7 * 24 * 3600 + 1 }),
      ).rejects.toThrow(RangeError);
    });

    it('presigns for the public endpoint, and the URL stops working when it expires', async () => {
      const { driver } = b;
      const bucket = 'public-uploads';
      await driver.ensureBucket(bucket);
      const signer = await driver.provisionAccess('plinth-ak-public', bucket, {
        accessKeyId: 'plinth-ak-public',
        secretAccessKey: secret(),
      });
      // The same server under another name stands for the address applications use.
      const publicEndpoint = b.s3Endpoint.replace('127.0.0.1', 'localhost');
      const pub = b.withPublicEndpoint(publicEndpoint);
      const upload = await pub.presignPut(bucket, 'via-public.txt', signer, {
        contentType: 'text/plain',
        expiresSeconds: 60,
      });
      expect(upload.url.startsWith(`${publicEndpoint}/${bucket}/via-public.txt?`)).toBe(true);
      const res = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'public' });
      await res.body?.cancel();
      expect(res.status).toBe(200);
      const got = await root.send(new GetObjectCommand({ Bucket: bucket, Key: 'via-public.txt' }));
      expect(await got.Body?.transformToString()).toBe('public');

      const far = await b
        .withPublicEndpoint('https://s3.example.test')
        .presignPut(bucket, 'k', signer, { expiresSeconds: 60 });
      expect(far.url.startsWith(`https://s3.example.test/${bucket}/k?`)).toBe(true);

      const brief = await driver.presignPut(bucket, 'late.txt', signer, { expiresSeconds: 1 });
      await new Promise((r) => setTimeout(r, brief.expiresAt.getTime() - Date.now() + 1_100));
      const late = await fetch(brief.url, { method: 'PUT', body: 'too late' });
      expect(late.status).toBe(answers.expired.status);
      expect(await late.text()).toContain(answers.expired.text);
      await driver.revokeAccess(signer.accessKeyId, bucket);
    });

    it('reports the usage of every bucket, objects and bytes', { timeout: 240_000 }, async () => {
      const expected = {
        bytes: Object.values(usageObjects).reduce((x, y) => x + y, 0),
        objects: Object.keys(usageObjects).length,
      };
      const started = Date.now();
      const usage = await eventually(`the usage of ${usageBucket}`, () => b.driver.usage(), {
        timeoutMs: opts.usageTimeoutMs,
        intervalMs: 1_000,
        until: (u) =>
          u.buckets.get(usageBucket)?.bytes === expected.bytes &&
          u.buckets.get(usageBucket)?.objects === expected.objects,
      });
      console.log(
        `${opts.name}: usage caught up ${Date.now() - uploadedAt} ms after the upload ` +
          `(${Date.now() - started} ms of polling); buckets reported: ${usage.buckets.size}`,
      );
      expect(usage.buckets.get(usageBucket)).toEqual(expected);
      if (opts.usageDated) {
        expect(usage.measuredAt).toBeInstanceOf(Date);
        expect(usage.measuredAt!.getTime()).toBeGreaterThan(uploadedAt - 60_000);
        expect(usage.measuredAt!.getTime()).toBeLessThanOrEqual(Date.now());
      } else {
        expect(usage.measuredAt).toBeUndefined();
      }
    });
  });

  return () => b;
}
