import { describe, expect, it } from 'vitest';
import { AREAS } from '../areas/index.ts';
import { actions, allScopes, effectiveRole, expandScopes, scopeOf, scopeUsefulFor } from './policy.ts';
import type { Principal } from './policy.ts';

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

describe('scopes', () => {
  it('names a registered scope in every action, and every scope is needed by some action', () => {
    expect(AREAS.length).toBeGreaterThan(0);
    const needed = new Set(actions().map(scopeOf));
    for (const action of actions()) expect(allScopes(), action).toContain(scopeOf(action));
    expect([...needed].sort()).toEqual([...allScopes()].sort());
  });
  it('gives a login token (no scopes) every scope, and a write scope its read scope', () => {
    expect([...expandScopes(null)].sort()).toEqual([...allScopes()].sort());
    expect([...expandScopes(['buckets:write'])].sort()).toEqual(['buckets:read', 'buckets:write']);
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
    for (const scope of allScopes()) expect(scopeUsefulFor('super_admin', scope)).toBe(true);
  });
});
