import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns.ts';
import { userIdentities } from './user-identities.ts';
import { users } from './users.ts';

/**
 * Browser sessions of the web UI (never accepted on /api/v1/). The cookie holds a random token;
 * only its SHA-256 is stored. `idleExpiresAt` moves with use (written at most once a minute);
 * `absoluteExpiresAt` never moves. SSO sessions keep the provider's session ID (`oidcSid`, for
 * back-channel logout), and the ID and refresh tokens sealed (for RP-initiated logout and resync).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a session from the local username/password form. */
    provider: text(),
    identityId: uuid().references(() => userIdentities.id, { onDelete: 'cascade' }),
    oidcSid: text(),
    idTokenSealed: text(),
    refreshTokenSealed: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp({ withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** When the groups were last synced from the provider (sign-in or refresh). */
    syncedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('sessions_oidc_sid_idx')
      .on(t.provider, t.oidcSid)
      .where(sql`${t.oidcSid} is not null`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
