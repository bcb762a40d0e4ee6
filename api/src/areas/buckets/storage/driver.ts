/**
 * What the API needs from an S3 storage cluster. One implementation per backend (`minio` and
 * `garage` now; `rgw` and `aws` later, see docs/storage.md for how each maps). Every operation is idempotent:
 * the bucket saga (areas/buckets/saga.ts) may repeat any step after a crash or an error.
 */

export interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

export interface BucketUsage {
  readonly bytes: number;
  readonly objects: number;
}

export interface UsageReport {
  /** Usage per bucket name, for every bucket of the cluster the backend reports. */
  readonly buckets: ReadonlyMap<string, BucketUsage>;
  /** When the backend computed these figures, if it says. */
  readonly measuredAt: Date | undefined;
}

export interface PresignedUpload {
  readonly url: string;
  readonly method: 'PUT';
  /** Headers the upload must send exactly as given (they are part of the signature). */
  readonly headers: Readonly<Record<string, string>>;
  readonly expiresAt: Date;
}

/**
 * The bucket tag that marks a bucket as managed by Plinth; its value is the bucket's row ID.
 * Backends without bucket tags keep the mark elsewhere (Garage: a local alias of the API's key).
 */
export const MARK_TAG = 'plinth.dev/bucket-id';

/** A refusal the backend gives for a reason the caller can act on. */
export class StorageError extends Error {
  readonly reason: 'bucket_not_empty' | 'bucket_owned_elsewhere' | 'not_supported' | 'invalid_name';
  constructor(reason: StorageError['reason'], message: string) {
    super(message);
    this.name = 'StorageError';
    this.reason = reason;
  }
}

export interface StorageDriver {
  /** Whether `setCorsAllowAll` works on this backend. */
  readonly supportsCors: boolean;

  /**
   * Creates the bucket, or does nothing if it exists and belongs to the API's account.
   * Returns whether it was created now. A name taken by another account: StorageError
   * `bucket_owned_elsewhere`.
   */
  ensureBucket(bucket: string): Promise<'created' | 'existed'>;
  bucketExists(bucket: string): Promise<boolean>;
  /** True when the bucket holds no object (and no object version). */
  isBucketEmpty(bucket: string): Promise<boolean>;
  /** Deletes an empty bucket; absent counts as deleted; non-empty: StorageError `bucket_not_empty`. */
  deleteBucket(bucket: string): Promise<void>;
  /** The bucket's mark (its `MARK_TAG` tag); null when it has none (or the bucket is absent). */
  bucketMark(bucket: string): Promise<string | null>;
  /** Sets the bucket's mark (its `MARK_TAG` tag) to `id`, keeping its other tags. */
  markBucket(bucket: string, id: string): Promise<void>;

  /**
   * Makes `user` exist with a policy allowing exactly `bucket` and its objects, and returns its
   * credentials. Backends that accept chosen keys (MinIO, RGW, Garage while the key ID is unused)
   * use `proposed`, so the API can record them (encrypted) before the call; backends that issue
   * their own (AWS IAM, Garage for a key ID used before) return new ones, replacing any earlier key
   * of that user; the caller records what it gets.
   */
  provisionAccess(user: string, bucket: string, proposed: Credentials): Promise<Credentials>;
  /** True when the access user exists. */
  accessExists(user: string): Promise<boolean>;
  /** Removes the user, its keys and its policy; absent counts as removed. */
  revokeAccess(user: string, bucket: string): Promise<void>;

  /** Applies (true) or removes (false) the canonical allow-all CORS rule set. */
  setCorsAllowAll(bucket: string, enabled: boolean): Promise<void>;
  /** Usage of every bucket of the cluster, in one call where the backend allows. */
  usage(): Promise<UsageReport>;
  /**
   * A presigned PUT for one object, signed with `signer` (the bucket's own access user, so the URL
   * is worth nothing once that user is revoked).
   */
  presignPut(
    bucket: string,
    key: string,
    signer: Credentials,
    opts: { contentType?: string; expiresSeconds: number },
  ): Promise<PresignedUpload>;
}
