import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { eventDeliveries, eventHandlers, events } from '../../core/db/schema/index.ts';
import type { EventRow } from '../../core/db/schema/index.ts';
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
  const [event] = await tx
    .insert(events)
    .values({
      organizationId: run.organizationId,
      workspaceId: run.workspaceId,
      runId: run.id,
      level: levelOf(facts.status),
      payload: eventPayload(facts),
      createdAt: facts.date,
    })
    .returning();
  const handlers = handlersOf(readSettings(config));
  if (handlers.length === 0) return event!;
  const disabled = new Set(
    (
      await tx
        .select({ name: eventHandlers.name, disabledAt: eventHandlers.disabledAt })
        .from(eventHandlers)
        .where(
          and(
            eq(eventHandlers.workspaceId, run.workspaceId),
            inArray(
              eventHandlers.name,
              handlers.map((h) => h.name),
            ),
          ),
        )
    )
      .filter((h) => h.disabledAt !== null)
      .map((h) => h.name),
  );
  const rows = await tx
    .insert(eventDeliveries)
    .values(
      handlers.map((h) => ({
        eventId: event!.id,
        workspaceId: run.workspaceId,
        handler: h.name,
        kind: h.handler,
        config: h,
        state: disabled.has(h.name) ? ('disabled' as const) : ('pending' as const),
        nextAttemptAt: disabled.has(h.name) ? null : facts.date,
      })),
    )
    .returning();
  await enqueueAll(
    tx,
    rows.filter((d) => d.state === 'pending').map((d) => deliveryJob(runtime, d)),
  );
  return event!;
}
