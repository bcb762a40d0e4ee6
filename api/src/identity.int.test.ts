import { randomBytes, scryptSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DatabaseHandle } from './core/db/client.ts';
import { apiKeys, auditLog, buckets, users, workspaceMembers } from './core/db/schema/index.ts';
import { ensureBootstrapAdmin } from './areas/users/bootstrap.ts';
import { LoginTokens } from './auth/login.ts';
import { TEST_JWT_KEY } from './test/app.ts';
import { migratedDatabase } from './test/databases.ts';
import { eventually } from './test/eventually.ts';
import { createWorld, describeOnEachDatabase, PASSWORD } from './test/world.ts';
import type { Actor, World } from './test/world.ts';

describeOnEachDatabase('identity and access', (w, { kind, database }) => {
  it('takes a new user from the bootstrap admin to a revoked key, all in the audit log', async () => {
    // A database of its own, as on a first start: no user until the bootstrap admin.
    const fresh = await migratedDatabase(kind);
    const world = createWorld(fresh);
    try {
      await journey(world, fresh);
    } finally {
      await world.env.close();
      await fresh.close();
    }
  });

  async function journey(w: World, fresh: DatabaseHandle) {
    const adminName = 'admin';
    await ensureBootstrapAdmin(
      fresh.db,
      { username: adminName, password: 'bootstrap-password-1' },
      w.env.logs.logger,
      { interactive: false, dataDir: '/nonexistent' },
    );
    const admin = await w.expectStatus(200, 'POST', '/api/login/', {
      body: { username: adminName, password: 'bootstrap-password-1' },
    });
    expect(admin.token).toBeTypeOf('string');
    expect(new Date(admin.expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const wrong = await w.call('POST', '/api/login/', {
      body: { username: adminName, password: 'not-the-password' },
      ip: '192.0.2.44',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'authentication_failed',
      detail: 'Invalid username or password.',
    });

    const org = await w.expectStatus(201, 'POST', '/api/v1/organizations/', {
      token: admin.token,
      body: { slug: w.unique('acme'), name: 'Acme' },
    });
    const ws = await w.expectStatus(201, 'POST', '/api/v1/workspaces/', {
      token: admin.token,
      body: { organization: org.id, name: 'production', config: { events: { handler: 'workspace' } } },
    });
    await w.expectStatus(201, 'POST', '/api/v1/workspaces/', {
      token: admin.token,
      body: { organization: org.id, name: 'staging' },
    });

    const page = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?page_size=1&organization=${org.id}`, {
      token: admin.token,
    });
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      name: 'production',
      organization: org.id,
      config: { events: { handler: 'workspace' } },
    });
    expect(page.next).toContain('page=2');
    expect(ws.name).toBe('production');
    // List items are rendered by the database; they must match the detail view exactly.
    const detail = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${ws.id}/`, { token: admin.token });
    expect(page.results[0]).toEqual(detail);
    expect(detail).toEqual(ws);

    const key = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: admin.token,
      body: { name: 'laptop' },
    });
    expect(key.token).toMatch(/^plu_[0-9A-Za-z]{36}$/);
    expect(key.prefix).toBe(key.token.slice(0, 10));
    const viaKey = await w.expectStatus(
      200,
      'GET',
      `/api/v1/workspaces/?page_size=1&organization=${org.id}`,
      {
        token: key.token,
        ip: '192.0.2.99',
      },
    );
    expect(viaKey.results[0].name).toBe('production');

    const listed = await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: admin.token });
    expect(JSON.stringify(listed)).not.toContain(key.token);
    expect(listed.results.find((k: { id: string }) => k.id === key.id)).toMatchObject({
      name: 'laptop',
      kind: 'user',
    });

    await w.expectStatus(204, 'DELETE', `/api/v1/users/me/api-keys/${key.id}/`, { token: admin.token });
    const after = await w.call('GET', '/api/v1/workspaces/', { token: key.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_revoked');
    expect(after.headers.get('www-authenticate')).toBe('Bearer');

    await w.env.audit.flush();
    const log = await w.expectStatus(200, 'GET', '/api/v1/audit-log/?page_size=500', { token: admin.token });
    const entries = log.results as {
      event: string;
      api_key: string | null;
      ip: string | null;
      username: string | null;
      details: Record<string, unknown>;
    }[];
    expect(entries.find((e) => e.event === 'api_key.created' && e.api_key === key.id)?.details).toMatchObject(
      { name: 'laptop' },
    );
    expect(entries.find((e) => e.event === 'api_key.used' && e.api_key === key.id)).toMatchObject({
      ip: '192.0.2.99',
      details: { endpoint: 'GET /api/v1/workspaces/' },
    });
    expect(entries.find((e) => e.event === 'api_key.revoked' && e.api_key === key.id)).toBeDefined();
    expect(entries.find((e) => e.event === 'login.failed' && e.username === adminName)).toMatchObject({
      ip: '192.0.2.44',
      details: { reason: 'bad_password' },
    });
    expect(entries.find((e) => e.event === 'login.succeeded')).toBeDefined();
  }

  it('refuses expired keys, expired login tokens, Basic, malformed and unknown tokens with a clear code', async () => {
    const alice = await w.user({ superuser: true });
    const key = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: alice.token,
      body: { name: 'short-lived', expires_at: new Date(Date.now() + 60_000).toISOString() },
    });
    await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: key.token });
    // Time passes: the key's expiry is now behind us.
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const expired = await w.call('GET', '/api/v1/workspaces/', { token: key.token });
    expect([expired.status, expired.body.code]).toEqual([401, 'token_expired']);

    const oldToken = (
      await new LoginTokens(TEST_JWT_KEY, 900).issue(alice.id, new Date(Date.now() - 3600_000))
    ).token;
    const expiredJwt = await w.call('GET', '/api/v1/workspaces/', { token: oldToken });
    expect([expiredJwt.status, expiredJwt.body.code]).toEqual([401, 'token_expired']);

    const forged = (await new LoginTokens('another-key-that-is-long-enough-000000', 900).issue(alice.id))
      .token;
    expect((await w.call('GET', '/api/v1/workspaces/', { token: forged })).body.code).toBe('token_invalid');

    const basic = await w.call('GET', '/api/v1/workspaces/', {
      headers: { Authorization: `Basic ${Buffer.from(`${alice.username}:${PASSWORD}`).toString('base64')}` },
    });
    expect([basic.status, basic.body.code]).toEqual([401, 'unsupported_authentication_scheme']);
    expect((await w.call('GET', '/api/v1/workspaces/', { token: 'plu_nonsense' })).body.code).toBe(
      'token_malformed',
    );
    const { generateToken } = await import('./core/tokens.ts');
    expect(
      (await w.call('GET', '/api/v1/workspaces/', { token: generateToken('user').token })).body.code,
    ).toBe('token_invalid');

    await w.expectStatus(400, 'POST', '/api/v1/users/me/api-keys/', {
      token: alice.token,
      body: { name: 'past', expires_at: new Date(Date.now() - 1000).toISOString() },
    });
  });

  it('answers each of many requests sent at once with its own key: valid, revoked, unknown, another tenant', async () => {
    const a = await w.tenant();
    const b = await w.tenant();
    const keyFor = async (actor: { token: string }, name: string) =>
      w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', { token: actor.token, body: { name } });
    const aKey = await keyFor(a.orgAdmin, 'a');
    const bKey = await keyFor(b.orgAdmin, 'b');
    const revoked = await keyFor(a.user, 'gone');
    await w.expectStatus(204, 'DELETE', `/api/v1/users/me/api-keys/${revoked.id}/`, { token: a.user.token });
    const { generateToken } = await import('./core/tokens.ts');
    const unknown = generateToken('user').token;

    // Sent in one turn of the event loop, these are looked up together; each must get its own answer.
    const tokens = [aKey.token, bKey.token, revoked.token, unknown, aKey.token, bKey.token];
    const answers = await Promise.all(tokens.map((token) => w.call('GET', '/api/v1/workspaces/', { token })));
    const seen = answers.map((r) =>
      r.status === 200 ? r.body.results.map((x: { id: string }) => x.id) : r.body.code,
    );
    expect(seen).toEqual([
      [a.workspace.id],
      [b.workspace.id],
      'token_revoked',
      'token_invalid',
      [a.workspace.id],
      [b.workspace.id],
    ]);
  });

  it('answers list requests sent at once, alike and not, each as if it had come alone', async () => {
    const a = await w.tenant();
    for (let i = 0; i < 3; i++) await w.workspace(a.org.id);
    const other = await w.org();
    const elsewhere = await w.workspace(other.id);
    const member = () => w.user({ org: { id: a.org.id, role: 'user' } });
    const [m1, m2, m3] = [await member(), await member(), await member()];
    await w.db.insert(workspaceMembers).values({ workspaceId: elsewhere.id, userId: m3.id, role: 'viewer' });
    const admin = await w.user({ superuser: true });
    const requests: [Actor, string][] = [
      [a.user, ''],
      [m1, '?page_size=2'],
      [m2, '?page_size=2'],
      [a.orgAdmin, '?page_size=2'],
      [m1, '?page_size=2&page=2'],
      [m3, '?page_size=2'],
      [m2, `?organization=${other.id}`],
      [admin, `?organization=${a.org.id}&page_size=3`],
      [m2, '?page_size=2&page=3'],
    ];
    const get = ([actor, query]: [Actor, string]) =>
      w.call('GET', `/api/v1/workspaces/${query}`, { token: actor.token });
    const alone = [];
    for (const r of requests) alone.push(await get(r));
    // Sent in one turn, each is still answered on its own, exactly as when it came alone.
    const together = await Promise.all(requests.map(get));
    const seen = (r: { status: number; body: any }) => [r.status, { ...r.body, request_id: undefined }];
    expect(together.map(seen)).toEqual(alone.map(seen));
    expect(alone.map((r) => r.body.count ?? r.body.code)).toEqual([1, 4, 4, 4, 4, 5, 0, 4, 'invalid_page']);
    expect(alone[1]!.body.results).toHaveLength(2);
    expect(alone[4]!.body.results).not.toEqual(alone[1]!.body.results);
  });

  it('lists each workspace exactly as its detail view, after every kind of write', async () => {
    const { org, orgAdmin } = await w.tenant();
    const ws = await w.expectStatus(201, 'POST', '/api/v1/workspaces/', {
      token: orgAdmin.token,
      body: { organization: org.id, name: 'Ünïcode "quoted" \\ back\\slash\ttab', config: {} },
    });
    const listed = async () => {
      const page = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${org.id}`, {
        token: orgAdmin.token,
      });
      const detail = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${ws.id}/`, {
        token: orgAdmin.token,
      });
      expect(page.results.find((x: { id: string }) => x.id === ws.id)).toEqual(detail);
      return detail;
    };
    expect(await listed()).toEqual(ws);
    const renamed = await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${ws.id}/`, {
      token: orgAdmin.token,
      body: { name: 'renamed', config: { events: { handler: 'workspace', retries: 3 }, tags: ['a', 'b'] } },
    });
    expect(await listed()).toEqual(renamed);
    expect(renamed.updated_at > ws.updated_at).toBe(true);
  });

  it('stops a deactivated user at once: login, login tokens and keys', async () => {
    const admin = await w.user({ superuser: true });
    const bob = await w.user({ superuser: true });
    const key = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: bob.token,
      body: { name: 'k' },
    });
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${bob.id}/`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect((await w.call('GET', '/api/v1/users/me/', { token: bob.token })).body.code).toBe('user_inactive');
    expect((await w.call('GET', '/api/v1/users/me/', { token: key.token })).body.code).toBe('user_inactive');
    expect(
      (await w.call('POST', '/api/login/', { body: { username: bob.username, password: PASSWORD } })).status,
    ).toBe(401);
  });

  /** How many failed logins for `username` got as far as a password check. */
  const passwordChecks = async (username: string) =>
    (
      await w.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.event, 'login.failed'),
            eq(auditLog.username, username),
            sql`${auditLog.details}->>'reason' = 'bad_password'`,
          ),
        )
    )[0]!.n;
  // A 503 `password_hashing_busy` (the per-process budget for checks from unknown addresses, which
  // these tests spend) never counts towards throttling: try again until there is a real answer.
  const login = (username: string, password: string, ip: string) =>
    eventually(
      `an answer other than 503 for ${username}`,
      async () => {
        const r = await w.call('POST', '/api/login/', { body: { username, password }, ip });
        return r.status === 503 && r.body.code === 'password_hashing_busy' ? undefined : r;
      },
      { timeoutMs: 60_000 },
    );

  it('checks at most the limit of wrong passwords sent at once, from one address or from many', async () => {
    const victim = await w.user();
    const fromOne = await Promise.all(
      Array.from({ length: 30 }, () => login(victim.username, 'a-wrong-guess', '203.0.113.7')),
    );
    // Counted by the answers: the audit log writes 20 entries per address and minute whole.
    expect(fromOne.filter((r) => r.status === 401)).toHaveLength(5);
    expect(fromOne.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);

    const other = await w.user();
    const fromMany = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(other.username, 'a-wrong-guess', `203.0.113.${100 + i}`)),
    );
    expect(await passwordChecks(other.username)).toBeLessThanOrEqual(10);
    expect(await passwordChecks(other.username)).toBeGreaterThan(0);
    expect(fromMany.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
  });

  it("lets the real user sign in from elsewhere after an attacker's failures", async () => {
    const victim = await w.user();
    expect((await login(victim.username, PASSWORD, '198.51.100.77')).status).toBe(200);
    // An attacker guesses from one address...
    for (let i = 0; i < 30; i++) await login(victim.username, `guess-${i}`, '203.0.113.66');
    // ...the user, on a network never used before, is not stopped by that.
    expect((await login(victim.username, PASSWORD, '198.51.100.88')).status).toBe(200);
    // The attacker spreads over twenty addresses; from home the user still signs in at once.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(victim.username, `guess-${i}`, `203.0.114.${i % 20}`)),
    );
    await w.expectStatus(200, 'POST', '/api/login/', {
      body: { username: victim.username, password: PASSWORD },
      ip: '198.51.100.77',
    });
  });

  it('throttles per name and address, per address, and slows one name down from unknown addresses', async () => {
    // Per name and address: 5 failures, then 429 there until the window ends.
    const carol = await w.user();
    for (let i = 0; i < 5; i++) {
      expect((await login(carol.username, 'nope', '10.9.0.1')).status).toBe(401);
    }
    const limited = await login(carol.username, PASSWORD, '10.9.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('throttled');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    // Same name in another case is the same user.
    expect((await login(carol.username.toUpperCase(), PASSWORD, '10.9.0.1')).status).toBe(429);
    expect((await login(carol.username, PASSWORD, '10.9.0.2')).status).toBe(200);

    // Per address: 50 failures for any names, then 429 there, except for users who signed in
    // from it before.
    const ip = '10.77.0.1';
    const erin = await w.user();
    expect((await login(erin.username, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 50; i++) {
      expect((await login(w.unique('ghost'), 'x', ip)).status).toBe(401);
    }
    const dave = await w.user();
    const capped = await login(dave.username, PASSWORD, ip);
    expect([capped.status, capped.body.code]).toEqual([429, 'throttled']);
    expect((await login(dave.username, PASSWORD, '10.77.0.2')).status).toBe(200);
    expect((await login(erin.username, PASSWORD, ip)).status).toBe(200);

    // Per name from many addresses: 10 failures, then unknown addresses wait a growing delay
    // (at most a minute); addresses the user signed in from before do not.
    const frank = await w.user();
    expect((await login(frank.username, PASSWORD, '10.88.2.2')).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await login(frank.username, 'nope', `10.88.0.${i}`)).status).toBe(401);
    }
    const slowed = await login(frank.username, PASSWORD, '10.88.1.1');
    expect([slowed.status, slowed.body.code]).toEqual([429, 'throttled']);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await login(frank.username, PASSWORD, '10.88.2.2')).status).toBe(200);
  });

  it('signs in a user whose password has an old scrypt hash and upgrades it to Argon2id', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 << 20,
    });
    const legacy = ['scrypt', 32768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    const [old] = await w.db
      .insert(users)
      .values({ username: w.unique('legacy'), passwordHash: legacy })
      .returning();
    const storedHash = async () =>
      (await w.db.select().from(users).where(eq(users.id, old!.id)))[0]!.passwordHash;
    expect((await login(old!.username, 'not-it', '10.66.0.1')).status).toBe(401);
    expect(await storedHash()).toBe(legacy);
    expect((await login(old!.username, PASSWORD, '10.66.0.1')).status).toBe(200);
    expect(await storedHash()).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect((await login(old!.username, PASSWORD, '10.66.0.1')).status).toBe(200);
  });

  it('maintains last_used_at without writing on every request', async () => {
    const erin = await w.user({ superuser: true });
    const key = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: erin.token,
      body: { name: 'usage' },
    });
    for (let i = 0; i < 5; i++)
      await w.expectStatus(200, 'GET', '/api/v1/organizations/', { token: key.token });
    const lastUsed = await eventually(
      'last_used_at',
      async () => {
        const listed = await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: erin.token });
        return (
          (listed.results as { id: string; last_used_at: string | null }[]).find((k) => k.id === key.id)
            ?.last_used_at ?? undefined
        );
      },
      { timeoutMs: 5000 },
    );
    expect(Math.abs(new Date(lastUsed).getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('shows each caller only its own organizations and workspaces; others are 404', async () => {
    const a = await w.tenant();
    const b = await w.tenant();
    const listA = await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: a.viewer.token });
    expect(listA.results.map((x: { id: string }) => x.id)).toEqual([a.workspace.id]);
    const orgsA = await w.expectStatus(200, 'GET', '/api/v1/organizations/', { token: a.orgAdmin.token });
    expect(orgsA.results.map((x: { id: string }) => x.id)).toEqual([a.org.id]);
    await w.expectStatus(404, 'GET', `/api/v1/workspaces/${b.workspace.id}/`, { token: a.orgAdmin.token });
    await w.expectStatus(404, 'GET', `/api/v1/organizations/${b.org.id}/`, { token: a.orgAdmin.token });
    const filtered = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${b.org.id}`, {
      token: a.orgAdmin.token,
    });
    expect(filtered.count).toBe(0);
  });

  it('lets an organization key act inside its organization with the role chosen at creation', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const adminKey = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'operator', role: 'admin' },
    });
    expect(adminKey.token).toMatch(/^plo_/);
    const viewerKey = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'dashboard' },
    });
    expect(viewerKey.role).toBe('viewer');
    await w.expectStatus(201, 'POST', '/api/v1/workspaces/', {
      token: adminKey.token,
      body: { organization: t.org.id, name: 'made-by-key' },
    });
    await w.expectStatus(403, 'POST', '/api/v1/workspaces/', {
      token: viewerKey.token,
      body: { organization: t.org.id, name: 'nope' },
    });
    await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, { token: viewerKey.token });
    await w.expectStatus(404, 'GET', `/api/v1/workspaces/${other.workspace.id}/`, { token: adminKey.token });
    await w.expectStatus(400, 'POST', '/api/v1/workspaces/', {
      token: adminKey.token,
      body: { organization: other.org.id, name: 'x' },
    });
    // Organization keys are not users.
    await w.expectStatus(403, 'GET', '/api/v1/users/me/', { token: adminKey.token });
    await w.expectStatus(403, 'POST', '/api/v1/users/me/api-keys/', {
      token: adminKey.token,
      body: { name: 'x' },
    });
  });

  it('lets Super Admins hold system keys that act as staff', async () => {
    const root = await w.user({ superuser: true });
    const key = await w.expectStatus(201, 'POST', '/api/v1/system-api-keys/', {
      token: root.token,
      body: { name: 'platform' },
    });
    expect(key.token).toMatch(/^pls_/);
    await w.expectStatus(201, 'POST', '/api/v1/organizations/', {
      token: key.token,
      body: { slug: w.unique('sys'), name: 'By system key' },
    });
    const t = await w.tenant();
    await w.expectStatus(403, 'POST', '/api/v1/system-api-keys/', {
      token: t.orgAdmin.token,
      body: { name: 'x' },
    });
    await w.expectStatus(403, 'GET', '/api/v1/system-api-keys/', { token: t.orgAdmin.token });
  });

  it('manages members, users and organizations with validation and conflicts', async () => {
    const root = await w.user({ superuser: true });
    const t = await w.tenant();
    const newcomer = await w.expectStatus(201, 'POST', '/api/v1/users/', {
      token: root.token,
      body: { username: w.unique('new'), password: 'a-long-enough-password', email: 'n@example.com' },
    });
    expect(newcomer).not.toHaveProperty('password');
    expect(JSON.stringify(newcomer)).not.toContain('a-long-enough-password');
    const dup = await w.call('POST', '/api/v1/users/', {
      token: root.token,
      body: { username: newcomer.username.toUpperCase() },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual([
      { attr: 'username', code: 'unique', detail: 'A user with that username already exists.' },
    ]);

    const member = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { username: newcomer.username, role: 'viewer' },
    });
    expect(member).toMatchObject({ user: newcomer.id, role: 'viewer' });
    await w.expectStatus(400, 'POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { username: newcomer.username, role: 'user' },
    });
    await w.expectStatus(200, 'PATCH', `/api/v1/organizations/${t.org.id}/members/${newcomer.id}/`, {
      token: t.orgAdmin.token,
      body: { role: 'user' },
    });
    const members = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.viewer.token,
    });
    expect(members.results.find((m: { user: string }) => m.user === newcomer.id)?.role).toBe('user');
    await w.expectStatus(204, 'DELETE', `/api/v1/organizations/${t.org.id}/members/${newcomer.id}/`, {
      token: t.orgAdmin.token,
    });
    await w.expectStatus(404, 'DELETE', `/api/v1/organizations/${t.org.id}/members/${newcomer.id}/`, {
      token: t.orgAdmin.token,
    });

    const busy = await w.call('DELETE', `/api/v1/organizations/${t.org.id}/`, { token: root.token });
    expect([busy.status, busy.body.code]).toEqual([409, 'organization_not_empty']);
    // A workspace with a bucket (a row is enough: the refusal comes from its reference).
    const [bucket] = await w.db
      .insert(buckets)
      .values({
        name: w.unique('busy'),
        region: 'eu-central',
        cluster: 'none',
        organizationId: t.org.id,
        workspaceId: t.workspace.id,
        state: 'ready',
        accessKeyId: 'PLBUSYWORKSPACE00000',
        secretSealed: 'not-sealed',
      })
      .returning();
    const wsBusy = await w.call('DELETE', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
    });
    expect([wsBusy.status, wsBusy.body.code]).toEqual([409, 'workspace_not_empty']);
    await w.db.delete(buckets).where(eq(buckets.id, bucket!.id));
    await w.expectStatus(204, 'DELETE', `/api/v1/workspaces/${t.workspace.id}/`, { token: t.orgAdmin.token });
    await w.expectStatus(204, 'DELETE', `/api/v1/organizations/${t.org.id}/`, { token: root.token });

    const bad = await w.call('POST', '/api/v1/organizations/', {
      token: root.token,
      body: { slug: 'Bad Slug', name: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['name', 'slug']);
    await w.expectStatus(409, 'PATCH', `/api/v1/users/${root.id}/`, {
      token: root.token,
      body: { is_active: false },
    });
  });

  it('lets only an interactive login create or revoke keys; keys may still list them', async () => {
    const t = await w.tenant();
    const root = await w.user({ superuser: true });
    const userKey = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: t.user.token,
      body: { name: 'ci' },
    });
    const sibling = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: t.user.token,
      body: { name: 'laptop' },
    });
    const orgKey = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'automation', role: 'admin' },
    });
    const orgSibling = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'dashboard' },
    });
    const systemKey = await w.expectStatus(201, 'POST', '/api/v1/system-api-keys/', {
      token: root.token,
      body: { name: 'platform' },
    });
    const attempts: [string, string, string, unknown?][] = [
      [userKey.token, 'POST', '/api/v1/users/me/api-keys/', { name: 'minted' }],
      [userKey.token, 'DELETE', `/api/v1/users/me/api-keys/${sibling.id}/`],
      [orgKey.token, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, { name: 'minted' }],
      [orgKey.token, 'DELETE', `/api/v1/organizations/${t.org.id}/api-keys/${orgSibling.id}/`],
      [systemKey.token, 'POST', '/api/v1/system-api-keys/', { name: 'minted' }],
      [systemKey.token, 'DELETE', `/api/v1/system-api-keys/${systemKey.id}/`],
      [systemKey.token, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, { name: 'minted' }],
    ];
    for (const [token, method, path, body] of attempts) {
      const res = await w.call(method, path, { token, body });
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([403, 'interactive_login_required']);
    }
    await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: userKey.token });
    const listed = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: orgKey.token,
    });
    expect(listed.results.map((k: { name: string }) => k.name).sort()).toEqual(['automation', 'dashboard']);
    // Nothing was revoked: both siblings still work.
    await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: sibling.token });
    await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: orgSibling.token });
    // Each key says who created it.
    expect([userKey.created_by, orgKey.created_by, systemKey.created_by]).toEqual([
      t.user.id,
      t.orgAdmin.id,
      root.id,
    ]);
  });

  it('keeps organization and system keys working after their creator leaves', async () => {
    const t = await w.tenant();
    const staff = await w.user({ superuser: true });
    const creator = await w.user({ superuser: true });
    const orgKey = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'operator', role: 'user' },
    });
    const systemKey = await w.expectStatus(201, 'POST', '/api/v1/system-api-keys/', {
      token: creator.token,
      body: { name: 'platform' },
    });
    await w.expectStatus(204, 'DELETE', `/api/v1/organizations/${t.org.id}/members/${t.orgAdmin.id}/`, {
      token: staff.token,
    });
    for (const leaver of [t.orgAdmin, creator]) {
      await w.expectStatus(200, 'PATCH', `/api/v1/users/${leaver.id}/`, {
        token: staff.token,
        body: { is_active: false },
      });
    }
    await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, { token: orgKey.token });
    await w.expectStatus(201, 'POST', '/api/v1/organizations/', {
      token: systemKey.token,
      body: { slug: w.unique('after'), name: 'After the creator left' },
    });
    const keys = await w.expectStatus(200, 'GET', '/api/v1/system-api-keys/', { token: staff.token });
    expect(keys.results.find((k: { id: string }) => k.id === systemKey.id)?.created_by).toBe(creator.id);
  });

  it('adds members by username or e-mail, never by ID, and says nothing of users it cannot add', async () => {
    const t = await w.tenant();
    const root = await w.user({ superuser: true });
    const email = `${w.unique('pat')}@example.com`;
    const pat = await w.expectStatus(201, 'POST', '/api/v1/users/', {
      token: root.token,
      body: { username: w.unique('pat'), email, full_name: 'Pat Example' },
    });
    const byName = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { username: pat.username.toUpperCase(), role: 'viewer' },
    });
    expect(byName).toMatchObject({ user: pat.id, username: pat.username, role: 'viewer' });
    const byEmail = await w.expectStatus(201, 'POST', `/api/v1/workspaces/${t.workspace.id}/members/`, {
      token: t.workspaceAdmin.token,
      body: { email: email.toUpperCase(), role: 'user' },
    });
    expect(byEmail).toMatchObject({ user: pat.id, username: pat.username, role: 'user' });

    // A user of another tenant, added by ID as before: refused, and nothing of them is shown.
    const stranger = await w.user({ org: { id: (await w.org()).id, role: 'admin' } });
    const byId = await w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { user: stranger.id, role: 'viewer' },
    });
    expect(byId.status).toBe(400);
    expect(byId.text).not.toContain(stranger.username);
    const both = await w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { username: stranger.username, email: 'x@example.com', role: 'viewer' },
    });
    expect(both.status).toBe(400);

    // An inactive user and a name nobody has get the same answer.
    const gone = await w.user({ active: false });
    const answer = async (body: Record<string, string>) => {
      const res = await w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
        token: t.orgAdmin.token,
        body: { ...body, role: 'viewer' },
      });
      return [res.status, { ...res.body, request_id: undefined }];
    };
    const inactive = await answer({ username: gone.username });
    expect(inactive[0]).toBe(400);
    expect(await answer({ username: w.unique('nobody') })).toEqual(inactive);
    expect(JSON.stringify(inactive)).not.toContain(gone.username);
    await w.db.update(users).set({ email: 'gone@example.com' }).where(eq(users.id, gone.id));
    expect(await answer({ email: 'gone@example.com' })).toEqual(
      await answer({ email: 'nobody@example.com' }),
    );
  });
});
