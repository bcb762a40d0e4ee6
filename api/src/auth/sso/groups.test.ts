import { describe, expect, it } from 'vitest';
import { groupsFromClaim, mapGroups, normalizeGroup } from './groups.ts';
import type { GroupRules } from './groups.ts';

const RULES: GroupRules = {
  groupPrefix: 'svc',
  groupParent: '',
  superAdminFromGroups: true,
  organizations: null,
};
const rules = (over: Partial<GroupRules> = {}): GroupRules => ({ ...RULES, ...over });

describe('group mapping', () => {
  it('maps the spec groups, top-level, with or without a leading slash', () => {
    const m = mapGroups(['/svc-admins', 'svc-acme-admins', '/svc-beta-users/', 'svc-gamma-viewers'], RULES);
    expect(m.superuser).toBe(true);
    expect(Object.fromEntries(m.organizations)).toEqual({ acme: 'admin', beta: 'user', gamma: 'viewer' });
    expect(m.ignored).toEqual([]);
  });

  it('ignores a group of the right name anywhere else in the tree (anyone may create those)', () => {
    const m = mapGroups(
      ['my-namespace/svc-admins', 'my-namespace/svc-acme-admins', '/team/svc-admins', '/a/b/svc-acme-users'],
      RULES,
    );
    expect(m.superuser).toBe(false);
    expect(m.organizations.size).toBe(0);
    expect(m.ignored).toHaveLength(4);
  });

  it('takes only the groups directly under the configured parent', () => {
    const under = rules({ groupParent: 'platform/plinth' });
    const m = mapGroups(
      [
        'platform/plinth/svc-admins',
        '/platform/plinth/svc-acme-users',
        'platform/plinth/team/svc-beta-admins',
        'platform/svc-gamma-admins',
        'svc-delta-admins',
        'evil/platform/plinth/svc-eps-admins',
        'Platform/plinth/svc-zeta-admins',
      ],
      under,
    );
    expect(m.superuser).toBe(true);
    expect(Object.fromEntries(m.organizations)).toEqual({ acme: 'user' });
    expect(m.ignored).toHaveLength(5);
  });

  it('grants Super Admin only when the provider is trusted with it', () => {
    const m = mapGroups(['svc-admins', 'svc-acme-users'], rules({ superAdminFromGroups: false }));
    expect(m.superuser).toBe(false);
    expect(m.ignored).toEqual(['svc-admins']);
    expect(m.organizations.get('acme')).toBe('user');
  });

  it('maps only the organizations a provider is limited to', () => {
    const m = mapGroups(['svc-a-admins', 'svc-b-admins', 'svc-a-b-users'], rules({ organizations: ['a'] }));
    expect(Object.fromEntries(m.organizations)).toEqual({ a: 'admin' });
    expect(m.ignored).toEqual(['svc-b-admins', 'svc-a-b-users']);
  });

  it('gives the highest role when several groups name one organization', () => {
    const m = mapGroups(['svc-acme-viewers', 'svc-acme-users'], RULES);
    expect(m.organizations.get('acme')).toBe('user');
    expect(mapGroups(['svc-acme-admins', 'svc-acme-viewers'], RULES).organizations.get('acme')).toBe('admin');
  });

  it('keeps dashes of the slug', () => {
    const m = mapGroups(['svc-acme-corp-users', 'svc-a-b-c-admins'], RULES);
    expect(Object.fromEntries(m.organizations)).toEqual({ 'acme-corp': 'user', 'a-b-c': 'admin' });
  });

  it('ignores other prefixes, unknown suffixes and look-alikes', () => {
    const m = mapGroups(
      [
        'staff',
        'svcx-acme-users',
        'svc-acme-owners',
        'svc-users',
        'svc--users',
        'other-admins',
        'SVC-admins',
        ' svc-admins',
        '//svc-admins',
        'svc-ad\ufffdmins',
      ],
      RULES,
    );
    expect(m.superuser).toBe(false);
    expect(m.organizations.size).toBe(0);
    expect(m.ignored).toContain('staff');
    expect(m.ignored).toContain('svc-users');
  });

  it('uses the configured prefix', () => {
    const m = mapGroups(
      ['plinth-admins', 'plinth-acme-users', 'svc-admins'],
      rules({ groupPrefix: 'plinth' }),
    );
    expect(m.superuser).toBe(true);
    expect(m.organizations.get('acme')).toBe('user');
  });

  it('reads a claim that is an array, a string or absent, and makes it storable', () => {
    expect(groupsFromClaim(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(groupsFromClaim('a')).toEqual(['a']);
    expect(groupsFromClaim(undefined)).toEqual([]);
    expect(groupsFromClaim(['svc-ad\u0000mins', 'x\ud800'])).toEqual(['svc-ad\ufffdmins', 'x\ufffd']);
    expect(normalizeGroup('/a/b/svc-admins/')).toBe('a/b/svc-admins');
    expect(normalizeGroup('svc-admins')).toBe('svc-admins');
  });
});
