import { describe, expect, it } from 'vitest';
import { DomainError } from '../core/errors.ts';
import {
  ACTIONS,
  can,
  effectiveRole,
  expandScopes,
  requireScope,
  ROLES,
  SCOPE_OF,
  SCOPES,
  scopeUsefulFor,
} from './policy.ts';
import type { Action, Principal, Role, Scope } from './policy.ts';

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
    'organization.view': row(1, 1, 1, 1, 1),
    'organization.create': row(1, 0, 0, 0, 0),
    'organization.delete': row(1, 0, 0, 0, 0),
    'organization.update': row(1, 1, 0, 0, 0),
    'organization.members.manage': row(1, 1, 0, 0, 0),
    'workspace.view': row(1, 1, 1, 1, 1),
    'workspace.create': row(1, 1, 0, 0, 0),
    'workspace.delete': row(1, 1, 0, 0, 0),
    'workspace.configure': row(1, 1, 1, 0, 0),
    'workspace.members.manage': row(1, 1, 1, 0, 0),
    'action_run.run': row(1, 1, 1, 1, 0),
    'alert.acknowledge': row(1, 1, 1, 1, 0),
    'api_key.user.list': row(1, 1, 1, 1, 0),
    'api_key.user.create': row(1, 1, 1, 1, 0),
    'api_key.organization.list': row(1, 1, 0, 0, 0),
    'api_key.organization.manage': row(1, 1, 0, 0, 0),
    'api_key.system.list': row(1, 0, 0, 0, 0),
    'api_key.system.manage': row(1, 0, 0, 0, 0),
    'bucket.view': row(1, 1, 1, 1, 1),
    'bucket.create': row(1, 1, 1, 1, 0),
    'bucket.reveal_credentials': row(1, 1, 1, 1, 0),
    'bucket.delete': row(1, 1, 1, 0, 0),
    'bucket.import': row(1, 0, 0, 0, 0),
    'audit_log.view': row(1, 1, 0, 0, 0),
    'user.view_self': row(1, 1, 1, 1, 1),
    'user.view': row(1, 0, 0, 0, 0),
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
    kind: 'user',
    via: 'login_token',
    interactive: true,
    scopes: expandScopes(null),
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
      kind: 'organization',
      via: 'organization_key',
      interactive: false,
      organizationScope: { organizationId: 'o', role: 'user' },
    };
    expect(effectiveRole(key, scope, none)).toBe('user');
    expect(effectiveRole(key, { organizationId: 'other' }, none)).toBeNull();
  });
});

// docs/permissions.md's scope matrix, written out independently of SCOPE_OF: the scope each action needs.
const SCOPE_DESIGN: Record<Action, Scope> = {
  'organization.view': 'organizations:read',
  'organization.create': 'organizations:write',
  'organization.delete': 'organizations:write',
  'organization.update': 'organizations:write',
  'organization.members.manage': 'organizations:write',
  'workspace.view': 'workspaces:read',
  'workspace.create': 'workspaces:write',
  'workspace.delete': 'workspaces:write',
  'workspace.configure': 'workspaces:write',
  'workspace.members.manage': 'workspaces:write',
  'action_run.run': 'workspaces:write',
  'alert.acknowledge': 'workspaces:write',
  'api_key.user.list': 'keys:read',
  'api_key.user.create': 'keys:write',
  'api_key.organization.list': 'keys:read',
  'api_key.organization.manage': 'keys:write',
  'api_key.system.list': 'keys:read',
  'api_key.system.manage': 'keys:write',
  'bucket.view': 'buckets:read',
  'bucket.create': 'buckets:write',
  'bucket.reveal_credentials': 'buckets:write',
  'bucket.delete': 'buckets:write',
  'bucket.import': 'buckets:write',
  'audit_log.view': 'audit:read',
  'user.view_self': 'users:read',
  'user.view': 'users:read',
  'user.manage': 'users:write',
};

describe('scope matrix', () => {
  const principal = (scopes: Scope[] | null): Principal => ({
    kind: 'user',
    via: 'user_key',
    interactive: false,
    userId: 'u',
    username: 'u',
    superuser: true,
    apiKeyId: 'k',
    organizationScope: null,
    scopes: expandScopes(scopes),
  });
  const allows = (scopes: Scope[] | null, action: Action) => {
    try {
      requireScope(principal(scopes), action);
      return true;
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('insufficient_scope');
      expect((err as DomainError).message).toContain(SCOPE_DESIGN[action]);
      return false;
    }
  };
  // Each cell: does a key holding only `scope` may do `action`? Yes exactly for the action's own
  // scope and, for a read scope, the write scope of the same area.
  const cells = ACTIONS.flatMap((action) => SCOPES.map((scope) => [action, scope] as const));
  it.each(cells)('%s with only %s', (action, scope) => {
    const needed = SCOPE_DESIGN[action];
    const expected = scope === needed || scope === needed.replace(/:read$/, ':write');
    expect(allows([scope], action)).toBe(expected);
  });
  it.each(ACTIONS)('%s needs its scope, and nothing else', (action) => {
    expect(SCOPE_OF[action]).toBe(SCOPE_DESIGN[action]);
    expect(allows(null, action)).toBe(true);
    expect(
      allows(
        SCOPES.filter((s) => !expandScopes([s]).has(SCOPE_DESIGN[action])),
        action,
      ),
    ).toBe(false);
  });
  it('covers every action, and every scope is needed by one', () => {
    expect(Object.keys(SCOPE_DESIGN).sort()).toEqual([...ACTIONS].sort());
    expect(new Set(Object.values(SCOPE_OF))).toEqual(new Set(SCOPES));
  });
  it('gives a key only scopes its owner has some right in', () => {
    expect(scopeUsefulFor('viewer', 'buckets:read')).toBe(true);
    expect(scopeUsefulFor('viewer', 'buckets:write')).toBe(false);
    expect(scopeUsefulFor('user', 'buckets:write')).toBe(true);
    expect(scopeUsefulFor('user', 'audit:read')).toBe(false);
    expect(scopeUsefulFor('org_admin', 'audit:read')).toBe(true);
    expect(scopeUsefulFor('org_admin', 'users:write')).toBe(false);
    expect(scopeUsefulFor('workspace_admin', 'users:read')).toBe(true);
    expect(scopeUsefulFor('viewer', 'keys:read')).toBe(false);
    for (const scope of SCOPES) expect(scopeUsefulFor('super_admin', scope)).toBe(true);
  });
});
