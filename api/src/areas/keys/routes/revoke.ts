import { noContent, sendNoContent, serviceContext } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { revokeKey } from '../service.ts';
import { INTERACTIVE_ONLY, KeyParams, TAGS } from './owners.ts';
import type { KeyOwnerRoutes } from './owners.ts';

/** DELETE {owner's base}{key_id}/ */
export default (owner: KeyOwnerRoutes) =>
  endpoint(
    defineRoute({
      method: 'delete',
      path: `${owner.base}{key_id}/`,
      tags: TAGS,
      action: owner.actions.manage,
      mcp: { interactive: true },
      summary: 'Revoke a key: it fails from the next request on',
      description: INTERACTIVE_ONLY,
      request: { params: KeyParams(owner) },
      responses: { 204: noContent },
    }),
    (deps) => async (c) => {
      const ctx = serviceContext(c, deps);
      const resolved = await owner.resolve(ctx, c.req.param());
      await revokeKey(ctx, resolved, c.req.valid('param').key_id);
      return sendNoContent();
    },
  );
