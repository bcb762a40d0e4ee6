import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { createWorld, describeOnEachDatabase, PASSWORD } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { ensureBootstrapAdmin } from './bootstrap.ts';

describeOnEachDatabase('users', (w, { kind }) => {
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
});
