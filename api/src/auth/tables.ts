import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../areas/users/tables.ts';

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

/**
 * Addresses each user has signed in from with a password. Attempts from them skip the per-address
 * cap and the per-name delays, so an attacker elsewhere cannot lock the user out.
 */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    lastSucceededAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
