import type { S3Client } from '@aws-sdk/client-s3';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMinioServer } from '../../../test/minio-server.ts';
import { s3ClientFactory, s3Failure } from '../../../test/s3.ts';
import type { MinioServer } from '../../../test/minio-server.ts';
import { decryptData, encryptData } from './madmin-crypto.ts';
import { createMinioAdmin, MinioAdminError } from './minio-admin.ts';
import type { MinioAdmin } from './minio-admin.ts';
import { accessPolicy } from './minio-driver.ts';
import { signRequest } from './sigv4.ts';
import { eventually } from '../../../test/eventually.ts';

let server: MinioServer;
let admin: MinioAdmin;
let root: S3Client;
const s3Clients = s3ClientFactory();

function s3(accessKeyId: string, secretAccessKey: string): S3Client {
  return s3Clients.client(server.endpoint, accessKeyId, secretAccessKey);
}

/** A signed admin request by hand, for what the client does not expose: raw bodies. */
async function adminRequest(method: string, path: string, body?: Uint8Array): Promise<Response> {
  const url = new URL(`${server.endpoint}/minio/admin/v3/${path}`);
  const { headers } = signRequest(
    { method, url, body },
    { accessKeyId: server.accessKey, secretAccessKey: server.secretKey, region: 'us-east-1', service: 's3' },
  );
  const { Host: _host, ...send } = headers;
  return fetch(url, { method, headers: send, body });
}

// The policy the driver gives an access user: exactly one bucket and its objects.
const bucketPolicy = accessPolicy;

// Written before the other tests run, so the usage scanner works while they do.
const usageBucket = 'usage-bucket';
const usageObjects = { 'a.bin': 1_000, 'dir/b.bin': 2_500, 'dir/sub/c.bin': 70_000 };
let uploadedAt = 0;

beforeAll(async () => {
  server = await startMinioServer();
  admin = createMinioAdmin(server);
  root = s3(server.accessKey, server.secretKey);
  await root.send(new CreateBucketCommand({ Bucket: usageBucket }));
  for (const [key, size] of Object.entries(usageObjects))
    await root.send(new PutObjectCommand({ Bucket: usageBucket, Key: key, Body: randomBytes(size) }));
  uploadedAt = Date.now();
}, 120_000);

afterAll(async () => {
  s3Clients.destroyAll();
  await server?.stop();
});

