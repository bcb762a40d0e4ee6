import { beforeAll, expect, it } from 'vitest';
import { workspaceMembers } from '../../core/db/schema/index.ts';
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

describeOnEachDatabase('workspaces', (w) => {
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
});
