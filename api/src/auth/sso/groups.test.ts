import { describe, expect, it } from 'vitest';
import { groupsFromClaim, mapGroups, normalizeGroup } from './groups.ts';

describe('group mapping', () => {
  it('maps the spec groups, ignoring a leading slash and parent paths', () => {
    const m = mapGroups(
      ['/svc-admins', 'svc-acme-admins', '/teams/svc-beta-users', 'svc-gamma-viewers'],
      'svc',
    );
    expect(m.superuser).toBe(true);
    expect(Object.fromEntries(m.organizations)).toEqual({ acme: 'admin', beta: 'user', gamma: 'viewer' });
    expect(m.ignored).toEqual([]);
  });

  it('gives the highest role when several groups name one organization', () => {
    const m = mapGroups(['svc-acme-viewers', 'svc-acme-users'], 'svc');
    expect(m.organizations.get('acme')).toBe('user');
    expect(mapGroups(['svc-acme-admins', 'svc-acme-viewers'], 'svc').organizations.get('acme')).toBe('admin');
  });

  it('keeps dashes of the slug', () => {
    const m = mapGroups(['svc-acme-corp-users', 'svc-a-b-c-admins'], 'svc');
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
      ],
      'svc',
    );
    expect(m.superuser).toBe(false);
    expect(m.organizations.size).toBe(0);
    expect(m.ignored).toContain('staff');
    expect(m.ignored).toContain('svc-users');
  });

  it('uses the configured prefix', () => {
    const m = mapGroups(['plinth-admins', 'plinth-acme-users', 'svc-admins'], 'plinth');
    expect(m.superuser).toBe(true);
    expect(m.organizations.get('acme')).toBe('user');
  });

  it('reads a claim that is an array, a string or absent', () => {
    expect(groupsFromClaim(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(groupsFromClaim('a')).toEqual(['a']);
    expect(groupsFromClaim(undefined)).toEqual([]);
    expect(normalizeGroup('/a/b/svc-admins/')).toBe('svc-admins');
  });
});
