import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

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
