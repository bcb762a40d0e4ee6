import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { OrganizationSchema } from '../schema.ts';
import { getOrganization } from '../service.ts';

/** GET /api/v1/organizations/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/organizations/{id}/',
    description: 'One organization. 404 when it does not exist or the caller is not a member.',
    tags: ['organizations'],
    action: 'organization.view',
    mcp: true,
    summary: 'An organization',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The organization.', OrganizationSchema) },
  }),
  (deps) => async (c) => c.json(await getOrganization(serviceContext(c, deps), c.req.valid('param').id), 200),
);
