import { describe, expect, it } from 'vitest';
import { ACTIONS, can, effectiveRole, ROLES } from './policy.ts';
import type { Action, Principal, Role } from './policy.ts';

// design.md's matrix, written out independently of MATRIX: y = allowed in the action's scope.
const DESIGN: Record<Action, Record<Role, boolean>> = (() => {
  const row = (sa: 0 | 1, oa: 0 | 1, wa: 0 | 1, u: 0 | 1, v: 0 | 1) => ({
    super_admin: !!sa,
    org_admin: !!oa,
    workspace_admin: !!wa,
    user: !!u,
    viewer: !!v,
  });
  return {
    'organization.create': row(1, 0, 0, 0, 0),
    'organization.delete': row(1, 0, 0, 0, 0),
    'organization.update': row(1, 1, 0, 0, 0),
    'organization.members.manage': row(1, 1, 0, 0, 0),
    'workspace.create': row(1, 1, 0, 0, 0),
    'workspace.delete': row(1, 1, 0, 0, 0),
    'workspace.configure': row(1, 1, 1, 0, 0),
    'workspace.members.manage': row(1, 1, 1, 0, 0),
    'action_run.run': row(1, 1, 1, 1, 0),
    view: row(1, 1, 1, 1, 1),
    'alert.acknowledge': row(1, 1, 1, 1, 0),
    'api_key.user.create': row(1, 1, 1, 1, 0),
    'api_key.organization.manage': row(1, 1, 0, 0, 0),
    'api_key.system.manage': row(1, 0, 0, 0, 0),
    'bucket.create': row(1, 1, 1, 1, 0),
    'bucket.reveal_credentials': row(1, 1, 1, 1, 0),
    'bucket.delete': row(1, 1, 1, 0, 0),
    'bucket.import': row(1, 0, 0, 0, 0),
    'audit_log.view': row(1, 1, 0, 0, 0),
    'user.manage': row(1, 0, 0, 0, 0),
  };
})();

describe('permission matrix', () => {
  const cells = ACTIONS.flatMap((action) =>
    ROLES.map((role) => [action, role, DESIGN[action][role]] as const),
  );
  it.each(cells)('%s by %s: %s', (action, role, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });
  it('covers every action', () => {
    expect(Object.keys(DESIGN).sort()).toEqual([...ACTIONS].sort());
  });
});

describe('effectiveRole', () => {
  const user: Principal = {
    via: 'login_token',
    userId: 'u',
    username: 'u',
    superuser: false,
    apiKeyId: null,
    organizationScope: null,
  };
  const none = { orgRole: null, workspaceRole: null, anyWorkspaceInOrg: false };
  const scope = { organizationId: 'o', workspaceId: 'w' };

  it('makes superusers and system keys Super Admin everywhere', () => {
    expect(effectiveRole({ ...user, superuser: true }, scope, none)).toBe('super_admin');
  });
  it('takes the higher of the organization and workspace roles inside a workspace', () => {
    expect(effectiveRole(user, scope, { ...none, orgRole: 'viewer', workspaceRole: 'admin' })).toBe(
      'workspace_admin',
    );
    expect(effectiveRole(user, scope, { ...none, orgRole: 'admin', workspaceRole: 'viewer' })).toBe(
      'org_admin',
    );
    expect(effectiveRole(user, scope, { ...none, workspaceRole: 'user' })).toBe('user');
    expect(effectiveRole(user, scope, none)).toBeNull();
  });
  it('lets workspace members see their organization, as Viewers', () => {
    expect(effectiveRole(user, { organizationId: 'o' }, { ...none, anyWorkspaceInOrg: true })).toBe('viewer');
    expect(effectiveRole(user, { organizationId: 'o' }, none)).toBeNull();
  });
  it('confines organization keys to their organization, with their role', () => {
    const key: Principal = {
      ...user,
      via: 'organization_key',
      organizationScope: { organizationId: 'o', role: 'user' },
    };
    expect(effectiveRole(key, scope, none)).toBe('user');
    expect(effectiveRole(key, { organizationId: 'other' }, none)).toBeNull();
  });
});
