import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { actionRuns } from './action-runs.ts';
import { organizations } from './organizations.ts';
import { workspaces } from './workspaces.ts';

export const eventLevel = pgEnum('event_level', ['Info', 'Warning', 'Error']);
export type EventLevel = (typeof eventLevel.enumValues)[number];

/** One event per executed action (per step of a workflow). Its ID is the webhooks' `webhook-id`. */
export const events = pgTable(
  'events',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    runId: uuid()
      .notNull()
      .references(() => actionRuns.id, { onDelete: 'cascade' }),
    level: eventLevel().notNull(),
    /** The event's fields except `config`, which each handler's delivery adds (its own, redacted). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('events_run_idx').on(t.runId),
  ],
);
export type EventRow = typeof events.$inferSelect;

/**
 * A delivery's life: `pending` (an attempt is due), `delivered`, `failed` (attempts used up, or the
 * receiver answered 410), `disabled` (its handler was disabled when the event came).
 */
export const deliveryState = pgEnum('delivery_state', ['pending', 'delivered', 'failed', 'disabled']);
export type DeliveryState = (typeof deliveryState.enumValues)[number];

/** An event on its way to one handler; written in the transaction that writes the event. */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: id(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    workspaceId: uuid().notNull(),
    handler: text().notNull(),
    kind: text().$type<'workspace' | 'webhook'>().notNull(),
    /** The handler's configuration when the event came (its headers' values included: never shown). */
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    state: deliveryState().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatus: integer(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('event_deliveries_event_idx').on(t.eventId)],
);
export type EventDeliveryRow = typeof eventDeliveries.$inferSelect;

/** Every attempt of a delivery, as the receiver answered it. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: id(),
    deliveryId: uuid()
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    at: createdAt(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    error: text(),
    /** The first 2 KB of the answer. */
    excerpt: text().notNull().default(''),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;

/**
 * What a handler keeps beside the workspace's configuration: its signing secret (sealed; the
 * previous one verifies until `previousUntil`, a rotation's grace) and whether a 410 disabled it.
 */
export const eventHandlers = pgTable(
  'event_handlers',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    secret: text(),
    previousSecret: text(),
    previousUntil: timestamp({ withTimezone: true }),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);
export type EventHandlerRow = typeof eventHandlers.$inferSelect;
