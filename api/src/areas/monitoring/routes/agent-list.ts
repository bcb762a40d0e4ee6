import { paginated } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { listAgents } from '../agents.ts';
import { AgentListQuerySchema, AgentSchema } from '../schema/management.ts';

/** GET /api/v1/agents/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/agents/',
    list: true,
    tags: ['monitoring'],
    action: 'agent.view',
    mcp: true,
    summary: 'List monitoring agents',
    description:
      'The agents the caller may see, by name; filter by `organization` or `workspace`; archived ones with `archived=true`.',
    request: { query: AgentListQuerySchema },
    responses: { 200: jsonResponse('A page of agents.', paginated(AgentSchema, 'PaginatedAgentList')) },
  }),
  (deps) => async (c) =>
    c.json(await listAgents(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
