import { z } from '@hono/zod-openapi';
import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { DeliverySchema } from '../schema.ts';
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
    request: { params: IdParams },
    responses: { 200: jsonResponse('The deliveries.', z.array(DeliverySchema)) },
  }),
  (deps) => async (c) => c.json(await listDeliveries(serviceContext(c, deps), c.req.valid('param').id), 200),
);
