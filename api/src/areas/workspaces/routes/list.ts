import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { WorkspaceListQuerySchema, WorkspaceSchema } from '../schema.ts';
import { listWorkspaces } from '../service.ts';

/** GET /api/v1/workspaces/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/workspaces/',
    description:
      'The workspaces the caller is a member of, directly or through an organization role; a Super Admin sees all. Filter with `organization`.',
    list: true,
    tags: ['workspaces'],
    action: 'workspace.view',
    mcp: true,
    summary: 'List the workspaces the caller belongs to',
    request: { query: WorkspaceListQuerySchema },
    responses: {
      200: jsonResponse('A page of workspaces.', paginated(WorkspaceSchema, 'PaginatedWorkspaceList')),
    },
  }),
  (deps) => async (c) =>
    c.json(await listWorkspaces(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