describe('MinIO admin client against a real server', () => {
  it('confines a user to its bucket with a canned policy, then removes both idempotently', async () => {
    const bucket = 'tenant-a';
    const other = 'tenant-b';
    await root.send(new CreateBucketCommand({ Bucket: bucket }));
    await root.send(new CreateBucketCommand({ Bucket: other }));
    await root.send(new PutObjectCommand({ Bucket: other, Key: 'secret.txt', Body: 'not yours' }));

    const user = 'tenant-a-user';
    const secret = randomBytes(18).toString('base64url');
    const policy = 'tenant-a-rw';
    await admin.addUser(user, secret);
    await admin.addUser(user, secret); // again: an update, not an error
    await admin.addCannedPolicy(policy, bucketPolicy(bucket));
    await admin.setUserPolicy(user, policy);
    await admin.setUserPolicy(user, policy); // again: the same mapping, not an error
    expect(await admin.attachPolicy(user, [policy])).toEqual([]); // "no net effect": done already

    expect(await admin.userInfo(user)).toMatchObject({ status: 'enabled', policyName: policy, memberOf: [] });
    expect((await admin.listUsers())[user]).toEqual({ status: 'enabled', policyName: policy });

    const tenant = s3(user, secret);
    await tenant.send(new PutObjectCommand({ Bucket: bucket, Key: 'hello.txt', Body: 'hello tenant' }));
    const listed = await tenant.send(new ListObjectsV2Command({ Bucket: bucket }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['hello.txt']);
    const got = await tenant.send(new GetObjectCommand({ Bucket: bucket, Key: 'hello.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello tenant');

    const denied = { code: 'AccessDenied', status: 403 };
    expect(await s3Failure(tenant.send(new GetObjectCommand({ Bucket: other, Key: 'secret.txt' })))).toEqual(
      denied,
    );
    expect(await s3Failure(tenant.send(new ListObjectsV2Command({ Bucket: other })))).toEqual(denied);
    expect(
      await s3Failure(tenant.send(new PutObjectCommand({ Bucket: other, Key: 'x', Body: 'x' }))),
    ).toEqual(denied);
    expect(await s3Failure(tenant.send(new CreateBucketCommand({ Bucket: 'tenant-a-more' })))).toEqual(
      denied,
    );

    // An attached policy cannot go first; the user has to.
    await expect(admin.removeCannedPolicy(policy)).rejects.toMatchObject({
      status: 400,
      code: 'XMinioIAMPolicyInUse',
    });
    await admin.removeUser(user);
    await admin.removeCannedPolicy(policy);
    expect(await admin.userInfo(user)).toBeNull();
    expect((await admin.listUsers())[user]).toBeUndefined();
    await admin.removeUser(user); // the server says 404 NoSuchUser: counts as removed
    await admin.removeCannedPolicy(policy); // the server says 200 for an unknown policy

    expect(await s3Failure(tenant.send(new ListObjectsV2Command({ Bucket: bucket })))).toEqual({
      code: 'InvalidAccessKeyId',
      status: 403,
    });
  });

  it('takes a PBKDF2-encrypted add-user body although it is no FIPS build', async () => {
    // What addUser sends: algorithm id 2, which madmin-go's EncryptData uses only in FIPS builds.
    const secret = randomBytes(18).toString('base64url');
    const body = await encryptData(
      server.secretKey,
      new TextEncoder().encode(JSON.stringify({ status: 'enabled', secretKey: secret })),
    );
    expect(body[32]).toBe(2);
    expect((await adminRequest('PUT', 'add-user?accessKey=pbkdf2-user', body)).status).toBe(200);
    expect(await admin.userInfo('pbkdf2-user')).toMatchObject({ status: 'enabled', policyName: '' });
    // The secret the server decrypted is the one sent: without a policy the user is denied, not unknown.
    const user = s3('pbkdf2-user', secret);
    expect(await s3Failure(user.send(new ListObjectsV2Command({ Bucket: usageBucket })))).toEqual({
      code: 'AccessDenied',
      status: 403,
    });
    await admin.removeUser('pbkdf2-user');
  });

  it('attaches with an encrypted answer; setting a policy replaces whatever is attached', async () => {
    const user = 'policy-user';
    const policy = 'policy-user-rw';
    await admin.addUser(user, randomBytes(18).toString('base64url'));
    await admin.addCannedPolicy(policy, bucketPolicy('policy-bucket'));
    // The server answers attach with an Argon2id-encrypted body: this decrypts a real response.
    expect(await admin.attachPolicy(user, [policy, 'readonly'])).toEqual([policy, 'readonly']);
    expect(await admin.userInfo(user)).toMatchObject({ policyName: `${policy},readonly` });
    await admin.setUserPolicy(user, policy);
    expect(await admin.userInfo(user)).toMatchObject({ policyName: policy });

    await expect(admin.setUserPolicy(user, 'no-such-policy')).rejects.toMatchObject({
      status: 404,
      code: 'XMinioAdminNoSuchPolicy',
    });
    await expect(admin.setUserPolicy('nobody-here', policy)).rejects.toMatchObject({
      status: 404,
      code: 'XMinioAdminNoSuchUser',
    });
    await admin.removeUser(user);
    await admin.removeCannedPolicy(policy);
  });

  it('decrypts a real multi-fragment response (list-users over 16 KiB)', async () => {
    // Long access keys (MinIO enforces only a minimum for users) make 70 users enough. One
    // encrypted body serves them all, sparing 70 key derivations on this side.
    const users = Array.from({ length: 70 }, (_, i) => `bulk-${i}-`.padEnd(240, 'x'));
    const body = await encryptData(
      server.secretKey,
      new TextEncoder().encode(JSON.stringify({ status: 'enabled', secretKey: 'bulk-user-secret' })),
    );
    for (let i = 0; i < users.length; i += 10) {
      const batch = users.slice(i, i + 10).map((u) => adminRequest('PUT', `add-user?accessKey=${u}`, body));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(200);
    }

    const res = await adminRequest('GET', 'list-users');
    expect(res.status).toBe(200);
    const sealed = new Uint8Array(await res.arrayBuffer());
    expect(sealed.length).toBeGreaterThan(41 + 16_384 + 16); // at least two fragments
    expect(sealed[32]).toBe(0); // Argon2id + AES-256-GCM, as on any CPU with AES instructions
    const listed = JSON.parse(
      new TextDecoder().decode(await decryptData(server.secretKey, sealed)),
    ) as Record<string, unknown>;
    expect(Object.keys(listed)).toEqual(expect.arrayContaining(users));

    await Promise.all(users.map((u) => admin.removeUser(u)));
  });

  it('accepts a multi-fragment encrypted request body', async () => {
    // The JSON is padded with whitespace to three fragments; the server must decrypt all of them
    // to create the user.
    const body = await encryptData(
      server.secretKey,
      new TextEncoder().encode(`{${' '.repeat(40_000)}"status":"enabled","secretKey":"padded-secret-1"}`),
    );
    expect((await adminRequest('PUT', 'add-user?accessKey=padded-user', body)).status).toBe(200);
    const user = s3('padded-user', 'padded-secret-1');
    // The user exists and its secret key is the one sent: it has no policy, so it is denied, not unknown.
    expect(await s3Failure(user.send(new ListObjectsV2Command({ Bucket: usageBucket })))).toEqual({
      code: 'AccessDenied',
      status: 403,
    });
    await admin.removeUser('padded-user');
  });

  it('throws MinioAdminError with status and code, and no secret in the message', async () => {
    const badSecret = 'Zq7';
    const err = await admin.addUser('short-secret-user', badSecret).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MinioAdminError);
    expect(err).toMatchObject({ status: 400, code: 'XMinioAdminInvalidSecretKey', operation: 'add-user' });
    expect((err as Error).message).not.toContain(badSecret);

    const wrongKey = `wrong-${randomBytes(8).toString('hex')}`;
    const forged = createMinioAdmin({ ...server, secretKey: wrongKey });
    const denied = await forged.userInfo('anyone').catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect((denied as Error).message).not.toContain(wrongKey);

    await expect(admin.attachPolicy('nobody-here', ['readwrite'])).rejects.toMatchObject({
      status: 404,
      code: 'XMinioAdminNoSuchUser',
    });
  });

  it('reports bucket usage once the scanner has caught up', { timeout: 200_000 }, async () => {
    const expected = {
      size: Object.values(usageObjects).reduce((a, b) => a + b, 0),
      objectsCount: Object.keys(usageObjects).length,
    };
    const started = Date.now();
    const usage = await eventually(`the usage of ${usageBucket}`, () => admin.dataUsageInfo(), {
      timeoutMs: 180_000,
      intervalMs: 2_000,
      until: (u) =>
        u.buckets[usageBucket]?.size === expected.size &&
        u.buckets[usageBucket]?.objectsCount === expected.objectsCount,
    });
    console.log(
      `datausageinfo caught up ${Date.now() - uploadedAt} ms after the upload (${Date.now() - started} ms of polling)`,
    );
    expect(usage.buckets[usageBucket]).toEqual(expected);
    expect(Date.parse(usage.lastUpdate ?? '')).toBeGreaterThan(0);
  });
});
