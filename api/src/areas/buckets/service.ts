import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { paginateWindowed } from '../../core/db/paginate.ts';
import { prepared } from '../../core/db/prepared.ts';
import { buckets, jobs, workspaces } from '../../core/db/schema/index.ts';
import {
  cancelQueued,
  claim,
  enqueue,
  enqueueClaimed,
  fail,
  holds,
  JOB_PRIORITY,
  LeaseLost,
  setPayload,
} from '../../core/jobs/queue.ts';
import type { Lease } from '../../core/jobs/queue.ts';
import { JOB_LEASE_SECONDS, JobSettled, withLease } from '../../core/jobs/runner.ts';
import type { JobContext, JobHandler } from '../../core/jobs/runner.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import type {
  Bucket,
  BucketCreate,
  BucketCredentials,
  BucketHealth,
  BucketImport,
  BucketListQuery,
  BucketUpdate,
  CreatedBucket,
  OwnerReference,
  RegionUsage,
  UploadUrl,
  UploadUrlRequest,
} from './schema.ts';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  throttled,
  unavailable,
  validationError,
} from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type { Page } from '../../core/pagination.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import type { StorageConfig } from './storage/config.ts';
import type { Credentials, StorageDriver } from './storage/driver.ts';
import { BACKEND_NAMES } from './storage/config.ts';
import { StorageError } from './storage/driver.ts';
import type { AuditEventType, AuditLog } from '../../core/audit/writer.ts';
import type { RequestInfo } from '../../auth/login.ts';
import {
  authorize,
  requireInteractive,
  requireScope,
  roleIn,
  visibilityParams,
  visibleWorkspacesSql,
} from '../../auth/policy.ts';
import type { Action, Principal } from '../../auth/policy.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';

/** How long a replica owns a bucket's saga before another may take it over. */
export const LEASE_SECONDS = JOB_LEASE_SECONDS;

/**
 * Saga steps, in order, and `usage` (the usage job has its reports, not yet written): a test hook
 * may pause after any of them (see `StorageRuntime.afterStep`).
 */
export type SagaStep =
  | 'recorded'
  | 'bucket'
  | 'access'
  | 'cors'
  // Undoing a failed creation.
  | 'rollback-access'
  | 'rollback-bucket'
  // Deletion: checked empty (job claimed, row still `ready`), marked `deleting`, access gone, bucket gone.
  | 'delete-checked'
  | 'deleting'
  | 'delete-access'
  | 'delete-bucket'
  | 'usage'
  // Rotation: the new access user made, then the row switched to it.
  | 'rotate-access'
  | 'rotated';

/** How long a rotated-out key keeps working (PLINTH_CREDENTIAL_GRACE_SECONDS, …_MAX_SECONDS). */
export interface CredentialGrace {
  readonly defaultSeconds: number;
  readonly maxSeconds: number;
}
export const DEFAULT_CREDENTIAL_GRACE: CredentialGrace = { defaultSeconds: 86_400, maxSeconds: 7 * 86_400 };

/** Storage for the bucket service: the clusters, their drivers, and the key for secrets at rest. */
export interface StorageRuntime {
  readonly config: StorageConfig;
  driver(cluster: string): StorageDriver;
  readonly box: SecretBox;
  /** Unset: {@link DEFAULT_CREDENTIAL_GRACE}. */
  readonly credentialGrace?: CredentialGrace;
  /** Test hook, called after each saga step (crash-safety tests pause here and kill the process). */
  readonly afterStep?: (step: SagaStep, bucketId: string) => Promise<void>;
  /** How often usage is pulled from the clusters (PLINTH_USAGE_INTERVAL_SECONDS); unset: daily. */
  readonly usageIntervalMs?: number;
}

