import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { listEndpoints } from '../endpoints.ts';
import { EndpointListQuerySchema, EndpointSchema } from '../schema/management.ts';

/** GET /api/v1/endpoints/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/endpoints/',
    list: true,
    tags: ['monitoring'],
    action: 'check_endpoint.view',
    mcp: true,
    summary: 'List the endpoints the agents check',
    description:
      'The endpoints of one workspace (`workspace`) or of every workspace the caller may see, by name.',
    request: { query: EndpointListQuerySchema },
    responses: {
      200: jsonResponse('A page of endpoints.', paginated(EndpointSchema, 'PaginatedCheckEndpointList')),
    },
  }),
  (deps) => async (c) =>
    c.json(await listEndpoints(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
