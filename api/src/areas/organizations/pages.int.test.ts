import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buckets, organizationMembers } from '../../core/db/schema/index.ts';
import { CookieJar } from '../../test/oidc-provider.ts';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { brokenRule } from '../../ui/rules.ts';
import type { World } from '../../test/world.ts';

const ORIGIN = 'http://plinth.test';

/** The text of a page as the HTML escapes it (for user input and JSON shown on the page). */
const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describeOnEachDatabase('the organization and workspace pages of the web UI', UI_SUITE, (w) => {
  const { request, signedIn } = uiClient(() => w, ORIGIN);

  /** The tenant's pages: the organization's tabs and the workspace page. */
  const pagesOf = (t: Awaited<ReturnType<World['tenant']>>) => ({
    list: '/ui/organizations/',
    overview: `/ui/organizations/${t.org.id}/`,
    members: `/ui/organizations/${t.org.id}/members/`,
    workspaces: `/ui/organizations/${t.org.id}/workspaces/`,
    workspace: `/ui/workspaces/${t.workspace.id}/`,
  });

  it('sends a signed-out browser to sign in and back', async () => {
    const t = await w.tenant();
    const res = await request(`/ui/organizations/${t.org.id}/members/`, new CookieJar());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `/ui/login/?next=${encodeURIComponent(`/ui/organizations/${t.org.id}/members/`)}`,
    );
    const post = await request(`/ui/organizations/${t.org.id}/members/`, new CookieJar(), {
      form: { who: 'x', role: 'viewer' },
    });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe('/ui/login/');
  });

  it('shows a Viewer and a User every page without the management forms or the admin tabs', async () => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: { events: { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' } } },
    });
    const pages = pagesOf(t);
    for (const actor of [t.viewer, t.user]) {
      const s = await signedIn(actor);
      const list = await s.get(pages.list);
      expect(list.status).toBe(200);
      expect(list.text).toContain(`data-slug="${t.org.slug}"`);
      expect(list.text).toContain('Viewer (through a workspace)');
      expect(list.text).not.toContain('create-organization');

      const overview = await s.get(pages.overview);
      expect(overview.status).toBe(200);
      expect(overview.text).toContain(t.org.slug);
      expect(overview.text).toContain('href="/ui/organizations/' + t.org.id + '/members/"');
      expect(overview.text).not.toContain('API Keys');
      expect(overview.text).not.toContain('Audit log');
      expect(overview.text).not.toContain('edit-organization');

      const members = await s.get(pages.members);
      expect(members.status).toBe(200);
      expect(members.text).toContain(t.orgAdmin.username);
      expect(members.text).not.toContain('add-member');
      expect(members.text).not.toContain('/remove/');
      expect(members.text).not.toContain('API Keys');

      const workspaces = await s.get(pages.workspaces);
      expect(workspaces.status).toBe(200);
      expect(workspaces.text).toContain(`href="/ui/workspaces/${t.workspace.id}/"`);
      expect(workspaces.text).not.toContain('create-workspace');

      const ws = await s.get(pages.workspace);
      expect(ws.status).toBe(200);
      expect(ws.text).toContain(t.workspace.name);
      expect(ws.text).toContain(escaped('"handler": "webhook"'));
      expect(ws.text).toContain(actor.username);
      expect(ws.text).toContain(`href="/ui/organizations/${t.org.id}/"`);
      expect(ws.text).not.toContain('id="settings"');
      expect(ws.text).not.toContain('add-member');
      expect(ws.text).not.toContain('delete-workspace');
    }
    // A Workspace Admin configures the workspace and manages its members, but does not delete it.
    const wsAdmin = await signedIn(t.workspaceAdmin);
    const ws = await wsAdmin.get(pages.workspace);
    expect(ws.text).toContain('id="settings"');
    expect(ws.text).toContain('add-member');
    expect(ws.text).toContain('Workspace Admin');
    expect(ws.text).not.toContain('delete-workspace');
  });

  it('gives an Org Admin the management forms and the API Keys and Audit log tabs', async () => {
    const t = await w.tenant();
    const pages = pagesOf(t);
    const s = await signedIn(t.orgAdmin);
    const list = await s.get(pages.list);
    expect(list.status).toBe(200);
    expect(list.text).toMatch(new RegExp(`data-slug="${t.org.slug}"[\\s\\S]*?Org Admin`));
    expect(list.text).not.toContain('create-organization');

    const overview = await s.get(pages.overview);
    expect(overview.status).toBe(200);
    for (const tab of ['API Keys', 'Audit log']) expect(overview.text).toContain(tab);
    expect(overview.text).toContain(`href="/ui/organizations/${t.org.id}/api-keys/"`);
    expect(overview.text).toContain(`href="/ui/organizations/${t.org.id}/audit/"`);
    expect(overview.text).toContain('edit-organization');
    // Only a Super Admin changes the slug.
    expect(overview.text).not.toContain('id="slug"');
    // One workspace; the Org Admin is the organization's one member.
    expect(overview.text).toMatch(/data-count="1">1</);

    const members = await s.get(pages.members);
    expect(members.status).toBe(200);
    expect(members.text).toContain('add-member');
    expect(members.text).toContain(`/members/${t.orgAdmin.id}/remove/`);
    expect(members.text).toContain('API Keys');

    const workspaces = await s.get(pages.workspaces);
    expect(workspaces.status).toBe(200);
    expect(workspaces.text).toContain('create-workspace');

    const ws = await s.get(pages.workspace);
    expect(ws.status).toBe(200);
    expect(ws.text).toContain('id="settings"');
    expect(ws.text).toContain('add-member');
    expect(ws.text).toContain('delete-workspace');
  });

  it("lets an Org Admin add a member, change the member's role and remove the member after a confirmation", async () => {
    const t = await w.tenant();
    const newcomer = await w.user();
    const s = await signedIn(t.orgAdmin);
    const api = async () =>
      (
        await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/members/`, {
          token: t.orgAdmin.token,
        })
      ).results as { user: string; role: string; source: string }[];

    const unknown = await s.post(`/ui/organizations/${t.org.id}/members/`, {
      by: 'username',
      who: 'nobody-by-that-name',
      role: 'user',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('id="member-who-error"');
    expect(unknown.text).toContain('No single active user has this username or e-mail address.');
    expect(unknown.text).toContain('value="nobody-by-that-name"');

    // Any case, as the API takes it.
    const added = await s.post(`/ui/organizations/${t.org.id}/members/`, {
      by: 'username',
      who: newcomer.username.toUpperCase(),
      role: 'viewer',
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/ui/organizations/${t.org.id}/members/?added=1`);
    const afterAdd = await s.get(added.location!);
    expect(afterAdd.text).toContain('The member is added.');
    expect(afterAdd.text).toMatch(
      new RegExp(`data-member="${newcomer.id}"[\\s\\S]*?data-role="viewer"[\\s\\S]*?an administrator`),
    );
    expect(await api()).toContainEqual(
      expect.objectContaining({ user: newcomer.id, role: 'viewer', source: 'manual' }),
    );

    const again = await s.post(`/ui/organizations/${t.org.id}/members/`, {
      by: 'username',
      who: newcomer.username,
      role: 'viewer',
    });
    expect(again.status).toBe(400);
    expect(again.text).toContain('This user is already a member of the organization.');

    const changed = await s.post(`/ui/organizations/${t.org.id}/members/${newcomer.id}/`, { role: 'user' });
    expect(changed.status).toBe(303);
    expect(changed.location).toBe(`/ui/organizations/${t.org.id}/members/?changed=1`);
    expect((await s.get(changed.location!)).text).toMatch(
      new RegExp(`data-member="${newcomer.id}"[\\s\\S]*?data-role="user"`),
    );
    expect(await api()).toContainEqual(expect.objectContaining({ user: newcomer.id, role: 'user' }));

    const badRole = await s.post(`/ui/organizations/${t.org.id}/members/${newcomer.id}/`, { role: 'owner' });
    expect(badRole.status).toBe(400);
    expect(badRole.text).toContain('The role was not changed.');

    const confirm = await s.get(`/ui/organizations/${t.org.id}/members/${newcomer.id}/remove/`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(new RegExp(`Remove\\s+${newcomer.username}\\s+from\\s+Org\\?`));
    expect(await api()).toContainEqual(expect.objectContaining({ user: newcomer.id }));
    const removed = await s.post(`/ui/organizations/${t.org.id}/members/${newcomer.id}/remove/`);
    expect(removed.status).toBe(303);
    expect(removed.location).toBe(`/ui/organizations/${t.org.id}/members/?removed=1`);
    expect((await s.get(removed.location!)).text).not.toContain(`data-member="${newcomer.id}"`);
    expect((await api()).map((m) => m.user)).not.toContain(newcomer.id);
    // Not a member any more: the confirmation is not found.
    expect((await s.get(`/ui/organizations/${t.org.id}/members/${newcomer.id}/remove/`)).status).toBe(404);
  });

  it('lets an Org Admin create a workspace, configure it (a bad JSON beside the field) and delete it', async () => {
    const t = await w.tenant();
    const s = await signedIn(t.orgAdmin);
    const name = w.unique('ui-ws');
    const created = await s.post(`/ui/organizations/${t.org.id}/workspaces/`, { name });
    expect(created.status).toBe(303);
    expect(created.location).toBe(`/ui/organizations/${t.org.id}/workspaces/?created=1`);
    const tab = await s.get(created.location!);
    expect(tab.text).toContain('The workspace is created.');
    const id = new RegExp(`data-workspace="([0-9a-f-]{36})">\\s*<td[^>]*><a href="[^"]+">${name}<`).exec(
      tab.text,
    )?.[1];
    expect(id, tab.text).toBeTruthy();
    const listed = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${t.org.id}`, {
      token: t.orgAdmin.token,
    });
    expect(listed.results.map((x: { name: string }) => x.name)).toContain(name);

    const taken = await s.post(`/ui/organizations/${t.org.id}/workspaces/`, { name });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain('id="name-error"');
    expect(taken.text).toContain('The organization already has a workspace with this name.');

    const page = await s.get(`/ui/workspaces/${id}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('No configuration yet.');

    const badJson = '{"events": {"handler": <oops>}';
    const bad = await s.post(`/ui/workspaces/${id}/`, { name, config: badJson });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="config-input-error"');
    expect(bad.text).toContain('This is not valid JSON');
    // What was typed stays in the field, escaped.
    expect(bad.text).toContain(escaped(badJson));
    expect(bad.text).not.toContain('<oops>');
    const notObject = await s.post(`/ui/workspaces/${id}/`, { name, config: '[1, 2]' });
    expect(notObject.status).toBe(400);
    expect(notObject.text).toContain('id="config-input-error"');

    const saved = await s.post(`/ui/workspaces/${id}/`, {
      name: `${name}-renamed`,
      config: '{"events": {"handler": "webhook", "endpoint": "https://hooks.example.com/x", "retries": 3}}',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/ui/workspaces/${id}/?saved=1`);
    const after = await s.get(saved.location!);
    expect(after.text).toContain('The workspace is saved.');
    expect(after.text).toContain(`${name}-renamed`);
    expect(after.text).toContain(escaped('"retries": 3'));
    const ws = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${id}/`, { token: t.orgAdmin.token });
    expect(ws).toMatchObject({
      name: `${name}-renamed`,
      config: { events: { handler: 'webhook', endpoint: 'https://hooks.example.com/x', retries: 3 } },
    });

    // A workspace with buckets is not deleted: the API's 409 message, on the confirmation page.
    const [bucket] = await w.db
      .insert(buckets)
      .values({
        name: w.unique('busy'),
        region: 'eu-central',
        cluster: 'none',
        organizationId: t.org.id,
        workspaceId: id!,
        state: 'ready',
        accessKeyId: 'PLBUSYUIWORKSPACE000',
        secretSealed: 'not-sealed',
      })
      .returning();
    const confirm = await s.get(`/ui/workspaces/${id}/delete/`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toMatch(new RegExp(`Delete\\s+${name}-renamed\\?`));
    const busy = await s.post(`/ui/workspaces/${id}/delete/`);
    expect(busy.status).toBe(409);
    expect(busy.text).toContain('The workspace still has buckets; delete them first.');
    await w.db.delete(buckets).where(eq(buckets.id, bucket!.id));

    const deleted = await s.post(`/ui/workspaces/${id}/delete/`);
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe(`/ui/organizations/${t.org.id}/workspaces/?deleted=1`);
    expect((await s.get(deleted.location!)).text).toContain('The workspace is deleted.');
    await w.expectStatus(404, 'GET', `/api/v1/workspaces/${id}/`, { token: t.orgAdmin.token });
  });

  it("lets an Org Admin rename the organization and manage a workspace's members", async () => {
    const t = await w.tenant();
    const s = await signedIn(t.orgAdmin);
    const renamed = await s.post(`/ui/organizations/${t.org.id}/`, { name: 'Org <Berlin>' });
    expect(renamed.status).toBe(303);
    expect(renamed.location).toBe(`/ui/organizations/${t.org.id}/?saved=1`);
    const overview = await s.get(renamed.location!);
    expect(overview.text).toContain('Org &lt;Berlin&gt;');
    expect(overview.text).not.toContain('Org <Berlin>');
    const org = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/`, {
      token: t.orgAdmin.token,
    });
    expect(org).toMatchObject({ name: 'Org <Berlin>', slug: t.org.slug });
    // A slug change needs a Super Admin: the API's message.
    const slug = await s.post(`/ui/organizations/${t.org.id}/`, { name: 'Org', slug: 'taken-over' });
    expect(slug.status).toBe(403);
    expect(slug.text).toContain('You do not have permission to perform this action.');
    const empty = await s.post(`/ui/organizations/${t.org.id}/`, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('id="name-error"');

    // The workspace page's member forms work the same way.
    const newcomer = await w.user();
    const added = await s.post(`/ui/workspaces/${t.workspace.id}/members/`, {
      by: 'username',
      who: newcomer.username,
      role: 'admin',
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe(`/ui/workspaces/${t.workspace.id}/?added=1`);
    expect((await s.get(added.location!)).text).toMatch(
      new RegExp(`data-member="${newcomer.id}"[\\s\\S]*?Workspace Admin`),
    );
    const members = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/members/`, {
      token: t.orgAdmin.token,
    });
    expect(members.results).toContainEqual(expect.objectContaining({ user: newcomer.id, role: 'admin' }));
    const removed = await s.post(`/ui/workspaces/${t.workspace.id}/members/${newcomer.id}/remove/`);
    expect(removed.status).toBe(303);
    await w.expectStatus(404, 'DELETE', `/api/v1/workspaces/${t.workspace.id}/members/${newcomer.id}/`, {
      token: t.orgAdmin.token,
    });
  });

  it("refuses a Viewer's forged forms with the API's message, changing nothing", async () => {
    const t = await w.tenant();
    const newcomer = await w.user();
    const s = await signedIn(t.viewer);
    const api = await w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.viewer.token,
      body: { username: newcomer.username, role: 'admin' },
    });
    expect(api.status).toBe(403);

    const forged: [string, Record<string, string>][] = [
      [`/ui/organizations/${t.org.id}/members/`, { by: 'username', who: newcomer.username, role: 'admin' }],
      [`/ui/organizations/${t.org.id}/members/${t.orgAdmin.id}/`, { role: 'viewer' }],
      [`/ui/organizations/${t.org.id}/members/${t.orgAdmin.id}/remove/`, {}],
      [`/ui/organizations/${t.org.id}/`, { name: 'Mine now' }],
      [`/ui/organizations/${t.org.id}/workspaces/`, { name: 'forged' }],
      [`/ui/workspaces/${t.workspace.id}/`, { name: 'forged', config: '{"x": 1}' }],
      [
        `/ui/workspaces/${t.workspace.id}/members/`,
        { by: 'username', who: newcomer.username, role: 'admin' },
      ],
      [`/ui/workspaces/${t.workspace.id}/delete/`, {}],
      ['/ui/organizations/', { name: 'Forged', slug: w.unique('forged') }],
    ];
    for (const [path, form] of forged) {
      const res = await s.post(path, form);
      expect(res.status, path).toBe(403);
      expect(res.text, path).toContain(api.body.detail);
    }
    const members = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
    });
    expect(members.results).toEqual([expect.objectContaining({ user: t.orgAdmin.id, role: 'admin' })]);
    const ws = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
    });
    expect(ws).toMatchObject({ name: t.workspace.name, config: {} });
    const org = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/`, {
      token: t.orgAdmin.token,
    });
    expect(org.name).toBe('Org');
  });

  it("shows a user of another organization none of this organization's pages (404)", async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const s = await signedIn(other.orgAdmin);
    const pages = pagesOf(t);
    for (const path of [
      pages.overview,
      pages.members,
      pages.workspaces,
      pages.workspace,
      `/ui/workspaces/${t.workspace.id}/delete/`,
      `/ui/organizations/${t.org.id}/members/${t.orgAdmin.id}/remove/`,
    ]) {
      const res = await s.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain(t.org.slug);
    }
    const list = await s.get(pages.list);
    expect(list.text).not.toContain(t.org.slug);
    const add = await s.post(`/ui/organizations/${t.org.id}/members/`, {
      by: 'username',
      who: other.orgAdmin.username,
      role: 'admin',
    });
    expect(add.status).toBe(404);
    // A malformed id is not found either (never a database error).
    expect((await s.get('/ui/organizations/not-a-uuid/')).status).toBe(404);
    expect((await s.get('/ui/workspaces/not-a-uuid/')).status).toBe(404);
  });

  it('lets a Super Admin create an organization from the list page', async () => {
    const root = await w.user({ superuser: true });
    const s = await signedIn(root);
    const list = await s.get('/ui/organizations/');
    expect(list.text).toContain('create-organization');
    // The slug's rules, said one at a time as the user types; no browser bubble (novalidate).
    expect(list.text).toMatch(/<form\s+id="create-organization"[^>]*novalidate/);
    expect(list.text).not.toContain('pattern=');
    expect(list.text).toContain('data-live="slug-live"');
    const rules = JSON.parse(
      (/id="slug"[^>]*data-rules="([^"]*)"/.exec(list.text)?.[1] ?? '[]').replace(/&quot;/g, '"'),
    );
    expect(brokenRule(rules, 'abcdefgH')).toBe(
      'Lowercase letters, digits and dashes; no dash at either end.',
    );
    expect(brokenRule(rules, 'a')).toBe('Ensure this field has at least 2 characters.');
    expect(brokenRule(rules, 'team-a')).toBeUndefined();

    const bad = await s.post('/ui/organizations/', { name: 'Team', slug: '-Bad-' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('id="slug-error"');
    expect(bad.text).toContain('Lowercase letters, digits and dashes; no dash at either end.');
    expect(bad.text).toContain('value="-Bad-"');

    const slug = w.unique('team');
    const created = await s.post('/ui/organizations/', { name: 'Team & Co', slug });
    expect(created.status).toBe(303);
    expect(created.location).toBe('/ui/organizations/?created=1');
    const after = await s.get(created.location!);
    expect(after.text).toContain('The organization is created.');
    expect(after.text).toContain(`data-slug="${slug}"`);
    expect(after.text).toContain('Team &amp; Co');
    const orgs = await w.expectStatus(200, 'GET', '/api/v1/organizations/?page_size=500', {
      token: root.token,
    });
    expect(orgs.results).toContainEqual(expect.objectContaining({ slug, name: 'Team & Co' }));

    const taken = await s.post('/ui/organizations/', { name: 'Again', slug });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain('An organization with this slug already exists.');
    // The Super Admin also changes a slug.
    const t = await w.tenant();
    expect((await s.get(`/ui/organizations/${t.org.id}/`)).text).toContain('id="slug"');
  });

  it('shows where each membership came from', async () => {
    const t = await w.tenant();
    const synced = await w.user();
    await w.db
      .insert(organizationMembers)
      .values({ organizationId: t.org.id, userId: synced.id, role: 'user', source: 'idp' });
    const s = await signedIn(t.orgAdmin);
    const page = (await s.get(`/ui/organizations/${t.org.id}/members/`)).text;
    expect(page).toMatch(
      new RegExp(`data-member="${synced.id}"[\\s\\S]*?data-source="idp">identity provider<`),
    );
    expect(page).toMatch(
      new RegExp(`data-member="${t.orgAdmin.id}"[\\s\\S]*?data-source="manual">an administrator<`),
    );
    expect(page).toContain('the groups no longer change it');
    const confirm = (await s.get(`/ui/organizations/${t.org.id}/members/${synced.id}/remove/`)).text;
    expect(confirm).toContain('The identity provider granted this membership');
    // A Viewer sees the source too.
    const viewer = await signedIn(t.viewer);
    expect((await viewer.get(`/ui/organizations/${t.org.id}/members/`)).text).toContain('identity provider');
  });

  it('refuses a form without the CSRF token, changing nothing', async () => {
    const t = await w.tenant();
    const newcomer = await w.user();
    const s = await signedIn(t.orgAdmin);
    const res = await request(`/ui/organizations/${t.org.id}/members/`, s.jar, {
      form: { by: 'username', who: newcomer.username, role: 'admin' },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('This form has expired.');
    const crossSite = await request(`/ui/organizations/${t.org.id}/workspaces/`, s.jar, {
      form: { csrf_token: s.csrf, name: 'cross-site' },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const members = await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
    });
    expect(members.count).toBe(1);
    const workspaces = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${t.org.id}`, {
      token: t.orgAdmin.token,
    });
    expect(workspaces.count).toBe(1);
  });
});
