import { sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { arrayParameter, jsonParameter, prepared } from '../../../core/db/prepared.ts';
import { checkStates } from '../../../core/db/schema/index.ts';
import { nextStreak, STALE_MS } from './streaks.ts';
import type { Streak } from './streaks.ts';

interface Outcome {
  endpointId: string;
  checkedAt: Date;
  success: boolean;
}

/** The location's streaks of these endpoints, locked until the transaction ends. */
const readStatement = (db: Database) =>
  prepared(db, 'monitoring_read_streaks', (d, name) =>
    d
      .select()
      .from(checkStates)
      .where(
        sql`${checkStates.location} = ${sql.placeholder('location')}
          and ${checkStates.endpointId} = any(${arrayParameter('ids', 'uuid')}::uuid[])`,
      )
      .orderBy(checkStates.endpointId)
      .for('update')
      .prepare(name),
  );

/** The new streaks, one prepared statement whatever their number. */
const writeStatement = (db: Database) =>
  prepared(db, 'monitoring_write_streaks', (d, name) =>
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
      })
      .prepare(name),
  );

/**
 * Moves one location's streaks by new results (in the transaction that stored them) and returns
 * the endpoints whose location went down or came up: those the alert rule must look at again.
 */
export async function moveStreaks(
  tx: Database,
  location: string,
  results: readonly Outcome[],
  ruleOf: (endpointId: string) => { failures: number; successes: number },
): Promise<string[]> {
  const now = Date.now();
  const byEndpoint = new Map<string, Outcome[]>();
  for (const r of results) {
    if (now - r.checkedAt.getTime() > STALE_MS) continue;
    const list = byEndpoint.get(r.endpointId);
    if (list) list.push(r);
    else byEndpoint.set(r.endpointId, [r]);
  }
  if (byEndpoint.size === 0) return [];
  const ids = [...byEndpoint.keys()].sort();
  const old = new Map(
    (await readStatement(tx).execute({ location, ids })).map((s) => [s.endpointId, s as Streak]),
  );
  const rows: (Streak & { endpointId: string; changed: boolean })[] = [];
  for (const id of ids) {
    const before = old.get(id);
    const after = nextStreak(before, byEndpoint.get(id)!, ruleOf(id));
    if (!after || (before && after.lastCheckedAt.getTime() === before.lastCheckedAt.getTime())) continue;
    rows.push({ endpointId: id, ...after, changed: (before?.down ?? false) !== after.down });
  }
  if (rows.length > 0)
    await writeStatement(tx).execute({
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
    });
  return rows.filter((r) => r.changed).map((r) => r.endpointId);
}
