import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { unacknowledgeAlert } from '../alerts/service.ts';
import { AlertDetailSchema } from '../schema/alerts.ts';

/** POST /api/v1/alerts/{id}/unacknowledge/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/alerts/{id}/unacknowledge/',
    tags: ['monitoring'],
    action: 'alert.acknowledge',
    mcp: true,
    description:
      'Ends the acknowledgement in force (its Alertmanager silence too): the alert notifies again where it is forwarded.',
    summary: 'Withdraw the acknowledgement of an alert',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The alert.', AlertDetailSchema) },
  }),
  (deps) => async (c) =>
    c.json(await unacknowledgeAlert(serviceContext(c, deps), c.req.valid('param').id), 200),
);
