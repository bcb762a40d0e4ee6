import { z } from '@hono/zod-openapi';
import { IdParams } from '../../../http/common.ts';
import type { ServiceContext } from '../../../auth/context.ts';
import type { Action } from '../../../auth/policy.ts';
import { findOrganization } from '../../organizations/public.ts';
import type { KeyOwner } from '../service.ts';

/**
 * The three owners of API keys, each with the same list / create / revoke endpoints under its own
 * base path: the caller's user keys, an organization's keys, the system keys (staff).
 */
export interface KeyOwnerRoutes {
  base: '/api/v1/users/me/api-keys/' | '/api/v1/organizations/{id}/api-keys/' | '/api/v1/system-api-keys/';
  what: string;
  /** Organization keys act with a role, given at creation. */
  withRole: boolean;
  /** The policy actions of listing, and of creating and revoking, this owner's keys. */
  actions: { list: Action; manage: Action };
  resolve: (ctx: ServiceContext, params: { id?: string }) => Promise<KeyOwner>;
}

export const KEY_OWNERS: readonly KeyOwnerRoutes[] = [
  {
    base: '/api/v1/users/me/api-keys/',
    what: 'your user API keys',
    withRole: false,
    actions: { list: 'api_key.user.list', manage: 'api_key.user.create' },
    resolve: () => Promise.resolve({ kind: 'user' }),
  },
  {
    base: '/api/v1/organizations/{id}/api-keys/',
    what: "the organization's API keys",
    withRole: true,
    actions: { list: 'api_key.organization.list', manage: 'api_key.organization.manage' },
    resolve: async (ctx, params) => {
      const org = await findOrganization(ctx, params.id!, 'api_key.organization.list');
      return { kind: 'organization', organizationId: org.id };
    },
  },
  {
    base: '/api/v1/system-api-keys/',
    what: 'system API keys (staff)',
    withRole: false,
    actions: { list: 'api_key.system.list', manage: 'api_key.system.manage' },
    resolve: () => Promise.resolve({ kind: 'system' }),
  },
];

export const TAGS = ['api-keys'];

export const INTERACTIVE_ONLY =
  'Needs a person signed in (a login token): with an API key the answer is 403 `interactive_login_required`, so a leaked key cannot make keys that outlive it.';

/** The organization's id in the path, for the organization's keys. */
export const parentParams = (owner: KeyOwnerRoutes) =>
  owner.base.includes('{id}') ? { params: IdParams } : {};

export const KeyParams = (owner: KeyOwnerRoutes) =>
  (owner.base.includes('{id}') ? IdParams : z.object({})).extend({
    key_id: z.uuid().openapi({ param: { name: 'key_id', in: 'path', description: "The key's ID." } }),
  });
