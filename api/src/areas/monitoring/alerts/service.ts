import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../../auth/context.ts';
import {
  authorize,
  requireScope,
  visibleOrganizationIdsSql,
  visibleWorkspaceIdsSql,
} from '../../../auth/policy.ts';
import type { Action } from '../../../auth/policy.ts';
import type { Database } from '../../../core/db/client.ts';
import { paginateTable } from '../../../core/db/paginate.ts';
import { alertAcknowledgements, alerts } from '../../../core/db/schema/index.ts';
import type { AlertAcknowledgementRow, AlertRow } from '../../../core/db/schema/index.ts';
import { conflict, notFound, validationError } from '../../../core/errors.ts';
import { enqueue } from '../../../core/jobs/queue.ts';
import type { Page } from '../../../core/pagination.ts';
import { iso } from '../../../core/schema.ts';
import { findOrganization } from '../../organizations/public.ts';
import { workspaceFor } from '../../workspaces/public.ts';
import type { Acknowledge, AlertDetail, AlertListQuery, AlertView } from '../schema/alerts.ts';
import { NOTIFY_JOB } from './evaluate.ts';

const ackView = (k: AlertAcknowledgementRow) => ({
  id: k.id,
  user: k.userId,
  username: k.username,
  comment: k.comment,
  created_at: k.createdAt.toISOString(),
  until: iso(k.until),
  ended_at: iso(k.endedAt),
  end_reason: k.endReason,
});

const toView = (a: AlertRow, open: AlertAcknowledgementRow | undefined): AlertView => ({
  id: a.id,
  organization: a.organizationId,
  workspace: a.workspaceId,
  alertname: a.alertname,
  severity: a.severity,
  state: a.state,
  labels: a.labels,
  annotations: a.annotations,
  fingerprint: a.fingerprint,
  subject: { kind: a.subjectKind, id: a.subjectId },
  starts_at: a.startsAt.toISOString(),
  ends_at: iso(a.endsAt),
  acknowledged: open !== undefined,
  acknowledgement: open ? ackView(open) : null,
});

/** The acknowledgements in force of these alerts, by alert. */
async function openAcks(db: Database, ids: string[]): Promise<Map<string, AlertAcknowledgementRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(alertAcknowledgements)
    .where(
      and(
        sql`${alertAcknowledgements.alertId} = any(${sql.param(ids)}::uuid[])`,
        isNull(alertAcknowledgements.endedAt),
      ),
    );
  return new Map(rows.map((r) => [r.alertId, r]));
}

const scopeOf = (a: Pick<AlertRow, 'organizationId' | 'workspaceId'>) =>
  a.workspaceId === null
    ? { organizationId: a.organizationId }
    : { organizationId: a.organizationId, workspaceId: a.workspaceId };

async function findAlert(ctx: ServiceContext, id: string, action: Action): Promise<AlertRow> {
  const [a] = await ctx.db.select().from(alerts).where(eq(alerts.id, id));
  if (!a) throw notFound();
  await authorize(ctx, action, scopeOf(a));
  return a;
}

/** The alerts of the organizations (an agent's) and workspaces the caller may see. */
const visibleAlerts = (ctx: ServiceContext): SQL | undefined =>
  or(
    and(
      isNull(alerts.workspaceId),
      sql`${alerts.organizationId} in ${visibleOrganizationIdsSql(ctx.principal)}`,
    ),
    and(
      isNotNull(alerts.workspaceId),
      sql`${alerts.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`,
    ),
  );

