import { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../edges/http/app-env.ts';
import type { Database } from '../../core/db/client.ts';
import { defineRoute } from '../../edges/http/openapi.ts';
import { paginated, PageQuerySchema } from '../../core/pagination.ts';
import { jsonDepth } from '../../core/validation.ts';
import type { AuditLog } from '../audit/writer.ts';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  updateWorkspace,
  workspaceMembershipTarget,
} from './service.ts';
import {
  IdParams,
  jsonBody,
  jsonResponse,
  noContent,
  patchBody,
  sendNoContent,
  Timestamp,
} from '../../edges/http/common.ts';
import { registerMemberRoutes } from '../members/routes.ts';

/** How deeply a workspace's `config` may nest; beyond it the value is refused with a field error. */
export const MAX_CONFIG_DEPTH = 32;

const Config = z
  .record(z.string(), z.unknown())
  .refine((config) => jsonDepth(config) <= MAX_CONFIG_DEPTH, {
    error: `Nested more than ${MAX_CONFIG_DEPTH} levels deep.`,
    params: { code: 'max_depth' },
  })
  .openapi({
    description: `Free-form workspace configuration (for example the \`events\` handler settings), a JSON object nested at most ${MAX_CONFIG_DEPTH} levels deep (the object itself is the first).`,
  });

export const WorkspaceSchema = z
  .object({
    id: z.uuid(),
    organization: z.uuid(),
    name: z.string(),
    config: Config,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .openapi('Workspace');

const Name = z.string().trim().min(1).max(200);
const tags = ['workspaces'];

export function registerWorkspaces(app: OpenAPIHono<AppEnv>, db: Database, audit: AuditLog): void {
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/workspaces/',
      list: true,
      tags,
      summary: 'List the workspaces the caller belongs to',
      request: {
        query: PageQuerySchema.extend({
          organization: z
            .uuid()
            .optional()
            .openapi({ param: { description: 'Only this organization.' } }),
        }),
      },
      responses: {
        200: jsonResponse('A page of workspaces.', paginated(WorkspaceSchema, 'PaginatedWorkspaceList')),
      },
    }),
    async (c) =>
      c.json(await listWorkspaces(db, c.get('principal'), new URL(c.req.url), c.req.valid('query')), 200),
  );
  app.openapi(
    defineRoute({
      method: 'post',
      path: '/api/v1/workspaces/',
      tags,
      summary: 'Create a workspace in an organization (Org Admin)',
      request: {
        body: jsonBody(
          z
            .object({ organization: z.uuid(), name: Name, config: Config.optional() })
            .openapi('WorkspaceCreate'),
        ),
      },
      responses: { 201: jsonResponse('The new workspace.', WorkspaceSchema) },
    }),
    async (c) => c.json(await createWorkspace(db, c.get('principal'), c.req.valid('json')), 201),
  );
  app.openapi(
    defineRoute({
      method: 'get',
      path: '/api/v1/workspaces/{id}/',
      tags,
      summary: 'A workspace',
      request: { params: IdParams },
      responses: { 200: jsonResponse('The workspace.', WorkspaceSchema) },
    }),
    async (c) => c.json(await getWorkspace(db, c.get('principal'), c.req.valid('param').id), 200),
  );
  app.openapi(
    defineRoute({
      method: 'patch',
      path: '/api/v1/workspaces/{id}/',
      tags,
      summary: 'Configure a workspace (Workspace Admin)',
      request: {
        params: IdParams,
        body: jsonBody(
          patchBody(z.object({ name: Name.optional(), config: Config.optional() })).openapi(
            'WorkspaceUpdate',
          ),
        ),
      },
      responses: { 200: jsonResponse('The workspace.', WorkspaceSchema) },
    }),
    async (c) =>
      c.json(
        await updateWorkspace(db, c.get('principal'), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
  );
  app.openapi(
    defineRoute({
      method: 'delete',
      path: '/api/v1/workspaces/{id}/',
      tags,
      summary: 'Delete a workspace without buckets (Org Admin)',
      request: { params: IdParams },
      responses: { 204: noContent },
      errors: [409],
    }),
    async (c) => {
      await deleteWorkspace(db, c.get('principal'), c.req.valid('param').id);
      return sendNoContent();
    },
  );
  registerMemberRoutes(app, {
    base: '/api/v1/workspaces/{id}/',
    tag: 'workspaces',
    db,
    audit,
    resolve: (principal, id) => workspaceMembershipTarget(db, principal, id),
  });
}
