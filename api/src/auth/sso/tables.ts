import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../core/db/columns.ts';
import { users } from '../../areas/users/tables.ts';

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

/**
 * Provider-signed tokens Plinth accepted once (the CLI's ID tokens, back-channel logout tokens),
 * kept until they could no longer be accepted anyway, so a copy is refused on every replica.
 * `key` is `<kind>:<issuer>:jti:<jti>`, or `…:sha256:<hex>` of the token's signed part when it
 * has no usable `jti`.
 */
export const usedTokens = pgTable(
  'used_tokens',
  {
    key: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_tokens_expires_at_idx').on(t.expiresAt)],
);
