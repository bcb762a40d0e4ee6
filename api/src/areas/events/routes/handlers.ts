import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { HandlerListSchema } from '../schema.ts';
import { listHandlers } from '../service.ts';

/** GET /api/v1/workspaces/{id}/event-handlers/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/workspaces/{id}/event-handlers/',
    tags: ['events'],
    action: 'event.view',
    mcp: true,
    summary: "A workspace's event handlers and their state",
    description:
      'The handlers of the configuration’s `events` key, whether each signs, and whether a 410 disabled it.',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The handlers.', HandlerListSchema) },
  }),
  (deps) => async (c) => c.json(await listHandlers(serviceContext(c, deps), c.req.valid('param').id), 200),
);
