import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiKeys } from './core/db/schema/index.ts';
import { operationIdFor } from './http/openapi.ts';
import { generateToken } from './core/tokens.ts';
import { LoginTokens } from './auth/login.ts';
import { TEST_JWT_KEY } from './test/app.ts';
import { describeOnEachDatabase } from './test/world.ts';
import {
  fillPath,
  operationFixtures,
  OTHER_TENANT_STATUS,
  protectedOperations,
  REACHES_STORAGE,
  VALID_BODIES,
} from './test/operations.ts';
import { can } from './auth/policy.ts';
import type { Operation, OperationFixtures } from './test/operations.ts';
import type { Actor, World } from './test/world.ts';

/**
 * A Viewer may call what its role allows by the action each operation declares (`x-plinth-action`;
 * each area's policy test restates its rows): read-only views of its own tenant. Those that then ask
 * the storage cluster answer 503 `storage_unavailable` here (the walk's app has none), never 403.
 */
const viewerMay = (op: Operation) => op.action !== undefined && can('viewer', op.action);

describeOnEachDatabase('security of every protected route', (w, { database }) => {
  let f: OperationFixtures;
  let b: Awaited<ReturnType<World['tenant']>>;
  let operations: Operation[];
  let root: Actor;
  let revokedKey: string;
  let expiredKey: string;
  let expiredLogin: string;

  beforeAll(async () => {
    root = await w.user({ superuser: true });
    f = await operationFixtures(w);
    b = await w.tenant();

    const revoked = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: root.token,
      body: { name: 'revoked' },
    });
    await w.expectStatus(204, 'DELETE', `/api/v1/users/me/api-keys/${revoked.id}/`, { token: root.token });
    revokedKey = revoked.token;
    const expired = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: root.token,
      body: { name: 'expired' },
    });
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    expiredKey = expired.token;
    expiredLogin = (await new LoginTokens(TEST_JWT_KEY, 900).issue(root.id, new Date(Date.now() - 7200_000)))
      .token;

    operations = await protectedOperations(w);
  });

  const send = (op: Operation, opts: { token?: string; headers?: Record<string, string> }) =>
    w.call(op.method, fillPath(op, f, f.a.viewer.id), {
      ...opts,
      body: VALID_BODIES[op.operationId]?.(w, f),
    });

  it('finds the protected operations and knows how to call each', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const op of operations) {
      expect(op.path.startsWith('/api/v1/'), op.path).toBe(true);
      expect(op.action, `the action of ${op.operationId}`).toBeDefined();
      if (op.method === 'POST' || op.method === 'PATCH')
        expect(VALID_BODIES, `a body for ${op.operationId}`).toHaveProperty(op.operationId);
    }
  });

  it('documents 401 and 403 on each, with drf-style operation IDs', () => {
    for (const op of operations) {
      expect(op.responses, op.operationId).toEqual(expect.arrayContaining(['401', '403']));
      const rule = [
        operationIdFor(op.method.toLowerCase() as 'get', op.path, false),
        operationIdFor('get', op.path, true),
      ];
      expect(rule, `${op.method} ${op.path}`).toContain(op.operationId);
    }
  });

  const cases: [string, () => { token?: string; headers?: Record<string, string> }, number, string][] = [
    ['no token', () => ({}), 401, 'not_authenticated'],
    [
      'HTTP Basic with valid credentials',
      () => ({
        headers: {
          Authorization: `Basic ${Buffer.from(`${root.username}:correct-horse-battery-staple`).toString('base64')}`,
        },
      }),
      401,
      'unsupported_authentication_scheme',
    ],
    ['a malformed token', () => ({ token: 'plu_not-a-real-token' }), 401, 'token_malformed'],
    ['an unknown key', () => ({ token: generateToken('system').token }), 401, 'token_invalid'],
    ['a revoked key', () => ({ token: revokedKey }), 401, 'token_revoked'],
    ['an expired key', () => ({ token: expiredKey }), 401, 'token_expired'],
    ['an expired login token', () => ({ token: expiredLogin }), 401, 'token_expired'],
    ['an agent token (wrong kind)', () => ({ token: generateToken('agent').token }), 403, 'token_wrong_kind'],
  ];
  it.each(cases)('refuses %s everywhere', async (_name, auth, status, code) => {
    for (const op of operations) {
      const res = await send(op, auth());
      expect(res.status, `${op.method} ${op.path}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.code, `${op.method} ${op.path}`).toBe(code);
      if (status === 401) expect(res.headers.get('www-authenticate'), op.path).toBe('Bearer');
    }
  });

  it("hides tenant A's objects from tenant B's Org Admin (404)", async () => {
    const targeted = operations.filter((op) => op.path.includes('{id}'));
    expect(targeted.length).toBeGreaterThan(10);
    for (const op of targeted) {
      const res = await send(op, { token: b.orgAdmin.token });
      expect(res.status, `${op.method} ${op.path}: ${JSON.stringify(res.body)}`).toBe(
        OTHER_TENANT_STATUS[op.operationId] ?? 404,
      );
    }
  });

  it('refuses a Viewer everything but reading its own tenant (403)', async () => {
    for (const op of operations) {
      const res = await send(op, { token: f.a.viewer.token });
      const detail = `${op.method} ${op.path}: ${res.status} ${JSON.stringify(res.body)}`;
      if (viewerMay(op) && !REACHES_STORAGE.has(op.operationId)) expect(res.status, detail).toBe(200);
      else if (viewerMay(op)) {
        expect(res.status, detail).toBe(503);
        expect(res.body.code, detail).toBe('storage_unavailable');
      } else expect(res.status, detail).toBe(403);
    }
  });
});
