import { IdParams, noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { deleteOrganization } from '../service.ts';

/** DELETE /api/v1/organizations/{id}/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/organizations/{id}/',
    description:
      'Deletes an organization that has no workspaces left. 409 `organization_not_empty` otherwise.',
    tags: ['organizations'],
    action: 'organization.delete',
    mcp: true,
    summary: 'Delete an empty organization (Super Admin)',
    request: { params: IdParams },
    responses: { 204: noContent },
    errors: [409],
  }),
  (deps) => async (c) => {
    await deleteOrganization(serviceContext(c, deps), c.req.valid('param').id);
    return sendNoContent();
  },
);
