import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { EventSchema } from '../schema.ts';
import { getEvent } from '../service.ts';

/** GET /api/v1/events/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/events/{id}/',
    tags: ['events'],
    action: 'event.view',
    mcp: true,
    summary: 'Show an event',
    description:
      'The event’s level and fields as handlers receive them (without `config`, which each handler gets its own).',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The event.', EventSchema) },
  }),
  (deps) => async (c) => c.json(await getEvent(serviceContext(c, deps), c.req.valid('param').id), 200),
);
