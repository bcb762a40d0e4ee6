import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { userSso } from '../../../auth/sso/admin.ts';
import { UserSsoSchema } from '../../../auth/sso/schema.ts';

/** GET /api/v1/users/{id}/sso/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/users/{id}/sso/',
    description:
      "For support when a user's groups do not arrive or map to the wrong roles: each identity of the user at an " +
      'identity provider, with the claims and groups it last brought, what those groups map to (and whether the ' +
      'organizations exist), and what the last group sync could not do. Super Admins only.',
    tags: ['users'],
    action: 'user.view',
    summary: "A user's single sign-on identities and last claims (Super Admin)",
    request: { params: IdParams },
    responses: { 200: jsonResponse("The user's identities.", UserSsoSchema) },
  }),
  (deps) => async (c) =>
    c.json(
      await userSso(serviceContext(c, deps), deps.sso?.providers.list() ?? [], c.req.valid('param').id),
      200,
    ),
);
