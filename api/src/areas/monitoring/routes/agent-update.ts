import { IdParams, jsonBody, jsonResponse, patchBody, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { updateAgent } from '../agents.ts';
import { AgentSchema, AgentUpdateSchema } from '../schema/management.ts';

/** PATCH /api/v1/agents/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/agents/{id}/',
    tags: ['monitoring'],
    action: 'agent.manage',
    mcp: true,
    errors: [409],
    description:
      'A new name, location or description. A new location changes which endpoints it is assigned. 409 `agent_name_taken`.',
    summary: 'Rename a monitoring agent, or change its location or description',
    request: { params: IdParams, body: jsonBody(patchBody(AgentUpdateSchema).openapi('AgentUpdate')) },
    responses: { 200: jsonResponse('The agent.', AgentSchema) },
  }),
  (deps) => async (c) =>
    c.json(await updateAgent(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
