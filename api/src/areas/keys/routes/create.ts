import { jsonBody, jsonResponse, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { ApiKeyCreateSchema, CreatedApiKeySchema, OrganizationApiKeyCreateSchema } from '../schema.ts';
import { createKey } from '../service.ts';
import { INTERACTIVE_ONLY, parentParams, TAGS } from './owners.ts';
import type { KeyOwnerRoutes } from './owners.ts';

/** POST {owner's base}: /api/v1/users/me/api-keys/, /api/v1/organizations/{id}/api-keys/, /api/v1/system-api-keys/ */
export default (owner: KeyOwnerRoutes) =>
  endpoint(
    defineRoute({
      method: 'post',
      path: owner.base,
      tags: TAGS,
      action: owner.actions.manage,
      summary: `Create one of the ${owner.what}; the token is in this response only`,
      description: INTERACTIVE_ONLY,
      request: {
        ...parentParams(owner),
        body: jsonBody(owner.withRole ? OrganizationApiKeyCreateSchema : ApiKeyCreateSchema),
      },
      responses: { 201: jsonResponse('The new key, with its token.', CreatedApiKeySchema) },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const resolved = await owner.resolve(ctx, c.req.param());
      return c.json(await createKey(ctx, resolved, c.req.valid('json')), 201);
    },
  );
