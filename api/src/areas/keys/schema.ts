import { z } from '@hono/zod-openapi';
import { MemberRoleSchema, registeredEnum, Timestamp, text } from '../../core/schema.ts';
import { allScopes } from '../../auth/policy.ts';
import type { Scope } from '../../auth/policy.ts';

const ScopeSchema = registeredEnum<Scope>(
  'Scope',
  allScopes,
  'A permission area an API key may be limited to (docs/permissions.md); `:write` implies `:read`.',
);

const API_KEY_EXAMPLE = {
  id: '9c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  kind: 'user',
  name: 'ci-deploy',
  prefix: 'plu_3xY9aQ',
  organization: null,
  role: null,
  scopes: ['buckets:read', 'buckets:write'],
  created_by: '6d3f0c8e-5b1a-4f7e-9c2d-8a4b3e1f0a77',
  created_at: '2026-11-21T10:00:00.000Z',
  expires_at: '2027-02-19T10:00:00.000Z',
  last_used_at: null,
};

/** An API key as every edge shows it: never its secret. */
export const ApiKeySchema = z
  .object({
    id: z.uuid().openapi({ description: "The key's ID (used to revoke it)." }),
    kind: z
      .enum(['user', 'organization', 'system'])
      .openapi({ description: 'Whose key it is: a user’s, an organization’s or the system’s.' }),
    name: z.string().openapi({ description: 'What the key is for, as its creator named it.' }),
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the token, to recognise it.', example: 'plu_3xY9aQ' }),
    organization: z
      .uuid()
      .nullable()
      .openapi({ description: "Organization keys: the organization's ID; null for other keys." }),
    role: MemberRoleSchema.nullable().openapi({
      description: 'Organization keys: the role the key acts with; null for other keys.',
    }),
    scopes: z.array(ScopeSchema).nullable().openapi({
      description:
        'The permission areas the key is limited to (docs/permissions.md); null: all the rights of its owner.',
    }),
    created_by: z.uuid().nullable().openapi({
      description:
        'Who created the key: for a user key, its owner. Organization and system keys belong to the organization and to the system, and keep working when their creator leaves.',
    }),
    created_at: Timestamp.openapi({ description: 'When the key was created.' }),
    expires_at: Timestamp.nullable().openapi({ description: 'When the key stops working; null: never.' }),
    last_used_at: Timestamp.nullable().openapi({
      description: 'When the key was last used (updated at most about once a minute); null: never.',
    }),
  })
  .openapi('ApiKey', {
    description: 'An API key, without its secret.',
    example: API_KEY_EXAMPLE,
  });
export type ApiKey = z.output<typeof ApiKeySchema>;

/** The create response: the key and, this once, its token. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  token: z.string().openapi({ description: 'The secret. Shown in this response only; store it now.' }),
}).openapi('CreatedApiKey', {
  description: 'A new API key with its secret, which no later answer shows again.',
  example: { ...API_KEY_EXAMPLE, token: 'plu_3xY9aQ7mK2pL9vR4tW8zB1nC6dF0gH5jS' },
});
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;

const Name = text().trim().min(1).max(100).openapi({ description: 'What the key is for, 1-100 characters.' });
const ExpiresAt = z.iso
  .datetime({ offset: true })
  .nullable()
  .optional()
  .openapi({ description: 'Optional expiry (ISO 8601 with offset). Omit for a key that does not expire.' });

const Scopes = z
  .array(ScopeSchema)
  .min(1)
  .nullable()
  .optional()
  .openapi({
    description:
      "Limit the key to these permission areas (`buckets:write` implies `buckets:read`). Never more than its owner has: a scope in which the owner has no right is a 400. Omit for all the owner's rights. `keys:write` cannot be given: keys never manage keys.",
    example: ['buckets:read', 'buckets:write'],
  });

/** Creating a user or system key. */
export const ApiKeyCreateSchema = z
  .object({ name: Name, expires_at: ExpiresAt, scopes: Scopes })
  .openapi('ApiKeyCreate', {
    description: 'A new user or system key.',
    example: {
      name: 'ci-deploy',
      expires_at: '2027-02-19T10:00:00Z',
      scopes: ['buckets:read', 'buckets:write'],
    },
  });

/** Creating an organization key: it acts with a role in the organization. */
export const OrganizationApiKeyCreateSchema = z
  .object({
    name: Name,
    expires_at: ExpiresAt,
    role: MemberRoleSchema.default('viewer').openapi({
      description: 'The role the key acts with in the organization; `viewer` when absent.',
    }),
    scopes: Scopes,
  })
  .openapi('OrganizationApiKeyCreate', {
    description: 'A new organization key.',
    example: { name: 'grafana', role: 'viewer', expires_at: null },
  });

/** What createKey takes, whichever the owner. */
export type ApiKeyCreate = z.output<typeof ApiKeyCreateSchema> &
  Partial<Pick<z.output<typeof OrganizationApiKeyCreateSchema>, 'role'>>;
