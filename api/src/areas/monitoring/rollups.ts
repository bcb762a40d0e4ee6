import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { rowsOf } from '../../core/db/client.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import type { Schedule } from '../../core/jobs/schedules.ts';
import type { JobDeps } from '../area.ts';

/** The rollups' width: five minutes, which every allowed frequency divides or is a multiple of. */
export const BUCKET_MS = 5 * 60_000;

/** PLINTH_ROLLUP_INTERVAL_SECONDS' default: how often the job counts new results. */
export const DEFAULT_ROLLUP_INTERVAL_SECONDS = 60;

export const ROLLUP_JOB = 'monitoring.roll_up';

/**
 * Adds the results of every transaction that finished since the last run to the rollups: per
 * endpoint, location and five minutes, the counts, the duration sum, the latency histogram
 * (histogram.ts's buckets, computed here in SQL) and the bitmaps of check periods (`frequency`
 * seconds from the bucket's start; one period for longer frequencies) that had a result and a
 * success. Returns the rollup rows written.
 *
 * A result row carries its transaction's ID. The horizon is the oldest transaction still running
 * (`pg_snapshot_xmin`): every ID below it has committed or rolled back, so the range from the mark
 * up to the horizon holds only rows that will never change, and a transaction committing late is
 * counted by a later run, never skipped. The mark moves in the same transaction as the sums, and
 * is locked (skipping when another replica holds it), so no range is counted twice.
 */
export async function rollUp(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const [mark] = rowsOf<{ upto: string }>(
      await tx.execute(
        sql`select upto::text as upto from check_rollup_mark where id = 1 for update skip locked`,
      ),
    );
    if (!mark) return 0;
    const [{ horizon }] = rowsOf<{ horizon: string }>(
      await tx.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`),
    ) as [{ horizon: string }];
    if (BigInt(horizon) <= BigInt(mark.upto)) return 0;
    const [{ written }] = rowsOf<{ written: number }>(
      await tx.execute(sql`
        with added as (insert into check_rollups (endpoint_id, location, bucket, n, n_success, sum_ms, hist, seen, ok)
        select endpoint_id, location, bucket, sum(n)::int, sum(n_success)::int, sum(sum_ms),
          check_hist_of(array_agg(hb), array_agg(n)), bit_or(seen), bit_or(ok)
        from (
          select endpoint_id, location, bucket, hb, count(*) as n, count(*) filter (where success) as n_success,
            sum(ms) as sum_ms, bit_or(bit) as seen, coalesce(bit_or(bit) filter (where success), 0) as ok
          from (
            select r.endpoint_id, r.location, r.success, b.bucket, r.duration_ms::float8 as ms,
              case when r.duration_ms > 1
                then least(63, ceil(4 * ln(r.duration_ms::float8) / ln(2::float8) - 1e-9))::int
                else 0 end as hb,
              (1::bigint) << (case when e.frequency_seconds * 1000 >= ${BUCKET_MS} then 0
                else least(30, floor(extract(epoch from r.checked_at - b.bucket) / e.frequency_seconds))::int
                end) as bit
            from check_results r
            join check_endpoints e on e.id = r.endpoint_id
            cross join lateral (select to_timestamp(floor(extract(epoch from r.checked_at) / ${BUCKET_MS / 1000})
              * ${BUCKET_MS / 1000}) as bucket) b
            where r.tx >= ${mark.upto}::bigint and r.tx < ${horizon}::bigint
          ) one
          group by endpoint_id, location, bucket, hb
        ) by_bucket
        group by endpoint_id, location, bucket
        on conflict (endpoint_id, bucket, location) do update set
          n = check_rollups.n + excluded.n,
          n_success = check_rollups.n_success + excluded.n_success,
          sum_ms = check_rollups.sum_ms + excluded.sum_ms,
          hist = check_hist_add(check_rollups.hist, excluded.hist),
          seen = check_rollups.seen | excluded.seen,
          ok = check_rollups.ok | excluded.ok
        returning 1)
        select count(*)::int as written from added`),
    ) as [{ written: number }];
    await tx.execute(
      sql`update check_rollup_mark set upto = ${horizon}::bigint, counted_at = now() where id = 1`,
    );
    return written;
  });
}

const intervalMs = (deps: Pick<JobDeps, 'monitoring'>) =>
  (deps.monitoring?.rollupIntervalSeconds ?? DEFAULT_ROLLUP_INTERVAL_SECONDS) * 1000;

/** Every replica asks each interval; the slot's key makes it one job for all of them. */
export const ROLLUP_SCHEDULE: Schedule<JobDeps> = {
  name: ROLLUP_JOB,
  everyMs: intervalMs,
  run: async (deps) => {
    const slot = Math.floor(Date.now() / intervalMs(deps));
    await enqueue(deps.db, { kind: ROLLUP_JOB, key: String(slot), unique: 'ever' });
  },
};
