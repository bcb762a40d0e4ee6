import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { DeliveryListSchema } from '../schema.ts';
import { listDeliveries } from '../service.ts';

/** GET /api/v1/events/{id}/deliveries/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/events/{id}/deliveries/',
    tags: ['events'],
    action: 'event.view',
    mcp: true,
    summary: "An event's deliveries, one per handler, with every attempt",
    description:
      'One delivery per handler of the workspace when the event came: its state (`pending`, `delivered`, `failed`, `disabled`) and every attempt with its status, duration, error and the first 2 KB of the answer.',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The deliveries.', DeliveryListSchema) },
  }),
  (deps) => async (c) => c.json(await listDeliveries(serviceContext(c, deps), c.req.valid('param').id), 200),
);
