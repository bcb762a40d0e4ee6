import { beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { Actor } from '../../test/world.ts';

/** A workspace's creation, changes and deletion in the audit log (docs/audit-log.md). */
describeOnEachDatabase('workspace audit entries', (w) => {
  let root: Actor;

  beforeAll(async () => {
    root = await w.user({ superuser: true });
  });

  const entries = async (event: string, organization: string) =>
    (
      await w.expectStatus(200, 'GET', `/api/v1/audit-log/?event=${event}&organization=${organization}`, {
        token: root.token,
      })
    ).results as Record<string, unknown>[];

  it('records a creation, a change and a deletion with who made them, never the configuration', async () => {
    const t = await w.tenant();
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'automation', role: 'admin' },
    });
    const name = w.unique('ws');
    const created = await w.call('POST', '/api/v1/workspaces/', {
      token: key.token,
      body: { organization: t.org.id, name, config: { token: 'created-secret' } },
      ip: '192.0.2.41',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await w.expectStatus(201, 'POST', `/api/v1/workspaces/${id}/members/`, {
      token: t.orgAdmin.token,
      body: { username: t.user.username, role: 'admin' },
    });
    const renamed = w.unique('ws');
    const updated = await w.call('PATCH', `/api/v1/workspaces/${id}/`, {
      token: t.user.token,
      body: { name: renamed, config: { token: 'changed-secret' } },
      ip: '192.0.2.42',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // The same configuration again changes nothing, and records nothing.
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${id}/`, {
      token: t.user.token,
      body: { config: { token: 'changed-secret' } },
    });
    const deleted = await w.call('DELETE', `/api/v1/workspaces/${id}/`, {
      token: t.orgAdmin.token,
      ip: '192.0.2.43',
    });
    expect(deleted.status).toBe(204);

    const who = (actor: Actor, ip: string, res: { headers: Headers }) => ({
      actor: actor.id,
      username: actor.username,
      organization: t.org.id,
      ip,
      request_id: res.headers.get('x-request-id'),
    });
    expect(await entries('workspace.created', t.org.id)).toEqual([
      expect.objectContaining({
        ...who(t.orgAdmin, '192.0.2.41', created),
        api_key: key.id,
        details: { workspace: id, name },
      }),
    ]);
    const changes = await entries('workspace.updated', t.org.id);
    expect(changes).toEqual([
      expect.objectContaining({
        ...who(t.user, '192.0.2.42', updated),
        api_key: null,
        details: { workspace: id, name: renamed, changed: ['name', 'config'], previous_name: name },
      }),
    ]);
    expect(await entries('workspace.deleted', t.org.id)).toEqual([
      expect.objectContaining({
        ...who(t.orgAdmin, '192.0.2.43', deleted),
        api_key: null,
        details: { workspace: id, name: renamed },
      }),
    ]);
    // Configuration values may be secrets: no entry holds one.
    const all = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?organization=${t.org.id}&page_size=100`,
      {
        token: root.token,
      },
    );
    expect(JSON.stringify(all.results)).not.toMatch(/created-secret|changed-secret/);
  });
});
