import { paginated, PageQuerySchema } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { OrganizationSchema } from '../schema.ts';
import { listOrganizations } from '../service.ts';

/** GET /api/v1/organizations/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/organizations/',
    description: 'The organizations the caller is a member of; a Super Admin sees all.',
    list: true,
    tags: ['organizations'],
    action: 'organization.view',
    mcp: true,
    summary: 'List the organizations the caller belongs to',
    request: { query: PageQuerySchema },
    responses: {
      200: jsonResponse(
        'A page of organizations.',
        paginated(OrganizationSchema, 'PaginatedOrganizationList'),
      ),
    },
  }),
  (deps) => async (c) =>
    c.json(await listOrganizations(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
