import type { Area } from '../area.ts';
import { NOT_VIEWER, ORG_ADMINS, SUPER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import list from './routes/list.ts';
import { KEY_OWNERS } from './routes/owners.ts';
import revoke from './routes/revoke.ts';
import { registerKeyPages } from './pages.ts';

/** What API keys add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['keys:read', 'keys:write'],
  actions: {
    'api_key.user.list': { roles: NOT_VIEWER, scope: 'keys:read' },
    'api_key.user.create': { roles: NOT_VIEWER, scope: 'keys:write' },
    'api_key.organization.list': { roles: ORG_ADMINS, scope: 'keys:read' },
    'api_key.organization.manage': { roles: ORG_ADMINS, scope: 'keys:write' },
    'api_key.system.list': { roles: SUPER, scope: 'keys:read' },
    'api_key.system.manage': { roles: SUPER, scope: 'keys:write' },
  },
  auditEvents: ['api_key.created', 'api_key.revoked'],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    keys: typeof registration;
  }
}

/** API keys: list, create and revoke, for each owner (a user, an organization, the system). */
export const keysArea: Area = {
  name: 'keys',
  tag: {
    name: 'api-keys',
    description: 'API keys of users, organizations and the system; the secret is shown once, at creation.',
  },
  registration,
  endpoints: KEY_OWNERS.flatMap((owner) => [list(owner), create(owner), revoke(owner)]),
  pages: registerKeyPages,
  // No main-navigation entry: a user's keys are under the account menu (the spec), where the
  // keys page is marked current; organization and system keys are tabs of their own sections.
};
