import { createHash } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AgentIdentity } from '../../auth/agents.ts';
import type { Database } from '../../core/db/client.ts';
import { agents, checkEndpoints, checkResults } from '../../core/db/schema/index.ts';
import { forbidden } from '../../core/errors.ts';
import { settingsOf } from './endpoints.ts';
import { addRollups, rollupsOf } from './rollups.ts';
import { EVALUATE_JOB } from './alerts/evaluate.ts';
import { moveStreaks } from './alerts/states.ts';
import { enqueueAll } from '../../core/jobs/queue.ts';
import type {
  Assignments,
  CheckResultInput,
  ErrorReport,
  HealthReport,
  IngestOutcome,
} from './schema/protocol.ts';

/** How often agents are told to ask for their assignments again. */
export const POLL_INTERVAL_S = 30;

/** The endpoints of the agent's organization (or workspace) it may report on, whatever their locations. */
const inReach = (agent: AgentIdentity) =>
  and(
    eq(checkEndpoints.organizationId, agent.organizationId),
    agent.workspaceId === null ? undefined : eq(checkEndpoints.workspaceId, agent.workspaceId),
  );

/**
 * What the agent checks: the enabled endpoints in its reach whose locations name its own (or name
 * none), with their version: a hash of the answer, so it changes exactly when the answer does.
 */
export async function assignmentsOf(
  db: Database,
  agent: AgentIdentity,
): Promise<{ body: Assignments; etag: string }> {
  const rows = await db
    .select()
    .from(checkEndpoints)
    .where(
      and(
        inReach(agent),
        eq(checkEndpoints.enabled, true),
        or(
          sql`cardinality(${checkEndpoints.locations}) = 0`,
          sql`${agent.location} = any(${checkEndpoints.locations})`,
        ),
      ),
    )
    .orderBy(checkEndpoints.id);
  const endpoints = rows.map((e) => ({
    id: e.id,
    name: e.name,
    kind: e.kind,
    target: e.target,
    frequency_s: e.frequencySeconds,
    timeout_ms: e.timeoutMs,
    ...settingsOf(e),
  }));
  const agentPart = { id: agent.agentId, name: agent.name, location: agent.location };
  const version = createHash('sha256')
    .update(JSON.stringify([agentPart, POLL_INTERVAL_S, endpoints]))
    .digest('base64url')
    .slice(0, 27);
  return {
    body: { agent: agentPart, config_version: version, poll_interval_s: POLL_INTERVAL_S, endpoints },
    etag: `"${version}"`,
  };
}

/** The columns a result has of its own; the rest of its fields go to `details`. */
const COLUMNS = new Set([
  'result_id',
  'endpoint_id',
  'success',
  'checked_at',
  'duration_ms',
  'status_code',
  'http_error_category',
]);

function detailsOf(r: CheckResultInput): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (!COLUMNS.has(k) && v !== null && v !== undefined) out[k] = v;
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Stores a batch of results once each (the agent's `result_id` is the key: a batch sent again adds
 * nothing). A result whose endpoint is not in the agent's reach is rejected, not stored, and does
 * not fail the others.
 */
export async function ingestResults(
  db: Database,
  agent: AgentIdentity,
  results: readonly CheckResultInput[],
): Promise<IngestOutcome> {
  if (results.length === 0) return { accepted: 0, duplicates: 0, rejected: [] };
  const asked = [...new Set(results.map((r) => r.endpoint_id))];
  const frequencies = new Map(
    (
      await db
        .select({
          id: checkEndpoints.id,
          frequency: checkEndpoints.frequencySeconds,
          failures: checkEndpoints.alertFailures,
          successes: checkEndpoints.alertSuccesses,
        })
        .from(checkEndpoints)
        .where(and(sql`${checkEndpoints.id} = any(${sql.param(asked)}::uuid[])`, inReach(agent)))
    ).map((r) => [r.id, r]),
  );
  const kept = results.filter((r) => frequencies.has(r.endpoint_id));
  const rejected = results
    .filter((r) => !frequencies.has(r.endpoint_id))
    .map((r) => ({ result_id: r.result_id, reason: 'endpoint_unknown' as const }));
  if (kept.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const rows = kept.map((r) => ({
    id: r.result_id,
    endpointId: r.endpoint_id,
    agentId: agent.agentId,
    checkedAt: new Date(r.checked_at),
    success: r.success,
    durationMs: r.duration_ms,
    statusCode: r.status_code ?? null,
    errorCategory: r.http_error_category ?? null,
    details: detailsOf(r),
  }));
  // The results and their rollups commit together: a batch sent again counts only what is new.
  const accepted = await db.transaction(async (tx) => {
    const stored = new Set(
      (
        await tx
          .insert(checkResults)
          .values(rows)
          .onConflictDoNothing({ target: checkResults.id })
          .returning({ id: checkResults.id })
      ).map((r) => r.id),
    );
    const fresh = rows.filter((r) => stored.delete(r.id));
    await addRollups(
      tx,
      rollupsOf(fresh, agent.location, (id) => frequencies.get(id)!.frequency),
    );
    // A location that went down or came up: the alert rule looks at its endpoint again, off this path.
    const flipped = await moveStreaks(tx, agent.location, fresh, (id) => frequencies.get(id)!);
    await enqueueAll(
      tx,
      flipped.map((id) => ({ kind: EVALUATE_JOB, key: id, tenant: agent.organizationId })),
    );
    return fresh.length;
  });
  return { accepted, duplicates: kept.length - accepted, rejected };
}

/** Keeps what the agent says of itself; results sent with it are stored as a batch would be. */
export async function recordHealth(db: Database, agent: AgentIdentity, report: HealthReport) {
  if (report.reported_agent_id && report.reported_agent_id.toLowerCase() !== agent.agentId)
    throw forbidden('reported_agent_id names another agent than the token’s.', 'agent_mismatch');
  const { check_results: results, status, version, uptime_seconds: uptime, ...rest } = report;
  const [row] = await db
    .update(agents)
    .set({
      health: status,
      version,
      uptimeSeconds: uptime,
      lastReportAt: sql`now()`,
      report: rest,
      updatedAt: sql`${agents.updatedAt}`,
    })
    .where(and(eq(agents.id, agent.agentId), isNull(agents.archivedAt)))
    .returning({ at: agents.lastReportAt });
  const outcome = results === undefined ? null : await ingestResults(db, agent, results);
  return {
    agent_id: agent.agentId,
    organization: agent.organizationId,
    workspace: agent.workspaceId,
    received_at: (row?.at ?? new Date()).toISOString(),
    results: outcome,
  };
}

/** Keeps the agent's latest error report (the agents page shows it). */
export async function recordErrors(db: Database, agent: AgentIdentity, report: ErrorReport) {
  const [row] = await db
    .update(agents)
    .set({
      errors: report,
      lastErrorsAt: sql`now()`,
      updatedAt: sql`${agents.updatedAt}`,
    })
    .where(eq(agents.id, agent.agentId))
    .returning({ at: agents.lastErrorsAt });
  return {
    agent_id: agent.agentId,
    received_at: (row?.at ?? new Date()).toISOString(),
    errors: report.recent_errors.length,
  };
}
