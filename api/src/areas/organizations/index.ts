import type { Area } from '../area.ts';
import { ALL, ORG_ADMINS, SUPER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';
import { registerOrganizationPages } from './pages.ts';

/** What organizations add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['organizations:read', 'organizations:write'],
  actions: {
    'organization.view': { roles: ALL, scope: 'organizations:read' },
    'organization.create': { roles: SUPER, scope: 'organizations:write' },
    'organization.delete': { roles: SUPER, scope: 'organizations:write' },
    'organization.update': { roles: ORG_ADMINS, scope: 'organizations:write' },
  },
  auditEvents: ['organization.created', 'organization.updated', 'organization.deleted'],
  errorCodes: ['organization_not_empty'],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    organizations: typeof registration;
  }
}

/** Organizations: the tenants. Members: areas/members. */
export const organizationsArea: Area = {
  name: 'organizations',
  tag: { name: 'organizations', description: 'Organizations (tenants) and their members with roles.' },
  registration,
  endpoints: [list, create, get, update, remove],
  pages: registerOrganizationPages,
  nav: [{ section: 'organizations', href: '/ui/organizations/', label: 'Organizations', order: 10 }],
};
