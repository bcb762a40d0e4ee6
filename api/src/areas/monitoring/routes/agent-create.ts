import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { createAgent } from '../agents.ts';
import { AgentCreateSchema, AgentWithTokenSchema } from '../schema/management.ts';

/** POST /api/v1/agents/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agents/',
    tags: ['monitoring'],
    action: 'agent.manage',
    mcp: { interactive: true, redact: ['token'] },
    errors: [409],
    summary: 'Create a monitoring agent; its token is shown once',
    description:
      'A new agent from a name and a location, in an organization (Org Admin) or one of its workspaces (Workspace Admin). ' +
      'The answer carries its `pla_` token once: it reaches the agent endpoints and nothing else. ' +
      'Needs a person signed in (403 `interactive_login_required` with an API key). 409 `agent_name_taken`.',
    request: { body: jsonBody(AgentCreateSchema) },
    responses: { 201: jsonResponse('The new agent, with its token.', AgentWithTokenSchema) },
  }),
  (deps) => async (c) => c.json(await createAgent(serviceContext(c, deps), c.req.valid('json')), 201),
);
