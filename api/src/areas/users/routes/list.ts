import { paginated, PageQuerySchema } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UserSchema } from '../schema.ts';
import { listUsers } from '../service.ts';

/** GET /api/v1/users/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/users/',
    description: 'Every user, ordered by username. Super Admins only.',
    list: true,
    tags: ['users'],
    action: 'user.view',
    mcp: true,
    summary: 'List users (Super Admin)',
    request: { query: PageQuerySchema },
    responses: { 200: jsonResponse('A page of users.', paginated(UserSchema, 'PaginatedUserList')) },
  }),
  (deps) => async (c) =>
    c.json(await listUsers(serviceContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
