import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { eventDeliveries, eventHandlers, events } from '../../core/db/schema/index.ts';
import type { DeliveryState, EventRow } from '../../core/db/schema/index.ts';
import {
  arrayParameter,
  jsonParameter,
  preparedInTransaction,
  transactionStatement,
} from '../../core/db/prepared.ts';
import { enqueue, enqueueAll } from '../../core/jobs/queue.ts';
import { eventHandlers as handlersOf, readSettings } from '../workspaces/public.ts';
import { eventPayload, levelOf } from './payload.ts';
import type { RunFacts } from './payload.ts';
import type { EventsRuntime } from './runtime.ts';

export const DELIVER_JOB = 'event.deliver';

/**
 * Whose work a delivery is, for the job layer's fairness: the receiver (a workspace's handler), so
 * that a slow or dead receiver holds at most its own share of the delivery slots.
 */
export function receiverTenant(workspaceId: string, handler: string): string {
  const h = createHash('sha256').update(`${workspaceId}/${handler}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const deliveryJob = (
  runtime: EventsRuntime,
  delivery: { id: string; workspaceId: string; handler: string },
) => ({
  kind: DELIVER_JOB,
  key: delivery.id,
  payload: { delivery: delivery.id },
  tenant: receiverTenant(delivery.workspaceId, delivery.handler),
  maxAttempts: runtime.retrySchedule.length + 1,
});

/** Queues a delivery's next attempt. */
export async function queueDelivery(
  tx: Database,
  runtime: EventsRuntime,
  delivery: { id: string; workspaceId: string; handler: string },
): Promise<void> {
  await enqueue(tx, deliveryJob(runtime, delivery));
}

// An event, its handlers' state and its deliveries are written as each run ends: prepared once.
const insertEvent = preparedInTransaction('event_insert', (d) =>
  d
    .insert(events)
    .values({
      organizationId: sql.placeholder('organization_id'),
      workspaceId: sql.placeholder('workspace_id'),
      runId: sql.placeholder('run_id'),
      level: sql.placeholder('level'),
      payload: sql.placeholder('payload'),
      createdAt: sql.placeholder('created_at'),
    })
    .returning(),
);

/** Of the workspace's handlers named, those a 410 disabled. */
const disabledHandlers = preparedInTransaction('event_handlers_disabled', (d) =>
  d
    .select({ name: eventHandlers.name })
    .from(eventHandlers)
    .where(
      sql`${eventHandlers.workspaceId} = ${sql.placeholder('workspace')}::uuid
        and ${eventHandlers.name} = any(${arrayParameter('names', 'text')}::text[])
        and ${eventHandlers.disabledAt} is not null`,
    ),
);

/** One delivery per handler, whatever their number: the rows as one JSON parameter. */
const insertDeliveries = transactionStatement(
  'event_deliveries_insert',
  () =>
    sql`insert into ${eventDeliveries} (event_id, workspace_id, handler, kind, config, state, next_attempt_at)
          select t.event_id, t.workspace_id, t.handler, t.kind, t.config, t.state, t.next_attempt_at
          from jsonb_to_recordset(${jsonParameter('rows')}) as t(event_id uuid, workspace_id uuid, handler text,
            kind text, config jsonb, state delivery_state, next_attempt_at timestamptz)
          returning id, workspace_id, handler, state`,
  ([id, workspaceId, handler, state]) => ({
    id: id as string,
    workspaceId: workspaceId as string,
    handler: handler as string,
    state: state as DeliveryState,
  }),
);

/**
 * Records a run's event and one delivery per handler of the workspace's configuration, with their
 * jobs, in `tx`: the transaction that ends the run, so an event is never lost nor sent unrecorded.
 * A handler disabled by a 410 gets a `disabled` delivery and no job.
 */
export async function recordRunEvent(
  tx: Database,
  runtime: EventsRuntime,
  run: { id: string; organizationId: string; workspaceId: string },
  config: Record<string, unknown>,
  facts: RunFacts,
): Promise<EventRow> {
  const [event] = await insertEvent.execute(tx, {
    organization_id: run.organizationId,
    workspace_id: run.workspaceId,
    run_id: run.id,
    level: levelOf(facts.status),
    payload: eventPayload(facts),
    created_at: facts.date,
  });
  const handlers = handlersOf(readSettings(config));
  if (handlers.length === 0) return event!;
  const disabled = new Set(
    (
      await disabledHandlers.execute(tx, { workspace: run.workspaceId, names: handlers.map((h) => h.name) })
    ).map((h) => h.name),
  );
  const rows = await insertDeliveries.execute(tx, {
    rows: JSON.stringify(
      handlers.map((h) => ({
        event_id: event!.id,
        workspace_id: run.workspaceId,
        handler: h.name,
        kind: h.handler,
        config: h,
        state: disabled.has(h.name) ? 'disabled' : 'pending',
        next_attempt_at: disabled.has(h.name) ? null : facts.date.toISOString(),
      })),
    ),
  });
  await enqueueAll(
    tx,
    rows.filter((d) => d.state === 'pending').map((d) => deliveryJob(runtime, d)),
  );
  return event!;
}
