import type { Area } from '../area.ts';
import { ADMINS, ORG_ADMINS } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import list from './routes/list.ts';
import update from './routes/update.ts';

/** What members add to the shared lists (core/registry.ts); their routes are tagged with their parent's tag. */
const registration = {
  actions: {
    'organization.members.manage': { roles: ORG_ADMINS, scope: 'organizations:write' },
    'workspace.members.manage': { roles: ADMINS, scope: 'workspaces:write' },
  },
  auditEvents: [
    'organization.member.added',
    'organization.member.changed',
    'organization.member.removed',
    'workspace.member.added',
    'workspace.member.changed',
    'workspace.member.removed',
  ],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    members: typeof registration;
  }
}

/** Members of organizations and of workspaces: each endpoint is registered for both parents. */
export const membersArea: Area = {
  name: 'members',
  registration,
  endpoints: [...list, ...create, ...update, ...remove],
};
