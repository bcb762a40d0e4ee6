import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns.ts';
import { memberRole } from './organization-members.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const apiKeyKind = pgEnum('api_key_kind', ['user', 'organization', 'system']);
export type ApiKeyKind = (typeof apiKeyKind.enumValues)[number];

/**
 * API keys. Only the SHA-256 of the whole token is stored (`tokenHash`, unique) plus a short
 * display prefix; the token itself exists in the create response only. Revoked keys keep their row
 * (`revokedAt`) so the audit log's references stay meaningful.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    kind: apiKeyKind().notNull(),
    name: text().notNull(),
    tokenHash: text().notNull(),
    displayPrefix: text().notNull(),
    /** User keys: the owner. Organization and system keys: who created them. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid().references(() => organizations.id, { onDelete: 'cascade' }),
    /** Organization keys: the role the key acts with inside its organization. */
    role: memberRole(),
    /** The permission areas the key is limited to (registered by the areas, auth/policy.ts `allScopes`); null: all its owner's rights. */
    scopes: text().array(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    index('api_keys_user_idx').on(t.userId),
    index('api_keys_organization_idx').on(t.organizationId),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
