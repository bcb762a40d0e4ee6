import { IdParams, jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { MemberCreateSchema, MemberSchema } from '../schema.ts';
import { addMember, MEMBER_PARENTS, membershipTarget } from '../service.ts';

/** POST /api/v1/organizations/{id}/members/ and POST /api/v1/workspaces/{id}/members/ */
export default MEMBER_PARENTS.map((parent) =>
  endpoint(
    defineRoute({
      method: 'post',
      path: `/api/v1/${parent}s/{id}/members/`,
      description:
        'Name the user by exactly one of `username` and `email`. An unknown and an inactive user get the same 400, so the answer reveals nothing about other users. 400 `unique` when already a member. Needs a person signed in: 403 `interactive_login_required` with an API key.',
      tags: [`${parent}s`],
      action: `${parent}.members.manage`,
      mcp: { interactive: true },
      summary: 'Add a user, named by username or e-mail address, as a member with a role',
      request: { params: IdParams, body: jsonBody(MemberCreateSchema) },
      responses: { 201: jsonResponse('The new member.', MemberSchema) },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const target = await membershipTarget(ctx, parent, c.req.valid('param').id);
      return c.json(await addMember(ctx, target, c.req.valid('json')), 201);
    },
  ),
);
