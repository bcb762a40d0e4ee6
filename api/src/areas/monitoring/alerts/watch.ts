import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { agents, alertAcknowledgements, alerts } from '../../../core/db/schema/index.ts';
import type { AgentRow } from '../../../core/db/schema/index.ts';
import { enqueue } from '../../../core/jobs/queue.ts';
import { evaluateEndpoint, fireAlert, NOTIFY_JOB, resolveAlert } from './evaluate.ts';
import { cleanLabels } from './labels.ts';

/** An agent without a health report for this long raises `AgentDown` (three of its minute's reports missed). */
export const AGENT_SILENCE_MS = 3 * 60_000;

function agentAlert(g: AgentRow) {
  const labels = cleanLabels({
    alertname: 'AgentDown',
    severity: 'warning',
    organization: g.organizationId,
    workspace: g.workspaceId,
    agent: g.name,
    agent_id: g.id,
    location: g.location,
  });
  return {
    organizationId: g.organizationId,
    workspaceId: g.workspaceId,
    alertname: 'AgentDown',
    severity: 'warning',
    labels,
    annotations: {
      summary: `Monitoring agent ${g.name} (${g.location}) stopped reporting`,
      description: `No health report since ${g.lastReportAt?.toISOString() ?? 'it started'}: the endpoints it checks from ${g.location} are not being checked there.`,
    },
    subjectKind: 'agent' as const,
    subjectId: g.id,
  };
}

/**
 * What time alone changes, every half minute in one replica: agents that fell silent (AgentDown)
 * or came back, endpoints whose down locations fell silent, acknowledgements past their end, and
 * the Alertmanager's copy kept fresh (it forgets an alert not sent again).
 */
export async function watchAlerts(db: Database, alertmanager: boolean): Promise<void> {
  const silentSince = sql`now() - make_interval(secs => ${AGENT_SILENCE_MS / 1000})`;
  const silent = await db
    .select()
    .from(agents)
    .where(
      and(
        isNull(agents.archivedAt),
        isNotNull(agents.lastReportAt),
        lt(agents.lastReportAt, silentSince),
        sql`not exists (select 1 from ${alerts} where ${alerts.subjectId} = ${agents.id} and ${alerts.state} = 'firing')`,
      ),
    );
  for (const g of silent) await fireAlert(db, agentAlert(g));
  const back = await db
    .select({ id: alerts.id })
    .from(alerts)
    .leftJoin(agents, eq(agents.id, alerts.subjectId))
    .where(
      and(
        eq(alerts.subjectKind, 'agent'),
        eq(alerts.state, 'firing'),
        sql`(${agents.id} is null or ${agents.archivedAt} is not null or ${agents.lastReportAt} >= ${silentSince})`,
      ),
    );
  for (const a of back)
    await db.transaction(async (tx) => {
      await resolveAlert(tx, a);
    });
  const endpoints = await db
    .selectDistinct({ id: alerts.subjectId })
    .from(alerts)
    .where(and(eq(alerts.subjectKind, 'endpoint'), eq(alerts.state, 'firing')));
  for (const e of endpoints) await evaluateEndpoint(db, e.id);
  await db
    .update(alertAcknowledgements)
    .set({ endedAt: sql`now()`, endReason: 'expired' })
    .where(and(isNull(alertAcknowledgements.endedAt), lt(alertAcknowledgements.until, sql`now()`)));
  if (alertmanager) await enqueue(db, NOTIFY_JOB);
  // With no Alertmanager, nobody is waiting for the ends.
  else
    await db
      .update(alerts)
      .set({ endNotified: true })
      .where(and(eq(alerts.state, 'resolved'), eq(alerts.endNotified, false)));
}
