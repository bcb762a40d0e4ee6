import { createHash } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AgentIdentity } from '../../auth/agents.ts';
import type { Database } from '../../core/db/client.ts';
import { agents, checkEndpoints } from '../../core/db/schema/index.ts';
import { settingsOf } from './endpoints.ts';
import { inAgentReach, ingestResults } from './ingest.ts';
import type { Assignments, ErrorReport, HealthAnswer, HealthReport } from './schema/protocol.ts';

/** How often agents are told to ask for their assignments again. */
export const POLL_INTERVAL_S = 30;

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
        inAgentReach(agent.organizationId, agent.workspaceId),
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

/** Whether the report's `reported_agent_id` names another agent than its token's (refused: 403). */
export const namesAnotherAgent = (agent: AgentIdentity, report: HealthReport): boolean =>
  !!report.reported_agent_id && report.reported_agent_id.toLowerCase() !== agent.agentId;

/**
 * Keeps what the agent says of itself; results sent with it are stored as a batch would be. The
 * caller has refused a report that names another agent (`namesAnotherAgent`).
 */
export async function recordHealth(
  db: Database,
  agent: AgentIdentity,
  report: HealthReport,
  batchWriters?: number,
): Promise<HealthAnswer> {
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
  const outcome = results === undefined ? null : await ingestResults(db, agent, results, batchWriters);
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
