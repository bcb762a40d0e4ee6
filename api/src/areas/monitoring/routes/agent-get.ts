import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { getAgent } from '../agents.ts';
import { AgentSchema } from '../schema/management.ts';

/** GET /api/v1/agents/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/agents/{id}/',
    tags: ['monitoring'],
    action: 'agent.view',
    mcp: true,
    description:
      "The agent with what its last health report said (status, version, uptime) and its newest token's prefix, never a token.",
    summary: 'A monitoring agent, with its last health report',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The agent.', AgentSchema) },
  }),
  (deps) => async (c) => c.json(await getAgent(serviceContext(c, deps), c.req.valid('param').id), 200),
);
