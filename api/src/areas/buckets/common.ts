import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize } from '../../auth/policy.ts';
import type { Action } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import { prepared } from '../../core/db/prepared.ts';
import { buckets } from '../../core/db/schema/index.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  throttled,
  unavailable,
  validationError,
} from '../../core/errors.ts';
import { holds, LeaseLost } from '../../core/jobs/queue.ts';
import type { JobContext } from '../../core/jobs/runner.ts';
import type { Bucket, CreatedBucket } from './schema.ts';
import { AdmissionRefused } from '../../core/admission.ts';
import { BACKEND_NAMES } from './storage/config.ts';
import { StorageError } from './storage/driver.ts';
import type { Credentials } from './storage/driver.ts';
import type { StorageRuntime } from './storage/runtime.ts';

/**
 * The small pieces the bucket services share: what they act with, the views of a row, the errors
 * they answer with, the saga's fenced row writes, and finding a bucket the principal may see.
 */

/** What a bucket service acts with: the request's context and the storage runtime. */
export type BucketContext = ServiceContext & { readonly storage: StorageRuntime };

/** What the bucket saga and the area's jobs run with, outside any request (the areas' `JobDeps` is one). */
export type BucketDeps = Pick<BucketContext, 'db' | 'audit' | 'logger' | 'storage'>;

/** What a saga step works with: the database and the storage runtime. */
export type SagaDeps = Pick<BucketDeps, 'db' | 'storage'>;

export function toView(storage: StorageRuntime, b: BucketRow): Bucket {
  return {
    id: b.id,
    name: b.name,
    region: b.region,
    organization: b.organizationId,
    workspace: b.workspaceId,
    endpoint: storage.config.clusters.get(b.cluster)?.publicEndpoint ?? '',
    state: b.state,
    cors_allow_all: b.corsAllowAll,
    origin: b.createdOnCluster === null ? null : b.createdOnCluster ? 'created' : 'adopted',
    owner_reference: b.ownerReference ?? null,
    created_for: b.createdFor ?? null,
    adoptable_by: b.adoptableBy ?? null,
    usage: {
      bytes: b.usageBytes,
      objects: b.usageObjects,
      updated_at: b.usageUpdatedAt?.toISOString() ?? null,
    },
    credentials_rotated_at: b.credentialsRotatedAt?.toISOString() ?? null,
    previous_key_expires_at: b.previousAccessKeyId ? (b.previousExpiresAt?.toISOString() ?? null) : null,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

const ALNUM_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomString(alphabet: string, length: number): string {
  let out = '';
  while (out.length < length) {
    const limit = 256 - (256 % alphabet.length);
    for (const b of randomBytes(length * 2))
      if (b < limit && out.length < length) out += alphabet[b % alphabet.length];
  }
  return out;
}

/** New access credentials: an AWS-shaped 20-character key ID and a 40-character secret. */
export function newCredentials(): Credentials {
  return { accessKeyId: `PL${randomString(ALNUM_UPPER, 18)}`, secretAccessKey: randomString(ALNUM, 40) };
}

export function storageFailure(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof StorageError) {
    if (err.reason === 'bucket_owned_elsewhere') {
      return conflict(
        'The bucket name is taken on the storage cluster by another account.',
        'bucket_name_taken',
      );
    }
    if (err.reason === 'invalid_name') {
      return validationError([
        { attr: 'name', code: 'invalid', detail: 'The storage cluster refused this bucket name.' },
      ]);
    }
    if (err.reason === 'bucket_not_empty') {
      return conflict(
        'The bucket still holds objects; empty it first. The API never deletes data.',
        'bucket_not_empty',
      );
    }
    return invalid(err.message, 'not_supported');
  }
  return unavailable('The storage cluster is unavailable; try again shortly.', 'storage_unavailable');
}

/**
 * Runs a saga's storage work under its cluster's admission (core/admission.ts): a refusal, when
 * the organization already has its queue full, is 429 `storage_busy` with the retry hint.
 */
export async function admitted<T>(
  storage: StorageRuntime,
  place: { cluster: string; organizationId: string },
  work: () => Promise<T>,
  opts: { urgent?: boolean } = {},
): Promise<T> {
  try {
    return await storage.admission.run(place.cluster, place.organizationId, work, opts);
  } catch (err) {
    if (!(err instanceof AdmissionRefused)) throw err;
    throw throttled(
      `The storage cluster is busy with this organization's requests; try again in ${err.retryAfterSeconds} s.`,
      err.retryAfterSeconds,
      'storage_busy',
    );
  }
}

export const unmanaged = () =>
  conflict(
    'A bucket of this name exists on the storage cluster, but Plinth does not manage it; it is never ' +
      'adopted. A Super Admin can import it (POST /api/v1/s3/buckets/import/).',
    'bucket_unmanaged',
  );
export const isUnmanaged = (err: unknown) => err instanceof DomainError && err.code === 'bucket_unmanaged';

export const busy = () =>
  conflict('The bucket is being changed by another request; try again shortly.', 'bucket_busy', 2);

/**
 * Updates the row only while `job` holds the saga's job (the fencing token): a replica whose lease
 * was taken over gets `LeaseLost` and stops, instead of overwriting its successor's work.
 */
export async function write(
  db: Database,
  job: JobContext,
  id: string,
  set: Partial<BucketRow>,
): Promise<BucketRow> {
  const [row] = await db
    .update(buckets)
    .set(set)
    .where(and(eq(buckets.id, id), holds(job.lease)))
    .returning();
  if (!row) throw new LeaseLost(job.lease.job.id);
  return row;
}

/** Deletes the row, fenced like `write`. */
export async function remove(db: Database, job: JobContext, id: string): Promise<void> {
  const [row] = await db
    .delete(buckets)
    .where(and(eq(buckets.id, id), holds(job.lease)))
    .returning({ id: buckets.id });
  if (!row) throw new LeaseLost(job.lease.job.id);
}

export function credentialsOf(storage: StorageRuntime, b: BucketRow): Credentials {
  return { accessKeyId: b.accessKeyId, secretAccessKey: storage.box.open(b.secretSealed, b.id) };
}

export function withCredentials(storage: StorageRuntime, b: BucketRow): CreatedBucket {
  const c = credentialsOf(storage, b);
  return {
    ...toView(storage, b),
    credentials: { access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey },
  };
}

/** Records a change to bucket `b` in `tx`, the transaction of the change, with the principal. */
export function bucketAudit(
  tx: Database,
  { audit, principal, req }: ServiceContext,
  event: AuditEventType,
  b: BucketRow,
  details: Record<string, unknown>,
): Promise<void> {
  return audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: b.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: { bucket: b.id, name: b.name, ...details },
    },
    tx,
  );
}

