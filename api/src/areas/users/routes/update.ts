import { IdParams, jsonBody, jsonResponse, patchBody, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UserSchema, UserUpdateSchema } from '../schema.ts';
import { updateUser } from '../service.ts';

/** PATCH /api/v1/users/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/users/{id}/',
    description:
      "Change a user's fields; `is_active: false` deactivates the user, so their logins and keys stop working. A Super Admin cannot take away their own Super Admin or deactivate themselves (409 `self_lockout`). A password, `is_superuser: true` and reactivating a user need a person signed in: 403 `interactive_login_required` with an API key.",
    tags: ['users'],
    action: 'user.manage',
    mcp: { interactive: true },
    summary: 'Update or deactivate a user (Super Admin)',
    request: { params: IdParams, body: jsonBody(patchBody(UserUpdateSchema).openapi('UserUpdate')) },
    responses: { 200: jsonResponse('The updated user.', UserSchema) },
    errors: [409],
  }),
  (deps) => async (c) =>
    c.json(await updateUser(serviceContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
