import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { WorkspaceSchema } from '../schema.ts';
import { getWorkspace } from '../service.ts';

/** GET /api/v1/workspaces/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/workspaces/{id}/',
    description:
      'One workspace with its configuration. 404 when it does not exist or the caller cannot see it.',
    tags: ['workspaces'],
    action: 'workspace.view',
    mcp: true,
    summary: 'A workspace',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The workspace.', WorkspaceSchema) },
  }),
  (deps) => async (c) => c.json(await getWorkspace(serviceContext(c, deps), c.req.valid('param').id), 200),
);
