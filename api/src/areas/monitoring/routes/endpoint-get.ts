import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { getEndpoint } from '../endpoints.ts';
import { EndpointSchema } from '../schema/management.ts';

/** GET /api/v1/endpoints/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/endpoints/{id}/',
    tags: ['monitoring'],
    action: 'check_endpoint.view',
    mcp: true,
    description:
      'An endpoint with its settings (header values `[redacted]`), its alert rule, labels and annotations.',
    summary: 'An endpoint the agents check',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The endpoint.', EndpointSchema) },
  }),
  (deps) => async (c) => c.json(await getEndpoint(serviceContext(c, deps), c.req.valid('param').id), 200),
);
