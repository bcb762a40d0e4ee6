import type { S3Client } from '@aws-sdk/client-s3';
import {
  GetBucketCorsCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutBucketTaggingCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { startGarageServer } from '../../../test/garage-server.ts';
import { driverSuite } from '../../../test/storage-driver-suite.ts';
import { preflight, s3ClientFactory, s3Failure, secret, storageFailure } from '../../../test/s3.ts';
import type { Credentials } from './driver.ts';
import { createGarageAdmin } from './garage-admin.ts';
import { accessKeyName, createGarageDriver, ensureApiKey, MARK_ALIAS_PREFIX } from './garage-driver.ts';

// The shared driver suite (api/src/test/storage-driver-suite.ts) against a fresh single-node Garage, then what only
// Garage has.
const garage = driverSuite({
  name: 'Garage',
  async start() {
    const server = await startGarageServer();
    const options = {
      s3Endpoint: server.s3Endpoint,
      adminEndpoint: server.adminEndpoint,
      adminToken: server.adminToken,
      region: server.region,
      pathStyle: true,
    };
    const garageAdmin = createGarageAdmin({ endpoint: server.adminEndpoint, token: server.adminToken });
    // The key the driver makes for itself on first use (the driver finds it by name).
    const apiKey = await ensureApiKey(garageAdmin, 'plinth-api');
    return {
      server,
      options,
      garageAdmin,
      apiKey,
      driver: createGarageDriver(options),
      s3Endpoint: server.s3Endpoint,
      region: server.region,
      admin: { accessKeyId: apiKey.accessKeyId, secretAccessKey: apiKey.secretAccessKey },
      withPublicEndpoint: (publicEndpoint: string) => createGarageDriver({ ...options, publicEndpoint }),
      // The key imported under the user's ID, or the one issued under the user's name.
      accessKeysOf: async (user: string) =>
        (await garageAdmin.listKeys())
          .filter((k) => k.id === user || k.name === accessKeyName(user))
          .map((k) => k.id),
      stop: () => server.stop(),
    };
  },
  answers: {
    // Garage answers 403 AccessDenied ("No such key", "Invalid signature") for both.
    unknownKey: 'AccessDenied',
    badSignature: 'AccessDenied',
    // An expired presigned URL is 400 InvalidRequest, "Date is too old".
    expired: { status: 400, text: 'Date is too old' },
  },
  // Counters kept as objects are written, not scanned: undated.
  usageDated: false,
  usageTimeoutMs: 60_000,
});

const s3Clients = s3ClientFactory();
const s3 = (c: Credentials, endpoint = garage().s3Endpoint): S3Client =>
  s3Clients.client(endpoint, c.accessKeyId, c.secretAccessKey, garage().region);

describe('Garage storage driver: what only Garage has', () => {
  afterAll(() => s3Clients.destroyAll());

  it('imports the proposed credentials while their ID is fresh; a revoked ID gets a key Garage issues, found again on a retry', async () => {
    const { driver, garageAdmin } = garage();
    const bucket = 'import-bucket';
    await driver.ensureBucket(bucket);
    const user = 'PLIMPORTED0123456789';
    const proposed = { accessKeyId: user, secretAccessKey: 'A'.repeat(20) + secret() };
    expect(await driver.provisionAccess(user, bucket, proposed)).toEqual(proposed);
    const imported = await garageAdmin.keyInfo(user);
    expect(imported).toMatchObject({ name: accessKeyName(user), permissions: { createBucket: false } });
    expect(imported!.buckets.map((b) => [b.globalAliases, b.permissions])).toEqual([
      [[bucket], { read: true, write: true, owner: false }],
    ]);

    // Revoked, the ID stays a tombstone: ImportKey refuses it for ever.
    await driver.revokeAccess(user, bucket);
    await expect(garageAdmin.importKey(user, proposed.secretAccessKey, 'again')).rejects.toMatchObject({
      status: 409,
      code: 'KeyAlreadyExists',
    });
    const issued = await driver.provisionAccess(user, bucket, proposed);
    expect(issued.accessKeyId).toMatch(/^GK[0-9a-f]{24}$/);
    expect(issued.secretAccessKey).toMatch(/^[0-9a-f]{64}$/);
    // The saga crashed before recording the new key: the retry finds it by name.
    expect(await driver.provisionAccess(user, bucket, proposed)).toEqual(issued);
    // Recorded, the saga passes the issued key as the user from then on.
    expect(await driver.provisionAccess(issued.accessKeyId, bucket, issued)).toEqual(issued);
    expect(
      (await garageAdmin.listKeys()).filter((k) => k.name === accessKeyName(user)).map((k) => k.id),
    ).toEqual([issued.accessKeyId]);
    await s3(issued).send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v' }));

    await driver.revokeAccess(issued.accessKeyId, bucket);
    expect(await driver.accessExists(user)).toBe(false);
    expect(await driver.accessExists(issued.accessKeyId)).toBe(false);
  });

  it('owns its buckets with its own key, which may not create buckets; a tenant key is read and write on one bucket', async () => {
    const { driver, garageAdmin, apiKey } = garage();
    const bucket = 'owned-bucket';
    await driver.ensureBucket(bucket);
    const info = (await garageAdmin.bucketByName(bucket))!;
    const user = 'plinth-ak-owned';
    const tenant = await driver.provisionAccess(user, bucket, {
      accessKeyId: user,
      secretAccessKey: secret(),
    });
    const after = (await garageAdmin.bucketByName(bucket))!;
    expect(after.globalAliases).toEqual([bucket]);
    expect(
      after.keys.map((k) => [k.name, k.permissions] as const).sort((x, y) => x[0].localeCompare(y[0])),
    ).toEqual([
      [accessKeyName(user), { read: true, write: true, owner: false }],
      ['plinth-api', { read: true, write: true, owner: true }],
    ]);
    expect(info.id).toBe(after.id);
    expect((await garageAdmin.keyInfo(apiKey.id))!.permissions.createBucket).toBe(false);
    expect((await garageAdmin.keyInfo(tenant.accessKeyId))!.permissions.createBucket).toBe(false);
    await driver.revokeAccess(user, bucket);
  });

  it('says bucket_owned_elsewhere for a bucket another key owns, and takes over one nobody owns', async () => {
    const { driver, garageAdmin, apiKey } = garage();
    // Someone else's bucket, owned by their key.
    const stranger = await garageAdmin.createKey('stranger');
    const theirs = await garageAdmin.createBucket('strangers-bucket');
    await garageAdmin.allowBucketKey(theirs.id, stranger.accessKeyId, {
      read: true,
      write: true,
      owner: true,
    });
    expect(await storageFailure(driver.ensureBucket('strangers-bucket'))).toBe('bucket_owned_elsewhere');
    expect(await storageFailure(driver.ensureBucket('strangers-bucket'))).toBe('bucket_owned_elsewhere');
    expect(await driver.bucketExists('strangers-bucket')).toBe(true);
    expect(await driver.bucketMark('strangers-bucket')).toBeNull();

    // A bucket without any key (made with `garage bucket create`, or our own creation cut short
    // before its permission): 'existed', and the API's key owns it from then on. The saga decides
    // by the mark whether it is a tenant's.
    const orphan = await garageAdmin.createBucket('ownerless-bucket');
    expect(await driver.ensureBucket('ownerless-bucket')).toBe('existed');
    const own = (await garageAdmin.bucketByName('ownerless-bucket'))!.keys.find(
      (k) => k.accessKeyId === apiKey.id,
    );
    expect(own?.permissions).toEqual({ read: true, write: true, owner: true });
    expect(await driver.ensureBucket('ownerless-bucket')).toBe('existed');
    expect(orphan.id).toBe((await garageAdmin.bucketByName('ownerless-bucket'))!.id);
  });

  it('has no bucket tagging or versioning; marks are local aliases of its own key', async () => {
    const { driver, garageAdmin, apiKey } = garage();
    const bucket = 'tripwire';
    await driver.ensureBucket(bucket);
    const api = s3(apiKey);
    // Tripwires: should Garage implement these, the driver could use them.
    expect(
      await s3Failure(api.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet: [] } }))),
    ).toEqual({ code: 'NotImplemented', status: 501 });
    expect(await s3Failure(api.send(new ListObjectVersionsCommand({ Bucket: bucket })))).toEqual({
      code: 'NotImplemented',
      status: 501,
    });

    // Preflights without a rule: 403 (with `Access-Control-Allow-Origin: *`, as on every Garage
    // S3 error; browsers refuse the preflight for its status). For a name that is no global
    // bucket, Garage lets everything in: it cannot tell a missing bucket from a key's local one.
    const origin = 'http://example.test';
    expect(await preflight(`${garage().s3Endpoint}/${bucket}/k`, origin)).toEqual({
      status: 403,
      allowOrigin: '*',
      allowMethods: null,
    });
    expect(await preflight(`${garage().s3Endpoint}/no-such-bucket/k`, origin)).toEqual({
      status: 200,
      allowOrigin: '*',
      allowMethods: '*',
    });

    const id = '0b6f0d2e-6f43-4c2a-9a59-2f1f3c4d5e6f';
    await driver.markBucket(bucket, id);
    const info = (await garageAdmin.bucketByName(bucket))!;
    expect(info.keys.find((k) => k.accessKeyId === apiKey.id)?.bucketLocalAliases).toEqual([
      MARK_ALIAS_PREFIX + id,
    ]);
    // Marks are not bucket names anyone else sees.
    expect(info.globalAliases).toEqual([bucket]);
    await expect(driver.markBucket(bucket, 'Not A Valid/Mark')).rejects.toThrow(/bucket mark/);
    // A local alias names one bucket per key: an ID marks one bucket at a time.
    await driver.ensureBucket('tripwire-two');
    await expect(driver.markBucket('tripwire-two', id)).rejects.toMatchObject({ status: 400 });
    expect(await driver.bucketMark('tripwire-two')).toBeNull();
    expect(await driver.bucketMark(bucket)).toBe(id);
  });

  it('refuses to provision what Garage cannot import, before any call', async () => {
    const { driver } = garage();
    const key = secret();
    const mismatch = await driver
      .provisionAccess('plinth-ak-a', 'alpha', { accessKeyId: 'plinth-ak-b', secretAccessKey: key })
      .catch((e: unknown) => e);
    expect(mismatch).toBeInstanceOf(Error);
    expect((mismatch as Error).message).not.toContain(key);
    for (const [id, sec] of [
      ['short', key],
      ['has space', key],
      ['plinth-ak-c', 'too-short'],
      ['plinth-ak-c', `tab\there-${key}`],
    ] as const) {
      const err = await driver
        .provisionAccess(id, 'alpha', { accessKeyId: id, secretAccessKey: sec })
        .catch((e: unknown) => e);
      expect(err, id).toBeInstanceOf(Error);
      expect((err as Error).message).not.toContain(sec);
      expect(await driver.accessExists(id)).toBe(false);
    }
    const { apiKey } = garage();
    await expect(
      driver.provisionAccess(apiKey.id, 'alpha', { accessKeyId: apiKey.id, secretAccessKey: key }),
    ).rejects.toThrow(/own Garage key/);
    await expect(driver.revokeAccess(apiKey.id, 'alpha')).rejects.toThrow(/own Garage key/);
  });

  it(
    'keeps buckets, marks, keys, permissions and CORS rules across a restart',
    { timeout: 120_000 },
    async () => {
      const { driver, server, options } = garage();
      const bucket = 'durable';
      await driver.ensureBucket(bucket);
      const id = '3f1e2d3c-4b5a-4697-8887-766554433221';
      await driver.markBucket(bucket, id);
      await driver.setCorsAllowAll(bucket, true);
      const user = 'plinth-ak-durable';
      const tenant = await driver.provisionAccess(user, bucket, {
        accessKeyId: user,
        secretAccessKey: secret(),
      });
      await s3(tenant).send(new PutObjectCommand({ Bucket: bucket, Key: 'before', Body: 'kept' }));

      await server.restart();

      // A new API process: it finds its key by name again.
      const fresh = createGarageDriver(options);
      const clients = s3ClientFactory();
      try {
        expect(await fresh.ensureBucket(bucket)).toBe('existed');
        expect(await fresh.bucketMark(bucket)).toBe(id);
        expect(await fresh.accessExists(user)).toBe(true);
        const again = clients.client(
          server.s3Endpoint,
          tenant.accessKeyId,
          tenant.secretAccessKey,
          server.region,
        );
        const got = await again.send(new GetObjectCommand({ Bucket: bucket, Key: 'before' }));
        expect(await got.Body?.transformToString()).toBe('kept');
        const { apiKey } = garage();
        const api = clients.client(
          server.s3Endpoint,
          apiKey.accessKeyId,
          apiKey.secretAccessKey,
          server.region,
        );
        expect((await api.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules).toHaveLength(1);
        await expect
          .poll(async () => (await fresh.usage()).buckets.get(bucket), { timeout: 30_000, interval: 500 })
          .toEqual({ bytes: 4, objects: 1 });
      } finally {
        clients.destroyAll();
      }
    },
  );
});
