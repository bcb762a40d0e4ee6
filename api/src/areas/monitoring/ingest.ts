import { sql } from 'drizzle-orm';
import type { Placeholder, SQL } from 'drizzle-orm';
import type { AgentIdentity } from '../../auth/agents.ts';
import type { Database } from '../../core/db/client.ts';
import { arrayParameter, jsonParameter, transactionStatement } from '../../core/db/prepared.ts';
import { transactionWithClosing } from '../../core/db/transaction.ts';
import { checkEndpoints, checkResults } from '../../core/db/schema/index.ts';
import { enqueueAll } from '../../core/jobs/queue.ts';
import { KeyedQueue } from '../../core/keyed-queue.ts';
import { Admission } from '../../core/admission.ts';
import { EVALUATE_JOB } from './alerts/evaluate.ts';
import { countsForStreaks, lockStreaks, moveStreaks } from './alerts/states.ts';
import type { CheckResultInput, IngestOutcome, REJECTIONS } from './schema/protocol.ts';

/** How far ahead of the API's clock a result's `checked_at` may be. */
const MAX_AHEAD_MS = 5 * 60_000;

/**
 * One batch per organization's location at a time in this process: the others wait here, not
 * holding a database connection while they wait for the location's lock (alerts/states.ts), so
 * one organization's many agents at a place cannot take the pool from everyone else's.
 */
const byLocation = new KeyedQueue();

/** PLINTH_RESULT_BATCH_WRITERS' default. */
export const DEFAULT_BATCH_WRITERS = 2;

/**
 * The batches being stored in this process, at most `PLINTH_RESULT_BATCH_WRITERS` at once, the
 * waiting ones taken round-robin across organizations: the database's CPU is what a batch spends,
 * and more at once only queue on its cores, where every other request's queries then wait behind
 * them (docs/monitoring.md, "Performance"). None is refused here: the job thread's intake already
 * bounds each organization's batches (core/jobs/offload.ts).
 */
const writersOf = new Map<number, Admission>();
const writers = (size: number): Admission =>
  writersOf.get(size) ??
  writersOf.set(size, new Admission({ concurrency: size, queuePerOrganization: Infinity })).get(size)!;

/**
 * The endpoints an agent may fetch and report on: its organization's, or its workspace's only.
 * The agent's organization and workspace as values, or as a prepared statement's placeholders.
 */
export const inAgentReach = (org: string | Placeholder, ws: string | null | Placeholder): SQL =>
  sql`${checkEndpoints.organizationId} = ${org}::uuid
    and (${ws}::uuid is null or ${checkEndpoints.workspaceId} = ${ws}::uuid)`;

const inReach = inAgentReach(sql.placeholder('org'), sql.placeholder('ws'));

/** The batch's endpoints that are in the agent's reach, with their alert rule: the IDs as one opaque array. */
const reachStatement = transactionStatement(
  'monitoring_reach',
  (d) =>
    d
      .select({
        id: checkEndpoints.id,
        failures: checkEndpoints.alertFailures,
        successes: checkEndpoints.alertSuccesses,
      })
      .from(checkEndpoints)
      .where(sql`${checkEndpoints.id} = any(${arrayParameter('ids', 'uuid')}::uuid[]) and ${inReach}`),
  ([id, failures, successes]) => ({
    id: id as string,
    failures: Number(failures),
    successes: Number(successes),
  }),
);

/** A result's fields with columns of their own; the others are kept as `details`. */
export const RESULT_COLUMNS: ReadonlySet<string> = new Set([
  'result_id',
  'endpoint_id',
  'success',
  'checked_at',
  'duration_ms',
  'status_code',
  'http_error_category',
]);

/** A result as the insert takes it: its columns, and its other fields that are set as `details`. */
function row(r: CheckResultInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let details: Record<string, unknown> | null = null;
  // No Object.entries: its pair arrays were a tenth of a batch's garbage.
  for (const key in r) {
    const value = r[key as keyof CheckResultInput];
    if (RESULT_COLUMNS.has(key)) out[key] = value;
    else if (value !== null && value !== undefined) (details ??= {})[key] = value;
  }
  out.details = details;
  return out;
}

/**
 * The batch's rows in one INSERT … SELECT, the batch as one JSON parameter that PostgreSQL takes
 * apart (drizzle building a row's worth of parameters per result, or the driver escaping arrays,
 * cost more than the insert; `details` made here costs less than jsonb operators there). Rows of
 * endpoints out of the agent's reach are left out here, so the insert need not wait for the reach
 * check's answer; those stored before (a batch sent again) are skipped, and the new ones returned.
 */
