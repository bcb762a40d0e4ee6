import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { MemberParamsSchema, MemberSchema, MemberUpdateSchema } from '../schema.ts';
import { changeMember, MEMBER_PARENTS, membershipTarget } from '../service.ts';

/** PATCH /api/v1/organizations/{id}/members/{user_id}/ and PATCH /api/v1/workspaces/{id}/members/{user_id}/ */
export default MEMBER_PARENTS.map((parent) =>
  endpoint(
    defineRoute({
      method: 'patch',
      path: `/api/v1/${parent}s/{id}/members/{user_id}/`,
      description:
        'Give the member another role (`admin`, `user` or `viewer`). With an API key only a lower role (403 `interactive_login_required` otherwise: a higher role, or the same one set again, which would keep a group-granted role after the person leaves the group).',
      tags: [`${parent}s`],
      action: `${parent}.members.manage`,
      mcp: { interactive: true },
      summary: "Change a member's role",
      request: { params: MemberParamsSchema, body: jsonBody(MemberUpdateSchema) },
      responses: { 200: jsonResponse('The member.', MemberSchema) },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const { id, user_id } = c.req.valid('param');
      const target = await membershipTarget(ctx, parent, id);
      return c.json(await changeMember(ctx, target, user_id, c.req.valid('json')), 200);
    },
  ),
);
