import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UserCreateSchema, UserSchema } from '../schema.ts';
import { createUser } from '../service.ts';

/** POST /api/v1/users/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/users/',
    description:
      'A local user, with a password for `POST /api/login/`, or without one for users who sign in through SSO only. 400 `unique` when the username is taken. A password or `is_superuser: true` needs a person signed in: 403 `interactive_login_required` with an API key.',
    tags: ['users'],
    action: 'user.manage',
    mcp: { interactive: true },
    summary: 'Create a user (Super Admin)',
    request: { body: jsonBody(UserCreateSchema) },
    responses: { 201: jsonResponse('The new user.', UserSchema) },
  }),
  (deps) => async (c) => c.json(await createUser(serviceContext(c, deps), c.req.valid('json')), 201),
);