function toView(rt: StorageRuntime, b: BucketRow): Bucket {
  return {
    id: b.id,
    name: b.name,
    region: b.region,
    organization: b.organizationId,
    workspace: b.workspaceId,
    endpoint: rt.config.clusters.get(b.cluster)?.publicEndpoint ?? '',
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

function storageFailure(err: unknown): DomainError {
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

const unmanaged = () =>
  conflict(
    'A bucket of this name exists on the storage cluster, but Plinth does not manage it; it is never ' +
      'adopted. A Super Admin can import it (POST /api/v1/s3/buckets/import/).',
    'bucket_unmanaged',
  );
const isUnmanaged = (err: unknown) => err instanceof DomainError && err.code === 'bucket_unmanaged';

/** The bucket saga's job kind: one live job per bucket (key: its ID), so one saga at a time. */
export const BUCKET_SAGA = 'bucket.saga';
/**
 * What a saga job does next: `create`, undo a failed creation (`rollback`), `delete`, switch to
 * new credentials (`rotate`) or undo a failed switch (`rotate_abort`).
 */
type SagaOp = 'create' | 'rollback' | 'delete' | 'rotate' | 'rotate_abort';
/** A saga is retried (with backoff, at most every 5 minutes) until it gets through. */
const SAGA_ATTEMPTS = 1000;

/** Finishing or undoing a rotation is security work: it runs before other jobs (queue.ts). */
const sagaPriority = (op: SagaOp) =>
  op === 'rotate' || op === 'rotate_abort' ? JOB_PRIORITY.security : JOB_PRIORITY.normal;

const startSaga = (db: Database, bucket: Pick<BucketRow, 'id' | 'organizationId'>, op: SagaOp) =>
  enqueueClaimed(
    db,
    {
      kind: BUCKET_SAGA,
      key: bucket.id,
      payload: { op },
      maxAttempts: SAGA_ATTEMPTS,
      tenant: bucket.organizationId,
      priority: sagaPriority(op),
    },
    crypto.randomUUID(),
    LEASE_SECONDS,
  );

/**
 * Updates the row only while `ctx` holds the saga's job (the fencing token): a replica whose lease
 * was taken over gets `LeaseLost` and stops, instead of overwriting its successor's work.
 */
async function write(db: Database, ctx: JobContext, id: string, set: Partial<BucketRow>): Promise<BucketRow> {
  const [row] = await db
    .update(buckets)
    .set(set)
    .where(and(eq(buckets.id, id), holds(ctx.lease)))
    .returning();
  if (!row) throw new LeaseLost(ctx.lease.job.id);
  return row;
}

/** Deletes the row, fenced like `write`. */
async function remove(db: Database, ctx: JobContext, id: string): Promise<void> {
  const [row] = await db
    .delete(buckets)
    .where(and(eq(buckets.id, id), holds(ctx.lease)))
    .returning({ id: buckets.id });
  if (!row) throw new LeaseLost(ctx.lease.job.id);
}

function credentialsOf(rt: StorageRuntime, b: BucketRow): Credentials {
  return { accessKeyId: b.accessKeyId, secretAccessKey: rt.box.open(b.secretSealed, b.id) };
}

/**
 * The saga's first step: the bucket on the cluster, this row's and marked with its ID. A bucket that
 * already exists is this row's only when it carries this row's mark, or when it carries none, is
 * empty, and an earlier run of this saga had sent CreateBucket (a crash before marking). Anything
 * else belongs to no tenant: the row goes, and nothing is done to the bucket.
 */
async function ensureOwnBucket(
  db: Database,
  driver: StorageDriver,
  row: BucketRow,
  ctx: JobContext,
): Promise<void> {
  if (row.createdOnCluster === null) {
    if (!row.createAttempted) await write(db, ctx, row.id, { createAttempted: true });
    if ((await driver.ensureBucket(row.name)) === 'existed') {
      const mark = await driver.bucketMark(row.name);
      const ours =
        mark === row.id || (mark === null && row.createAttempted && (await driver.isBucketEmpty(row.name)));
      if (!ours) {
        await remove(db, ctx, row.id);
        throw unmanaged();
      }
    }
    // Marked before the row says it made the bucket: a rollback deletes only a bucket with the mark.
    await driver.markBucket(row.name, row.id);
    await write(db, ctx, row.id, { createdOnCluster: true });
  } else {
    // The row owns the bucket already (created or imported): only the mark may be missing.
    await driver.ensureBucket(row.name);
    await driver.markBucket(row.name, row.id);
  }
}

/**
 * The creation saga from wherever it stands. Every step is idempotent, so a replica that takes over
 * an interrupted saga simply runs it again: bucket, access user and policy, CORS, then `ready`.
 */
async function provision(
  db: Database,
  rt: StorageRuntime,
  row: BucketRow,
  ctx: JobContext,
): Promise<BucketRow> {
  const driver = rt.driver(row.cluster);
  await ctx.renew();
  await ensureOwnBucket(db, driver, row, ctx);
  await rt.afterStep?.('bucket', row.id);
  await ctx.renew();
  const proposed = credentialsOf(rt, row);
  const issued = await driver.provisionAccess(proposed.accessKeyId, row.name, proposed);
  if (issued.accessKeyId !== proposed.accessKeyId || issued.secretAccessKey !== proposed.secretAccessKey) {
    await write(db, ctx, row.id, {
      accessKeyId: issued.accessKeyId,
      secretSealed: rt.box.seal(issued.secretAccessKey, row.id),
    });
  }
  await rt.afterStep?.('access', row.id);
  await ctx.renew();
  if (row.corsAllowAll) await driver.setCorsAllowAll(row.name, true);
  await rt.afterStep?.('cors', row.id);
  return write(db, ctx, row.id, { state: 'ready' });
}

/**
 * Undoes a creation that failed: access user and policy, the bucket if we made it, it still
 * carries this row's mark and it is empty, the row. Throws while the cluster is unreachable; the
 * job then retries the rollback.
 */
async function rollback(db: Database, rt: StorageRuntime, row: BucketRow, ctx: JobContext): Promise<void> {
  const driver = rt.driver(row.cluster);
  await ctx.renew();
  await driver.revokeAccess(row.accessKeyId, row.name);
  await rt.afterStep?.('rollback-access', row.id);
  const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
  await ctx.renew();
  // The mark tells this row's bucket from one of the same name made since a crash (ours went).
  if (
    current?.createdOnCluster &&
    (await driver.bucketMark(row.name)) === row.id &&
    (await driver.isBucketEmpty(row.name))
  )
    await driver.deleteBucket(row.name);
  await rt.afterStep?.('rollback-bucket', row.id);
  await remove(db, ctx, row.id);
}

/**
 * Removal of a `deleting` row: access user and policy, then the (empty) bucket if it carries this
 * row's mark, then the row. When objects arrived after the emptiness check, the cluster refuses the
 * delete after the access user is gone: the bucket stays, so its access comes back and it is
 * `ready` again (`JobSettled`).
 */
async function deprovision(db: Database, rt: StorageRuntime, row: BucketRow, ctx: JobContext): Promise<void> {
  const driver = rt.driver(row.cluster);
  try {
    await ctx.renew();
    await driver.revokeAccess(row.accessKeyId, row.name);
    // A rotated-out key in its grace period, or a rotation's unfinished one, goes with the bucket.
    for (const other of [row.previousAccessKeyId, row.pendingAccessKeyId])
      if (other) await driver.revokeAccess(other, row.name);
    await rt.afterStep?.('delete-access', row.id);
    await ctx.renew();
    // Only a bucket with this row's mark: a resumed deletion whose bucket went before the crash
    // may find the name taken again by a bucket that is someone else's.
    if ((await driver.bucketMark(row.name)) === row.id) await driver.deleteBucket(row.name);
    await rt.afterStep?.('delete-bucket', row.id);
    await remove(db, ctx, row.id);
  } catch (err) {
    if (!(err instanceof StorageError && err.reason === 'bucket_not_empty')) throw err;
    const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
    if (current?.state === 'deleting') await provision(db, rt, current, ctx);
    throw new JobSettled(err);
  }
}

function withCredentials(rt: StorageRuntime, b: BucketRow): CreatedBucket {
  const c = credentialsOf(rt, b);
  return {
    ...toView(rt, b),
    credentials: { access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey },
  };
}

const sameObject = (a: OwnerReference | null, b: OwnerReference) =>
  a !== null && a.uid === b.uid && a.cluster_id === b.cluster_id;

/**
 * Whether a request on behalf of the Kubernetes object `owner` may adopt `b`: it owns it already
 * (a retry), or the bucket has no owner and was created for that object or released to its
 * namespace. An owner-less bucket is not anyone's: the operator must not hand a person's bucket to
 * whichever object names it.
 */
function mayAdopt(b: BucketRow, owner: OwnerReference): boolean {
  if (b.ownerReference) return sameObject(b.ownerReference, owner);
  return (
    sameObject(b.createdFor, owner) ||
    (b.adoptableBy?.cluster_id === owner.cluster_id && b.adoptableBy.namespace === owner.namespace)
  );
}

/** Records a change to bucket `b` in `tx`, the transaction of the change, with the principal. */
function bucketAudit(
  audit: AuditLog,
  principal: Principal,
  req: RequestInfo,
  tx: Database,
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

/**
 * Create, or adopt: the same name in the same cluster, region, organization and workspace answers
 * 200 with that bucket (for a request with an owner reference, only as `mayAdopt` allows); anything
 * else is 409. Intent is recorded (row with sealed credentials) before any cluster call, so a crash
 * leaves a row that recovery completes, never an unknown bucket or user.
 */
export async function createBucket(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  logger: Logger,
  principal: Principal,
  input: BucketCreate,
  req: RequestInfo,
): Promise<{ status: 200 | 201; bucket: CreatedBucket }> {
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, input.workspace));
  const scope = { organizationId: input.organization, workspaceId: input.workspace };
  if (!ws || ws.organizationId !== input.organization || (await roleIn(db, principal, scope)) === null) {
    throw validationError([
      { attr: 'workspace', code: 'does_not_exist', detail: 'No such workspace in this organization.' },
    ]);
  }
  await authorize(db, principal, 'bucket.create', scope);
  const cluster = clusterOf(rt, input.region);
  const driver = rt.driver(cluster);
  if (input.cors_allow_all && !driver.supportsCors) {
    throw validationError([
      {
        attr: 'cors_allow_all',
        code: 'not_supported',
        detail: `The storage cluster of region ${input.region} (${backendOf(rt, cluster)}) cannot set CORS rules.`,
      },
    ]);
  }

  let started: { row: BucketRow; lease: Lease };
  try {
    started = await recordIntent(
      db,
      rt,
      principal,
      {
        ...placeOf(input, cluster),
        corsAllowAll: input.cors_allow_all ?? false,
        ownerReference: input.owner_reference ?? null,
        createdFor: input.owner_reference ?? null,
      },
      (tx, row) =>
        bucketAudit(audit, principal, req, tx, 'bucket.created', row, {
          region: row.region,
          workspace: row.workspaceId,
          owner_reference: row.ownerReference ?? null,
          cors_allow_all: row.corsAllowAll,
        }),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { status: 200, bucket: await adopt(db, rt, audit, principal, input, cluster, req) };
  }
  await rt.afterStep?.('recorded', started.row.id);
  return { status: 201, bucket: withCredentials(rt, await provisionOrRollBack(db, rt, started, logger)) };
}

/** The backend a cluster runs, as messages name it (`MinIO`). */
function backendOf(rt: StorageRuntime, cluster: string): string {
  const driver = rt.config.clusters.get(cluster)?.driver;
  return driver ? BACKEND_NAMES[driver] : 'unknown backend';
}

function clusterOf(rt: StorageRuntime, region: string): string {
  const cluster = rt.config.regions.get(region);
  if (cluster) return cluster;
  const known = [...rt.config.regions.keys()];
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

const placeOf = (input: BucketImport, cluster: string) => ({
  name: input.name,
  region: input.region,
  cluster,
  organizationId: input.organization,
  workspaceId: input.workspace,
});

type Intent = ReturnType<typeof placeOf> &
  Partial<Pick<BucketRow, 'corsAllowAll' | 'ownerReference' | 'createdFor' | 'createdOnCluster'>>;

/**
 * The saga's first step: a `provisioning` row with fresh credentials (sealed) and its saga job,
 * claimed by this request, in one transaction: the row never exists without the job that finishes
 * it, and other replicas take the job only once this request's lease expires. `audited` writes the
 * audit entry of the intent in that transaction, so the row never exists unrecorded either.
 */
async function recordIntent(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
  intent: Intent,
  audited?: (tx: Database, row: BucketRow) => Promise<void>,
): Promise<{ row: BucketRow; lease: Lease }> {
  const id = crypto.randomUUID();
  const proposed = newCredentials();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buckets)
      .values({
        ...intent,
        id,
        accessKeyId: proposed.accessKeyId,
        secretSealed: rt.box.seal(proposed.secretAccessKey, id),
        createdById: principal.userId,
      })
      .returning();
    await audited?.(tx, row!);
    return { row: row!, lease: await startSaga(tx, row!, 'create') };
  });
}

/**
 * Runs the creation in the request. On failure the client gets an error, so the creation is undone
 * rather than completed: now if the cluster answers, else by whichever replica resumes the job.
 */
async function provisionOrRollBack(
  db: Database,
  rt: StorageRuntime,
  { row, lease }: { row: BucketRow; lease: Lease },
  logger: Logger,
): Promise<BucketRow> {
  try {
    return await withLease(db, lease, async (ctx) => {
      try {
        return await provision(db, rt, row, ctx);
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        // An unmanaged bucket has already cost the row, and nothing else may be touched.
        if (isUnmanaged(err)) throw new JobSettled(err);
        await setPayload(db, ctx.lease, { op: 'rollback' });
        try {
          await rollback(db, rt, row, ctx);
        } catch (rollbackErr) {
          if (rollbackErr instanceof LeaseLost) throw rollbackErr;
          logger.warn(
            { bucket_id: row.id },
            'bucket creation failed and could not be rolled back yet; the rollback will be resumed',
          );
          throw err;
        }
        throw new JobSettled(err);
      }
    });
  } catch (err) {
    throw storageFailure(err);
  }
}

/**
 * A Super Admin brings a bucket that exists on the cluster without a Plinth record under
 * management, data and all: it gets a row (origin `adopted`), the mark, and its own access user.
 */
export async function importBucket(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  logger: Logger,
  principal: Principal,
  input: BucketImport,
  req: RequestInfo,
): Promise<CreatedBucket> {
  await authorize(db, principal, 'bucket.import', 'global');
  requireInteractive(
    principal,
    'Importing a bucket Plinth does not manage needs a Super Admin signed in (a login token from POST /api/login/), not an API key or a ServiceAccount token.',
  );
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, input.workspace));
  if (!ws || ws.organizationId !== input.organization) {
    throw validationError([
      { attr: 'workspace', code: 'does_not_exist', detail: 'No such workspace in this organization.' },
    ]);
  }
  const cluster = clusterOf(rt, input.region);
  const exists = await rt
    .driver(cluster)
    .bucketExists(input.name)
    .catch((err: unknown) => {
      throw storageFailure(err);
    });
  if (!exists) {
    throw validationError([
      {
        attr: 'name',
        code: 'does_not_exist',
        detail: `No bucket of this name exists on the storage cluster of region ${input.region}.`,
      },
    ]);
  }
  let started: { row: BucketRow; lease: Lease };
  try {
    // createdOnCluster false: the row owns the bucket from the start, so the saga marks it as is.
    // The entry commits with the row: an import is never under way unrecorded (a crashed one is
    // finished by recovery), and with no entry written nothing is imported.
    started = await recordIntent(
      db,
      rt,
      principal,
      { ...placeOf(input, cluster), createdOnCluster: false },
      (tx, row) =>
        audit.record(
          {
            event: 'bucket.imported',
            actorUserId: principal.userId,
            apiKeyId: principal.apiKeyId,
            organizationId: row.organizationId,
            ip: req.ip,
            requestId: req.requestId,
            details: { bucket: row.id, name: row.name, region: row.region },
          },
          tx,
        ),
    );
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw conflict('Plinth already manages a bucket of this name on this cluster.', 'bucket_name_taken');
  }
  return withCredentials(rt, await provisionOrRollBack(db, rt, started, logger));
}

