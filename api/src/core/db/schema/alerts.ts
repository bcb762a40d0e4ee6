import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from '../columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

export const alertState = pgEnum('alert_state', ['firing', 'resolved']);

/**
 * One firing of an alert (an instance): from `startsAt` until it resolves (`endsAt`). A later
 * failure is a new row, so what was said of one firing (an acknowledgement) never carries over.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for an organization's agent's alert. */
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    alertname: text().notNull(),
    severity: text().notNull(),
    labels: jsonb().$type<Record<string, string>>().notNull(),
    annotations: jsonb().$type<Record<string, string>>().notNull(),
    /** Of the labels, as Alertmanager computes one: equal labels, equal fingerprint. */
    fingerprint: text().notNull(),
    /** What it is about: an endpoint or an agent. */
    subjectKind: text().$type<'endpoint' | 'agent'>().notNull(),
    subjectId: uuid().notNull(),
    state: alertState().notNull().default('firing'),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    /** Its end was sent to the Alertmanager (or none is configured). */
    endNotified: boolean().notNull().default(false),
  },
  (t) => [
    // One firing instance per fingerprint, whoever evaluates.
    uniqueIndex('alerts_firing_fingerprint')
      .on(t.fingerprint)
      .where(sql`${t.state} = 'firing'`),
    index('alerts_subject').on(t.subjectId, t.state),
    index('alerts_organization_start').on(t.organizationId, t.startsAt),
    index('alerts_unnotified')
      .on(t.endsAt)
      .where(sql`${t.state} = 'resolved' and not ${t.endNotified}`),
  ],
);
export type AlertRow = typeof alerts.$inferSelect;

/**
 * An acknowledgement of one firing instance: it ends when the instance resolves, at its `until`,
 * or when withdrawn or replaced; never outlives the firing it names.
 */
export const alertAcknowledgements = pgTable(
  'alert_acknowledgements',
  {
    id: id(),
    alertId: uuid()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    username: text(),
    comment: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    until: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text().$type<'resolved' | 'expired' | 'withdrawn' | 'replaced'>(),
    /** The Alertmanager silence that mirrors it, and whether that silence was ended there. */
    silenceId: text(),
    silenceEnded: boolean().notNull().default(false),
  },
  (t) => [
    index('alert_acknowledgements_alert').on(t.alertId),
    index('alert_acknowledgements_open')
      .on(t.alertId)
      .where(sql`${t.endedAt} is null`),
  ],
);
export type AlertAcknowledgementRow = typeof alertAcknowledgements.$inferSelect;
