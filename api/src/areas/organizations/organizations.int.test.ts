import { eq } from 'drizzle-orm';
import { failAuditFor } from '../../test/failing-audit.ts';
import { expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/world.ts';
import { organizations } from '../../core/db/schema/index.ts';

describeOnEachDatabase('organizations', (w) => {
  it('creates no organization whose audit entry cannot be written', async () => {
    const root = await w.user({ superuser: true });
    const slug = w.unique('unrecorded');
    const restore = await failAuditFor(w.db, 'organization.created');
    try {
      const res = await w.call('POST', '/api/v1/organizations/', {
        token: root.token,
        body: { slug, name: 'Unrecorded' },
      });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await w.db.select().from(organizations).where(eq(organizations.slug, slug))).toEqual([]);
    // Once the log takes entries again, the same slug is free and the creation is recorded.
    await w.expectStatus(201, 'POST', '/api/v1/organizations/', {
      token: root.token,
      body: { slug, name: 'Recorded' },
    });
  });

  it('deletes no organization whose audit entry cannot be written', async () => {
    const root = await w.user({ superuser: true });
    const org = await w.org();
    const restore = await failAuditFor(w.db, 'organization.deleted');
    try {
      const res = await w.call('DELETE', `/api/v1/organizations/${org.id}/`, { token: root.token });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    const kept = await w.expectStatus(200, 'GET', `/api/v1/organizations/${org.id}/`, { token: root.token });
    expect(kept).toMatchObject({ id: org.id, slug: org.slug });
  });

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

  it('changes no organization whose audit entry cannot be written', async () => {
    const root = await w.user({ superuser: true });
    const org = await w.org();
    const restore = await failAuditFor(w.db, 'organization.updated');
    try {
      const res = await w.call('PATCH', `/api/v1/organizations/${org.id}/`, {
        token: root.token,
        body: { slug: w.unique('unrecorded'), name: 'Unrecorded' },
      });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    const kept = await w.expectStatus(200, 'GET', `/api/v1/organizations/${org.id}/`, { token: root.token });
    expect(kept).toMatchObject({ slug: org.slug, name: 'Org' });
  });
});
