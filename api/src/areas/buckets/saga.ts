import { eq, sql } from 'drizzle-orm';
import { authorize } from '../../auth/policy.ts';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { buckets, jobs } from '../../core/db/schema/index.ts';
import type { BucketRow } from '../../core/db/schema/index.ts';
import { enqueueClaimed, JOB_PRIORITY, LeaseLost, setPayload } from '../../core/jobs/queue.ts';
import type { Lease } from '../../core/jobs/queue.ts';
import { JOB_LEASE_SECONDS, JobSettled, withLease } from '../../core/jobs/runner.ts';
import type { JobContext } from '../../core/jobs/runner.ts';
import {
  admitted,
  bucketAudit,
  busy,
  credentialsOf,
  findBucket,
  remove,
  scopeOf,
  storageFailure,
  unmanaged,
  write,
} from './common.ts';
import type { BucketContext, BucketDeps, SagaDeps } from './common.ts';
import { StorageError } from './storage/driver.ts';
import type { StorageDriver } from './storage/driver.ts';

/**
 * The bucket saga: a bucket's creation, its undoing and its deletion as idempotent steps, run by
 * the request under the saga job's lease and resumed by whichever replica takes the job over
 * (jobs.ts). Rotations run as the same saga job (credentials.ts).
 */

/** How long a replica owns a bucket's saga before another may take it over. */
export const LEASE_SECONDS = JOB_LEASE_SECONDS;

/** The bucket saga's job kind: one live job per bucket (key: its ID), so one saga at a time. */
export const BUCKET_SAGA = 'bucket.saga';
/**
 * What a saga job does next: `create`, undo a failed creation (`rollback`), `delete`, switch to
 * new credentials (`rotate`) or undo a failed switch (`rotate_abort`).
 */
export type SagaOp = 'create' | 'rollback' | 'delete' | 'rotate' | 'rotate_abort';
/** A saga is retried (with backoff, at most every 5 minutes) until it gets through. */
export const SAGA_ATTEMPTS = 1000;

/** Finishing or undoing a rotation is security work: it runs before other jobs (queue.ts). */
const sagaPriority = (op: SagaOp) =>
  op === 'rotate' || op === 'rotate_abort' ? JOB_PRIORITY.security : JOB_PRIORITY.normal;

export const startSaga = (db: Database, bucket: Pick<BucketRow, 'id' | 'organizationId'>, op: SagaOp) =>
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
 * Runs a saga in the request that started it, under the saga job's `lease`. On failure the client
 * gets an error, so the change is undone rather than completed: now (`undo`) if the cluster answers,
 * else by whichever replica resumes the job, whose op becomes `undoOp`; `unfinished` is logged then.
 * A failure `settled` accepts needs no undoing. The caller gets the failure as `storageFailure`
 * makes it.
 */
