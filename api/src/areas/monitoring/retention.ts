import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { checkResults, checkRollups } from '../../core/db/schema/index.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { Schedule } from '../../core/jobs/schedules.ts';
import type { JobDeps } from '../area.ts';

/** How long raw results are kept when PLINTH_CHECK_RESULT_RETENTION_DAYS is not set. */
export const DEFAULT_RETENTION_DAYS = 14;
/** How long five-minute rollups are kept at least: the statistics' longest window and a day. */
const ROLLUP_DAYS = 31;
/** Rows one statement deletes: short statements, so ingestion never waits long on the deletion's locks. */
const BATCH = 5_000;
/** Batches one job deletes at most; the next hour's job goes on. */
const MAX_BATCHES = 200;

const retentionDays = (deps: Pick<JobDeps, 'monitoring'>) =>
  deps.monitoring?.resultRetentionDays ?? DEFAULT_RETENTION_DAYS;

/**
 * Deletes the rollups older than the statistics read, and the results received before the
 * retention and already counted by the rollup job, in short batches found through the BRIN index
 * on `received_at` (the table only grows at its end), never with a scan on the ingest path.
 */
export async function pruneResults(deps: Pick<JobDeps, 'db' | 'monitoring'>): Promise<number> {
  // Rollups are kept for the longest window the statistics read (30 days), or the results' retention if longer.
  await deps.db
    .delete(checkRollups)
    .where(
      lt(
        checkRollups.bucket,
        sql`now() - make_interval(days => ${Math.max(ROLLUP_DAYS, retentionDays(deps))})`,
      ),
    );
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const gone = await deleteBatch(deps.db, retentionDays(deps));
    total += gone;
    if (gone < BATCH) break;
  }
  return total;
}

async function deleteBatch(db: Database, days: number): Promise<number> {
  const old = db
    .select({ id: checkResults.id })
    .from(checkResults)
    .where(
      and(
        lt(checkResults.receivedAt, sql`now() - make_interval(days => ${days})`),
        // Never a result the rollup job has not counted yet (rollups.ts).
        lt(checkResults.tx, sql`(select upto from check_rollup_mark where id = 1)`),
      ),
    )
    .limit(BATCH);
  const gone = await db
    .delete(checkResults)
    .where(inArray(checkResults.id, old))
    .returning({ id: checkResults.id });
  return gone.length;
}

/** Every replica asks each hour; the hour's key makes it one job for all of them. */
export const RETENTION_SCHEDULE: Schedule<JobDeps> = {
  name: 'monitoring.prune_results',
  everyMs: 10 * 60_000,
  run: async ({ db }) => {
    const hour = new Date().toISOString().slice(0, 13);
    await enqueue(db, { kind: 'monitoring.prune_results', key: hour, unique: 'ever' });
  },
};

/** What time alone changes of alerts (alerts/watch.ts), every half minute: one job for all replicas. */
export const WATCH_SCHEDULE: Schedule<JobDeps> = {
  name: 'monitoring.watch',
  everyMs: 30_000,
  run: async ({ db }) => {
    const slot = Math.floor(Date.now() / 30_000);
    await enqueue(db, { kind: 'monitoring.watch', key: String(slot), unique: 'ever' });
  },
};
