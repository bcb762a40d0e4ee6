import { IdParams, jsonBody, jsonResponse, patchBody, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { WorkspaceSchema, WorkspaceUpdateSchema } from '../schema.ts';
import { updateWorkspace } from '../service.ts';

/** PATCH /api/v1/workspaces/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/workspaces/{id}/',
    description: 'Rename the workspace or replace its whole `config` object.',
    tags: ['workspaces'],
    action: 'workspace.configure',
    mcp: true,
    summary: 'Configure a workspace (Workspace Admin)',
    request: {
      params: IdParams,
      body: jsonBody(patchBody(WorkspaceUpdateSchema).openapi('WorkspaceUpdate')),
    },
    responses: { 200: jsonResponse('The workspace.', WorkspaceSchema) },
  }),
  (deps) => async (c) =>
    c.json(await updateWorkspace(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
