import { z } from '@hono/zod-openapi';
import { MemberRoleSchema, Timestamp } from '../../core/schema.ts';
import { SCOPES } from '../../auth/policy.ts';

/** An API key as every edge shows it: never its secret. */
export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['user', 'organization', 'system']),
    name: z.string(),
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the token, to recognise it.', example: 'plu_3xY9aQ' }),
    organization: z.uuid().nullable(),
    role: MemberRoleSchema.nullable().openapi({
      description: 'Organization keys: the role the key acts with.',
    }),
    scopes: z.array(z.enum(SCOPES)).nullable().openapi({
      description:
        'The permission areas the key is limited to (docs/permissions.md); null: all the rights of its owner.',
    }),
    created_by: z.uuid().nullable().openapi({
      description:
        'Who created the key: for a user key, its owner. Organization and system keys belong to the organization and to the system, and keep working when their creator leaves.',
    }),
    created_at: Timestamp,
    expires_at: Timestamp.nullable(),
    last_used_at: Timestamp.nullable().openapi({ description: 'Updated at most about once a minute.' }),
  })
  .openapi('ApiKey');
export type ApiKey = z.output<typeof ApiKeySchema>;

/** The create response: the key and, this once, its token. */
export const CreatedApiKeySchema = ApiKeySchema.extend({
  token: z.string().openapi({ description: 'The secret. Shown in this response only; store it now.' }),
}).openapi('CreatedApiKey');
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;

const Name = z.string().trim().min(1).max(100);
const ExpiresAt = z.iso
  .datetime({ offset: true })
  .nullable()
  .optional()
  .openapi({ description: 'Optional expiry (ISO 8601 with offset). Omit for a key that does not expire.' });

const Scopes = z
  .array(z.enum(SCOPES))
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
  .openapi('ApiKeyCreate');

/** Creating an organization key: it acts with a role in the organization. */
export const OrganizationApiKeyCreateSchema = z
  .object({ name: Name, expires_at: ExpiresAt, role: MemberRoleSchema.default('viewer'), scopes: Scopes })
  .openapi('OrganizationApiKeyCreate');

/** What createKey takes, whichever the owner. */
export type ApiKeyCreate = z.output<typeof ApiKeyCreateSchema> &
  Partial<Pick<z.output<typeof OrganizationApiKeyCreateSchema>, 'role'>>;
