import { describe, expect, it } from 'vitest';
import { allScopes, can, expandScopes, requireScope, ROLES, scopeOf } from '../auth/policy.ts';
import type { Action, Principal, Role, Scope } from '../auth/policy.ts';
import type { Area } from '../areas/area.ts';
// Every area registered, so each action's scope is checked against every registered scope.
import { AREAS } from '../areas/index.ts';
import { DomainError } from '../core/errors.ts';

/**
 * One action's row as design.md's permission table writes it, Super Admin, Org Admin, Workspace
 * Admin, User, Viewer (`y` allowed, `-` not), and the scope a key needs for it.
 */
export type PolicyRow = readonly [`${'y' | '-'} ${'y' | '-'} ${'y' | '-'} ${'y' | '-'} ${'y' | '-'}`, Scope];

const keyWith = (scopes: Scope[] | null): Principal => ({
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

function allows(scopes: Scope[] | null, action: Action): boolean {
  try {
    requireScope(keyWith(scopes), action);
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('insufficient_scope');
    return false;
  }
}

/**
 * The double entry of an area's policy: its rows written out again, independently of the
 * registration in its index.ts, checked cell by cell (every role, every scope), and the
 * registration held to exactly these actions.
 */
export function describePolicy(area: Area, rows: Record<string, PolicyRow>): void {
  describe(`${area.name} policy`, () => {
    it('is one of AREAS', () => {
      expect(AREAS).toContain(area);
    });
    const entries = Object.entries(rows) as [Action, PolicyRow][];
    it('registers exactly these actions', () => {
      expect(Object.keys(area.registration?.actions ?? {}).sort()).toEqual(Object.keys(rows).sort());
    });
    const cells = entries.flatMap(([action, [roles]]) =>
      ROLES.map((role, i) => [action, role, roles.split(' ')[i] === 'y'] as [Action, Role, boolean]),
    );
    it.each(cells)('%s by %s: %s', (action, role, allowed) => {
      expect(can(role, action)).toBe(allowed);
    });
    // Each cell: may a key holding only `scope` do `action`? Exactly for the action's own scope and,
    // for a read scope, the write scope of the same area.
    const scopeCells = entries.flatMap(([action, [, needed]]) =>
      allScopes().map((scope) => [action, scope, needed] as const),
    );
    it.each(scopeCells)('%s with only %s (needs %s)', (action, scope, needed) => {
      expect(scopeOf(action)).toBe(needed);
      expect(allows([scope], action)).toBe(scope === needed || scope === needed.replace(/:read$/, ':write'));
    });
  });
}
