import { IdParams, jsonBody, jsonResponse, patchBody, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { updateEndpoint } from '../endpoints.ts';
import { EndpointSchema, EndpointUpdateSchema } from '../schema/management.ts';

/** PATCH /api/v1/endpoints/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/endpoints/{id}/',
    tags: ['monitoring'],
    action: 'check_endpoint.manage',
    mcp: true,
    errors: [409],
    summary: 'Change an endpoint the agents check',
    description:
      "The fields given replace the endpoint's; the kind's settings object as a whole. A header value sent back as " +
      '`[redacted]` keeps the value it has.',
    request: {
      params: IdParams,
      body: jsonBody(patchBody(EndpointUpdateSchema).openapi('CheckEndpointUpdate')),
    },
    responses: { 200: jsonResponse('The endpoint.', EndpointSchema) },
  }),
  (deps) => async (c) =>
    c.json(await updateEndpoint(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
