import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { rotateAgentToken } from '../agents.ts';
import { AgentWithTokenSchema, RotateTokenSchema } from '../schema/management.ts';

/** POST /api/v1/agents/{id}/rotate-token/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agents/{id}/rotate-token/',
    tags: ['monitoring'],
    action: 'agent.manage',
    mcp: { interactive: true, redact: ['token'] },
    errors: [409],
    summary: 'Give a monitoring agent a new token; the old ones end after a grace period',
    description:
      'The new token is shown once. The tokens the agent had keep working for `grace_seconds` (default 3600). ' +
      'Needs a person signed in. 409 `agent_archived` for an archived agent.',
    request: { params: IdParams, body: jsonBody(RotateTokenSchema) },
    responses: { 200: jsonResponse('The agent, with its new token.', AgentWithTokenSchema) },
  }),
  (deps) => async (c) =>
    c.json(
      await rotateAgentToken(
        serviceContext(c, deps),
        c.req.valid('param').id,
        c.req.valid('json').grace_seconds,
      ),
      200,
    ),
);
