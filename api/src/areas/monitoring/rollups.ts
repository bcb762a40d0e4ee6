import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { jsonParameter, transactionStatement } from '../../core/db/prepared.ts';
import { checkRollups } from '../../core/db/schema/index.ts';
import { bucketOf } from './histogram.ts';

/** The rollups' width: five minutes, which every allowed frequency divides or is a multiple of. */
export const BUCKET_MS = 5 * 60_000;

export interface Rollup {
  endpointId: string;
  location: string;
  bucket: Date;
  n: number;
  nSuccess: number;
  sumMs: number;
  /** Counts by latency bucket (histogram.ts), up to the last bucket counted. */
  hist: number[];
  seen: number;
  ok: number;
}

interface Counted {
  endpointId: string;
  checkedAt: Date;
  success: boolean;
  durationMs: number;
}

/**
 * The rollups of results from one location (pure): per endpoint and five minutes, the counts, the
 * duration sum and histogram, and the bitmaps of check periods (`frequency` seconds from the
 * bucket's start; one period for longer frequencies) that had a result and a success.
 */
export function rollupsOf(
  results: readonly Counted[],
  location: string,
  frequencyOf: (endpointId: string) => number,
): Rollup[] {
  const rows = new Map<string, Rollup>();
  for (const r of results) {
    const at = r.checkedAt.getTime();
    const bucket = Math.floor(at / BUCKET_MS) * BUCKET_MS;
    const key = `${r.endpointId} ${bucket}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        endpointId: r.endpointId,
        location,
        bucket: new Date(bucket),
        n: 0,
        nSuccess: 0,
        sumMs: 0,
        hist: [],
        seen: 0,
        ok: 0,
      };
      rows.set(key, row);
    }
    const periodMs = frequencyOf(r.endpointId) * 1000;
    const period = periodMs >= BUCKET_MS ? 0 : Math.min(30, Math.floor((at - bucket) / periodMs));
    row.n += 1;
    row.sumMs += r.durationMs;
    // Only as long as its last counted bucket (most of the 64 stay empty): check_hist_add pads.
    const b = bucketOf(r.durationMs);
    while (row.hist.length <= b) row.hist.push(0);
    row.hist[b]! += 1;
    row.seen |= 1 << period;
    if (r.success) {
      row.nSuccess += 1;
      row.ok |= 1 << period;
    }
  }
  // One order for every writer, so two batches never wait on each other's rows crosswise.
  return [...rows.values()].sort((a, b) =>
    a.endpointId === b.endpointId
      ? a.bucket.getTime() - b.bucket.getTime()
      : a.endpointId < b.endpointId
        ? -1
        : 1,
  );
}

/**
 * Adds rollups to the stored ones (in the transaction that stored their results): one prepared
 * INSERT … SELECT … ON CONFLICT, the rows as one JSON parameter, whatever their number.
 * Histograms of different lengths add up element by element (`check_hist_add`, migration 0020).
 */
export async function addRollups(db: Database, rows: readonly Rollup[]): Promise<void> {
  if (rows.length === 0) return;
  await addStatement.execute(db, {
    rows: JSON.stringify(
      rows.map((r) => ({
        endpoint_id: r.endpointId,
        location: r.location,
        bucket: r.bucket.toISOString(),
        n: r.n,
        n_success: r.nSuccess,
        sum_ms: r.sumMs,
        hist: r.hist,
        seen: r.seen,
        ok: r.ok,
      })),
    ),
  });
}

const addStatement = transactionStatement('monitoring_add_rollups', (d) =>
  d
    .insert(checkRollups)
    .select(
      sql`select t.endpoint_id, t.location, t.bucket, t.n, t.n_success, t.sum_ms, t.hist, t.seen, t.ok
        from jsonb_to_recordset(${jsonParameter('rows')}) as t(endpoint_id uuid, location text,
          bucket timestamptz, n integer, n_success integer, sum_ms float8, hist smallint[], seen bigint, ok bigint)` as never,
    )
    .onConflictDoUpdate({
      target: [checkRollups.endpointId, checkRollups.bucket, checkRollups.location],
      set: {
        n: sql`${checkRollups.n} + excluded.n`,
        nSuccess: sql`${checkRollups.nSuccess} + excluded.n_success`,
        sumMs: sql`${checkRollups.sumMs} + excluded.sum_ms`,
        // One result (nearly every row: a batch holds an endpoint's one check) adds 1 at its own
        // bucket, the last of its histogram, with array operators; the plpgsql loop cost twice that.
        hist: sql`case when excluded.n = 1 then
          ${checkRollups.hist}[1:cardinality(excluded.hist) - 1]
          || array_fill(0::smallint, array[greatest(0, cardinality(excluded.hist) - 1 - cardinality(${checkRollups.hist}))])
          || (coalesce(${checkRollups.hist}[cardinality(excluded.hist)], 0) + 1)::smallint
          || ${checkRollups.hist}[cardinality(excluded.hist) + 1:cardinality(${checkRollups.hist})]
          else check_hist_add(${checkRollups.hist}, excluded.hist) end`,
        seen: sql`${checkRollups.seen} | excluded.seen`,
        ok: sql`${checkRollups.ok} | excluded.ok`,
      },
    }),
);