/** The firing alerts the caller may see, counted by severity, in one query (the dashboard's tile). */
export async function firingAlertCounts(ctx: ServiceContext): Promise<Record<string, number>> {
  requireScope(ctx.principal, 'alert.view');
  const rows = await ctx.db
    .select({ severity: alerts.severity, n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(and(eq(alerts.state, 'firing'), visibleAlerts(ctx)))
    .groupBy(alerts.severity);
  return Object.fromEntries(rows.map((r) => [r.severity, Number(r.n)]));
}

/** The alerts the caller may see, newest first; by workspace, organization, state, acknowledgement or endpoint. */
export async function listAlerts(ctx: ServiceContext, url: URL, q: AlertListQuery): Promise<Page<AlertView>> {
  let scope: SQL | undefined;
  if (q.workspace !== undefined)
    scope = eq(alerts.workspaceId, (await workspaceFor(ctx, q.workspace, 'alert.view')).id);
  else if (q.organization !== undefined) {
    const org = await findOrganization(ctx, q.organization, 'alert.view');
    scope = and(
      eq(alerts.organizationId, org.id),
      or(isNull(alerts.workspaceId), sql`${alerts.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`),
    );
  } else {
    requireScope(ctx.principal, 'alert.view');
    scope = visibleAlerts(ctx);
  }
  const acked = sql`exists (select 1 from ${alertAcknowledgements} where ${alertAcknowledgements.alertId} = ${alerts.id} and ${alertAcknowledgements.endedAt} is null)`;
  const page = await paginateTable(ctx.db, url, q, {
    table: alerts,
    where: and(
      scope,
      q.state ? eq(alerts.state, q.state) : undefined,
      q.endpoint ? eq(alerts.subjectId, q.endpoint) : undefined,
      q.acknowledged === undefined ? undefined : q.acknowledged === 'true' ? acked : sql`not ${acked}`,
    ),
    orderBy: [desc(alerts.startsAt), desc(alerts.id)],
    map: (a) => a,
  });
  const open = await openAcks(
    ctx.db,
    page.results.map((a) => a.id),
  );
  return { ...page, results: page.results.map((a) => toView(a, open.get(a.id))) };
}

export async function getAlert(ctx: ServiceContext, id: string): Promise<AlertDetail> {
  const a = await findAlert(ctx, id, 'alert.view');
  const acks = await ctx.db
    .select()
    .from(alertAcknowledgements)
    .where(eq(alertAcknowledgements.alertId, a.id))
    .orderBy(desc(alertAcknowledgements.createdAt));
  return {
    ...toView(
      a,
      acks.find((k) => k.endedAt === null),
    ),
    acknowledgements: acks.map(ackView),
  };
}

const MAX_UNTIL_MS = 30 * 86_400_000;

function audit(
  ctx: ServiceContext,
  tx: Database,
  event: 'alert.acknowledged' | 'alert.unacknowledged',
  a: AlertRow,
  details: Record<string, unknown>,
) {
  const { principal, req } = ctx;
  return ctx.audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: a.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: {
        alert: a.id,
        alertname: a.alertname,
        fingerprint: a.fingerprint,
        workspace: a.workspaceId,
        ...details,
      },
    },
    tx,
  );
}

/**
 * Acknowledges this firing: it holds until the alert resolves (a later failure is a new alert that
 * notifies again), `until` if given, or a withdrawal; one replaces the one before. 409
 * `alert_resolved` for an alert that already resolved.
 */
export async function acknowledgeAlert(
  ctx: ServiceContext,
  id: string,
  input: Acknowledge,
): Promise<AlertDetail> {
  const a = await findAlert(ctx, id, 'alert.acknowledge');
  const until = input.until === undefined ? null : new Date(input.until);
  if (until && (until.getTime() <= Date.now() || until.getTime() > Date.now() + MAX_UNTIL_MS))
    throw validationError([{ attr: 'until', code: 'invalid', detail: 'A time in the next 30 days.' }]);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: alerts.state })
      .from(alerts)
      .where(eq(alerts.id, id))
      .for('update');
    if (row?.state !== 'firing')
      throw conflict('The alert has resolved; a new failure will be a new alert.', 'alert_resolved');
    await tx
      .update(alertAcknowledgements)
      .set({ endedAt: sql`now()`, endReason: 'replaced' })
      .where(and(eq(alertAcknowledgements.alertId, id), isNull(alertAcknowledgements.endedAt)));
    await tx.insert(alertAcknowledgements).values({
      alertId: id,
      userId: ctx.principal.userId,
      username: ctx.principal.username,
      comment: input.comment,
      until,
    });
    await audit(ctx, tx, 'alert.acknowledged', a, { comment: input.comment, until: iso(until) });
    await enqueue(tx, NOTIFY_JOB);
  });
  return getAlert(ctx, id);
}

/** Withdraws the acknowledgement in force (the alert notifies again where it is forwarded). */
export async function unacknowledgeAlert(ctx: ServiceContext, id: string): Promise<AlertDetail> {
  const a = await findAlert(ctx, id, 'alert.acknowledge');
  await ctx.db.transaction(async (tx) => {
    const ended = await tx
      .update(alertAcknowledgements)
      .set({ endedAt: sql`now()`, endReason: 'withdrawn' })
      .where(and(eq(alertAcknowledgements.alertId, id), isNull(alertAcknowledgements.endedAt)))
      .returning({ id: alertAcknowledgements.id });
    if (ended.length > 0) {
      await audit(ctx, tx, 'alert.unacknowledged', a, {});
      await enqueue(tx, NOTIFY_JOB);
    }
  });
  return getAlert(ctx, id);
}
