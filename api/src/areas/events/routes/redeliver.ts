import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { DeliveryListSchema, RedeliverSchema } from '../schema.ts';
import { redeliver } from '../service.ts';

/** POST /api/v1/events/{id}/redeliver/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/events/{id}/redeliver/',
    tags: ['events'],
    action: 'event.redeliver',
    mcp: true,
    summary: 'Deliver an event again, now (Workspace Admin)',
    description:
      'Its deliveries (or the one to `handler`) are pending again with an attempt due now; the receiver gets the same `webhook-id`.',
    request: { params: IdParams, body: jsonBody(RedeliverSchema) },
    responses: {
      202: jsonResponse('The deliveries, the redelivered ones pending.', DeliveryListSchema),
    },
  }),
  (deps) => async (c) =>
    c.json(
      await redeliver(
        serviceContext(c, deps),
        deps.events,
        c.req.valid('param').id,
        c.req.valid('json').handler,
      ),
      202,
    ),
);
