import { IdParams, noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { deleteEndpoint } from '../endpoints.ts';

/** DELETE /api/v1/endpoints/{id}/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/endpoints/{id}/',
    tags: ['monitoring'],
    action: 'check_endpoint.manage',
    mcp: true,
    description:
      'Stops checking it; its alerts resolve. Its stored results and figures age out with the retention.',
    summary: 'Stop checking an endpoint and delete it',
    request: { params: IdParams },
    responses: { 204: noContent },
  }),
  (deps) => async (c) => {
    await deleteEndpoint(serviceContext(c, deps), c.req.valid('param').id);
    return sendNoContent();
  },
);
