import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import type { AuditLog } from '../audit/writer.ts';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  organizationMembershipTarget,
  updateOrganization,
} from './service.ts';
import {
  IdParams,
  jsonBody,
  jsonResponse,
  noContent,
  patchBody,
  requestInfo,
  sendNoContent,
} from '../../edges/http/common.ts';
import { Timestamp } from '../../core/schema.ts';
import { registerMemberRoutes } from '../members/routes.ts';

export const OrganizationSchema = z
  .object({
    id: z.uuid(),
    slug: z
      .string()
      .openapi({ description: 'Used in OIDC group names: svc-{slug}-admins, -users, -viewers.' }),
    name: z.string(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Organization');

const Slug = z
  .string()
  .min(2)
  .max(50)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, {
    error: 'Lowercase letters, digits and dashes; no dash at either end.',
  });
const Name = z.string().trim().min(1).max(200);

const tags = ['organizations'];

export function registerOrganizations(app: OpenAPIHono<AppEnv>, db: Database, audit: AuditLog): void {
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/organizations/',
      list: true,
      tags,
      summary: 'List the organizations the caller belongs to',
      request: { query: PageQuerySchema },
      responses: {
        200: jsonResponse(
          'A page of organizations.',
          paginated(OrganizationSchema, 'PaginatedOrganizationList'),
        ),
      },
    }),
    async (c) =>
      c.json(await listOrganizations(db, c.get('principal'), new URL(c.req.url), c.req.valid('query')), 200),
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/organizations/',
      tags,
      summary: 'Create an organization (Super Admin)',
      request: { body: jsonBody(z.object({ slug: Slug, name: Name }).openapi('OrganizationCreate')) },
      responses: { 201: jsonResponse('The new organization.', OrganizationSchema) },
    }),
    async (c) =>
      c.json(
        await createOrganization(db, audit, c.get('principal'), c.req.valid('json'), requestInfo(c)),
        201,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/organizations/{id}/',
      tags,
      summary: 'An organization',
      request: { params: IdParams },
      responses: { 200: jsonResponse('The organization.', OrganizationSchema) },
    }),
    async (c) => c.json(await getOrganization(db, c.get('principal'), c.req.valid('param').id), 200),
  );
  app.openapi(
    defineRoute({
      method: 'patch',
      path: '/api/v1/organizations/{id}/',
      tags,
      summary: 'Rename an organization (Org Admin); change its slug (Super Admin)',
      request: {
        params: IdParams,
        body: jsonBody(
          patchBody(z.object({ slug: Slug.optional(), name: Name.optional() })).openapi('OrganizationUpdate'),
        ),
      },
      responses: { 200: jsonResponse('The organization.', OrganizationSchema) },
    }),
    async (c) =>
      c.json(
        await updateOrganization(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'delete',
      path: '/api/v1/organizations/{id}/',
      tags,
      summary: 'Delete an empty organization (Super Admin)',
      request: { params: IdParams },
      responses: { 204: noContent },
      errors: [409],
    }),
    async (c) => {
      await deleteOrganization(db, audit, c.get('principal'), c.req.valid('param').id, requestInfo(c));
      return sendNoContent();
    },
  );
  registerMemberRoutes(app, {
    base: '/api/v1/organizations/{id}/',
    tag: 'organizations',
    db,
    audit,
    resolve: (principal, id) => organizationMembershipTarget(db, principal, id),
  });
}
