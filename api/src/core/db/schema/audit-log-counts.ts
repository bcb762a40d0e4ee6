import { bigint, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';

/**
 * How many entries each organization has, kept exact by triggers on `audit_log` (migration 0010):
 * an unfiltered page's `count` is a sum over at most a few rows per organization instead of a
 * count of the whole log, which grows without bound. Each writing connection adds to its own
 * `shard` row, so concurrent writers do not queue on one counter; the rows are summed to read.
 */
export const auditLogCounts = pgTable(
  'audit_log_counts',
  {
    organizationId: uuid().notNull(),
    shard: smallint().notNull(),
    entries: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.shard] })],
);
