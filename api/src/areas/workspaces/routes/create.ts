import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { WorkspaceCreateSchema, WorkspaceSchema } from '../schema.ts';
import { createWorkspace } from '../service.ts';

/** POST /api/v1/workspaces/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/workspaces/',
    description:
      'A new workspace in an organization where the caller is Org Admin (or any, for a Super Admin). 400 `unique` when the organization already has a workspace of that name.',
    tags: ['workspaces'],
    action: 'workspace.create',
    mcp: true,
    summary: 'Create a workspace in an organization (Org Admin)',
    request: { body: jsonBody(WorkspaceCreateSchema) },
    responses: { 201: jsonResponse('The new workspace.', WorkspaceSchema) },
  }),
  (deps) => async (c) => c.json(await createWorkspace(serviceContext(c, deps), c.req.valid('json')), 201),
);
