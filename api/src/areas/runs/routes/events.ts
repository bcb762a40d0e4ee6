import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { EventListSchema } from '../../events/public.ts';
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
    description:
      'The event the run produced when it ended (none while it runs); each handler’s deliveries are at /api/v1/events/{id}/deliveries/.',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The events.', EventListSchema) },
  }),
  (deps) => async (c) => c.json(await eventsOfRun(serviceContext(c, deps), c.req.valid('param').id), 200),
);
