import { bigint, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * How far the rollup job has counted (areas/monitoring/rollups.ts): every result stored by a
 * transaction whose ID is below `upto` is in `check_rollups`, none at or above it. One row.
 */
export const checkRollupMark = pgTable('check_rollup_mark', {
  id: smallint().primaryKey(),
  upto: bigint({ mode: 'number' }).notNull(),
  /** When the mark last moved: long ago means a transaction left open holds the job back. */
  countedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
