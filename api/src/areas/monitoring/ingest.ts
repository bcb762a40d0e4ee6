import { eq, sql } from 'drizzle-orm';
import type { AgentIdentity } from '../../auth/agents.ts';
import type { Database } from '../../core/db/client.ts';
import { arrayParameter, jsonParameter, prepared } from '../../core/db/prepared.ts';
import { checkEndpoints, checkResults } from '../../core/db/schema/index.ts';
import { enqueueAll } from '../../core/jobs/queue.ts';
import { EVALUATE_JOB } from './alerts/evaluate.ts';
import { moveStreaks } from './alerts/states.ts';
import { addRollups, rollupsOf } from './rollups.ts';
import type { CheckResultInput, IngestOutcome, REJECTIONS } from './schema/protocol.ts';

/** How far ahead of the API's clock a result's `checked_at` may be. */
const MAX_AHEAD_MS = 5 * 60_000;

/**
 * The batch's endpoints that are in the agent's reach (its organization, or its workspace), with
 * what ingestion needs of each: one prepared statement, the IDs as one opaque array.
 */
const reachStatement = (db: Database) =>
  prepared(db, 'monitoring_reach', (d, name) =>
    d
      .select({
        id: checkEndpoints.id,
        frequency: checkEndpoints.frequencySeconds,
        failures: checkEndpoints.alertFailures,
        successes: checkEndpoints.alertSuccesses,
      })
      .from(checkEndpoints)
      .where(
        sql`${checkEndpoints.id} = any(${arrayParameter('ids', 'uuid')}::uuid[])
          and ${eq(checkEndpoints.organizationId, sql.placeholder('org'))}
          and (${sql.placeholder('ws')}::uuid is null or ${checkEndpoints.workspaceId} = ${sql.placeholder('ws')}::uuid)`,
      )
      .prepare(name),
  );

/**
 * The batch's rows in one INSERT … SELECT, the batch as one JSON parameter that PostgreSQL takes
 * apart (drizzle building a row's worth of parameters per result, or the driver escaping arrays,
 * cost more than the insert): a result's own columns, and the rest of its fields as `details`.
 * Those stored before (a batch sent again) are skipped, and the new ones returned.
 */
const insertStatement = (db: Database) =>
  prepared(db, 'monitoring_insert_results', (d, name) =>
    d
      .insert(checkResults)
      .select(
        sql`select (r->>'result_id')::uuid, (r->>'endpoint_id')::uuid, ${sql.placeholder('agent')}::uuid,
          (r->>'checked_at')::timestamptz, now(), (r->>'success')::boolean, (r->>'duration_ms')::real,
          (r->>'status_code')::smallint, r->>'http_error_category',
          nullif(jsonb_strip_nulls(r - 'result_id' - 'endpoint_id' - 'success' - 'checked_at' - 'duration_ms'
            - 'status_code' - 'http_error_category'), '{}'::jsonb)
        from jsonb_array_elements(${jsonParameter('rows')}) as r` as never,
      )
      .onConflictDoNothing({ target: checkResults.id })
      .returning({ id: checkResults.id })
      .prepare(name),
  );

/**
 * Stores a batch of results once each (the agent's `result_id` is the key: a batch sent again adds
 * nothing), in one transaction with their rollups and the location's streaks; a location that
 * went down or came up has its endpoint's alert rule applied again, by a job. A result whose
 * endpoint is not in the agent's reach is rejected, not stored, and does not fail the others.
 */
export async function ingestResults(
  db: Database,
  agent: AgentIdentity,
  results: readonly CheckResultInput[],
): Promise<IngestOutcome> {
  if (results.length === 0) return { accepted: 0, duplicates: 0, rejected: [] };
  const asked = [...new Set(results.map((r) => r.endpoint_id))];
  const reach = new Map(
    (await reachStatement(db).execute({ ids: asked, org: agent.organizationId, ws: agent.workspaceId })).map(
      (r) => [r.id, r],
    ),
  );
  // A clock ahead would hold an endpoint's streaks (newer results win) and fill future rollups.
  const latest = Date.now() + MAX_AHEAD_MS;
  const reasonOf = (r: CheckResultInput): (typeof REJECTIONS)[number] | null =>
    !reach.has(r.endpoint_id)
      ? 'endpoint_unknown'
      : Date.parse(r.checked_at) > latest
        ? 'checked_at_in_future'
        : null;
  const kept = results.filter((r) => reasonOf(r) === null);
  const rejected = results.flatMap((r) => {
    const reason = reasonOf(r);
    return reason ? [{ result_id: r.result_id, reason }] : [];
  });
  if (kept.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const accepted = await db.transaction(async (tx) => {
    const stored = new Set(
      (await insertStatement(tx).execute({ agent: agent.agentId, rows: JSON.stringify(kept) })).map(
        (r) => r.id,
      ),
    );
    // A result stored now (the first of twins in one batch only).
    const fresh = kept
      .filter((r) => stored.delete(r.result_id))
      .map((r) => ({
        endpointId: r.endpoint_id,
        checkedAt: new Date(r.checked_at),
        success: r.success,
        durationMs: r.duration_ms,
      }));
    await addRollups(
      tx,
      rollupsOf(fresh, agent.location, (id) => reach.get(id)!.frequency),
    );
    const flipped = await moveStreaks(tx, agent.location, fresh, (id) => reach.get(id)!);
    await enqueueAll(
      tx,
      flipped.map((id) => ({ kind: EVALUATE_JOB, key: id, tenant: agent.organizationId })),
    );
    return fresh.length;
  });
  return { accepted, duplicates: kept.length - accepted, rejected };
}
