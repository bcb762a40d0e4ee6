import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { EventListQuerySchema, EventSchema } from '../schema.ts';
import { listEvents } from '../service.ts';

/** GET /api/v1/events/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/events/',
    list: true,
    tags: ['events'],
    action: 'event.view',
    mcp: true,
    summary: "List a workspace's events, newest first",
    description: 'One event per executed action (per workflow step); filter by `level`.',
    request: { query: EventListQuerySchema },
    responses: { 200: jsonResponse('A page of events.', paginated(EventSchema, 'PaginatedEventList')) },
  }),
  (deps) => async (c) =>
    c.json(await listEvents(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
