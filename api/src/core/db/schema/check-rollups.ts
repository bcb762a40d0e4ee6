import {
  bigint,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Five minutes of one endpoint's results from one location, summed by a job
 * (areas/monitoring/rollups.ts) so that uptime, reachability and latency percentiles over an hour,
 * a day or a month read these, not the raw rows.
 * `hist` counts durations in the fixed log buckets of areas/monitoring/histogram.ts; `seen` and
 * `ok` are bitmaps of the check periods inside the five minutes that had a result and a success.
 */
export const checkRollups = pgTable(
  'check_rollups',
  {
    endpointId: uuid().notNull(),
    location: text().notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    n: integer().notNull(),
    nSuccess: integer().notNull(),
    sumMs: doublePrecision().notNull(),
    hist: smallint().array().notNull(),
    seen: bigint({ mode: 'number' }).notNull(),
    ok: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.bucket, t.location] })],
);
export type CheckRollupRow = typeof checkRollups.$inferSelect;