export async function runOrUndo<T>(
  { db, logger }: Pick<BucketDeps, 'db' | 'logger'>,
  lease: Lease,
  saga: {
    readonly bucketId: string;
    readonly run: (job: JobContext) => Promise<T>;
    readonly settled?: (err: unknown) => boolean;
    readonly undoOp: SagaOp;
    readonly undo: (job: JobContext) => Promise<void>;
    readonly unfinished: string;
  },
): Promise<T> {
  try {
    return await withLease(db, lease, async (job) => {
      try {
        return await saga.run(job);
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        if (saga.settled?.(err)) throw new JobSettled(err);
        await setPayload(db, job.lease, { op: saga.undoOp });
        try {
          await saga.undo(job);
        } catch (undoErr) {
          if (undoErr instanceof LeaseLost) throw undoErr;
          logger.warn({ bucket_id: saga.bucketId }, saga.unfinished);
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
 * The saga's first step: the bucket on the cluster, this row's and marked with its ID. A bucket that
 * already exists is this row's only when it carries this row's mark, or when it carries none, is
 * empty, and an earlier run of this saga had sent CreateBucket (a crash before marking). Anything
 * else belongs to no tenant: the row goes, and nothing is done to the bucket.
 */
async function ensureOwnBucket(
  db: Database,
  driver: StorageDriver,
  row: BucketRow,
  job: JobContext,
): Promise<void> {
  if (row.createdOnCluster === null) {
    if (!row.createAttempted) await write(db, job, row.id, { createAttempted: true });
    if ((await driver.ensureBucket(row.name)) === 'existed') {
      const mark = await driver.bucketMark(row.name);
      const ours =
        mark === row.id || (mark === null && row.createAttempted && (await driver.isBucketEmpty(row.name)));
      if (!ours) {
        await remove(db, job, row.id);
        throw unmanaged();
      }
    }
    // Marked before the row says it made the bucket: a rollback deletes only a bucket with the mark.
    await driver.markBucket(row.name, row.id);
    await write(db, job, row.id, { createdOnCluster: true });
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
export async function provision(deps: SagaDeps, row: BucketRow, job: JobContext): Promise<BucketRow> {
  const { db, storage } = deps;
  const driver = storage.driver(row.cluster);
  await job.renew();
  await ensureOwnBucket(db, driver, row, job);
  await storage.afterStep?.('bucket', row.id);
  await job.renew();
  const proposed = credentialsOf(storage, row);
  const issued = await driver.provisionAccess(proposed.accessKeyId, row.name, proposed);
  if (issued.accessKeyId !== proposed.accessKeyId || issued.secretAccessKey !== proposed.secretAccessKey) {
    await write(db, job, row.id, {
      accessKeyId: issued.accessKeyId,
      secretSealed: storage.box.seal(issued.secretAccessKey, row.id),
    });
  }
  await storage.afterStep?.('access', row.id);
  await job.renew();
  if (row.corsAllowAll) await driver.setCorsAllowAll(row.name, true);
  await storage.afterStep?.('cors', row.id);
  return write(db, job, row.id, { state: 'ready' });
}

/**
 * Undoes a creation that failed: access user and policy, the bucket if we made it, it still
 * carries this row's mark and it is empty, the row. Throws while the cluster is unreachable; the
 * job then retries the rollback.
 */
export async function rollback(deps: SagaDeps, row: BucketRow, job: JobContext): Promise<void> {
  const { db, storage } = deps;
  const driver = storage.driver(row.cluster);
  await job.renew();
  await driver.revokeAccess(row.accessKeyId, row.name);
  await storage.afterStep?.('rollback-access', row.id);
  const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
  await job.renew();
  // The mark tells this row's bucket from one of the same name made since a crash (ours went).
  if (
    current?.createdOnCluster &&
    (await driver.bucketMark(row.name)) === row.id &&
    (await driver.isBucketEmpty(row.name))
  )
    await driver.deleteBucket(row.name);
  await storage.afterStep?.('rollback-bucket', row.id);
  await remove(db, job, row.id);
}

/**
 * Removal of a `deleting` row: access user and policy, then the (empty) bucket if it carries this
 * row's mark, then the row. When objects arrived after the emptiness check, the cluster refuses the
 * delete after the access user is gone: the bucket stays, so its access comes back and it is
 * `ready` again (`JobSettled`).
 */
export async function deprovision(deps: SagaDeps, row: BucketRow, job: JobContext): Promise<void> {
  const { db, storage } = deps;
  const driver = storage.driver(row.cluster);
  try {
    await job.renew();
    await driver.revokeAccess(row.accessKeyId, row.name);
    // A rotated-out key in its grace period, or a rotation's unfinished one, goes with the bucket.
    for (const other of [row.previousAccessKeyId, row.pendingAccessKeyId])
      if (other) await driver.revokeAccess(other, row.name);
    await storage.afterStep?.('delete-access', row.id);
    await job.renew();
    // Only a bucket with this row's mark: a resumed deletion whose bucket went before the crash
    // may find the name taken again by a bucket that is someone else's.
    if ((await driver.bucketMark(row.name)) === row.id) await driver.deleteBucket(row.name);
    await storage.afterStep?.('delete-bucket', row.id);
    await remove(db, job, row.id);
  } catch (err) {
    if (!(err instanceof StorageError && err.reason === 'bucket_not_empty')) throw err;
    const [current] = await db.select().from(buckets).where(eq(buckets.id, row.id));
    if (current?.state === 'deleting') await provision(deps, current, job);
    throw new JobSettled(err);
  }
}

export async function deleteBucket(ctx: BucketContext, id: string) {
  const b = await findBucket(ctx, id);
  await authorize(ctx, 'bucket.delete', scopeOf(b));
  if (b.state !== 'ready') throw busy();
  await admitted(ctx.storage, b, () => runDeletion(ctx, b));
}

/** The deletion itself, once admitted: its saga started, the bucket checked empty, then removed. */
async function runDeletion(ctx: BucketContext, b: BucketRow): Promise<void> {
  const { db, storage } = ctx;
  let lease: Lease;
  try {
    lease = await startSaga(db, b, 'delete');
  } catch (err) {
    // Another saga (a creation, a deletion) is live on this bucket.
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
  const driver = storage.driver(b.cluster);
  try {
    await withLease(db, lease, async (job) => {
      const exists = await driver.bucketExists(b.name);
      if (exists && !(await driver.isBucketEmpty(b.name)))
        throw new JobSettled(new StorageError('bucket_not_empty', 'not empty'));
      // A ready row's bucket may predate marks: marked now, so that `deprovision` deletes it.
      if (exists) await driver.markBucket(b.name, b.id);
      await storage.afterStep?.('delete-checked', b.id);
      // Marked `deleting`, the deletion is carried through even after a crash: the mark and its
      // entry commit together, so a bucket is never deleted unrecorded.
      let deleting: BucketRow;
      try {
        deleting = await db.transaction(async (tx) => {
          const row = await write(tx, job, b.id, { state: 'deleting' });
          await bucketAudit(tx, ctx, 'bucket.deleted', row, {
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
      await storage.afterStep?.('deleting', b.id);
      await deprovision(ctx, deleting, job);
    });
  } catch (err) {
    throw storageFailure(err);
  }
}

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
