import { IdParams, noContent, requestInfo, sendNoContent } from '../../../http/common.ts';
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
  ({ db, audit }) =>
    async (c) => {
      await deleteOrganization(db, audit, c.get('principal'), c.req.valid('param').id, requestInfo(c));
      return sendNoContent();
    },
);
