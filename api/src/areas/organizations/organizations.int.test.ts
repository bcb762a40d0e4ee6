import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/world.ts';

describeOnEachDatabase('organizations', (w) => {
  it('records a rename and a slug change, old and new, with who made them', async () => {
    const root = await w.user({ superuser: true });
    const org = await w.org();
    const admin = await w.user({ org: { id: org.id, role: 'admin' } });
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${org.id}/api-keys/`, {
      token: admin.token,
      body: { name: 'automation', role: 'admin' },
    });
    const renamed = await w.call('PATCH', `/api/v1/organizations/${org.id}/`, {
      token: key.token,
      body: { name: 'Renamed' },
      ip: '192.0.2.31',
    });
    expect(renamed.status).toBe(200);
    const slug = w.unique('moved');
    const moved = await w.call('PATCH', `/api/v1/organizations/${org.id}/`, {
      token: root.token,
      body: { slug, name: 'Renamed' },
      ip: '192.0.2.32',
    });
    expect(moved.status).toBe(200);
    const log = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?event=organization.updated&organization=${org.id}`,
      { token: root.token },
    );
    expect(log.results).toEqual([
      expect.objectContaining({
        actor: root.id,
        api_key: null,
        username: root.username,
        organization: org.id,
        ip: '192.0.2.32',
        request_id: moved.headers.get('x-request-id'),
        // The slug decides which svc-<slug>-* groups grant roles here: both are kept.
        details: { changed: ['slug'], slug, previous_slug: org.slug },
      }),
      expect.objectContaining({
        actor: admin.id,
        api_key: key.id,
        username: admin.username,
        organization: org.id,
        ip: '192.0.2.31',
        request_id: renamed.headers.get('x-request-id'),
        details: { changed: ['name'], slug: org.slug, name: 'Renamed', previous_name: 'Org' },
      }),
    ]);
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
});