const insertStatement = transactionStatement(
  'monitoring_insert_results',
  (d) =>
    d
      .insert(checkResults)
      .select(
        sql`select t.result_id, t.endpoint_id, ${sql.placeholder('agent')}::uuid, t.checked_at, now(), t.success,
          t.duration_ms, t.status_code, t.http_error_category, t.details, ${sql.placeholder('location')}::text,
          pg_current_xact_id()::text::bigint
        from jsonb_to_recordset(${jsonParameter('rows')}) as t(result_id uuid, endpoint_id uuid,
          checked_at timestamptz, success boolean, duration_ms real, status_code smallint,
          http_error_category text, details jsonb)
        where t.endpoint_id in (select ${checkEndpoints.id} from ${checkEndpoints}
          where ${checkEndpoints.id} = any(${arrayParameter('ids', 'uuid')}::uuid[]) and ${inReach})` as never,
      )
      .onConflictDoNothing({ target: checkResults.id })
      .returning({ id: checkResults.id }),
  ([id]) => id as string,
);

/**
 * Stores a batch of results once each (the agent's `result_id` is the key: a batch sent again adds
 * nothing), in one transaction with the location's streaks (the rollup job counts them later:
 * rollups.ts); a location that went down or came up has its endpoint's alert rule applied again,
 * by a job. A result whose endpoint is not in the agent's reach is rejected, not stored, and does
 * not fail the others.
 *
 * Three round trips: BEGIN; the reach check, the insert, the location's lock and the read of its
 * streaks together; the streaks' write and the jobs with the COMMIT. A writer (above) is held for
 * these only, and every one of them waits for the database's core when it is busy.
 */
export async function ingestResults(
  db: Database,
  agent: AgentIdentity,
  results: readonly CheckResultInput[],
  batchWriters = DEFAULT_BATCH_WRITERS,
): Promise<IngestOutcome> {
  if (results.length === 0) return { accepted: 0, duplicates: 0, rejected: [] };
  const asked = [...new Set(results.map((r) => r.endpoint_id))];
  const at = { ids: asked, org: agent.organizationId, ws: agent.workspaceId };
  // A clock ahead would hold an endpoint's streaks (newer results win) and fill future rollups.
  const latest = Date.now() + MAX_AHEAD_MS;
  const timely = results.filter((r) => Date.parse(r.checked_at) <= latest);
  const outcome = (reach: ReadonlyMap<string, unknown>, accepted: number): IngestOutcome => {
    const reasonOf = (r: CheckResultInput): (typeof REJECTIONS)[number] | null =>
      !reach.has(r.endpoint_id)
        ? 'endpoint_unknown'
        : Date.parse(r.checked_at) > latest
          ? 'checked_at_in_future'
          : null;
    const rejected = results.flatMap((r) => {
      const reason = reasonOf(r);
      return reason ? [{ result_id: r.result_id, reason }] : [];
    });
    return { accepted, duplicates: results.length - rejected.length - accepted, rejected };
  };
  const reachOf = (rows: readonly { id: string; failures: number; successes: number }[]) =>
    new Map(rows.map((r) => [r.id, r]));
  if (timely.length === 0) return outcome(reachOf(await reachStatement.execute(db, at)), 0);
  const now = Date.now();
  const storeBatch = () =>
    transactionWithClosing(db, async (tx, beforeCommit) => {
      const [reachRows, inserted, old] = await Promise.all([
        reachStatement.execute(tx, at),
        insertStatement.execute(tx, {
          agent: agent.agentId,
          location: agent.location,
          ...at,
          rows: JSON.stringify(timely.map(row)),
        }),
        // Endpoints out of reach too (not known yet): their streaks are read, never written.
        lockStreaks(
          tx,
          agent,
          timely
            .filter((r) => countsForStreaks({ checkedAt: new Date(r.checked_at) }, now))
            .map((r) => r.endpoint_id),
        ),
      ]);
      const reach = reachOf(reachRows);
      const stored = new Set(inserted);
      // A result stored now (the first of twins in one batch only). The reach check and the insert
      // read the endpoints at two moments: one moved into reach between them is stored, but its
      // streak waits for the next result.
      const fresh = timely
        .filter((r) => stored.delete(r.result_id) && reach.has(r.endpoint_id))
        .map((r) => ({
          endpointId: r.endpoint_id,
          checkedAt: new Date(r.checked_at),
          success: r.success,
          durationMs: r.duration_ms,
        }));
      const flipped = moveStreaks(tx, agent.location, fresh, old, (id) => reach.get(id)!, beforeCommit);
      if (flipped.length > 0)
        beforeCommit(
          enqueueAll(
            tx,
            flipped.map((id) => ({ kind: EVALUATE_JOB, key: id, tenant: agent.organizationId })),
          ),
        );
      return outcome(reach, fresh.length);
    });
  return byLocation.run(`${agent.organizationId} ${agent.location}`, () =>
    writers(batchWriters).run('results', agent.organizationId, storeBatch),
  );
}
