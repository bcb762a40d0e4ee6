import { join, relative } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { prepared } from '../../core/db/prepared.ts';
import { Counter, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';
import { deliveryAttempts, eventDeliveries, eventHandlers, events } from '../../core/db/schema/index.ts';
import type { EventHandlerRow } from '../../core/db/schema/index.ts';
import { holds, holdsByPlaceholders, leaseParams } from '../../core/jobs/queue.ts';
import { RetryLater } from '../../core/jobs/runner.ts';
import type { JobContext } from '../../core/jobs/runner.ts';
import type { ThreadJobDeps } from '../area.ts';
import { parseDuration, WEBHOOK_TIMEOUT } from '../workspaces/public.ts';
import { postWebhook } from './delivery/webhook.ts';
import { writeEventFile } from './delivery/workspace-file.ts';
import { eventFor, eventJson, eventYaml } from './payload.ts';

const deliveries = new Counter({
  name: 'plinth_event_deliveries_total',
  help: 'Delivery attempts of workspace events, by handler kind and outcome (delivered, failed, gone, refused).',
  labelNames: ['kind', 'outcome'],
  registers: [],
});
const duration = new Histogram({
  name: 'plinth_event_delivery_duration_seconds',
  help: 'How long a delivery attempt took, by handler kind.',
  labelNames: ['kind'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [],
});

export function registerDeliveryMetrics(registry: Registry): void {
  registry.registerMetric(deliveries);
  registry.registerMetric(duration);
}

/** The secrets a delivery is signed with: the current one, and the previous one during its grace. */
export function signingSecrets(deps: ThreadJobDeps, row: EventHandlerRow | undefined, now: Date): string[] {
  if (!row?.secret) return [];
  const context = `${row.workspaceId}/${row.name}`;
  const out = [deps.events.box.open(row.secret, context)];
  if (row.previousSecret && row.previousUntil && row.previousUntil > now)
    out.push(deps.events.box.open(row.previousSecret, `${context}/previous`));
  return out;
}

interface Outcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string;
  gone: boolean;
  retryable: boolean;
}

/**
 * One attempt of one delivery (job `event.deliver`), recorded whatever its outcome, fenced by the
 * job's lease. A failure is tried again on the runtime's schedule while attempts remain; a 410
 * disables the handler. A crash after the receiver answered but before the record means one more
 * delivery with the same `webhook-id`: at least once, never lost.
 */
export async function deliver(deps: ThreadJobDeps, ctx: JobContext): Promise<void> {
  const { db } = deps;
  const id = String(ctx.lease.job.payload['delivery']);
  // The delivery, its event and its handler's state in one statement.
  const [row] = await lookupStatement(db).execute({ id });
  if (!row || row.d.state !== 'pending') return;
  const { d, e } = row;
  const handler = row.handler ?? undefined;
  if (handler?.disabledAt) {
    await db
      .update(eventDeliveries)
      .set({ state: 'disabled', nextAttemptAt: null })
      .where(and(eq(eventDeliveries.id, id), holds(ctx.lease)));
    return;
  }
  const event = eventFor(e.payload, d.config);
  const outcome: Outcome =
    d.kind === 'webhook'
      ? await sendWebhook(deps, d.config, e.id, eventJson(event), handler)
      : await writeFile(deps, d.workspaceId, e, eventYaml(event));
  deliveries.inc({ kind: d.kind, outcome: outcome.ok ? 'delivered' : outcome.gone ? 'gone' : 'failed' });
  duration.observe({ kind: d.kind }, outcome.durationMs / 1000);

  const attempt = ctx.lease.job.attempts;
  const schedule = deps.events.retrySchedule;
  const retryIn =
    !outcome.ok && outcome.retryable && attempt <= schedule.length ? schedule[attempt - 1]! : null;
  const state = outcome.ok
    ? ('delivered' as const)
    : retryIn !== null
      ? ('pending' as const)
      : ('failed' as const);
  if (!outcome.gone) {
    await outcomeStatement(db).execute({
      ...leaseParams(ctx.lease),
      id,
      state,
      status: outcome.status,
      error: outcome.error,
      retryIn,
      durationMs: Math.round(outcome.durationMs),
      excerpt: outcome.excerpt,
    });
  } else
    await db.transaction(async (tx) => {
      const now = new Date();
      const [row] = await tx
        .update(eventDeliveries)
        .set({
          attempts: sql`${eventDeliveries.attempts} + 1`,
          lastStatus: outcome.status,
          lastError: outcome.error,
          state,
          deliveredAt: null,
          nextAttemptAt: null,
        })
        .where(and(eq(eventDeliveries.id, id), holds(ctx.lease)))
        .returning({ attempts: eventDeliveries.attempts });
      if (!row) return;
      await tx.insert(deliveryAttempts).values({
        deliveryId: id,
        attempt: row.attempts,
        statusCode: outcome.status,
        durationMs: Math.round(outcome.durationMs),
        error: outcome.error,
        excerpt: outcome.excerpt,
      });
      await tx
        .insert(eventHandlers)
        .values({
          workspaceId: d.workspaceId,
          name: d.handler,
          disabledAt: now,
          disabledReason: 'the receiver answered 410 Gone',
        })
        .onConflictDoUpdate({
          target: [eventHandlers.workspaceId, eventHandlers.name],
          set: { disabledAt: now, disabledReason: 'the receiver answered 410 Gone' },
        });
      await deps.audit.record(
        {
          event: 'event_handler.disabled',
          organizationId: e.organizationId,
          details: { workspace: d.workspaceId, handler: d.handler, reason: 'gone', delivery: id },
        },
        tx,
      );
    });
  if (retryIn !== null) throw new RetryLater('delivery_failed', retryIn);
}

/** The delivery (placeholder `id`), its event and its handler's state: a prepared statement, as each delivery reads it. */
function lookupStatement(db: Database) {
  return prepared(db, 'event_delivery_lookup', (d, name) =>
    d
      .select({ d: eventDeliveries, e: events, handler: eventHandlers })
      .from(eventDeliveries)
      .innerJoin(events, eq(events.id, eventDeliveries.eventId))
      .leftJoin(
        eventHandlers,
        and(
          eq(eventHandlers.workspaceId, eventDeliveries.workspaceId),
          eq(eventHandlers.name, eventDeliveries.handler),
        ),
      )
      .where(eq(eventDeliveries.id, sql`${sql.placeholder('id')}::uuid`))
      .prepare(name),
  );
}

/**
 * An attempt's outcome, fenced by the job's lease: the delivery's state and its attempt row in one
 * statement (one round trip, atomic as a whole), prepared: every delivery writes one.
 */
function outcomeStatement(db: Database) {
  return prepared(db, 'event_delivery_outcome', (d, name) => {
    const id = sql`${sql.placeholder('id')}::uuid`;
    const retryIn = sql`${sql.placeholder('retryIn')}::double precision`;
    const state = sql`${sql.placeholder('state')}::delivery_state`;
    const updated = d.$with('updated').as(
      d
        .update(eventDeliveries)
        .set({
          attempts: sql`${eventDeliveries.attempts} + 1`,
          lastStatus: sql`${sql.placeholder('status')}::integer`,
          lastError: sql`${sql.placeholder('error')}::text`,
          state,
          deliveredAt: sql`case when ${state} = 'delivered' then now() end`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryIn})`,
          // The column's own default would be the time this statement was prepared.
          updatedAt: sql`now()`,
        })
        .where(and(eq(eventDeliveries.id, id), holdsByPlaceholders))
        .returning({ attempts: eventDeliveries.attempts }),
    );
    return d
      .with(updated)
      .insert(deliveryAttempts)
      .select(
        d
          // Every column, in the table's order (drizzle's insert … select).
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            deliveryId: sql`${id}`.as('delivery_id'),
            attempt: updated.attempts,
            at: sql`now()`.as('at'),
            statusCode: sql`${sql.placeholder('status')}::integer`.as('status_code'),
            durationMs: sql`${sql.placeholder('durationMs')}::integer`.as('duration_ms'),
            error: sql`${sql.placeholder('error')}::text`.as('error'),
            excerpt: sql`${sql.placeholder('excerpt')}::text`.as('excerpt'),
          })
          .from(updated),
      )
      .prepare(name);
  });
}

async function sendWebhook(
  deps: ThreadJobDeps,
  config: Record<string, unknown>,
  eventId: string,
  body: string,
  handler: EventHandlerRow | undefined,
): Promise<Outcome> {
  const secrets = signingSecrets(deps, handler, new Date());
  const timeout = typeof config['timeout'] === 'string' ? parseDuration(config['timeout']) : undefined;
  return postWebhook({
    url: String(config['endpoint']),
    body,
    headers: (config['headers'] as Record<string, string> | undefined) ?? {},
    // Unsigned deliveries still carry webhook-id (and its timestamp): receivers dedupe with it.
    signing: { id: eventId, secrets },
    timeoutMs: Math.min(timeout ?? WEBHOOK_TIMEOUT.defaultMs, WEBHOOK_TIMEOUT.maxMs),
    allowPrivate: deps.events.allowPrivate,
    ...(deps.events.ca !== undefined && { ca: deps.events.ca }),
  });
}

async function writeFile(
  deps: ThreadJobDeps,
  workspaceId: string,
  e: { payload: Record<string, unknown>; createdAt: Date },
  yaml: string,
): Promise<Outcome> {
  const started = performance.now();
  const failed = (error: string): Outcome => ({
    ok: false,
    status: null,
    durationMs: performance.now() - started,
    error,
    excerpt: '',
    gone: false,
    retryable: true,
  });
  if (deps.events.workspacesDir === null)
    return failed('no workspace directory is configured on the server (PLINTH_WORKSPACES_DIR)');
  try {
    const workspaceDir = join(deps.events.workspacesDir, workspaceId);
    const { path } = await writeEventFile({
      workspaceDir,
      transaction: String(e.payload['transaction']),
      date: e.createdAt,
      yaml,
    });
    return {
      ok: true,
      status: null,
      durationMs: performance.now() - started,
      error: null,
      // The file's place in the workspace, not the server's path.
      excerpt: relative(workspaceDir, path),
      gone: false,
      retryable: false,
    };
  } catch (err) {
    return failed((err as Error).message);
  }
}
