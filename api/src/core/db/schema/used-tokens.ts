import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
