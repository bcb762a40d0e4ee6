import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../core/db/schema/index.ts';
import { generateToken } from '../core/tokens.ts';
import { allScopes, scopeOf } from './policy.ts';
import type { Scope } from './policy.ts';
import { describeOnEachDatabase } from '../test/world.ts';
import {
  DOCUMENTED_OPERATIONS,
  fillPath,
  INTERACTIVE_ONLY,
  operationFixtures,
  protectedOperations,
  REACHES_STORAGE,
  VALID_BODIES,
} from '../test/operations.ts';
import type { Operation, OperationFixtures } from '../test/operations.ts';
import type { Actor } from '../test/world.ts';

/**
 * The scope matrix over HTTP (docs/permissions.md): each operation needs the scope of the action it
 * declares (`x-plinth-action`), and a key holding only that scope gets past the scope check, any
 * other key not. The action → scope rows themselves are each area's policy test.
 */
describeOnEachDatabase('key scopes over HTTP', (w, { database }) => {
  let root: Actor;
  let operations: Operation[];

  /** A user key of `owner` with these scopes, written straight to the database. */
  async function keyWith(owner: Actor, scopes: Scope[] | null): Promise<string> {
    const { token, hash, displayPrefix } = generateToken('user');
    await database.db.insert(apiKeys).values({
      kind: 'user',
      name: 'scoped',
      tokenHash: hash,
      displayPrefix,
      userId: owner.id,
      scopes,
    });
    return token;
  }

  /** Fresh objects for one cell, so cells do not depend on each other. */
  const fixtures = () => operationFixtures(w);
  /** The member a `{user_id}` path changes: an admin, whose role the valid bodies lower (all a key may do). */
  const memberOf = (op: Operation, f: OperationFixtures) =>
    op.path.startsWith('/api/v1/workspaces/') ? f.a.workspaceAdmin.id : f.a.orgAdmin.id;

  beforeAll(async () => {
    root = await w.user({ superuser: true });
    operations = await protectedOperations(w);
  });

  it('knows the action, so the scope, of every protected operation, as the committed document does', () => {
    expect(operations.filter((o) => o.action === undefined).map((o) => o.operationId)).toEqual([]);
    expect(operations.map((o) => `${o.operationId} ${o.action}`).sort()).toEqual(
      DOCUMENTED_OPERATIONS.map((o) => `${o.operationId} ${o.action}`).sort(),
    );
  });

  const cells = DOCUMENTED_OPERATIONS.map((o) => [o.operationId, scopeOf(o.action!)] as const);
  it.each(cells)('%s: allowed with only %s, 403 insufficient_scope with every other', async (id, scope) => {
    const op = operations.find((o) => o.operationId === id)!;
    const f = await fixtures();
    const send = (token: string) =>
      w.call(op.method, fillPath(op, f, memberOf(op, f)), { token, body: VALID_BODIES[id]?.(w, f) });

    const others = allScopes().filter((s) => s !== scope && s !== scope.replace(/:read$/, ':write'));
    const without = await send(await keyWith(root, others));
    const withOnly = await send(await keyWith(root, [scope]));
    if (scope === 'keys:write') {
      // No key ever manages keys: a person signed in does (docs/authentication.md).
      expect(without.body.code, JSON.stringify(without.body)).toBe('interactive_login_required');
      expect(withOnly.body.code, JSON.stringify(withOnly.body)).toBe('interactive_login_required');
      return;
    }
    expect(without.status, JSON.stringify(without.body)).toBe(403);
    expect(without.body.code).toBe('insufficient_scope');
    expect(without.body.detail).toContain(scope);
    const detail = `${op.method} ${op.path} with only ${scope}: ${withOnly.status} ${JSON.stringify(withOnly.body)}`;
    if (INTERACTIVE_ONLY.has(id)) {
      // Past the scope, a person signed in is still required (docs/buckets.md, import).
      expect(withOnly.body.code, detail).toBe('interactive_login_required');
      return;
    }
    expect([401, 403, 404], detail).not.toContain(withOnly.status);
    if (!REACHES_STORAGE.has(id)) expect(withOnly.status, detail).toBeLessThan(500);
  });

  it('lets a read scope come from the write scope of its area', async () => {
    const f = await fixtures();
    const token = await keyWith(root, ['buckets:write']);
    await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${f.objects.bucket}/`, { token });
    const refused = await w.expectStatus(403, 'GET', `/api/v1/workspaces/${f.a.workspace.id}/`, { token });
    expect(refused.detail).toContain('workspaces:read');
  });

  it('still needs the role: a scope never adds rights', async () => {
    const f = await fixtures();
    const token = await keyWith(f.a.viewer, ['buckets:read', 'buckets:write']);
    const res = await w.expectStatus(403, 'DELETE', `/api/v1/s3/buckets/${f.objects.bucket}/`, { token });
    expect(res.code).toBe('permission_denied');
    // Another tenant's bucket stays invisible (404), scope or not.
    const other = await fixtures();
    await w.expectStatus(404, 'GET', `/api/v1/s3/buckets/${other.objects.bucket}/`, { token });
  });

  it('creates keys with scopes, shows them in create and list responses, and audits them', async () => {
    const f = await fixtures();
    const created = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: f.a.user.token,
      body: { name: 'ci', scopes: ['buckets:write', 'buckets:read'] },
    });
    expect(created.scopes).toEqual(['buckets:read', 'buckets:write']);
    const unscoped = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: f.a.user.token,
      body: { name: 'all' },
    });
    expect(unscoped.scopes).toBeNull();
    const list = await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: f.a.user.token });
    const byName = Object.fromEntries(
      (list.results as { name: string; scopes: unknown }[]).map((k) => [k.name, k.scopes]),
    );
    expect(byName).toEqual({ ci: ['buckets:read', 'buckets:write'], all: null });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'api_key.created'), eq(auditLog.apiKeyId, created.id)));
    expect(entry!.details).toMatchObject({ scopes: ['buckets:read', 'buckets:write'] });

    const orgKey = await w.expectStatus(201, 'POST', `/api/v1/organizations/${f.a.org.id}/api-keys/`, {
      token: f.a.orgAdmin.token,
      body: { name: 'operator', role: 'admin', scopes: ['buckets:read', 'buckets:write'] },
    });
    expect(orgKey.scopes).toEqual(['buckets:read', 'buckets:write']);
    await w.expectStatus(200, 'GET', '/api/v1/s3/buckets/', { token: orgKey.token });
    const refused = await w.expectStatus(403, 'GET', '/api/v1/audit-log/', { token: orgKey.token });
    expect(refused).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.detail).toContain('audit:read');
  });

  it.each([
    ['a User asks for audit:read', 'user', 'me', { scopes: ['audit:read'] }, 'scopes.0', 'beyond_owner'],
    ['a User asks for users:write', 'user', 'me', { scopes: ['users:write'] }, 'scopes.0', 'beyond_owner'],
    [
      'a Viewer organization key asks for buckets:write',
      'orgAdmin',
      'org',
      { role: 'viewer', scopes: ['buckets:read', 'buckets:write'] },
      'scopes.1',
      'beyond_owner',
    ],
    [
      'a User organization key asks for organizations:write',
      'orgAdmin',
      'org',
      { role: 'user', scopes: ['organizations:write'] },
      'scopes.0',
      'beyond_owner',
    ],
    ['a key asks for keys:write', 'user', 'me', { scopes: ['keys:write'] }, 'scopes.0', 'not_grantable'],
  ] as const)('refuses a scope beyond the owner (400): %s', async (_name, who, where, body, attr, code) => {
    const f = await fixtures();
    const path =
      where === 'org' ? `/api/v1/organizations/${f.a.org.id}/api-keys/` : '/api/v1/users/me/api-keys/';
    const res = await w.expectStatus(400, 'POST', path, {
      token: f.a[who].token,
      body: { name: 'k', ...body },
    });
    expect(res.errors).toEqual([expect.objectContaining({ attr, code })]);
  });

  it('refuses unknown and empty scope lists (400)', async () => {
    const f = await fixtures();
    for (const scopes of [['buckets:delete'], []]) {
      await w.expectStatus(400, 'POST', '/api/v1/users/me/api-keys/', {
        token: f.a.user.token,
        body: { name: 'k', scopes },
      });
    }
  });

  it('gives login tokens every scope', async () => {
    const f = await fixtures();
    await w.expectStatus(200, 'GET', '/api/v1/audit-log/', { token: f.a.orgAdmin.token });
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: f.a.viewer.token });
  });
});
