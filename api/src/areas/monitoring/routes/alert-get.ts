import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { getAlert } from '../alerts/service.ts';
import { AlertDetailSchema } from '../schema/alerts.ts';

/** GET /api/v1/alerts/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/alerts/{id}/',
    tags: ['monitoring'],
    action: 'alert.view',
    mcp: true,
    description: 'One firing of an alert: its labels, annotations, times, and every acknowledgement of it.',
    summary: 'An alert, with its acknowledgements',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The alert.', AlertDetailSchema) },
  }),
  (deps) => async (c) => c.json(await getAlert(serviceContext(c, deps), c.req.valid('param').id), 200),
);
