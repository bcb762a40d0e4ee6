import { z } from '@hono/zod-openapi';
import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { EventSchema } from '../../events/public.ts';
import { eventsOfRun } from '../service.ts';

/** GET /api/v1/action-runs/{id}/events/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/action-runs/{id}/events/',
    tags: ['action-runs'],
    action: 'event.view',
    mcp: true,
    summary: "A run's events (one, once it ended)",
    request: { params: IdParams },
    responses: { 200: jsonResponse('The events.', z.array(EventSchema)) },
  }),
  (deps) => async (c) => c.json(await eventsOfRun(serviceContext(c, deps), c.req.valid('param').id), 200),
);
