import { boolean, index, jsonb, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One check's result, as an agent reported it. The key is the ID the agent made for it, so a
 * batch sent again is stored once. No foreign keys: ingestion checks the assignment itself, and a
 * deleted endpoint's rows go with the retention job rather than a cascade on the hot path.
 */
export const checkResults = pgTable(
  'check_results',
  {
    id: uuid().primaryKey(),
    endpointId: uuid().notNull(),
    agentId: uuid().notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    success: boolean().notNull(),
    durationMs: real().notNull(),
    statusCode: smallint(),
    errorCategory: text(),
    /** The kind's other fields (phase timings, TLS, TCP, DNS), nulls left out. */
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('check_results_endpoint_time').on(t.endpointId, t.checkedAt),
    // The retention job's range delete: a few pages of index for a table that only grows at its end.
    index('check_results_received').using('brin', t.receivedAt),
  ],
);
export type CheckResultRow = typeof checkResults.$inferSelect;
