import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { createEndpoint } from '../endpoints.ts';
import { EndpointCreateSchema, EndpointSchema } from '../schema/management.ts';

/** POST /api/v1/endpoints/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/endpoints/',
    tags: ['monitoring'],
    action: 'check_endpoint.manage',
    mcp: true,
    errors: [409],
    summary: 'Add an endpoint for the agents to check',
    description:
      "An HTTP(S), TCP or DNS check in a workspace: its target, the kind's settings, how often, from which locations, " +
      'and the labels and annotations of its alerts. Header values are write-only. 409 `endpoint_name_taken`.',
    request: { body: jsonBody(EndpointCreateSchema) },
    responses: { 201: jsonResponse('The new endpoint.', EndpointSchema) },
  }),
  (deps) => async (c) => c.json(await createEndpoint(serviceContext(c, deps), c.req.valid('json')), 201),
);
