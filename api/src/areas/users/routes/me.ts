import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UserSchema } from '../schema.ts';
import { me } from '../service.ts';

/** GET /api/v1/users/me/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/users/me/',
    description:
      'Who the bearer token belongs to. For an organization or system key, 403 `no_user`: such keys act for no user.',
    tags: ['users'],
    action: 'user.view_self',
    mcp: true,
    summary: 'The user the token belongs to',
    responses: { 200: jsonResponse('The calling user.', UserSchema) },
  }),
  (deps) => async (c) => c.json(await me(serviceContext(c, deps)), 200),
);
