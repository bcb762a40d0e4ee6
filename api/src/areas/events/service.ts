import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize, requireScope, visibleWorkspaceIdsSql } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import {
  deliveryAttempts,
  eventDeliveries,
  eventHandlers,
  events,
  jobs,
} from '../../core/db/schema/index.ts';
import type { EventDeliveryRow, EventRow } from '../../core/db/schema/index.ts';
import { notFound, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import { paginateTable } from '../../core/db/paginate.ts';
import { eventHandlers as handlersOf, readSettings, workspaceFor } from '../workspaces/public.ts';
import { generateSecret } from './delivery/signature.ts';
import { DELIVER_JOB, queueDelivery } from './record.ts';
import type { EventsRuntime } from './runtime.ts';
import type { DeliveryView, EventListQuery, EventView, HandlerView } from './schema.ts';

const toView = (e: EventRow): EventView => ({
  id: e.id,
  workspace: e.workspaceId,
  transaction: e.runId,
  level: e.level,
  payload: e.payload,
  created_at: e.createdAt.toISOString(),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One workspace the caller may see (another tenant's: 404), or every one it may. */
async function workspaceFilter(ctx: ServiceContext, workspace: string | undefined) {
  if (workspace === undefined) {
    requireScope(ctx.principal, 'event.view');
    return sql`${events.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`;
  }
  const ws = await workspaceFor(ctx, workspace, 'event.view');
  return eq(events.workspaceId, ws.id);
}

export async function listEvents(
  ctx: ServiceContext,
  url: URL,
  query: EventListQuery,
): Promise<Page<EventView>> {
  const where = and(
    await workspaceFilter(ctx, query.workspace),
    query.level ? eq(events.level, query.level) : undefined,
  );
  return paginateTable(ctx.db, url, query, {
    table: events,
    where,
    orderBy: [desc(events.createdAt), desc(events.id)],
    map: toView,
  });
}

/** The event, once the caller may see its workspace (another tenant's: 404). */
async function findEvent(
  ctx: ServiceContext,
  id: string,
  action: 'event.view' | 'event.redeliver',
): Promise<EventRow> {
  const [e] = await ctx.db.select().from(events).where(eq(events.id, id));
  if (!e) throw notFound();
  await authorize(ctx, action, { organizationId: e.organizationId, workspaceId: e.workspaceId });
  return e;
}

export async function getEvent(ctx: ServiceContext, id: string): Promise<EventView> {
  return toView(await findEvent(ctx, id, 'event.view'));
}

/** A run's events (one; a run ended by hand and re-reported has still one). */
export async function runEvents(
  ctx: ServiceContext,
  run: { id: string; organizationId: string; workspaceId: string },
) {
  await authorize(ctx, 'event.view', { organizationId: run.organizationId, workspaceId: run.workspaceId });
  const rows = await ctx.db
    .select()
    .from(events)
    .where(eq(events.runId, run.id))
    .orderBy(asc(events.createdAt));
  return rows.map(toView);
}

async function deliveryViews(db: Database, rows: EventDeliveryRow[]): Promise<DeliveryView[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(deliveryAttempts)
    .where(
      inArray(
        deliveryAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(deliveryAttempts.attempt));
  return rows.map((d) => ({
    id: d.id,
    event: d.eventId,
    handler: d.handler,
    kind: d.kind,
    state: d.state,
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_error: d.lastError,
    next_attempt_at: iso(d.nextAttemptAt),
    delivered_at: iso(d.deliveredAt),
    history: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.toISOString(),
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        error: a.error,
        excerpt: a.excerpt,
      })),
  }));
}

export async function listDeliveries(ctx: ServiceContext, eventId: string): Promise<DeliveryView[]> {
  const e = await findEvent(ctx, eventId, 'event.view');
  const rows = await ctx.db
    .select()
    .from(eventDeliveries)
    .where(eq(eventDeliveries.eventId, e.id))
    .orderBy(asc(eventDeliveries.handler));
  return deliveryViews(ctx.db, rows);
}

function audited(
  tx: Database,
  { audit, principal, req }: ServiceContext,
  event: AuditEventType,
  organizationId: string,
  details: Record<string, unknown>,
) {
  return audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details,
    },
    tx,
  );
}

/**
 * Delivers the event again, now, to every handler (or one): its deliveries are pending again and
 * their job due now; a delivery already on its way is left to it. Answers the deliveries.
 */
