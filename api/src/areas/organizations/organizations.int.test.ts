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
});
