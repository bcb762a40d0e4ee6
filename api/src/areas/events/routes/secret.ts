import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { HandlerParams, SecretRotateSchema, SecretSchema } from '../schema.ts';
import { rotateSecret } from '../service.ts';

/** POST /api/v1/workspaces/{id}/event-handlers/{name}/secret/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/workspaces/{id}/event-handlers/{name}/secret/',
    tags: ['events'],
    action: 'event_handler.configure',
    mcp: { redact: ['secret'] },
    summary: "Make or rotate a webhook handler's signing secret (Workspace Admin)",
    description:
      'The `whsec_` secret is in this response only. During `grace_seconds` deliveries carry signatures with both the new and the previous secret.',
    request: { params: HandlerParams, body: jsonBody(SecretRotateSchema) },
    responses: { 201: jsonResponse('The new secret.', SecretSchema) },
  }),
  (deps) => async (c) => {
    const { id, name } = c.req.valid('param');
    const grace = c.req.valid('json').grace_seconds ?? 86_400;
    return c.json(await rotateSecret(serviceContext(c, deps), deps.events, id, name, grace), 201);
  },
);
