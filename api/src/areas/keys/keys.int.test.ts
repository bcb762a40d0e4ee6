import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiKeys } from '../../core/db/schema/index.ts';
import { LoginTokens } from '../../auth/login.ts';
import { TEST_JWT_KEY } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { describeOnEachDatabase, PASSWORD } from '../../test/world.ts';

describeOnEachDatabase('API keys', (w, { database }) => {
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
    const { generateToken } = await import('../../core/tokens.ts');
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
    const { generateToken } = await import('../../core/tokens.ts');
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
});
