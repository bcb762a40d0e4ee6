import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { checkStates } from '../../../core/db/schema/index.ts';
import { nextStreak, STALE_MS } from './streaks.ts';
import type { Streak } from './streaks.ts';

interface Outcome {
  endpointId: string;
  checkedAt: Date;
  success: boolean;
}

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
  for (const r of results)
    if (now - r.checkedAt.getTime() <= STALE_MS)
      byEndpoint.set(r.endpointId, [...(byEndpoint.get(r.endpointId) ?? []), r]);
  if (byEndpoint.size === 0) return [];
  const ids = [...byEndpoint.keys()].sort();
  const old = new Map(
    (
      await tx
        .select()
        .from(checkStates)
        .where(
          and(
            eq(checkStates.location, location),
            sql`${checkStates.endpointId} = any(${sql.param(ids)}::uuid[])`,
          ),
        )
        .orderBy(checkStates.endpointId)
        .for('update')
    ).map((s) => [s.endpointId, s as Streak]),
  );
  const rows = [];
  const flipped: string[] = [];
  for (const id of ids) {
    const before = old.get(id);
    const after = nextStreak(before, byEndpoint.get(id)!, ruleOf(id));
    if (!after || (before && after.lastCheckedAt.getTime() === before.lastCheckedAt.getTime())) continue;
    const changed = (before?.down ?? false) !== after.down;
    if (changed) flipped.push(id);
    rows.push({ endpointId: id, location, ...after, ...(changed && { downChangedAt: sql`now()` }) });
  }
  if (rows.length > 0)
    await tx
      .insert(checkStates)
      .values(rows)
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
      });
  return flipped;
}