async function adopt(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  principal: Principal,
  input: BucketCreate,
  cluster: string,
  req: RequestInfo,
): Promise<CreatedBucket> {
  const [existing] = await db
    .select()
    .from(buckets)
    .where(and(eq(buckets.cluster, cluster), eq(buckets.name, input.name)));
  if (!existing) throw conflict('The bucket is being changed; try again.', 'bucket_busy');
  const owner = input.owner_reference;
  const mine =
    existing.region === input.region &&
    existing.organizationId === input.organization &&
    existing.workspaceId === input.workspace &&
    (!owner || mayAdopt(existing, owner));
  if (!mine) {
    throw conflict(
      'A bucket with this name already exists and belongs to someone else.',
      'bucket_name_taken',
    );
  }
  let current = existing;
  const claims = owner !== undefined && owner !== null && !existing.ownerReference;
  if (claims) {
    // The ownership and its entry commit together: a bucket is never taken unrecorded.
    current = await db.transaction(async (tx) => {
      // The conditions make two objects adopting at once (or an adoption racing a change of the
      // release) agree on one outcome: the row must still be as it was judged.
      const [claimedOwner] = await tx
        .update(buckets)
        .set({ ownerReference: owner, adoptableBy: null })
        .where(
          and(
            eq(buckets.id, existing.id),
            isNull(buckets.ownerReference),
            sql`${buckets.adoptableBy} is not distinct from ${existing.adoptableBy ? JSON.stringify(existing.adoptableBy) : null}::jsonb`,
          ),
        )
        .returning();
      if (!claimedOwner) {
        throw conflict(
          'A bucket with this name already exists and belongs to someone else.',
          'bucket_name_taken',
        );
      }
      if (claimedOwner.state === 'deleting')
        throw conflict('The bucket is being deleted.', 'bucket_deleting');
      await bucketAudit(audit, principal, req, tx, 'bucket.adopted', claimedOwner, {
        owner_reference: owner,
        claimed: true,
        previous_adoptable_by: existing.adoptableBy ?? null,
      });
      return claimedOwner;
    });
  }
  if (current.state === 'deleting') throw conflict('The bucket is being deleted.', 'bucket_deleting');
  if (current.state === 'provisioning') {
    // The creation was interrupted (its lease expired): this request finishes it.
    const lease = await claim(db, crypto.randomUUID(), LEASE_SECONDS, { kind: BUCKET_SAGA, key: current.id });
    if (lease?.job.payload.op !== 'create') {
      if (lease) await fail(db, lease, 'not_adoptable');
      throw conflict('The bucket is being created by another request; try again shortly.', 'bucket_busy', 2);
    }
    try {
      current = await withLease(db, lease, (ctx) => provision(db, rt, current, ctx));
    } catch (err) {
      throw storageFailure(err);
    }
  }
  const answered = current;
  // Written together before the credentials go out; without a new owner nothing changed, so the
  // adoption is recorded as the answer it is.
  await db.transaction(async (tx) => {
    if (!claims)
      await bucketAudit(audit, principal, req, tx, 'bucket.adopted', answered, {
        owner_reference: answered.ownerReference ?? null,
        claimed: false,
      });
    await audit.record(
      {
        event: 'bucket.credentials_revealed',
        actorUserId: principal.userId,
        apiKeyId: principal.apiKeyId,
        organizationId: answered.organizationId,
        ip: req.ip,
        requestId: req.requestId,
        details: { bucket: answered.id, name: answered.name, via: 'adoption' },
      },
      tx,
    );
  });
  return withCredentials(rt, current);
}

