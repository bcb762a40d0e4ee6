import { eq } from 'drizzle-orm';
import { buckets } from '../../core/db/schema/index.ts';
import { claim } from '../../core/jobs/claim.ts';
import { JobSettled, withLease } from '../../core/jobs/runner.ts';
import type { JobHandler } from '../../core/jobs/runner.ts';
import { isUnmanaged } from './common.ts';
import type { BucketDeps } from './common.ts';
import { abortRotation, EXPIRE_CREDENTIALS_JOB, expireCredentialsJob, rotate } from './credentials.ts';
import { BUCKET_SAGA, deprovision, ensureSagaJobs, LEASE_SECONDS, provision, rollback } from './saga.ts';
import type { SagaOp } from './saga.ts';
import { USAGE_JOB, usageJob } from './usage.ts';

/**
 * The area's background work (`Area.jobs`), by job kind: the bucket saga (creations, deletions and
 * rotations a replica resumes), the end of a rotated-out key's grace period, the usage refresh.
 */
export const bucketJobs = (deps: BucketDeps): Readonly<Record<string, JobHandler>> => ({
  [BUCKET_SAGA]: bucketSagaJob(deps),
  [EXPIRE_CREDENTIALS_JOB]: expireCredentialsJob(deps),
  [USAGE_JOB]: usageJob(deps),
});

/**
 * The saga job's handler, for a replica taking over an interrupted saga (crash, SIGKILL, lost
 * database, a failed attempt): creations are completed, failed creations rolled back, deletions
 * carried through. Every step is idempotent, so it runs the saga again from wherever it stands.
 */
export const bucketSagaJob =
  (deps: Pick<BucketDeps, 'db' | 'storage' | 'logger'>): JobHandler =>
  async (job) => {
    const { db, logger } = deps;
    const op = job.lease.job.payload.op as SagaOp;
    const [row] = await db.select().from(buckets).where(eq(buckets.id, job.lease.job.key));
    if (!row) return;
    if (op === 'rotate' || op === 'rotate_abort') {
      // A rotation interrupted after its request: finished (or undone) by whoever takes the job.
      if (row.state !== 'ready' || !row.pendingAccessKeyId) return;
      if (op === 'rotate') await rotate(deps, row, job);
      else await abortRotation(deps, row, job);
      logger.info({ bucket_id: row.id, op }, 'resumed an interrupted credential rotation');
      return;
    }
    // A deletion that crashed before it marked the row `deleting` never started.
    if ((op === 'delete') !== (row.state === 'deleting') || row.state === 'ready') return;
    try {
      if (op === 'create') await provision(deps, row, job);
      else if (op === 'rollback') await rollback(deps, row, job);
      else await deprovision(deps, row, job);
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

/** Runs every due saga job now, in this process (tests; the runner does this in production). */
export async function resumeInterruptedSagas(
  deps: Pick<BucketDeps, 'db' | 'storage' | 'logger'>,
): Promise<number> {
  const { db } = deps;
  await ensureSagaJobs(db);
  const handler = bucketSagaJob(deps);
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
