import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { acknowledgeAlert } from '../alerts/service.ts';
import { AcknowledgeSchema, AlertDetailSchema } from '../schema/alerts.ts';

/** POST /api/v1/alerts/{id}/acknowledge/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/alerts/{id}/acknowledge/',
    tags: ['monitoring'],
    action: 'alert.acknowledge',
    mcp: true,
    errors: [409],
    summary: 'Acknowledge this firing of an alert, with a comment',
    description:
      'Binds to this firing only: it ends by itself when the alert resolves, so a later failure is a new alert that ' +
      'notifies again; `until` ends it earlier. Mirrored as a silence of this firing when an Alertmanager is configured, ' +
      'and that silence is ended with it. 409 `alert_resolved` when the alert has resolved.',
    request: { params: IdParams, body: jsonBody(AcknowledgeSchema) },
    responses: { 200: jsonResponse('The alert, acknowledged.', AlertDetailSchema) },
  }),
  (deps) => async (c) =>
    c.json(
      await acknowledgeAlert(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
);
