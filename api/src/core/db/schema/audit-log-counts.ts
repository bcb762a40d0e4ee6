import { bigint, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * How many entries of each event each organization has, kept exact by triggers on `audit_log`
 * (migrations 0010, 0015): a page narrowed by organization, by event or by events left out (the
 * web UI hides key use) counts with a sum over a few rows per organization and event instead of
 * a count of the whole log, which grows without bound. Each writing connection adds to its own
 * `shard` row, so concurrent writers do not queue on one counter; the rows are summed to read.
 */
export const auditLogCounts = pgTable(
  'audit_log_counts',
  {
    organizationId: uuid().notNull(),
    event: text().notNull(),
    shard: smallint().notNull(),
    entries: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.event, t.shard] })],
);
