import { IdParams, noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { deleteWorkspace } from '../service.ts';

/** DELETE /api/v1/workspaces/{id}/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/workspaces/{id}/',
    description:
      'Deletes the workspace and its memberships. 409 `workspace_not_empty` while it still has buckets: delete them first.',
    tags: ['workspaces'],
    action: 'workspace.delete',
    mcp: true,
    summary: 'Delete a workspace without buckets (Org Admin)',
    request: { params: IdParams },
    responses: { 204: noContent },
    errors: [409],
  }),
  (deps) => async (c) => {
    await deleteWorkspace(serviceContext(c, deps), c.req.valid('param').id);
    return sendNoContent();
  },
);