/** The bucket if the principal may see it; 404 otherwise. */
const bucketById = (db: Database) =>
  prepared(db, 'bucket_by_id', (d, name) =>
    d
      .select()
      .from(buckets)
      .where(eq(buckets.id, sql.placeholder('id')))
      .prepare(name),
  );

export async function findBucket(db: Database, principal: Principal, id: string): Promise<BucketRow> {
  const [b] = await bucketById(db).execute({ id });
  if (!b) throw notFound();
  await authorize(db, principal, 'bucket.view', {
    organizationId: b.organizationId,
    workspaceId: b.workspaceId,
  });
  return b;
}

const scopeOf = (b: BucketRow) => ({ organizationId: b.organizationId, workspaceId: b.workspaceId });

/** A visible bucket the principal may act on with `action`, and which no saga is changing. */
async function readyBucket(
  db: Database,
  principal: Principal,
  id: string,
  action: Action,
): Promise<BucketRow> {
  const b = await findBucket(db, principal, id);
  await authorize(db, principal, action, scopeOf(b));
  if (b.state !== 'ready') throw conflict('The bucket is still being created or deleted.', 'bucket_busy');
  return b;
}

function listStatement(db: Database) {
  return prepared(db, 'buckets_page', (d, name) => {
    const org = sql.placeholder('org');
    const ws = sql.placeholder('ws');
    const region = sql.placeholder('region');
    const ownerUid = sql.placeholder('owner_uid');
    const where = sql`${buckets.workspaceId} in (select ${workspaces.id} from ${workspaces} where ${visibleWorkspacesSql()})
      and (${org}::uuid is null or ${buckets.organizationId} = ${org}::uuid)
      and (${ws}::uuid is null or ${buckets.workspaceId} = ${ws}::uuid)
      and (${region}::text is null or ${buckets.region} = ${region}::text)
      and (${ownerUid}::text is null or ${buckets.ownerReference}->>'uid' = ${ownerUid}::text
        or ${buckets.createdFor}->>'uid' = ${ownerUid}::text)`;
    return {
      page: d
        .select({ b: buckets, total: sql<number>`count(*) over ()::int` })
        .from(buckets)
        .where(where)
        .orderBy(asc(buckets.name), asc(buckets.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: d
        .select({ n: sql<number>`count(*)::int` })
        .from(buckets)
        .where(where)
        .prepare(`${name}_count`),
      regions: d
        .select({
          region: buckets.region,
          cluster: buckets.cluster,
          bucketCount: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(${buckets.usageBytes}), 0)::text`,
          objects: sql<string>`coalesce(sum(${buckets.usageObjects}), 0)::text`,
          updatedAt: sql<Date | null>`min(${buckets.usageUpdatedAt})`,
        })
        .from(buckets)
        .where(where)
        .groupBy(buckets.region, buckets.cluster)
        .orderBy(buckets.region)
        .prepare(`${name}_regions`),
    };
  });
}

/** The list's filters; `owner_uid`: buckets whose current owner, or the object they were created for, has this uid. */
const filterParams = (principal: Principal, f: Omit<BucketListQuery, 'page' | 'page_size'>) => ({
  ...visibilityParams(principal),
  org: f.organization ?? null,
  ws: f.workspace ?? null,
  region: f.region ?? null,
  owner_uid: f.owner_uid ?? null,
});

export async function listBuckets(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
  url: URL,
  query: BucketListQuery,
): Promise<Page<Bucket>> {
  requireScope(principal, 'bucket.view');
  const statement = listStatement(db);
  const params = filterParams(principal, query);
  return paginateWindowed(url, query, {
    page: (limit, offset) => statement.page.execute({ ...params, limit, offset }),
    count: async () => (await statement.count.execute(params))[0]!.n,
    map: (r) => toView(rt, r.b),
  });
}

/** Bucket count, bytes and objects per region, over the buckets the principal can see. */
export async function regionAggregates(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
): Promise<RegionUsage[]> {
  requireScope(principal, 'bucket.view');
  const rows = await listStatement(db).regions.execute(filterParams(principal, {}));
  const byRegion = new Map(rows.map((r) => [r.region, r]));
  return [...rt.config.regions].map(([region, cluster]) => {
    const r = byRegion.get(region);
    return {
      name: region,
      cluster,
      bucket_count: r?.bucketCount ?? 0,
      bytes: Number(r?.bytes ?? 0),
      objects: Number(r?.objects ?? 0),
      usage_updated_at: r?.updatedAt ? new Date(r.updatedAt).toISOString() : null,
    };
  });
}

export async function getBucket(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
  id: string,
): Promise<Bucket> {
  return toView(rt, await findBucket(db, principal, id));
}

/**
 * The drift check: whether the bucket and its current access user still exist on the storage
 * cluster (someone may delete either there, behind Plinth's back). Needs the right to see the
 * bucket; a bucket being created or deleted is 409 `bucket_busy`. A rotation may switch the row to
 * a new key, and remove the old one (grace 0), between reading the row and asking the cluster; so
 * when something is missing, the row is read again, and if it changed meanwhile the answer is
 * `bucket_busy` (the caller asks again) rather than a problem that is not there.
 */
export async function checkBucketHealth(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
  id: string,
): Promise<BucketHealth> {
  const b = await findBucket(db, principal, id);
  if (b.state !== 'ready') throw busy();
  let bucketExists: boolean;
  let accessKeyExists: boolean;
  try {
    const driver = rt.driver(b.cluster);
    [bucketExists, accessKeyExists] = await Promise.all([
      driver.bucketExists(b.name),
      driver.accessExists(b.accessKeyId),
    ]);
  } catch (err) {
    throw storageFailure(err);
  }
  const checkedAt = new Date();
  if (!bucketExists || !accessKeyExists) {
    const [now] = await bucketById(db).execute({ id });
    // Deleted through the API meanwhile: gone for the caller too.
    if (!now) throw notFound();
    // Any write to the row (a rotation's switch, a deletion under way or given up) moves
    // `updated_at`: the check may have seen the cluster half-way through it.
    if (
      now.state !== 'ready' ||
      now.accessKeyId !== b.accessKeyId ||
      now.updatedAt.getTime() !== b.updatedAt.getTime()
    )
      throw busy();
  }
  return {
    bucket_id: b.id,
    healthy: bucketExists && accessKeyExists,
    bucket_exists: bucketExists,
    access_key_exists: accessKeyExists,
    checked_at: checkedAt.toISOString(),
  };
}

export async function updateBucket(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  principal: Principal,
  id: string,
  changes: BucketUpdate,
  req: RequestInfo,
): Promise<Bucket> {
  const b = await readyBucket(db, principal, id, 'bucket.create');
  // Naming who may adopt the bucket hands its credentials to them.
  if (changes.owner_reference || changes.adoptable_by)
    await authorize(db, principal, 'bucket.reveal_credentials', scopeOf(b));
  const set: Partial<Pick<BucketRow, 'corsAllowAll' | 'ownerReference' | 'adoptableBy'>> = {};
  const driver = rt.driver(b.cluster);
  if (changes.cors_allow_all !== undefined) {
    if (changes.cors_allow_all && !driver.supportsCors) {
      throw validationError([
        {
          attr: 'cors_allow_all',
          code: 'not_supported',
          detail: `The storage cluster of region ${b.region} (${backendOf(rt, b.cluster)}) cannot set CORS rules.`,
        },
      ]);
    }
    set.corsAllowAll = changes.cors_allow_all;
  }
  if (changes.owner_reference !== undefined) set.ownerReference = changes.owner_reference;
  if (changes.adoptable_by !== undefined) set.adoptableBy = changes.adoptable_by;
  if (Object.keys(set).length === 0) return toView(rt, b);
  // Row, entry and the cluster's CORS rules in one transaction, the cluster last: a failed entry
  // leaves the cluster untouched, a failed cluster call leaves neither row nor entry.
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(buckets).where(eq(buckets.id, id)).for('update');
    if (before?.state !== 'ready') throw busy();
    const [after] = await tx.update(buckets).set(set).where(eq(buckets.id, id)).returning();
    // Old and new values: an owner or a release decides who gets the bucket's credentials.
    const fields = [
      ['cors_allow_all', before.corsAllowAll, after!.corsAllowAll],
      ['owner_reference', before.ownerReference ?? null, after!.ownerReference ?? null],
      ['adoptable_by', before.adoptableBy ?? null, after!.adoptableBy ?? null],
    ] as const;
    const changed = fields.filter(([, was, is]) => JSON.stringify(was) !== JSON.stringify(is));
    if (changed.length > 0)
      await bucketAudit(audit, principal, req, tx, 'bucket.updated', after!, {
        changed: changed.map(([name]) => name),
        ...Object.fromEntries(
          changed.flatMap(([name, was, is]) => [
            [`previous_${name}`, was],
            [name, is],
          ]),
        ),
      });
    if (set.corsAllowAll !== undefined) {
      try {
        await driver.setCorsAllowAll(b.name, set.corsAllowAll);
      } catch (err) {
        throw storageFailure(err);
      }
    }
    return after!;
  });
  return toView(rt, updated);
}

export async function revealCredentials(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  principal: Principal,
  id: string,
  req: RequestInfo,
): Promise<BucketCredentials> {
  const b = await readyBucket(db, principal, id, 'bucket.reveal_credentials');
  await audit.record({
    event: 'bucket.credentials_revealed',
    actorUserId: principal.userId,
    apiKeyId: principal.apiKeyId,
    organizationId: b.organizationId,
    ip: req.ip,
    requestId: req.requestId,
    details: { bucket: b.id, name: b.name },
  });
  const c = credentialsOf(rt, b);
  return { access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey };
}

const busy = () =>
  conflict('The bucket is being changed by another request; try again shortly.', 'bucket_busy', 2);

export async function deleteBucket(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  principal: Principal,
  id: string,
  req: RequestInfo,
) {
  const b = await findBucket(db, principal, id);
  await authorize(db, principal, 'bucket.delete', scopeOf(b));
  if (b.state !== 'ready') throw busy();
  let lease: Lease;
  try {
    lease = await startSaga(db, b, 'delete');
  } catch (err) {
    // Another saga (a creation, a deletion) is live on this bucket.
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
  const driver = rt.driver(b.cluster);
  try {
    await withLease(db, lease, async (ctx) => {
      const exists = await driver.bucketExists(b.name);
      if (exists && !(await driver.isBucketEmpty(b.name)))
        throw new JobSettled(new StorageError('bucket_not_empty', 'not empty'));
      // A ready row's bucket may predate marks: marked now, so that `deprovision` deletes it.
      if (exists) await driver.markBucket(b.name, b.id);
      await rt.afterStep?.('delete-checked', b.id);
      // Marked `deleting`, the deletion is carried through even after a crash: the mark and its
      // entry commit together, so a bucket is never deleted unrecorded.
      let deleting: BucketRow;
      try {
        deleting = await db.transaction(async (tx) => {
          const row = await write(tx, ctx, b.id, { state: 'deleting' });
          await bucketAudit(audit, principal, req, tx, 'bucket.deleted', row, {
            region: row.region,
            workspace: row.workspaceId,
          });
          return row;
        });
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        // Not marked: the deletion never started, so its job has nothing to resume.
        throw new JobSettled(err);
      }
      await rt.afterStep?.('deleting', b.id);
      await deprovision(db, rt, deleting, ctx);
    });
  } catch (err) {
    throw storageFailure(err);
  }
}

/** The job that removes a rotated-out key when its grace period ends. */
export const EXPIRE_CREDENTIALS_JOB = 'bucket.expire_credentials';

/**
 * Rotations a bucket may start in any hour (a failed one counts too); more are 429
 * `rotation_rate_limited`. Each rotation makes and removes an access user on the cluster, and
 * this is far above what key hygiene or a leak needs (docs/buckets.md).
 */
export const ROTATIONS_PER_HOUR = 10;

/** What a rotation answers: the new key (shown this once; revealable later) and the old one's end. */
export interface RotatedCredentials extends BucketCredentials {
  readonly rotated_at: string;
  readonly previous_access_key_id: string;
  /** When the old key stops working; now when the grace was 0. */
  readonly previous_expires_at: string;
}

/** The bucket's rotation starts of the last hour, newest first (SQL, on `buckets`). */
const rotationsInWindow = sql`(select t from unnest(${buckets.recentRotations}) t
  where t > now() - interval '1 hour' order by t desc)`;

/** Why a rotation could not start: another saga is live (409), or the hourly limit (429). */
async function rotationRefused(db: Database, id: string): Promise<DomainError> {
  const [row] = await db
    .select({
      state: buckets.state,
      pending: buckets.pendingAccessKeyId,
      started: sql<number>`(select count(*) from ${rotationsInWindow} w)::int`,
      // When the oldest of the last ROTATIONS_PER_HOUR starts leaves the hour.
      retryAfter: sql<number | null>`ceil(extract(epoch from (
        select min(t) from (${rotationsInWindow} limit ${ROTATIONS_PER_HOUR}) w
      ) + interval '1 hour' - now()))::int`,
    })
    .from(buckets)
    .where(eq(buckets.id, id));
  if (!row || row.state !== 'ready' || row.pending !== null || row.started < ROTATIONS_PER_HOUR)
    return busy();
  return throttled(
    `This bucket's access key was rotated ${ROTATIONS_PER_HOUR} times in the last hour; try again later.`,
    Math.max(1, row.retryAfter ?? 1),
    'rotation_rate_limited',
  );
}

/**
 * Rotates a bucket's access key: a new access user with the same policy, made before the row
 * switches to it; the old key keeps working for `grace_seconds` (the configured default when
 * absent, at most the configured maximum), then a job removes it. Both steps are audited. A
 * rotation while an older key is still in its grace period ends that older key at once: at most
 * two keys live. The rotation runs as the bucket's saga (one at a time per bucket, resumed after
 * a crash); a failure in the request undoes it, so the caller never misses a key it was not shown.
 * With a grace of 0 the old key is removed before the answer: a 200 means it no longer works; if
 * the cluster refuses, 503 `previous_key_removal_pending` (the new key is in force, and its job
 * retries the removal). At most `ROTATIONS_PER_HOUR` start per bucket, after the rights checks.
 */
export async function rotateCredentials(
  db: Database,
  rt: StorageRuntime,
  audit: AuditLog,
  logger: Logger,
  principal: Principal,
  id: string,
  input: { grace_seconds?: number | undefined },
  req: RequestInfo,
): Promise<RotatedCredentials> {
  // Rights first: a caller who may not rotate learns nothing from the grace rules (404/403 before 400).
  const b = await readyBucket(db, principal, id, 'bucket.reveal_credentials');
  const grace = rt.credentialGrace ?? DEFAULT_CREDENTIAL_GRACE;
  const graceSeconds = input.grace_seconds ?? grace.defaultSeconds;
  if (graceSeconds > grace.maxSeconds)
    throw validationError([
      {
        attr: 'grace_seconds',
        code: 'max_value',
        detail: `At most ${grace.maxSeconds} seconds on this API (PLINTH_CREDENTIAL_GRACE_MAX_SECONDS).`,
      },
    ]);
  const next = newCredentials();
  let started: { row: BucketRow; lease: Lease };
  try {
    started = await db.transaction(async (tx) => {
      // One statement checks and takes a slot of the hourly limit, so concurrent rotations
      // cannot all pass it; it also admits one rotation at a time (no pending one).
      const [row] = await tx
        .update(buckets)
        .set({
          pendingAccessKeyId: next.accessKeyId,
          pendingSecretSealed: rt.box.seal(next.secretAccessKey, b.id),
          pendingGraceSeconds: graceSeconds,
          recentRotations: sql`array(select t from (${rotationsInWindow} limit ${ROTATIONS_PER_HOUR - 1}) w
            union all select now() order by 1)`,
        })
        .where(
          and(
            eq(buckets.id, b.id),
            eq(buckets.state, 'ready'),
            isNull(buckets.pendingAccessKeyId),
            sql`(select count(*) from ${rotationsInWindow} w) < ${ROTATIONS_PER_HOUR}`,
          ),
        )
        .returning();
      if (!row) throw await rotationRefused(tx, b.id);
      await audit.record(
        {
          event: 'bucket.credentials_rotated',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          organizationId: b.organizationId,
          username: principal.username,
          ip: req.ip,
          requestId: req.requestId,
          details: {
            bucket: b.id,
            name: b.name,
            previous_access_key_id: b.accessKeyId,
            access_key_id: next.accessKeyId,
            grace_seconds: graceSeconds,
          },
        },
        tx,
      );
      return { row, lease: await startSaga(tx, b, 'rotate') };
    });
  } catch (err) {
    // Another saga (a deletion, a rotation) is live on this bucket.
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
  // With no grace, this request holds the old key's expiry job from the switch on, and runs it.
  const expiryOwner = crypto.randomUUID();
  let switched: Switched;
  try {
    switched = await withLease(db, started.lease, async (ctx) => {
      try {
        return await rotate(db, rt, started.row, ctx, expiryOwner);
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        await setPayload(db, ctx.lease, { op: 'rotate_abort' });
        try {
          await abortRotation(db, rt, started.row, ctx);
        } catch (abortErr) {
          if (abortErr instanceof LeaseLost) throw abortErr;
          logger.warn(
            { bucket_id: b.id },
            'a failed credential rotation could not be undone yet; it will be',
          );
          throw err;
        }
        throw new JobSettled(err);
      }
    });
  } catch (err) {
    throw storageFailure(err);
  }
  const { row, expiry } = switched;
  if (expiry) {
    // Only now, with the row on the new key: a failed switch never leaves both keys dead.
    try {
      await withLease(db, expiry, expireCredentialsJob(db, rt, audit));
    } catch {
      logger.warn(
        { bucket_id: b.id },
        'the replaced key of a rotation without grace could not be removed yet; its job retries',
      );
      throw unavailable(
        'The new access key is in force (GET …/credentials/ reveals it), but the storage cluster did not ' +
          'remove the old key yet; the removal is retried in the background.',
        'previous_key_removal_pending',
      );
    }
  }
  const c = credentialsOf(rt, row);
  return {
    access_key_id: c.accessKeyId,
    secret_access_key: c.secretAccessKey,
    rotated_at: row.credentialsRotatedAt!.toISOString(),
    previous_access_key_id: b.accessKeyId,
    previous_expires_at: (row.previousExpiresAt ?? row.credentialsRotatedAt!).toISOString(),
  };
}

/** A switched rotation: the row, and with no grace and an `expiryOwner`, the old key's claimed expiry job. */
interface Switched {
  readonly row: BucketRow;
  readonly expiry: Lease | undefined;
}

/**
 * The rotation from wherever it stands (idempotent): the pending access user, the older key in
 * grace removed, then the row switched (fenced), with the job that ends the old key's grace. That
 * job replaces the bucket's queued expiry jobs (their keys are gone already), so a bucket has at
 * most one. With no grace it is due at once: claimed by `expiryOwner` when given (the request runs
 * it before answering; should it crash, the lease expires and any runner takes over), else queued.
 */
async function rotate(
  db: Database,
  rt: StorageRuntime,
  row: BucketRow,
  ctx: JobContext,
  expiryOwner?: string,
): Promise<Switched> {
  const driver = rt.driver(row.cluster);
  await ctx.renew();
  const proposed = {
    accessKeyId: row.pendingAccessKeyId!,
    secretAccessKey: rt.box.open(row.pendingSecretSealed!, row.id),
  };
  const issued = await driver.provisionAccess(proposed.accessKeyId, row.name, proposed);
  await rt.afterStep?.('rotate-access', row.id);
  await ctx.renew();
  if (row.previousAccessKeyId && row.previousAccessKeyId !== row.accessKeyId)
    await driver.revokeAccess(row.previousAccessKeyId, row.name);
  const graceSeconds = row.pendingGraceSeconds ?? 0;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + graceSeconds * 1000);
  const switched = await db.transaction(async (tx) => {
    const done = await write(tx, ctx, row.id, {
      accessKeyId: issued.accessKeyId,
      secretSealed: rt.box.seal(issued.secretAccessKey, row.id),
      pendingAccessKeyId: null,
      pendingSecretSealed: null,
      pendingGraceSeconds: null,
      previousAccessKeyId: row.accessKeyId,
      previousExpiresAt: expiresAt,
      credentialsRotatedAt: now,
    });
    await cancelQueued(tx, {
      kind: EXPIRE_CREDENTIALS_JOB,
      tenant: row.organizationId,
      payload: { bucket: row.id },
    });
    const job = {
      kind: EXPIRE_CREDENTIALS_JOB,
      key: `${row.id}:${row.accessKeyId}`,
      payload: { bucket: row.id, cluster: row.cluster, name: row.name, access_key_id: row.accessKeyId },
      maxAttempts: SAGA_ATTEMPTS,
      tenant: row.organizationId,
      priority: JOB_PRIORITY.security,
    };
    if (graceSeconds === 0 && expiryOwner)
      return { row: done, expiry: await enqueueClaimed(tx, job, expiryOwner, LEASE_SECONDS) };
    await enqueue(tx, { ...job, runAt: expiresAt });
    return { row: done, expiry: undefined };
  });
  await rt.afterStep?.('rotated', row.id);
  return switched;
}

/**
 * Undoes a rotation that failed before the switch: the pending access user removed, the row as
 * before. A row already switched to that key is left alone (removing it would leave no key).
 */
async function abortRotation(
  db: Database,
  rt: StorageRuntime,
  row: BucketRow,
  ctx: JobContext,
): Promise<void> {
  await ctx.renew();
  const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
  if (!current || current.pendingAccessKeyId !== row.pendingAccessKeyId) return;
  await rt.driver(row.cluster).revokeAccess(row.pendingAccessKeyId!, row.name);
  await write(db, ctx, row.id, {
    pendingAccessKeyId: null,
    pendingSecretSealed: null,
    pendingGraceSeconds: null,
  });
}

/**
 * Removes a rotated-out key once its grace period is over (idempotent), and records it. A bucket
 * rotated again, or deleted, meanwhile has removed the key already; the removal is repeated
 * harmlessly and the row left alone.
 */
export const expireCredentialsJob =
  (db: Database, rt: StorageRuntime, audit: AuditLog): JobHandler =>
  async (ctx) => {
    const p = ctx.lease.job.payload as {
      bucket: string;
      cluster: string;
      name: string;
      access_key_id: string;
    };
    await rt.driver(p.cluster).revokeAccess(p.access_key_id, p.name);
    await ctx.renew();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(buckets)
        .set({ previousAccessKeyId: null })
        .where(and(eq(buckets.id, p.bucket), eq(buckets.previousAccessKeyId, p.access_key_id)))
        .returning();
      if (!row) return;
      await audit.record(
        {
          event: 'bucket.previous_credentials_removed',
          organizationId: row.organizationId,
          details: { bucket: row.id, name: row.name, access_key_id: p.access_key_id },
        },
        tx,
      );
    });
  };

export async function presignUpload(
  db: Database,
  rt: StorageRuntime,
  principal: Principal,
  id: string,
  input: UploadUrlRequest,
): Promise<UploadUrl> {
  const b = await readyBucket(db, principal, id, 'bucket.create');
  try {
    const p = await rt.driver(b.cluster).presignPut(b.name, input.key, credentialsOf(rt, b), {
      ...(input.content_type !== undefined && { contentType: input.content_type }),
      expiresSeconds: input.expires_in ?? 900,
    });
    return { url: p.url, method: p.method, headers: p.headers, expires_at: p.expiresAt.toISOString() };
  } catch (err) {
    throw storageFailure(err);
  }
}

/**
 * The saga job's handler, for a replica taking over an interrupted saga (crash, SIGKILL, lost
 * database, a failed attempt): creations are completed, failed creations rolled back, deletions
 * carried through. Every step is idempotent, so it runs the saga again from wherever it stands.
 */
export const bucketSagaJob =
  (db: Database, rt: StorageRuntime, logger: Logger): JobHandler =>
  async (ctx) => {
    const op = ctx.lease.job.payload.op as SagaOp;
    const [row] = await db.select().from(buckets).where(eq(buckets.id, ctx.lease.job.key));
    if (!row) return;
    if (op === 'rotate' || op === 'rotate_abort') {
      // A rotation interrupted after its request: finished (or undone) by whoever takes the job.
      if (row.state !== 'ready' || !row.pendingAccessKeyId) return;
      if (op === 'rotate') await rotate(db, rt, row, ctx);
      else await abortRotation(db, rt, row, ctx);
      logger.info({ bucket_id: row.id, op }, 'resumed an interrupted credential rotation');
      return;
    }
    // A deletion that crashed before it marked the row `deleting` never started.
    if ((op === 'delete') !== (row.state === 'deleting') || row.state === 'ready') return;
    try {
      if (op === 'create') await provision(db, rt, row, ctx);
      else if (op === 'rollback') await rollback(db, rt, row, ctx);
      else await deprovision(db, rt, row, ctx);
      logger.info({ bucket_id: row.id, op }, 'resumed an interrupted bucket saga');
    } catch (err) {
      if (err instanceof JobSettled) {
        logger.info({ bucket_id: row.id }, 'a resumed deletion found objects; the bucket is ready again');
      } else if (isUnmanaged(err)) {
        logger.warn(
          { bucket_id: row.id },
          'dropped a bucket creation: the name is taken by an unmanaged bucket',
        );
      } else throw err;
    }
  };

/**
 * Gives every `provisioning` or `deleting` row without a live saga job one (rows recorded before
 * the job layer, or whose job gave up), so the runner finishes them. Cheap; run on every tick.
 */
export async function ensureSagaJobs(db: Database): Promise<void> {
  await db.execute(sql`
    insert into ${jobs} (kind, key, payload, max_attempts, tenant, priority)
    select ${BUCKET_SAGA}, b.id::text,
      jsonb_build_object('op', case when b.state = 'provisioning' then 'create' else 'delete' end), ${SAGA_ATTEMPTS},
      b.organization_id, ${JOB_PRIORITY.normal}
    from ${buckets} b where b.state in ('provisioning', 'deleting')
    on conflict (kind, key) where state in ('queued', 'running') do nothing`);
  // A rotation whose job gave up: finished by a new one.
  await db.execute(sql`
    insert into ${jobs} (kind, key, payload, max_attempts, tenant, priority)
    select ${BUCKET_SAGA}, b.id::text, jsonb_build_object('op', 'rotate'), ${SAGA_ATTEMPTS},
      b.organization_id, ${JOB_PRIORITY.security}
    from ${buckets} b where b.state = 'ready' and b.pending_access_key_id is not null
    on conflict (kind, key) where state in ('queued', 'running') do nothing`);
}

/** Runs every due saga job now, in this process (tests; the runner does this in production). */
export async function resumeInterruptedSagas(
  db: Database,
  rt: StorageRuntime,
  logger: Logger,
): Promise<number> {
  await ensureSagaJobs(db);
  const handler = bucketSagaJob(db, rt, logger);
  let handled = 0;
  for (;;) {
    const lease = await claim(db, crypto.randomUUID(), LEASE_SECONDS, { kinds: [BUCKET_SAGA] });
    if (!lease) return handled;
    await withLease(db, lease, handler).then(
      () => handled++,
      () => {},
    );
  }
}
