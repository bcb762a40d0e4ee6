import { paginated, PageQuerySchema } from '../../../core/pagination.ts';
import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { MemberSchema } from '../schema.ts';
import { listMembers, MEMBER_PARENTS, membershipTarget } from '../service.ts';

/** GET /api/v1/organizations/{id}/members/ and GET /api/v1/workspaces/{id}/members/ */
export default MEMBER_PARENTS.map((parent) =>
  endpoint(
    defineRoute({
      method: 'get',
      path: `/api/v1/${parent}s/{id}/members/`,
      description: 'The members with their roles, ordered by username. Any member may list them.',
      list: true,
      tags: [`${parent}s`],
      action: `${parent}.view`,
      mcp: true,
      summary: `List the ${parent}'s members and their roles`,
      request: { params: IdParams, query: PageQuerySchema },
      responses: { 200: jsonResponse('A page of members.', paginated(MemberSchema, 'PaginatedMemberList')) },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const target = await membershipTarget(ctx, parent, c.req.valid('param').id);
      return c.json(await listMembers(ctx, target, new URL(c.req.url), c.req.valid('query')), 200);
    },
  ),
);
