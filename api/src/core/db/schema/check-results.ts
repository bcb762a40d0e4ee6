import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** The reporting agent's location when stored (rollups are per location). */
    location: text(),
    /**
     * The storing transaction's ID (`pg_current_xact_id()`): the rollup job counts each committed
     * transaction's rows once (areas/monitoring/rollups.ts). 0 for rows stored before migration 0022.
     */
    tx: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('check_results_endpoint_time').on(t.endpointId, t.checkedAt),
    // The retention job's range delete: a few pages of index for a table that only grows at its end.
    index('check_results_received').using('brin', t.receivedAt),
    // The rollup job's range of transactions; summarized as pages fill, not only by VACUUM.
    index('check_results_tx').using('brin', t.tx).with({ autosummarize: true }),
  ],
);
export type CheckResultRow = typeof checkResults.$inferSelect;
