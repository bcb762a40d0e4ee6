import { IdParams, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UserSchema } from '../schema.ts';
import { getUser } from '../service.ts';

/** GET /api/v1/users/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/users/{id}/',
    description:
      'Anyone may read their own user; a Super Admin may read any. Others get 404, as for a user that does not exist.',
    tags: ['users'],
    action: 'user.view_self',
    mcp: true,
    summary: 'A user (yourself, or anyone for a Super Admin)',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The user.', UserSchema) },
  }),
  (deps) => async (c) => c.json(await getUser(serviceContext(c, deps), c.req.valid('param').id), 200),
);
