import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { HandlerParams, HandlerSchema } from '../schema.ts';
import { enableHandler } from '../service.ts';

/** POST /api/v1/workspaces/{id}/event-handlers/{name}/enable/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/workspaces/{id}/event-handlers/{name}/enable/',
    tags: ['events'],
    action: 'event_handler.configure',
    mcp: true,
    summary: 'Enable a handler a 410 answer disabled (Workspace Admin)',
    description:
      'Later events are delivered to the handler again; the events it missed are redelivered by hand (…/redeliver/).',
    request: { params: HandlerParams },
    responses: { 200: jsonResponse('The handler.', HandlerSchema) },
  }),
  (deps) => async (c) => {
    const { id, name } = c.req.valid('param');
    return c.json(await enableHandler(serviceContext(c, deps), id, name), 200);
  },
);
