import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { buckets } from '../../core/db/schema/index.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import { throttled, unavailable, validationError } from '../../core/errors.ts';
import type { DomainError } from '../../core/errors.ts';
import { cancelQueued, enqueue, enqueueClaimed, JOB_PRIORITY } from '../../core/jobs/queue.ts';
import type { Lease } from '../../core/jobs/queue.ts';
import { withLease } from '../../core/jobs/runner.ts';
import type { JobContext, JobHandler } from '../../core/jobs/runner.ts';
import { admitted, bucketAudit, busy, credentialsOf, newCredentials, readyBucket, write } from './common.ts';
import type { BucketContext, BucketDeps, SagaDeps } from './common.ts';
import { LEASE_SECONDS, runOrUndo, SAGA_ATTEMPTS, startSaga } from './saga.ts';
import type { BucketCredentials } from './schema.ts';
import { DEFAULT_CREDENTIAL_GRACE } from './storage/runtime.ts';

/**
 * A bucket's credentials: revealing them, and rotating the access key (as the bucket's saga job,
 * with the end of the old key's grace period as a job of its own).
 */

export async function revealCredentials(ctx: BucketContext, id: string): Promise<BucketCredentials> {
  const { storage, audit, principal, req } = ctx;
  const b = await readyBucket(ctx, id, 'bucket.reveal_credentials');
  await audit.record({
    event: 'bucket.credentials_revealed',
    actorUserId: principal.userId,
    apiKeyId: principal.apiKeyId,
    organizationId: b.organizationId,
    ip: req.ip,
    requestId: req.requestId,
    details: { bucket: b.id, name: b.name },
  });
  const c = credentialsOf(storage, b);
  return { access_key_id: c.accessKeyId, secret_access_key: c.secretAccessKey };
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
  ctx: BucketContext,
  id: string,
  input: { grace_seconds?: number | undefined },
): Promise<RotatedCredentials> {
  const { storage } = ctx;
  // Rights first: a caller who may not rotate learns nothing from the grace rules (404/403 before 400).
  const b = await readyBucket(ctx, id, 'bucket.reveal_credentials');
  const grace = storage.credentialGrace ?? DEFAULT_CREDENTIAL_GRACE;
  const graceSeconds = input.grace_seconds ?? grace.defaultSeconds;
  if (graceSeconds > grace.maxSeconds)
    throw validationError([
      {
        attr: 'grace_seconds',
        code: 'max_value',
        detail: `At most ${grace.maxSeconds} seconds on this API (PLINTH_CREDENTIAL_GRACE_MAX_SECONDS).`,
      },
    ]);
  // Security work: ahead of every queued creation and deletion, and never refused for load.
  return admitted(storage, b, () => switchKeys(ctx, b, graceSeconds), { urgent: true });
}

/** The rotation itself, once admitted: a slot of the hourly limit taken, then the saga. */
async function switchKeys(
  ctx: BucketContext,
  b: BucketRow,
  graceSeconds: number,
): Promise<RotatedCredentials> {
  const { db, storage, logger } = ctx;
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
          pendingSecretSealed: storage.box.seal(next.secretAccessKey, b.id),
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
      await bucketAudit(tx, ctx, 'bucket.credentials_rotated', b, {
        previous_access_key_id: b.accessKeyId,
        access_key_id: next.accessKeyId,
        grace_seconds: graceSeconds,
      });
      return { row, lease: await startSaga(tx, b, 'rotate') };
    });
  } catch (err) {
    // Another saga (a deletion, a rotation) is live on this bucket.
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
  // With no grace, this request holds the old key's expiry job from the switch on, and runs it.
  const expiryOwner = crypto.randomUUID();
  const { row, expiry } = await runOrUndo(ctx, started.lease, {
    bucketId: b.id,
    run: (job) => rotate(ctx, started.row, job, expiryOwner),
    undoOp: 'rotate_abort',
    undo: (job) => abortRotation(ctx, started.row, job),
    unfinished: 'a failed credential rotation could not be undone yet; it will be',
  });
  if (expiry) {
    // Only now, with the row on the new key: a failed switch never leaves both keys dead.
    try {
      await withLease(db, expiry, expireCredentialsJob(ctx));
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
  const c = credentialsOf(storage, row);
  return {
    access_key_id: c.accessKeyId,
    secret_access_key: c.secretAccessKey,
    rotated_at: row.credentialsRotatedAt!.toISOString(),
    previous_access_key_id: b.accessKeyId,
    previous_expires_at: (row.previousExpiresAt ?? row.credentialsRotatedAt!).toISOString(),
  };
}

/** A switched rotation: the row, and with no grace and an `expiryOwner`, the old key's claimed expiry job. */
export interface Switched {
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
export async function rotate(
  deps: SagaDeps,
  row: BucketRow,
  job: JobContext,
  expiryOwner?: string,
): Promise<Switched> {
  const { db, storage } = deps;
  const driver = storage.driver(row.cluster);
  await job.renew();
  const proposed = {
    accessKeyId: row.pendingAccessKeyId!,
    secretAccessKey: storage.box.open(row.pendingSecretSealed!, row.id),
  };
  const issued = await driver.provisionAccess(proposed.accessKeyId, row.name, proposed);
  await storage.afterStep?.('rotate-access', row.id);
  await job.renew();
  if (row.previousAccessKeyId && row.previousAccessKeyId !== row.accessKeyId)
    await driver.revokeAccess(row.previousAccessKeyId, row.name);
  const graceSeconds = row.pendingGraceSeconds ?? 0;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + graceSeconds * 1000);
  const switched = await db.transaction(async (tx) => {
    const done = await write(tx, job, row.id, {
      accessKeyId: issued.accessKeyId,
      secretSealed: storage.box.seal(issued.secretAccessKey, row.id),
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
    const expiryJob = {
      kind: EXPIRE_CREDENTIALS_JOB,
      key: `${row.id}:${row.accessKeyId}`,
      payload: { bucket: row.id, cluster: row.cluster, name: row.name, access_key_id: row.accessKeyId },
      maxAttempts: SAGA_ATTEMPTS,
      tenant: row.organizationId,
      priority: JOB_PRIORITY.security,
    };
    if (graceSeconds === 0 && expiryOwner)
      return { row: done, expiry: await enqueueClaimed(tx, expiryJob, expiryOwner, LEASE_SECONDS) };
    await enqueue(tx, { ...expiryJob, runAt: expiresAt });
    return { row: done, expiry: undefined };
  });
  await storage.afterStep?.('rotated', row.id);
  return switched;
}

/**
 * Undoes a rotation that failed before the switch: the pending access user removed, the row as
 * before. A row already switched to that key is left alone (removing it would leave no key).
 */
export async function abortRotation(deps: SagaDeps, row: BucketRow, job: JobContext): Promise<void> {
  const { db, storage } = deps;
  await job.renew();
  const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
  if (!current || current.pendingAccessKeyId !== row.pendingAccessKeyId) return;
  await storage.driver(row.cluster).revokeAccess(row.pendingAccessKeyId!, row.name);
  await write(db, job, row.id, {
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
  ({ db, storage, audit }: Pick<BucketDeps, 'db' | 'storage' | 'audit'>): JobHandler =>
  async (job) => {
    const p = job.lease.job.payload as {
      bucket: string;
      cluster: string;
      name: string;
      access_key_id: string;
    };
    await storage.driver(p.cluster).revokeAccess(p.access_key_id, p.name);
    await job.renew();
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
