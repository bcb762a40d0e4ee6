import { IdParams, noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { deleteAgent } from '../agents.ts';

/** DELETE /api/v1/agents/{id}/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/agents/{id}/',
    tags: ['monitoring'],
    action: 'agent.manage',
    mcp: true,
    description:
      "The agent and its tokens; its stored results age out with the retention. An Org Admin (a Workspace Admin for a workspace's agent).",
    summary: 'Delete a monitoring agent and its tokens',
    request: { params: IdParams },
    responses: { 204: noContent },
  }),
  (deps) => async (c) => {
    await deleteAgent(serviceContext(c, deps), c.req.valid('param').id);
    return sendNoContent();
  },
);
