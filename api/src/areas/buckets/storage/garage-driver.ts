import {
  DeleteBucketCorsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { StorageError } from './driver.ts';
import type { BucketUsage, Credentials, PresignedUpload, StorageDriver, UsageReport } from './driver.ts';
import { createGarageAdmin, GarageAdminError } from './garage-admin.ts';
import type { GarageAdmin, GarageBucketInfo, GarageKeyInfo } from './garage-admin.ts';
import { presignPutObject, s3ClientConfig } from './presign.ts';

/** Where Garage is and how the API reaches it. */
export interface GarageDriverOptions {
  /** Base URL of the S3 API, e.g. `http://127.0.0.1:3900`. */
  s3Endpoint: string;
  /** Base URL of the admin API v2, e.g. `http://127.0.0.1:3903`. */
  adminEndpoint: string;
  /** A bearer token of the admin API. */
  adminToken: string;
  /** The server's `s3_region`; Garage refuses signatures naming any other region. */
  region: string;
  /** Path-style URLs; virtual-hosted style needs `root_domain` on the server. */
  pathStyle: boolean;
  /** The base URL applications reach the S3 API at, when it differs from `s3Endpoint`. */
  publicEndpoint?: string;
  /** Name of the S3 key the API makes for itself (default `plinth-api`). */
  apiKeyName?: string;
}

/**
 * The bucket mark (`MARK_TAG`): Garage has no bucket tagging (`PutBucketTagging` is 501
 * NotImplemented), so the mark is a local alias of the API's own key pointing to the bucket,
 * named this prefix plus the ID. Only the admin API can set local aliases of a key, tenants'
 * keys never see them, and they live in the bucket and key tables like everything else.
 */
export const MARK_ALIAS_PREFIX = 'plinth.dev.bucket-id.';

/** The name the driver gives a key it issues itself for `user` (see `provisionAccess`). */
export function accessKeyName(user: string): string {
  return `plinth-access:${user}`;
}

/** The canonical CORS rule set (docs/storage.md). */
export const CORS_ALLOW_ALL = {
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

// Garage's own rules for bucket names and aliases (garage_model is_valid_bucket_name).
const aliasShape = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// What ImportKey accepts (garage_model Key::import).
const importableId = /^[A-Za-z0-9_.-]{8,}$/;
const importableSecret = /^[\x21-\x7e]{16,}$/;

function s3Code(err: unknown): string | undefined {
  return err instanceof S3ServiceException ? err.name : undefined;
}

const isAdmin = (err: unknown, status: number, code?: string) =>
  err instanceof GarageAdminError && err.status === status && (code === undefined || err.code === code);

/** The oldest of several keys of one name, the same on every replica (then the smaller ID). */
function canonical<T extends { id: string; created: string | null }>(keys: T[]): T | undefined {
  return [...keys].sort(
    (a, b) => (a.created ?? '').localeCompare(b.created ?? '') || a.id.localeCompare(b.id),
  )[0];
}

/**
 * The API's own S3 key on the cluster, named `name`: made on first use (without the create-bucket
 * permission: buckets are made through the admin API), found by name afterwards. Replicas that
 * make one at the same time converge on the oldest and delete their own.
 */
export async function ensureApiKey(admin: GarageAdmin, name: string): Promise<Credentials & { id: string }> {
  const named = async () => (await admin.listKeys()).filter((k) => k.name === name && !k.expired);
  let found = canonical(await named());
  if (!found) {
    const made = await admin.createKey(name);
    found = canonical(await named());
    if (found && found.id !== made.accessKeyId) await admin.deleteKey(made.accessKeyId).catch(() => {});
    found ??= { id: made.accessKeyId, name, created: made.created, expired: false };
  }
  const key = await admin.keyInfo(found.id, true);
  if (!key?.secretAccessKey) throw new Error(`Garage key ${name} (${found.id}) vanished while being read`);
  if (key.permissions.createBucket) await admin.denyCreateBucket(key.accessKeyId);
  return { id: key.accessKeyId, accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey };
}

/**
 * The `garage` storage driver: buckets, keys, permissions, marks and usage through the admin API
 * v2; emptiness and CORS through the S3 API as the API's own key (owner of every bucket it makes);
 * presigned URLs signed locally. See docs/storage.md for the mapping and docs/adr/0008 for why.
 */
export function createGarageDriver(opts: GarageDriverOptions): StorageDriver {
  const admin = createGarageAdmin({ endpoint: opts.adminEndpoint, token: opts.adminToken });
  const apiKeyName = opts.apiKeyName ?? 'plinth-api';

  // The API key and its S3 client, resolved once; a failure is retried on the next call.
  let api: Promise<{ id: string; s3: S3Client }> | undefined;
  function apiKey() {
    api ??= ensureApiKey(admin, apiKeyName).then(
      (key) => ({
        id: key.id,
        s3: new S3Client(
          s3ClientConfig({
            endpoint: opts.s3Endpoint,
            region: opts.region,
            pathStyle: opts.pathStyle,
            credentials: key,
          }),
        ),
      }),
      (err: unknown) => {
        api = undefined;
        throw err;
      },
    );
    return api;
  }

  async function existingBucket(bucket: string): Promise<GarageBucketInfo> {
    const info = await admin.bucketByName(bucket);
    if (!info) throw new Error(`Garage has no bucket ${bucket}`);
    return info;
  }

  /** The marks the API's key holds on the bucket (normally at most one). */
  const marksOf = (info: GarageBucketInfo, apiId: string) =>
    (info.keys.find((k) => k.accessKeyId === apiId)?.bucketLocalAliases ?? [])
      .filter((a) => a.startsWith(MARK_ALIAS_PREFIX))
      .sort();

  /** Keys this driver issued for `user` (by name), oldest first. */
  async function issuedKeys(user: string) {
    const name = accessKeyName(user);
    return (await admin.listKeys())
      .filter((k) => k.name === name)
      .sort((a, b) => (a.created ?? '').localeCompare(b.created ?? '') || a.id.localeCompare(b.id));
  }

  /**
   * The one key of `user`, made if need be, and its secret. `proposed` is imported as is when its
   * ID was never used; an ID that exists with another secret, or that was deleted (Garage keeps
   * deleted keys as tombstones, and ImportKey refuses their IDs for ever), gets a key issued by
   * Garage instead, named after `user` so that a repeated call finds it rather than making another.
   */
  async function keyFor(
    user: string,
    proposed: Credentials,
  ): Promise<GarageKeyInfo & { secretAccessKey: string }> {
    const name = accessKeyName(user);
    const current = await admin.keyInfo(user, true);
    if (current?.secretAccessKey === proposed.secretAccessKey)
      return { ...current, secretAccessKey: proposed.secretAccessKey };
    if (current) {
      // A new secret for an existing key: Garage cannot change a key's secret, so the key goes
      // and one is issued (as IAM would, the old credentials stop working).
      await admin.deleteKey(user).catch((err: unknown) => {
        if (!isAdmin(err, 404)) throw err;
      });
    } else if ((await issuedKeys(user)).length === 0) {
      try {
        const imported = await admin.importKey(user, proposed.secretAccessKey, name);
        return { ...imported, secretAccessKey: proposed.secretAccessKey };
      } catch (err) {
        if (!isAdmin(err, 409, 'KeyAlreadyExists')) throw err;
        // Either a concurrent call imported it a moment ago, or the ID is a tombstone.
        const raced = await admin.keyInfo(user, true);
        if (raced?.secretAccessKey === proposed.secretAccessKey)
          return { ...raced, secretAccessKey: proposed.secretAccessKey };
        if (raced)
          throw new Error(`Garage key ${user} appeared meanwhile with another secret`, { cause: err });
      }
    }
    // Issued keys: one per user. A crash after CreateKey leaves it to be found here next time;
    // two concurrent calls converge on the oldest and delete the other.
    let issued = await issuedKeys(user);
    if (issued.length === 0) {
      await admin.createKey(name);
      issued = await issuedKeys(user);
    }
    const [keep, ...extra] = issued;
    if (!keep) throw new Error(`Garage key ${name} vanished after it was made`);
    for (const k of extra)
      await admin.deleteKey(k.id).catch((err: unknown) => {
        if (!isAdmin(err, 404)) throw err;
      });
    const key = await admin.keyInfo(keep.id, true);
    if (!key?.secretAccessKey) throw new Error(`Garage key ${name} vanished while being read`);
    return { ...key, secretAccessKey: key.secretAccessKey };
  }

  return {
    supportsCors: true,

    async ensureBucket(bucket) {
      const { id: apiId } = await apiKey();
      let info = await admin.bucketByName(bucket);
      if (!info) {
        try {
          info = await admin.createBucket(bucket);
        } catch (err) {
          if (isAdmin(err, 400) && /invalid bucket name/i.test((err as Error).message))
            throw new StorageError('invalid_name', `Invalid bucket name: ${bucket}`);
          // Made by someone else between the two calls: judged below like any existing bucket.
          if (!isAdmin(err, 409, 'BucketAlreadyExists')) throw err;
          info = await existingBucket(bucket);
        }
        if (info.keys.length === 0) {
          // Ours: a fresh bucket has no key at all. Owner lets the API's key set CORS rules.
          await admin.allowBucketKey(info.id, apiId, { read: true, write: true, owner: true });
          return 'created';
        }
      }
      const own = info.keys.find((k) => k.accessKeyId === apiId)?.permissions;
      if (own?.owner) {
        if (!own.read || !own.write) await admin.allowBucketKey(info.id, apiId, { read: true, write: true });
        return 'existed';
      }
      // Garage has no accounts: a bucket "belongs" to the keys allowed as its owner. Another
      // key's bucket is someone else's; a bucket without any owner (an interrupted creation of
      // ours, or one made by hand with `garage bucket create`) is taken over, and the saga then
      // tells its own from a stranger's by the mark, as on MinIO.
      if (info.keys.some((k) => k.permissions.owner))
        throw new StorageError(
          'bucket_owned_elsewhere',
          `Bucket name ${bucket} is taken by a bucket another Garage key owns`,
        );
      await admin.allowBucketKey(info.id, apiId, { read: true, write: true, owner: true });
      return 'existed';
    },

    async bucketExists(bucket) {
      return (await admin.bucketByName(bucket)) !== null;
    },

    async isBucketEmpty(bucket) {
      // Garage has no versioning, so objects are all there is (its DeleteBucket checks the same).
      const { s3 } = await apiKey();
      try {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1 }));
        return !page.Contents?.length;
      } catch (err) {
        if (s3Code(err) === 'NoSuchBucket') return true;
        throw err;
      }
    },

    async deleteBucket(bucket) {
      const info = await admin.bucketByName(bucket);
      if (!info) return;
      try {
        // Takes the bucket's aliases (the mark too) and permissions with it.
        await admin.deleteBucket(info.id);
      } catch (err) {
        if (isAdmin(err, 409, 'BucketNotEmpty'))
          throw new StorageError('bucket_not_empty', `Bucket ${bucket} is not empty`);
        if (!isAdmin(err, 404)) throw err;
      }
    },

    async bucketMark(bucket) {
      const [{ id: apiId }, info] = await Promise.all([apiKey(), admin.bucketByName(bucket)]);
      if (!info) return null;
      const marks = marksOf(info, apiId);
      // Two marks only come from concurrent markBucket calls: no answer rather than a guess, so
      // nothing is deleted on its strength.
      return marks.length === 1 ? marks[0]!.slice(MARK_ALIAS_PREFIX.length) : null;
    },

    async markBucket(bucket, id) {
      const alias = MARK_ALIAS_PREFIX + id;
      if (!aliasShape.test(alias))
        throw new Error(`A Garage bucket mark must be lowercase letters, digits, dots and dashes: ${id}`);
      const [{ id: apiId }, info] = await Promise.all([apiKey(), existingBucket(bucket)]);
      const marks = marksOf(info, apiId);
      if (marks.length === 1 && marks[0] === alias) return;
      // Old marks first: a crash in between leaves no mark (which the saga handles), never two.
      for (const old of marks.filter((m) => m !== alias)) await admin.removeLocalAlias(info.id, apiId, old);
      if (!marks.includes(alias)) await admin.addLocalAlias(info.id, apiId, alias);
    },

    async provisionAccess(user, bucket, proposed) {
      // The saga passes the key ID it recorded as `user`; checked before any call, and no message
      // carries the secret.
      if (user !== proposed.accessKeyId)
        throw new Error(`Garage access user ${user} must be the proposed access key id`);
      if (!importableId.test(user))
        throw new Error(`Garage key IDs are 8 or more letters, digits, '-', '_' or '.': ${user}`);
      if (!importableSecret.test(proposed.secretAccessKey))
        throw new Error('Garage wants a secret key of 16 or more printable ASCII characters');
      const { id: apiId } = await apiKey();
      if (user === apiId) throw new Error('The access user cannot be the API’s own Garage key');
      const target = await existingBucket(bucket);

      const key = await keyFor(user, proposed);
      // Exactly read and write on the bucket: other buckets' permissions go first (a key moved to
      // another bucket), then the bucket's, then owner and the create-bucket permission go.
      for (const b of key.buckets)
        if (b.id !== target.id && (b.permissions.read || b.permissions.write || b.permissions.owner))
          await admin.denyBucketKey(b.id, key.accessKeyId, { read: true, write: true, owner: true });
      const now = key.buckets.find((b) => b.id === target.id)?.permissions;
      if (!now?.read || !now.write)
        await admin.allowBucketKey(target.id, key.accessKeyId, { read: true, write: true });
      if (now?.owner) await admin.denyBucketKey(target.id, key.accessKeyId, { owner: true });
      if (key.permissions.createBucket) await admin.denyCreateBucket(key.accessKeyId);

      // Anything else (granted meanwhile) would be more than the bucket.
      const check = await admin.keyInfo(key.accessKeyId);
      const granted = (check?.buckets ?? []).filter(
        (b) => b.permissions.read || b.permissions.write || b.permissions.owner,
      );
      if (
        !check ||
        check.permissions.createBucket ||
        granted.length !== 1 ||
        granted[0]!.id !== target.id ||
        !granted[0]!.permissions.read ||
        !granted[0]!.permissions.write ||
        granted[0]!.permissions.owner
      )
        throw new Error(
          `Garage key ${key.accessKeyId} has other permissions besides read and write on ${bucket}: ` +
            JSON.stringify({ createBucket: check?.permissions.createBucket, buckets: granted }),
        );
      return { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey };
    },

    async accessExists(user) {
      return (await admin.keyInfo(user)) !== null || (await issuedKeys(user)).length > 0;
    },

    async revokeAccess(user, _bucket) {
      if (user === (await apiKey()).id) throw new Error('The access user cannot be the API’s own Garage key');
      // The key under the recorded ID, and any key issued for that user (a crash may have come
      // before the saga recorded it). Permissions and aliases go with each key.
      const ids = [user, ...(await issuedKeys(user)).map((k) => k.id)];
      for (const id of new Set(ids))
        await admin.deleteKey(id).catch((err: unknown) => {
          if (!isAdmin(err, 404)) throw err;
        });
    },

    async setCorsAllowAll(bucket, enabled) {
      const { s3 } = await apiKey();
      try {
        if (enabled)
          await s3.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: CORS_ALLOW_ALL }));
        else await s3.send(new DeleteBucketCorsCommand({ Bucket: bucket }));
      } catch (err) {
        // An absent bucket carries no rule: disabling is done.
        if (!enabled && s3Code(err) === 'NoSuchBucket') return;
        throw err;
      }
    },

    async usage(): Promise<UsageReport> {
      // One ListBucketsInfo per thousand buckets: Garage's live counters (no scan), undated.
      const buckets = new Map<string, BucketUsage>();
      for (const b of await admin.listBucketsInfo())
        for (const name of b.globalAliases) buckets.set(name, { bytes: b.bytes, objects: b.objects });
      return { buckets, measuredAt: undefined };
    },

    presignPut(bucket, key, signer, options): Promise<PresignedUpload> {
      // The host is part of the signature: it must be the one applications connect to.
      const at = {
        endpoint: opts.publicEndpoint ?? opts.s3Endpoint,
        region: opts.region,
        pathStyle: opts.pathStyle,
      };
      return presignPutObject(at, bucket, key, signer, options);
    },
  };
}
