import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns.ts';
import { users } from './users.ts';

/**
 * A user's account at an identity provider: linked by (issuer, subject), never by e-mail, made on
 * the first SSO sign-in (or by a Super Admin linking a local user). The claims and groups last
 * received, and the last group-sync problem, are kept for "my groups don't arrive" support.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's name in PLINTH_CONFIG when the identity was made or last used. */
    provider: text().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    lastClaims: jsonb().$type<Record<string, unknown>>(),
    lastGroups: text().array(),
    lastLoginAt: timestamp({ withTimezone: true }),
    lastSyncAt: timestamp({ withTimezone: true }),
    /** Null when the last sync applied cleanly. */
    lastSyncProblem: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);
