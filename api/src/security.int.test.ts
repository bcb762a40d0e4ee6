import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client.ts';
import { randomUUID } from 'node:crypto';
import { apiKeys, buckets } from './db/schema/index.ts';
import { operationIdFor } from './lib/openapi.ts';
import { generateToken } from './lib/tokens.ts';
import { LoginTokens } from './services/auth.ts';
import { TEST_JWT_KEY } from './test/app.ts';
import { DATABASE_KINDS, migratedDatabase } from './test/databases.ts';
import { createWorld } from './test/world.ts';
import type { Actor, World } from './test/world.ts';

interface Operation {
  method: string;
  path: string;
  operationId: string;
  responses: string[];
}

/** A valid body for each operation that takes one, so only authentication and rights decide. */
const BODIES: Record<string, (w: World, f: Fixtures) => unknown> = {
  api_v1_users_create: (w) => ({ username: w.unique('sec') }),
  api_v1_users_partial_update: () => ({ full_name: 'Renamed' }),
  api_v1_organizations_create: (w) => ({ slug: w.unique('sec'), name: 'x' }),
  api_v1_organizations_partial_update: () => ({ name: 'Renamed' }),
  api_v1_organizations_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
  api_v1_organizations_members_partial_update: () => ({ role: 'user' }),
  api_v1_workspaces_create: (_w, f) => ({ organization: f.a.org.id, name: 'sec' }),
  api_v1_workspaces_partial_update: () => ({ config: {} }),
  api_v1_workspaces_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
  api_v1_workspaces_members_partial_update: () => ({ role: 'user' }),
  api_v1_users_me_api_keys_create: () => ({ name: 'k' }),
  api_v1_organizations_api_keys_create: () => ({ name: 'k' }),
  api_v1_system_api_keys_create: () => ({ name: 'k' }),
  api_v1_s3_buckets_create: (w, f) => ({
    name: w.unique('sec'),
    region: 'eu-central',
    organization: f.a.org.id,
    workspace: f.a.workspace.id,
  }),
  api_v1_s3_buckets_import_create: (w, f) => ({
    name: w.unique('sec'),
    region: 'eu-central',
    organization: f.a.org.id,
    workspace: f.a.workspace.id,
  }),
  api_v1_s3_buckets_partial_update: () => ({ cors_allow_all: false }),
  api_v1_s3_buckets_objects_upload_url_create: () => ({ key: 'k' }),
};

/** Operations a Viewer may call (read-only views of its own tenant); all others are 403 for it. */
const VIEWER_ALLOWED = new Set([
  'api_v1_organizations_list',
  'api_v1_organizations_retrieve',
  'api_v1_organizations_members_list',
  'api_v1_workspaces_list',
  'api_v1_workspaces_retrieve',
  'api_v1_workspaces_members_list',
  'api_v1_users_me_retrieve',
  'api_v1_users_retrieve',
  'api_v1_s3_buckets_list',
  'api_v1_s3_buckets_retrieve',
  'api_v1_s3_regions_retrieve',
]);

/** What another tenant's admin gets on an operation addressed at tenant A's objects. */
const OTHER_TENANT_STATUS: Record<string, number> = {
  // User management is Super Admin only: refused before any lookup, whatever the ID.
  api_v1_users_partial_update: 403,
};

type Fixtures = {
  a: Awaited<ReturnType<World['tenant']>>;
  b: Awaited<ReturnType<World['tenant']>>;
  spare: Actor;
  keyId: string;
  bucketId: string;
};

function fillPath(op: Operation, f: Fixtures): string {
  return op.path
    .replace(/^\/api\/v1\/organizations\/\{id\}/, `/api/v1/organizations/${f.a.org.id}`)
    .replace(/^\/api\/v1\/workspaces\/\{id\}/, `/api/v1/workspaces/${f.a.workspace.id}`)
    .replace(/^\/api\/v1\/users\/\{id\}/, `/api/v1/users/${f.a.viewer.id}`)
    .replace(/^\/api\/v1\/s3\/buckets\/\{id\}/, `/api/v1/s3/buckets/${f.bucketId}`)
    .replace('{user_id}', f.a.viewer.id)
    .replace('{key_id}', f.keyId);
}

describe.each(DATABASE_KINDS)('security of every protected route on %s', (kind) => {
  let database: DatabaseHandle;
  let w: World;
  let f: Fixtures;
  let operations: Operation[];
  let root: Actor;
  let revokedKey: string;
  let expiredKey: string;
  let expiredLogin: string;

  beforeAll(async () => {
    database = await migratedDatabase(kind);
    w = createWorld(database);
    root = await w.user({ superuser: true });
    const a = await w.tenant();
    const b = await w.tenant();
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
      token: a.orgAdmin.token,
      body: { name: 'k' },
    });
    // A bucket row of tenant A (no cluster behind it: these checks all end before any storage call).
    const bucketId = randomUUID();
    await database.db.insert(buckets).values({
      id: bucketId,
      name: w.unique('sec'),
      region: 'eu-central',
      cluster: 'none',
      organizationId: a.org.id,
      workspaceId: a.workspace.id,
      state: 'ready',
      accessKeyId: 'PLSECURITYTEST000000',
      secretSealed: w.env.storage.box.seal('not-a-real-secret', bucketId),
    });
    f = { a, b, spare: await w.user(), keyId: key.id, bucketId };

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

    const doc = (await (await w.env.app.request('/api/v1/schema/')).json()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; responses: Record<string, unknown>; security?: unknown[] }>
      >;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          operationId: op.operationId,
          responses: Object.keys(op.responses),
        })),
    );
  });
  afterAll(async () => {
    await w.env.close();
    await database.close();
  });

  const send = (op: Operation, opts: { token?: string; headers?: Record<string, string> }) =>
    w.call(op.method, fillPath(op, f), { ...opts, body: BODIES[op.operationId]?.(w, f) });

  it('finds the protected operations and knows how to call each', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    for (const op of operations) {
      expect(op.path.startsWith('/api/v1/'), op.path).toBe(true);
      if (op.method === 'POST' || op.method === 'PATCH')
        expect(BODIES, `a body for ${op.operationId}`).toHaveProperty(op.operationId);
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
      const res = await send(op, { token: f.b.orgAdmin.token });
      expect(res.status, `${op.method} ${op.path}: ${JSON.stringify(res.body)}`).toBe(
        OTHER_TENANT_STATUS[op.operationId] ?? 404,
      );
    }
  });

  it('refuses a Viewer everything but reading its own tenant (403)', async () => {
    for (const op of operations) {
      const res = await send(op, { token: f.a.viewer.token });
      const detail = `${op.method} ${op.path}: ${res.status} ${JSON.stringify(res.body)}`;
      if (VIEWER_ALLOWED.has(op.operationId)) expect(res.status, detail).toBe(200);
      else expect(res.status, detail).toBe(403);
    }
  });
});
