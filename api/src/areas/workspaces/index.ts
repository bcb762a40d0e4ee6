import type { Area } from '../area.ts';
import { ADMINS, ALL, ORG_ADMINS } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';
import { registerWorkspacePages } from './pages.ts';

/** What workspaces add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['workspaces:read', 'workspaces:write'],
  actions: {
    'workspace.view': { roles: ALL, scope: 'workspaces:read' },
    'workspace.create': { roles: ORG_ADMINS, scope: 'workspaces:write' },
    'workspace.delete': { roles: ORG_ADMINS, scope: 'workspaces:write' },
    'workspace.configure': { roles: ADMINS, scope: 'workspaces:write' },
  },
  auditEvents: ['workspace.created', 'workspace.updated', 'workspace.deleted'],
  errorCodes: ['workspace_not_empty'],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    workspaces: typeof registration;
  }
}

/** Workspaces: an organization's units of work. Members: areas/members. */
export const workspacesArea: Area = {
  name: 'workspaces',
  tag: {
    name: 'workspaces',
    description: 'Workspaces inside an organization, their configuration and members.',
  },
  registration,
  endpoints: [list, create, get, update, remove],
  pages: registerWorkspacePages,
};
