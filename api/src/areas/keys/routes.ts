import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import { createKey, listKeys, revokeKey } from './service.ts';
import type { KeyOwner } from './service.ts';
import type { AuditLog } from '../audit/writer.ts';
import { findOrganization } from '../organizations/service.ts';
import { SCOPES } from '../../auth/policy.ts';
import type { Principal } from '../../auth/policy.ts';
import {
  IdParams,
  jsonBody,
  jsonResponse,
  noContent,
  requestInfo,
  sendNoContent,
} from '../../edges/http/common.ts';
import { MemberRoleSchema, Timestamp } from '../../core/schema.ts';

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

const CreatedApiKey = ApiKeySchema.extend({
  token: z.string().openapi({ description: 'The secret. Shown in this response only; store it now.' }),
}).openapi('CreatedApiKey');

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

const KeyParams = (parent: 'id' | null) =>
  (parent ? IdParams : z.object({})).extend({
    key_id: z.uuid().openapi({ param: { name: 'key_id', in: 'path' } }),
  });

const INTERACTIVE_ONLY =
  'Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.';

type OwnerResolver = (principal: Principal, params: { id?: string }) => Promise<KeyOwner>;

/** list / create / revoke under one base path, for one owner kind. */
function registerKeyRoutes(
  app: OpenAPIHono<AppEnv>,
  db: Database,
  audit: AuditLog,
  opts: {
    base: '/api/v1/users/me/api-keys/' | '/api/v1/organizations/{id}/api-keys/' | '/api/v1/system-api-keys/';
    what: string;
    withRole: boolean;
    resolve: OwnerResolver;
  },
): void {
  const tags = ['api-keys'];
  const hasParent = opts.base.includes('{id}');
  const parentParams = hasParent ? { params: IdParams } : {};
  const createBody = opts.withRole
    ? z
        .object({
          name: Name,
          expires_at: ExpiresAt,
          role: MemberRoleSchema.default('viewer'),
          scopes: Scopes,
        })
        .openapi('OrganizationApiKeyCreate')
    : z.object({ name: Name, expires_at: ExpiresAt, scopes: Scopes }).openapi('ApiKeyCreate');
  app.openapi(
    defineRoute({
      method: 'get',
      path: opts.base,
      list: true,
      tags,
      summary: `List ${opts.what} (never their secrets)`,
      request: { ...parentParams, query: PageQuerySchema },
      responses: { 200: jsonResponse('A page of API keys.', paginated(ApiKeySchema, 'PaginatedApiKeyList')) },
    }),
    async (c) => {
      const owner = await opts.resolve(c.get('principal'), c.req.param());
      return c.json(
        await listKeys(db, c.get('principal'), owner, new URL(c.req.url), c.req.valid('query')),
        200,
      );
    },
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: opts.base,
      tags,
      summary: `Create one of the ${opts.what}; the token is in this response only`,
      description: INTERACTIVE_ONLY,
      request: { ...parentParams, body: jsonBody(createBody) },
      responses: { 201: jsonResponse('The new key, with its token.', CreatedApiKey) },
    }),
    async (c) => {
      const owner = await opts.resolve(c.get('principal'), c.req.param());
      return c.json(
        await createKey(db, audit, c.get('principal'), owner, c.req.valid('json'), requestInfo(c)),
        201,
      );
    },
  );
  app.openapi(
    defineRoute({
      method: 'delete',
      path: `${opts.base}{key_id}/`,
      tags,
      summary: 'Revoke a key: it fails from the next request on',
      description: INTERACTIVE_ONLY,
      request: { params: KeyParams(hasParent ? 'id' : null) },
      responses: { 204: noContent },
    }),
    async (c) => {
      const owner = await opts.resolve(c.get('principal'), c.req.param());
      await revokeKey(db, audit, c.get('principal'), owner, c.req.valid('param').key_id, requestInfo(c));
      return sendNoContent();
    },
  );
}

export function registerApiKeys(app: OpenAPIHono<AppEnv>, db: Database, audit: AuditLog): void {
  registerKeyRoutes(app, db, audit, {
    base: '/api/v1/users/me/api-keys/',
    what: 'your user API keys',
    withRole: false,
    resolve: () => Promise.resolve({ kind: 'user' }),
  });
  registerKeyRoutes(app, db, audit, {
    base: '/api/v1/organizations/{id}/api-keys/',
    what: "the organization's API keys",
    withRole: true,
    resolve: async (principal, params) => {
      const org = await findOrganization(db, principal, params.id!, 'api_key.organization.list');
      return { kind: 'organization', organizationId: org.id };
    },
  });
  registerKeyRoutes(app, db, audit, {
    base: '/api/v1/system-api-keys/',
    what: 'system API keys (staff)',
    withRole: false,
    resolve: () => Promise.resolve({ kind: 'system' }),
  });
}
