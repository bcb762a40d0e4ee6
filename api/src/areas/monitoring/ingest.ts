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

/** The insert's answer when it stored every row it was given. */
const ALL_STORED = Symbol('all stored');

/**
 * The batch's rows in one INSERT … SELECT, the batch as one JSON parameter that PostgreSQL takes
 * apart (drizzle building a row's worth of parameters per result, or the driver escaping arrays,
 * cost more than the insert; `details` made here costs less than jsonb operators there). Rows of
 * endpoints out of the agent's reach are left out here, so the insert need not wait for the reach
 * check's answer; those stored before (a batch sent again) are skipped. The answer is one row:
 * the new results' IDs, or none when every row given was new (nearly every batch), so the job
 * thread does not read and keep a row per result while the transaction ends.
 */
const insertStatement = transactionStatement(
  'monitoring_insert_results',
  (d) =>
    // drizzle puts the embedded insert in parentheses: `with stored as (insert …)`.
    sql`with stored as ${d
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
      .returning({ id: checkResults.id })}
    select case when count(*) = ${sql.placeholder('rowCount')}::int then null
      else coalesce(string_agg(id::text, ','), '') end from stored`,
  ([ids]) => (ids === null ? ALL_STORED : (ids as string).split(',')),
);

/**
 * What a batch keeps while it waits for its writer and its transaction: the rows' JSON and, per
 * result, the few fields read after the insert. The validated results (a few hundred objects of up
 * to 45 fields) are garbage before the wait, so the job thread's scavenges do not copy them while
 * the database is slow (docs/monitoring.md, "The job thread's garbage").
 */
interface CompactBatch {
  readonly size: number;
  readonly resultIds: readonly string[];
  readonly endpointIds: readonly string[];
  /** `checked_at` in milliseconds; a result too far ahead is NaN (rejected, never stored). */
  readonly checkedAt: Float64Array;
  readonly success: Uint8Array;
  /** The timely results' rows (`row`), one JSON text; null when none is timely. */
  readonly rows: string | null;
  readonly timely: number;
}

function compact(results: readonly CheckResultInput[], latest: number): CompactBatch {
  const n = results.length;
  const batch = {
    size: n,
    resultIds: new Array<string>(n),
    endpointIds: new Array<string>(n),
    checkedAt: new Float64Array(n),
    success: new Uint8Array(n),
    rows: null as string | null,
    timely: 0,
  };
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const r = results[i]!;
    const at = Date.parse(r.checked_at);
    batch.resultIds[i] = r.result_id;
    batch.endpointIds[i] = r.endpoint_id;
    // A clock ahead would hold an endpoint's streaks (newer results win) and fill future rollups.
    batch.checkedAt[i] = at <= latest ? at : NaN;
    batch.success[i] = r.success ? 1 : 0;
    if (at <= latest) rows.push(row(r));
  }
  batch.timely = rows.length;
  if (rows.length > 0) batch.rows = JSON.stringify(rows);
  return batch;
}

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
export function ingestResults(
  db: Database,
  agent: AgentIdentity,
  results: readonly CheckResultInput[],
  batchWriters = DEFAULT_BATCH_WRITERS,
): Promise<IngestOutcome> {
  if (results.length === 0) return Promise.resolve({ accepted: 0, duplicates: 0, rejected: [] });
  const now = Date.now();
  // Synchronous up to here: `results` is not kept by what follows.
  return storeCompact(db, agent, compact(results, now + MAX_AHEAD_MS), batchWriters, now);
}

async function storeCompact(
  db: Database,
  agent: AgentIdentity,
  batch: CompactBatch,
  batchWriters: number,
  now: number,
): Promise<IngestOutcome> {
  const asked = [...new Set(batch.endpointIds)];
  const at = { ids: asked, org: agent.organizationId, ws: agent.workspaceId };
  const outcome = (reach: ReadonlyMap<string, unknown>, accepted: number): IngestOutcome => {
    const rejected: IngestOutcome['rejected'] = [];
    for (let i = 0; i < batch.size; i++) {
      const reason: (typeof REJECTIONS)[number] | null = !reach.has(batch.endpointIds[i]!)
        ? 'endpoint_unknown'
        : Number.isNaN(batch.checkedAt[i])
          ? 'checked_at_in_future'
          : null;
      if (reason) rejected.push({ result_id: batch.resultIds[i]!, reason });
    }
    return { accepted, duplicates: batch.size - rejected.length - accepted, rejected };
  };
  const reachOf = (rows: readonly { id: string; failures: number; successes: number }[]) =>
    new Map(rows.map((r) => [r.id, r]));
  if (batch.rows === null) return outcome(reachOf(await reachStatement.execute(db, at)), 0);
  const rows = batch.rows;
  // Endpoints out of reach too (not known yet): their streaks are read, never written.
  const streakIds: string[] = [];
  for (let i = 0; i < batch.size; i++)
    if (countsForStreaks({ checkedAt: new Date(batch.checkedAt[i]!) }, now))
      streakIds.push(batch.endpointIds[i]!);
  const storeBatch = () =>
    transactionWithClosing(db, async (tx, beforeCommit) => {
      const [reachRows, inserted, old] = await Promise.all([
        reachStatement.execute(tx, at),
        insertStatement.execute(tx, {
          agent: agent.agentId,
          location: agent.location,
          ...at,
          rows,
          rowCount: batch.timely,
        }),
        lockStreaks(tx, agent, streakIds),
      ]);
      const reach = reachOf(reachRows);
      const [ids] = inserted;
      const stored = ids === ALL_STORED ? undefined : new Set(ids);
      // A result stored now (the first of twins in one batch only). The reach check and the insert
      // read the endpoints at two moments: one moved into reach between them is stored, but its
      // streak waits for the next result.
      const fresh: { endpointId: string; checkedAt: Date; success: boolean }[] = [];
      for (let i = 0; i < batch.size; i++) {
        const endpointId = batch.endpointIds[i]!;
        const checkedAt = batch.checkedAt[i]!;
        if (
          Number.isNaN(checkedAt) ||
          stored?.delete(batch.resultIds[i]!) === false ||
          !reach.has(endpointId)
        )
          continue;
        fresh.push({ endpointId, checkedAt: new Date(checkedAt), success: batch.success[i] === 1 });
      }
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
