import { paginated, PageQuerySchema } from '../../../core/pagination.ts';
import { jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { ApiKeySchema } from '../schema.ts';
import { listKeys } from '../service.ts';
import { parentParams, TAGS } from './owners.ts';
import type { KeyOwnerRoutes } from './owners.ts';

/** GET {owner's base}: /api/v1/users/me/api-keys/, /api/v1/organizations/{id}/api-keys/, /api/v1/system-api-keys/ */
export default (owner: KeyOwnerRoutes) =>
  endpoint(
    defineRoute({
      method: 'get',
      path: owner.base,
      description: 'The keys with their names, scopes, expiry and last use; never a secret.',
      list: true,
      tags: TAGS,
      action: owner.actions.list,
      mcp: true,
      summary: `List ${owner.what} (never their secrets)`,
      request: { ...parentParams(owner), query: PageQuerySchema },
      responses: { 200: jsonResponse('A page of API keys.', paginated(ApiKeySchema, 'PaginatedApiKeyList')) },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const resolved = await owner.resolve(ctx, c.req.param());
      return c.json(await listKeys(ctx, resolved, new URL(c.req.url), c.req.valid('query')), 200);
    },
  );
