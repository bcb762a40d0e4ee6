import { sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { arrayParameter, jsonParameter, transactionStatement } from '../../../core/db/prepared.ts';
import { checkStates } from '../../../core/db/schema/index.ts';
import type { BeforeCommit } from '../../../core/db/transaction.ts';
import { nextStreak, sameStanding, STALE_MS } from './streaks.ts';
import type { Streak } from './streaks.ts';

/**
 * How long a location's streak that keeps its standing may go unwritten. The alert rule counts a
 * location whose streak was not written for five minutes or more as silent (evaluate.ts); writing
 * an unchanged streak once a minute rather than at every result spares most of these writes (at a
 * 10 s frequency, five in six). Its `last_checked_at` then lags by up to this long.
 */
export const REFRESH_MS = 60_000;

/** A streak as stored, and whether its row was written within REFRESH_MS (by the database's clock). */
export type StoredStreak = Streak & { recent: boolean };

/** The first key of the streaks' advisory locks, "plst"; the second hashes organization and location. */
export const STREAKS_LOCK_SPACE = 0x706c7374;

interface Outcome {
  endpointId: string;
  checkedAt: Date;
  success: boolean;
}

/**
 * An organization's location has its streaks written by one batch at a time: a transaction-scoped
 * advisory lock on the two (its two-key space, apart from the migrations' one-key lock), not a row
 * lock on each streak, which wrote every row (and a WAL record per row) once more before its update.
 * Another organization's agents at a location of the same name do not wait (a hash collision
 * would only make two wait, never mix their rows).
 */
const lockStatement = transactionStatement(
  'monitoring_lock_location',
  () =>
    sql`select pg_advisory_xact_lock(${STREAKS_LOCK_SPACE},
        hashtext(${sql.placeholder('org')}::text || ' ' || ${sql.placeholder('location')}::text))`,
);

/** The location's streaks of these endpoints (read under `lockStatement`). */
const readStatement = transactionStatement(
  'monitoring_read_streaks',
  (d) =>
    d
      .select({
        endpointId: checkStates.endpointId,
        lastCheckedAt: checkStates.lastCheckedAt,
        failing: checkStates.failing,
        passing: checkStates.passing,
        down: checkStates.down,
        recent: sql<boolean>`${checkStates.updatedAt} > now() - make_interval(secs => ${sql.raw(String(REFRESH_MS / 1000))})`,
      })
      .from(checkStates)
      .where(
        sql`${checkStates.location} = ${sql.placeholder('location')}
          and ${checkStates.endpointId} = any(${arrayParameter('ids', 'uuid')}::uuid[])`,
      )
      .orderBy(checkStates.endpointId),
  ([endpointId, lastCheckedAt, failing, passing, down, recent]): [string, StoredStreak] => [
    endpointId as string,
    // PostgreSQL's text for a timestamptz, which Date reads (as drizzle's own mapping does).
    {
      lastCheckedAt: new Date(lastCheckedAt as string),
      failing: Number(failing),
      passing: Number(passing),
      down: down as boolean,
      recent: recent as boolean,
    },
  ],
);

/** The new streaks, one prepared statement whatever their number. */
const writeStatement = transactionStatement('monitoring_write_streaks', (d) =>
  d
    .insert(checkStates)
    .select(
      sql`select t.endpoint_id, ${sql.placeholder('location')}::text, t.last_checked_at, t.failing, t.passing,
          t.down, case when t.changed then now() end, now()
        from jsonb_to_recordset(${jsonParameter('rows')}) as t(endpoint_id uuid, last_checked_at timestamptz,
          failing integer, passing integer, down boolean, changed boolean)` as never,
    )
    .onConflictDoUpdate({
      target: [checkStates.endpointId, checkStates.location],
      set: {
        lastCheckedAt: sql`excluded.last_checked_at`,
        failing: sql`excluded.failing`,
        passing: sql`excluded.passing`,
        down: sql`excluded.down`,
        downChangedAt: sql`coalesce(excluded.down_changed_at, ${checkStates.downChangedAt})`,
        updatedAt: sql`now()`,
      },
    }),
);

/** Whether a result still counts for alert state (results older than STALE_MS do not). */
export const countsForStreaks = (r: { checkedAt: Date }, now = Date.now()): boolean =>
  now - r.checkedAt.getTime() <= STALE_MS;

/**
 * One location's streaks of these endpoints, the organization's location locked until the
 * transaction ends (read before the batch's results are known to be new, so it can travel with
 * their insert: a superset is fine). The lock is sent first and the read after it: each statement
 * reads what was committed when it starts, so the read sees the last writer's streaks.
 */
export async function lockStreaks(
  tx: Database,
  at: { organizationId: string; location: string },
  endpointIds: readonly string[],
): Promise<Map<string, StoredStreak>> {
  if (endpointIds.length === 0) return new Map();
  const ids = [...new Set(endpointIds)].sort();
  const location = at.location;
  const [, rows] = await Promise.all([
    lockStatement.execute(tx, { org: at.organizationId, location }),
    readStatement.execute(tx, { location, ids }),
  ]);
  return new Map(rows);
}

/**
 * Moves one location's streaks (`old`, locked by `lockStreaks` in this transaction) by new
 * results and returns the endpoints whose location went down or came up: those the alert rule
 * must look at again. The write travels with the transaction's COMMIT (`beforeCommit`). A streak
 * whose standing did not change is written only if its row is older than REFRESH_MS: until then
 * its `last_checked_at` stays behind, and a result between that and the latest (one location's
 * results out of order, as from two agents there) still counts.
 */
export function moveStreaks(
  tx: Database,
  location: string,
  results: readonly Outcome[],
  old: ReadonlyMap<string, StoredStreak>,
  ruleOf: (endpointId: string) => { failures: number; successes: number },
  beforeCommit: BeforeCommit,
): string[] {
  const now = Date.now();
  const byEndpoint = new Map<string, Outcome[]>();
  for (const r of results) {
    if (!countsForStreaks(r, now)) continue;
    const list = byEndpoint.get(r.endpointId);
    if (list) list.push(r);
    else byEndpoint.set(r.endpointId, [r]);
  }
  const rows: (Streak & { endpointId: string; changed: boolean })[] = [];
  for (const id of [...byEndpoint.keys()].sort()) {
    const before = old.get(id);
    const after = nextStreak(before, byEndpoint.get(id)!, ruleOf(id));
    if (!after) continue;
    if (
      before &&
      (after.lastCheckedAt.getTime() === before.lastCheckedAt.getTime() ||
        (before.recent && sameStanding(before, after)))
    )
      continue;
    rows.push({ endpointId: id, ...after, changed: (before?.down ?? false) !== after.down });
  }
  if (rows.length > 0)
    beforeCommit(
      writeStatement.execute(tx, {
        location,
        rows: JSON.stringify(
          rows.map((r) => ({
            endpoint_id: r.endpointId,
            last_checked_at: r.lastCheckedAt.toISOString(),
            failing: r.failing,
            passing: r.passing,
            down: r.down,
            changed: r.changed,
          })),
        ),
      }),
    );
  return rows.filter((r) => r.changed).map((r) => r.endpointId);
}