export async function redeliver(
  ctx: ServiceContext,
  runtime: EventsRuntime,
  eventId: string,
  handler: string | undefined,
): Promise<DeliveryView[]> {
  const e = await findEvent(ctx, eventId, 'event.redeliver');
  const rows = await ctx.db.transaction(async (tx) => {
    const targets = await tx
      .select()
      .from(eventDeliveries)
      .where(
        and(eq(eventDeliveries.eventId, e.id), handler ? eq(eventDeliveries.handler, handler) : undefined),
      )
      .for('update');
    if (handler && targets.length === 0)
      throw validationError([
        { attr: 'handler', code: 'does_not_exist', detail: 'The event has no delivery to this handler.' },
      ]);
    const now = new Date();
    for (const d of targets) {
      await tx
        .update(eventDeliveries)
        .set({ state: 'pending', nextAttemptAt: now })
        .where(eq(eventDeliveries.id, d.id));
      // A retry waiting on its schedule is made due now; otherwise a new job.
      const made = await tx
        .update(jobs)
        .set({ runAt: now })
        .where(and(eq(jobs.kind, DELIVER_JOB), eq(jobs.key, d.id), eq(jobs.state, 'queued')))
        .returning({ id: jobs.id });
      if (made.length === 0) await queueDelivery(tx, runtime, d);
    }
    await audited(tx, ctx, 'event.redelivered', e.organizationId, {
      workspace: e.workspaceId,
      event: e.id,
      handlers: targets.map((d) => d.handler),
    });
    return tx
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.eventId, e.id))
      .orderBy(asc(eventDeliveries.handler));
  });
  return deliveryViews(ctx.db, rows);
}

/** The workspace's handlers as its configuration declares them, with their state. */
export async function listHandlers(ctx: ServiceContext, workspaceId: string): Promise<HandlerView[]> {
  const ws = await workspaceFor(ctx, workspaceId, 'event.view');
  const state = await ctx.db.select().from(eventHandlers).where(eq(eventHandlers.workspaceId, ws.id));
  return handlersOf(readSettings(ws.config)).map((h) => {
    const s = state.find((r) => r.name === h.name);
    return {
      name: h.name,
      handler: h.handler,
      endpoint: h.endpoint ?? null,
      signed: Boolean(s?.secret),
      previous_secret_until:
        s?.previousUntil && s.previousUntil > new Date() ? s.previousUntil.toISOString() : null,
      disabled_at: iso(s?.disabledAt ?? null),
      disabled_reason: s?.disabledReason ?? null,
    };
  });
}

async function configuredHandler(ctx: ServiceContext, workspaceId: string, name: string) {
  const ws = await workspaceFor(ctx, workspaceId, 'event_handler.configure');
  const h = handlersOf(readSettings(ws.config)).find((x) => x.name === name);
  if (!h) throw notFound('The workspace configuration has no event handler of this name.');
  return { ws, h };
}

/**
 * A new signing secret for a webhook handler, shown this once. The previous one keeps signing
 * (deliveries carry both signatures) for `graceSeconds`, so receivers can switch without a gap.
 */
export async function rotateSecret(
  ctx: ServiceContext,
  runtime: EventsRuntime,
  workspaceId: string,
  name: string,
  graceSeconds: number,
): Promise<{ secret: string; previous_secret_until: string | null }> {
  const { ws, h } = await configuredHandler(ctx, workspaceId, name);
  if (h.handler !== 'webhook')
    throw validationError([
      { attr: 'name', code: 'invalid', detail: 'Only webhook handlers sign their deliveries.' },
    ]);
  const secret = generateSecret();
  const context = `${ws.id}/${name}`;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(eventHandlers)
      .where(and(eq(eventHandlers.workspaceId, ws.id), eq(eventHandlers.name, name)))
      .for('update');
    const until = before?.secret && graceSeconds > 0 ? new Date(Date.now() + graceSeconds * 1000) : null;
    const previous =
      until && before?.secret
        ? runtime.box.seal(runtime.box.open(before.secret, context), `${context}/previous`)
        : null;
    const values = {
      secret: runtime.box.seal(secret, context),
      previousSecret: previous,
      previousUntil: until,
    };
    await tx
      .insert(eventHandlers)
      .values({ workspaceId: ws.id, name, ...values })
      .onConflictDoUpdate({ target: [eventHandlers.workspaceId, eventHandlers.name], set: values });
    await audited(tx, ctx, 'event_handler.secret_rotated', ws.organizationId, {
      workspace: ws.id,
      handler: name,
      first: !before?.secret,
      grace_seconds: until ? graceSeconds : 0,
    });
    return { secret, previous_secret_until: iso(until) };
  });
}

/** Enables a handler a 410 disabled; later events are delivered to it again. */
export async function enableHandler(
  ctx: ServiceContext,
  workspaceId: string,
  name: string,
): Promise<HandlerView> {
  const { ws } = await configuredHandler(ctx, workspaceId, name);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(eventHandlers)
      .set({ disabledAt: null, disabledReason: null })
      .where(
        and(
          eq(eventHandlers.workspaceId, ws.id),
          eq(eventHandlers.name, name),
          sql`${eventHandlers.disabledAt} is not null`,
        ),
      )
      .returning();
    if (row)
      await audited(tx, ctx, 'event_handler.enabled', ws.organizationId, { workspace: ws.id, handler: name });
  });
  return (await listHandlers(ctx, ws.id)).find((h) => h.name === name)!;
}
