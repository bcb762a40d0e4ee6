import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Where one endpoint stands from one location, for the alert rule: the consecutive failures and
 * successes up to the latest result, and whether the location counts it down (N failures in a row
 * make it down; K successes in a row make it up again).
 */
export const checkStates = pgTable(
  'check_states',
  {
    endpointId: uuid().notNull(),
    location: text().notNull(),
    lastCheckedAt: timestamp({ withTimezone: true }).notNull(),
    failing: integer().notNull(),
    passing: integer().notNull(),
    down: boolean().notNull(),
    /** When `down` last changed: the statement that changes it can tell (it sets now()). */
    downChangedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.location] })],
);
export type CheckStateRow = typeof checkStates.$inferSelect;
