import type { Area } from '../area.ts';
import { ALL, SUPER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import me from './routes/me.ts';
import update from './routes/update.ts';
import sso from './routes/sso.ts';
import identitiesCreate from './routes/identities-create.ts';
import sessionsDelete from './routes/sessions-delete.ts';
import { registerUserPages } from './pages.ts';

/** What users add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['users:read', 'users:write'],
  actions: {
    'user.view_self': { roles: ALL, scope: 'users:read' },
    'user.view': { roles: SUPER, scope: 'users:read' },
    'user.manage': { roles: SUPER, scope: 'users:write' },
  },
  auditEvents: ['user.created', 'user.updated'],
  errorCodes: ['self_lockout'],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    users: typeof registration;
  }
}

/** Users: the people who sign in. Their API keys: areas/keys. */
export const usersArea: Area = {
  name: 'users',
  tag: { name: 'users', description: 'User accounts; Super Admins manage them, everyone reads their own.' },
  registration,
  endpoints: [list, create, me, get, update, sso, identitiesCreate, sessionsDelete],
  pages: registerUserPages,
  nav: [
    { section: 'admin', href: '/ui/administration/', label: 'Administration', superuser: true, order: 40 },
  ],
};
