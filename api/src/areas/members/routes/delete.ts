import { noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { MemberParamsSchema } from '../schema.ts';
import { MEMBER_PARENTS, membershipTarget, removeMember } from '../service.ts';

/** DELETE /api/v1/organizations/{id}/members/{user_id}/ and DELETE /api/v1/workspaces/{id}/members/{user_id}/ */
export default MEMBER_PARENTS.map((parent) =>
  endpoint(
    defineRoute({
      method: 'delete',
      path: `/api/v1/${parent}s/{id}/members/{user_id}/`,
      description: 'Ends the membership. The user and their other memberships stay.',
      tags: [`${parent}s`],
      action: `${parent}.members.manage`,
      mcp: true,
      summary: 'Remove a member',
      request: { params: MemberParamsSchema },
      responses: { 204: noContent },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const { id, user_id } = c.req.valid('param');
      await removeMember(ctx, await membershipTarget(ctx, parent, id), user_id);
      return sendNoContent();
    },
  ),
);
