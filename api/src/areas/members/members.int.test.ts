import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buckets, users } from '../../core/db/schema/index.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

describeOnEachDatabase('members', (w) => {
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
