import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login throttling counters (auth/login-throttle.ts), one row per key: `pair:<account>|<address>`,
 * `ip:<address>`, `net:<IPv6 /48>` or `user:<account>` (an account: `id:<user ID>` or `name:<name>`). Each attempt is reserved here, atomically, before its password
 * is checked. `windowStart`..+15 min is the counting window; `nextAt` is when the next attempt is
 * admitted once a progressive counter has used its free attempts; `admitted` is the outcome of the
 * latest reservation (what the upsert that made it returns).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull(),
    nextAt: timestamp({ withTimezone: true }),
    admitted: boolean().notNull(),
  },
  (t) => [index('login_throttle_window_idx').on(t.windowStart)],
);
