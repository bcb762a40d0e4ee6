import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { archiveAgent } from '../agents.ts';
import { AgentSchema } from '../schema/management.ts';

/** POST /api/v1/agents/{id}/archive/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agents/{id}/archive/',
    tags: ['monitoring'],
    action: 'agent.manage',
    mcp: true,
    description:
      "Its tokens stop working at once; its results, figures and alerts stay. An Org Admin (a Workspace Admin for a workspace's agent).",
    summary: 'Archive a monitoring agent: its tokens stop working, its history stays',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The archived agent.', AgentSchema) },
  }),
  (deps) => async (c) => c.json(await archiveAgent(serviceContext(c, deps), c.req.valid('param').id), 200),
);
