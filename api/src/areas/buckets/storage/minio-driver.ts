import {
  CreateBucketCommand,
  DeleteBucketCommand,
  GetBucketTaggingCommand,
  HeadBucketCommand,
  ListObjectVersionsCommand,
  PutBucketTaggingCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MARK_TAG, StorageError } from './driver.ts';
import type { BucketUsage, PresignedUpload, StorageDriver, UsageReport } from './driver.ts';
import { createMinioAdmin } from './minio-admin.ts';
import { presignPutObject, s3ClientConfig } from './presign.ts';

/** Where MinIO is and the API's credentials there. */
export interface MinioDriverOptions {
  /** Base URL of the S3 and admin API, e.g. `http://127.0.0.1:9000`. */
  endpoint: string;
  /** Root credentials, or a user with admin policies. */
  accessKey: string;
  secretKey: string;
  /** Signing region. Default `us-east-1`, MinIO's default. */
  region?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`); virtual-hosted style needs `MINIO_DOMAIN` on the server. */
  pathStyle: boolean;
  /** The base URL applications reach MinIO at, when it differs from `endpoint`; used in presigned URLs. */
  publicEndpoint?: string;
}

/** The name of the canned policy `provisionAccess` creates for `user`. */
export function accessPolicyName(user: string): string {
  return `plinth-${user}`;
}

/** An IAM policy document, as much of it as this driver writes. */
export interface PolicyDocument {
  Version: '2012-10-17';
  Statement: { Effect: 'Allow'; Action: string[]; Resource: string[] }[];
}

/** The IAM policy that confines an access user to `bucket` and its objects. */
export function accessPolicy(bucket: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['s3:ListBucket', 's3:GetBucketLocation', 's3:ListBucketMultipartUploads'],
        Resource: [`arn:aws:s3:::${bucket}`],
      },
      {
        Effect: 'Allow',
        Action: [
          's3:GetObject',
          's3:PutObject',
          's3:DeleteObject',
          's3:AbortMultipartUpload',
          's3:ListMultipartUploadParts',
        ],
        Resource: [`arn:aws:s3:::${bucket}/*`],
      },
    ],
  };
}

/** The S3 error code of a failed SDK call, or undefined for anything else (network, timeout). */
function s3Code(err: unknown): string | undefined {
  return err instanceof S3ServiceException ? err.name : undefined;
}

function s3Status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/**
 * The `minio` storage driver: buckets through the S3 API, access users and their policies through
 * MinIO's admin API, usage from the background scanner. See docs/storage.md for the mapping and
 * what was verified against a real server.
 */
export function createMinioDriver(opts: MinioDriverOptions): StorageDriver {
  const region = opts.region ?? 'us-east-1';
  const admin = createMinioAdmin({
    endpoint: opts.endpoint,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region,
  });
  const s3 = new S3Client(
    s3ClientConfig({
      endpoint: opts.endpoint,
      region,
      pathStyle: opts.pathStyle,
      credentials: { accessKeyId: opts.accessKey, secretAccessKey: opts.secretKey },
    }),
  );

  async function tagsOf(bucket: string) {
    try {
      return (await s3.send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet ?? [];
    } catch (err) {
      if (s3Code(err) === 'NoSuchTagSet' || s3Code(err) === 'NoSuchBucket') return [];
      throw err;
    }
  }

  return {
    // PutBucketCors and DeleteBucketCors answer 501 NotImplemented on MinIO; browsers are let in
    // (or not) by the server-wide `api cors_allow_origin` setting instead. See docs/storage.md.
    supportsCors: false,

    async ensureBucket(bucket) {
      try {
        await s3.send(new CreateBucketCommand({ Bucket: bucket }));
        return 'created';
      } catch (err) {
        switch (s3Code(err)) {
          case 'BucketAlreadyOwnedByYou':
            return 'existed';
          case 'BucketAlreadyExists':
            // MinIO is single-account; it says this only in a federated deployment (bucket DNS in
            // etcd) when another cluster of the federation holds the name.
            throw new StorageError(
              'bucket_owned_elsewhere',
              `Bucket name ${bucket} is taken by another cluster`,
            );
          case 'InvalidBucketName':
            throw new StorageError('invalid_name', `Invalid bucket name: ${bucket}`);
          default:
            throw err;
        }
      }
    },

    async bucketExists(bucket) {
      try {
        await s3.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch (err) {
        // HEAD has no body, so the SDK cannot name the error: the status is all there is.
        if (s3Status(err) === 404) return false;
        throw err;
      }
    },

    async isBucketEmpty(bucket) {
      // Versions, not objects: with versioning on, a bucket whose objects were all deleted still
      // holds old versions and delete markers, and DeleteBucket refuses it.
      try {
        const page = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket, MaxKeys: 1 }));
        return !page.Versions?.length && !page.DeleteMarkers?.length;
      } catch (err) {
        // A retried saga step may ask after the bucket is gone; an absent bucket holds nothing.
        if (s3Code(err) === 'NoSuchBucket') return true;
        throw err;
      }
    },

    async deleteBucket(bucket) {
      try {
        await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
      } catch (err) {
        switch (s3Code(err)) {
          case 'NoSuchBucket':
            return;
          case 'BucketNotEmpty':
            throw new StorageError('bucket_not_empty', `Bucket ${bucket} is not empty`);
          default:
            throw err;
        }
      }
    },

    async bucketMark(bucket) {
      return (await tagsOf(bucket)).find((t) => t.Key === MARK_TAG)?.Value ?? null;
    },

    async markBucket(bucket, id) {
      const tags = await tagsOf(bucket);
      if (tags.some((t) => t.Key === MARK_TAG && t.Value === id)) return;
      // PutBucketTagging replaces the whole set: keep whatever else the bucket carries.
      const TagSet = [...tags.filter((t) => t.Key !== MARK_TAG), { Key: MARK_TAG, Value: id }];
      await s3.send(new PutBucketTaggingCommand({ Bucket: bucket, Tagging: { TagSet } }));
    },

    async provisionAccess(user, bucket, proposed) {
      // MinIO has no keys apart from users: the user's name is its access key id.
      if (user !== proposed.accessKeyId)
        throw new Error(`MinIO access user ${user} must be the proposed access key id`);
      if (user === opts.accessKey) throw new Error('The access user cannot be the API’s own MinIO user');
      const secretLength = proposed.secretAccessKey.length;
      if (secretLength < 8 || secretLength > 40)
        throw new Error(`MinIO wants a secret key of 8 to 40 characters, got ${secretLength}`);

      const policy = accessPolicyName(user);
      // Policy first: replacing it re-targets a user that was provisioned for another bucket
      // before the user (re)gains its key. None of these calls derives an Argon2 key (see
      // docs/minio.md): add-user goes PBKDF2-encrypted, the others in the clear.
      await admin.addCannedPolicy(policy, accessPolicy(bucket));
      await admin.addUser(user, proposed.secretAccessKey);
      // Sets rather than attaches: a policy attached by hand since goes, and a repeat is no error.
      await admin.setUserPolicy(user, policy);

      // Anything else (attached meanwhile, or through a group) would grant more than the bucket.
      const info = await admin.userInfo(user);
      const attached = info?.policyName.split(',').filter(Boolean) ?? [];
      if (!info || attached.length !== 1 || attached[0] !== policy || info.memberOf.length > 0)
        throw new Error(
          `MinIO user ${user} has other policies or groups besides ${policy}: ` +
            `policies [${attached.join(', ')}], groups [${info?.memberOf.join(', ') ?? ''}]`,
        );
      return proposed;
    },

    async accessExists(user) {
      return (await admin.userInfo(user)) !== null;
    },

    async revokeAccess(user, _bucket) {
      // In this order: MinIO refuses to delete a policy still attached to a user.
      await admin.removeUser(user);
      await admin.removeCannedPolicy(accessPolicyName(user));
    },

    setCorsAllowAll(_bucket, enabled) {
      // No bucket can hold a rule here, so there is none to remove: disabling is already done.
      if (enabled)
        return Promise.reject(
          new StorageError('not_supported', 'This storage cluster (MinIO) cannot set bucket CORS rules'),
        );
      return Promise.resolve();
    },

    async usage(): Promise<UsageReport> {
      const info = await admin.dataUsageInfo();
      const buckets = new Map<string, BucketUsage>();
      for (const [name, b] of Object.entries(info.buckets))
        buckets.set(name, { bytes: b.size, objects: b.objectsCount });
      return { buckets, measuredAt: info.lastUpdate ? new Date(info.lastUpdate) : undefined };
    },

    presignPut(bucket, key, signer, options): Promise<PresignedUpload> {
      // The host is part of the signature: it must be the one applications connect to.
      const at = { endpoint: opts.publicEndpoint ?? opts.endpoint, region, pathStyle: opts.pathStyle };
      return presignPutObject(at, bucket, key, signer, options);
    },
  };
}