/** The backend a cluster runs, as messages name it (`MinIO`). */
export function backendOf(storage: StorageRuntime, cluster: string): string {
  const driver = storage.config.clusters.get(cluster)?.driver;
  return driver ? BACKEND_NAMES[driver] : 'unknown backend';
}

export function clusterOf(storage: StorageRuntime, region: string): string {
  const cluster = storage.config.regions.get(region);
  if (cluster) return cluster;
  const known = [...storage.config.regions.keys()];
  throw validationError([
    {
      attr: 'region',
      code: 'invalid_choice',
      detail: known.length
        ? `Unknown region "${region}". Known regions: ${known.join(', ')}.`
        : 'No storage regions are configured on this API (PLINTH_CONFIG).',
    },
  ]);
}

/** The bucket if the principal may see it; 404 otherwise. */
export const bucketById = (db: Database) =>
  prepared(db, 'bucket_by_id', (d, name) =>
    d
      .select()
      .from(buckets)
      .where(eq(buckets.id, sql.placeholder('id')))
      .prepare(name),
  );

export async function findBucket(ctx: ServiceContext, id: string): Promise<BucketRow> {
  const [b] = await bucketById(ctx.db).execute({ id });
  if (!b) throw notFound();
  await authorize(ctx, 'bucket.view', {
    organizationId: b.organizationId,
    workspaceId: b.workspaceId,
  });
  return b;
}

export const scopeOf = (b: BucketRow) => ({ organizationId: b.organizationId, workspaceId: b.workspaceId });

/** A visible bucket the principal may act on with `action`, and which no saga is changing. */
export async function readyBucket(ctx: ServiceContext, id: string, action: Action): Promise<BucketRow> {
  const b = await findBucket(ctx, id);
  await authorize(ctx, action, scopeOf(b));
  if (b.state !== 'ready') throw conflict('The bucket is still being created or deleted.', 'bucket_busy');
  return b;
}
