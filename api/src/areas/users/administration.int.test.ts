import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, userIdentities } from '../../core/db/schema/index.ts';
import { CookieJar } from '../../test/oidc-provider.ts';
import { submitSignIn, UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase, PASSWORD } from '../../test/world.ts';
import { brokenRule } from '../../ui/rules.ts';
import { USER_RULES } from './pages/list.ts';
import type { Actor } from '../../test/world.ts';

const ORIGIN = 'http://plinth.test';

/** The entry IDs a page of the audit log shows, in its order. */
const entryIds = (page: string): number[] =>
  [...page.matchAll(/data-entry="(\d+)"/g)].map((m) => Number(m[1]));

describeOnEachDatabase('the administration pages and audit log of the web UI', UI_SUITE, (w) => {
  let admin: Actor;

  beforeAll(async () => {
    admin = await w.user({ superuser: true });
  });

  const { request, signedIn } = uiClient(() => w, ORIGIN);

  const get = async (path: string, jar: CookieJar) => {
    const res = await request(path, jar);
    return { status: res.status, page: await res.text(), headers: res.headers };
  };

  /** The audit entries the API lists for these filters (as a Super Admin), newest first. */
  const apiEntries = async (query: string) =>
    (
      (
        await w.expectStatus(200, 'GET', `/api/v1/audit-log/?page_size=500&${query}`, {
          token: admin.token,
        })
      ).results as { id: number }[]
    ).map((e) => e.id);

  it('sends a signed-out browser to sign in and back', async () => {
    for (const path of [
      '/ui/administration/',
      '/ui/administration/audit-log/',
      '/ui/administration/users/',
    ]) {
      const res = await request(path, new CookieJar());
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/ui/login/?next=${encodeURIComponent(path)}`);
    }
  });

  it('refuses Viewers, Users and Org Admins every administration page, and shows them no Administration link', async () => {
    const t = await w.tenant();
    for (const actor of [t.viewer, t.user, t.orgAdmin]) {
      const { jar, home } = await signedIn(actor);
      expect(home).not.toContain('href="/ui/administration/"');
      for (const path of [
        '/ui/administration/',
        '/ui/administration/audit-log/',
        '/ui/administration/audit-log/export/',
        '/ui/administration/users/',
        `/ui/administration/users/${actor.id}/`,
        `/ui/administration/users/${admin.id}/deactivate/`,
      ]) {
        const res = await get(path, jar);
        expect(res.status, `${actor.username} ${path}`).toBe(403);
        expect(res.page).toContain('role="alert"');
        expect(res.headers.get('content-disposition')).toBeNull();
      }
    }
    // The API's own refusal is what the users pages say.
    const api = await w.call('GET', '/api/v1/users/', { token: t.orgAdmin.token });
    expect(api.status).toBe(403);
    const { jar } = await signedIn(t.orgAdmin);
    expect((await get('/ui/administration/users/', jar)).page).toContain(api.body.detail);
    // An Org Admin is sent to their organization's own log.
    const refused = await get('/ui/administration/audit-log/', jar);
    expect(refused.page).toContain('The whole audit log is for Super Admins');
    expect(refused.page).toContain(`href="/ui/organizations/${t.org.id}/audit/"`);

    const superAdmin = await signedIn(admin);
    expect(superAdmin.home).toContain('href="/ui/administration/"');
    const index = await get('/ui/administration/', superAdmin.jar);
    expect(index.status).toBe(200);
    for (const href of [
      '/ui/administration/system-api-keys/',
      '/ui/administration/audit-log/',
      '/ui/administration/users/',
    ])
      expect(index.page).toContain(`href="${href}"`);
  });

  it("shows an Org Admin their organization's log on its tab, not another's, and refuses Viewers and Users", async () => {
    const a = await w.tenant();
    const b = await w.tenant();
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
      token: a.orgAdmin.token,
      body: { name: 'deploy <bot>' },
    });
    await w.expectStatus(201, 'POST', `/api/v1/organizations/${b.org.id}/api-keys/`, {
      token: b.orgAdmin.token,
      body: { name: 'other tenant' },
    });
    const { jar } = await signedIn(a.orgAdmin);
    const tab = await get(`/ui/organizations/${a.org.id}/audit/`, jar);
    expect(tab.status).toBe(200);
    expect(tab.page).toMatch(/<a\s+href="\/ui\/organizations\/[^"]+\/audit\/"\s+aria-current="page"/);
    const ids = entryIds(tab.page);
    expect(ids).toEqual(await apiEntries(`organization=${a.org.id}`));
    expect(ids.length).toBeGreaterThan(0);
    // Details are shown as text, never as markup.
    expect(tab.page).toContain('name=deploy &lt;bot&gt;');
    expect(tab.page).toContain(`api_key=${key.id}`);
    expect(tab.page).not.toContain('other tenant');
    // No organization filter on a tab: it is the tab's organization, whatever the query says.
    const forced = await get(`/ui/organizations/${a.org.id}/audit/?organization=${b.org.id}`, jar);
    expect(entryIds(forced.page)).toEqual(ids);

    expect((await get(`/ui/organizations/${b.org.id}/audit/`, jar)).status).toBe(404);
    expect((await get(`/ui/organizations/${b.org.id}/audit/export/`, jar)).status).toBe(404);
    expect((await get('/ui/organizations/not-a-uuid/audit/', jar)).status).toBe(404);

    const exported = await request(`/ui/organizations/${a.org.id}/audit/export/?event=api_key.created`, jar);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="plinth-audit-log-${a.org.slug}.ndjson"`,
    );
    const lines = (await exported.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; event: string });
    expect(lines.map((l) => l.id)).toEqual(
      (await apiEntries(`organization=${a.org.id}&event=api_key.created`)).reverse(),
    );

    for (const actor of [a.viewer, a.user]) {
      const other = await signedIn(actor);
      const res = await get(`/ui/organizations/${a.org.id}/audit/`, other.jar);
      expect(res.status).toBe(403);
      expect(res.page).toContain('Only Super Admins and Org Admins can read the audit log.');
      expect(res.page).not.toContain('data-entry=');
      // Malformed filters change nothing: the refusal comes first.
      expect((await get(`/ui/organizations/${a.org.id}/audit/?since=yesterday`, other.jar)).status).toBe(403);
      expect((await get(`/ui/organizations/${a.org.id}/audit/export/`, other.jar)).status).toBe(403);
    }
  });

  it('filters the whole log by event and by actor, showing exactly the matching entries, and exports them', async () => {
    const actor = (await w.tenant()).user;
    const login = await submitSignIn(async () =>
      w.env.app.request('/api/login/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.10' },
        body: JSON.stringify({ username: actor.username, password: PASSWORD }),
      }),
    );
    expect(login.status).toBe(200);
    await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: actor.token,
      body: { name: 'first' },
    });
    await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: actor.token,
      body: { name: 'second' },
    });
    const { jar } = await signedIn(admin);

    const all = await get('/ui/administration/audit-log/', jar);
    expect(all.status).toBe(200);
    expect(all.page).toContain('id="entries"');
    expect(all.page).toContain('<label for="event">Event</label>');
    expect(all.page).toContain('<option value="api_key.created"');

    const byActor = await get(`/ui/administration/audit-log/?actor=${actor.id}`, jar);
    expect(byActor.status).toBe(200);
    const actorIds = entryIds(byActor.page);
    expect(actorIds).toEqual(await apiEntries(`actor=${actor.id}`));
    expect(actorIds).toHaveLength(3);
    expect(byActor.page).toMatch(/<h2 id="count">3 entries<\/h2>/);

    // A username works as well as the ID, for those who may see users.
    const byName = await get(`/ui/administration/audit-log/?actor=${actor.username}`, jar);
    expect(entryIds(byName.page)).toEqual(actorIds);
    expect(byName.page).toContain(`>${actor.username}</a`);

    const query = `event=api_key.created&actor=${actor.id}&organization=&since=&until=`;
    const both = await get(`/ui/administration/audit-log/?${query}`, jar);
    const createdIds = entryIds(both.page);
    expect(createdIds).toHaveLength(2);
    expect(createdIds).toEqual(await apiEntries(`event=api_key.created&actor=${actor.id}`));
    expect([...both.page.matchAll(/data-event="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'api_key.created',
      'api_key.created',
    ]);

    // Times typed in a datetime-local field are UTC: a window from now on has none of them.
    const later = new Date(Date.now() + 60_000).toISOString().slice(0, 16);
    const none = await get(`/ui/administration/audit-log/?actor=${actor.id}&since=${later}`, jar);
    expect(none.status).toBe(200);
    expect(none.page).toContain('id="no-entries"');
    const earlier = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    const window = await get(
      `/ui/administration/audit-log/?actor=${actor.id}&since=${earlier}&until=${later}`,
      jar,
    );
    expect(entryIds(window.page)).toEqual(actorIds);

    // The export link carries the filters, and the download is the API's export of them.
    const href = /id="export" class="button" href="([^"]+)"/.exec(both.page)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBe(`/ui/administration/audit-log/export/?event=api_key.created&actor=${actor.id}`);
    const exported = await request(href!, jar);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('application/x-ndjson');
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="plinth-audit-log.ndjson"',
    );
    const body = await exported.text();
    const api = await w.call('GET', `/api/v1/audit-log/export/?event=api_key.created&actor=${actor.id}`, {
      token: admin.token,
    });
    expect(body).toBe(api.text);
    expect(body.trim().split('\n')).toHaveLength(2);
  });

  it("shows the API's message next to a bad filter, with 400", async () => {
    const { jar } = await signedIn(admin);
    const badTime = await get('/ui/administration/audit-log/?since=yesterday', jar);
    expect(badTime.status).toBe(400);
    const api = await w.call('GET', '/api/v1/audit-log/?since=yesterday', { token: admin.token });
    expect(api.status).toBe(400);
    const message = (api.body.errors as { attr: string; detail: string }[]).find(
      (e) => e.attr === 'since',
    )!.detail;
    expect(badTime.page).toContain(`<p id="since-error" class="error">${message}</p>`);
    expect(badTime.page).toMatch(/id="since"[^>]*aria-invalid="true"/);
    expect(badTime.page).toContain('value="yesterday"');
    expect(badTime.page).not.toContain('data-entry=');

    const year0 = await get('/ui/administration/audit-log/?until=0000-01-01T00:00', jar);
    expect(year0.status).toBe(400);
    expect(year0.page).toContain('<p id="until-error" class="error">Must be a time from the year 1 on.</p>');

    const badEvent = await get('/ui/administration/audit-log/?event=bogus&actor=not-a-user', jar);
    expect(badEvent.status).toBe(400);
    expect(badEvent.page).toMatch(/<p id="event-error" class="error">Must be one of: login\.succeeded/);
    expect(badEvent.page).toContain('<p id="actor-error" class="error">No user has this username.</p>');

    const badOrg = await get('/ui/administration/audit-log/export/?organization=nope', jar);
    expect(badOrg.status).toBe(400);
    expect(badOrg.headers.get('content-disposition')).toBeNull();
    expect(badOrg.page).toContain('<p id="organization-error" class="error">Must be a valid UUID.</p>');
  });

  it('lists users and shows one with memberships, and creates a local user', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(admin);
    const list = await get('/ui/administration/users/', jar);
    expect(list.status).toBe(200);
    expect(list.page).toContain('id="users"');
    expect(list.page).not.toMatch(/\$argon2/);
    const total = (await w.expectStatus(200, 'GET', '/api/v1/users/', { token: admin.token }))
      .count as number;
    expect(list.page).toContain(`${total} in all`);

    const detail = await get(`/ui/administration/users/${t.orgAdmin.id}/`, jar);
    expect(detail.status).toBe(200);
    expect(detail.page).toContain(`<h1>${t.orgAdmin.username}</h1>`);
    expect(detail.page).toMatch(new RegExp(`data-slug="${t.org.slug}"[\\s\\S]*?data-role="admin"`));
    expect(detail.page).toContain('id="no-identities"');
    expect(detail.page).toContain('Local password');
    expect(detail.page).not.toMatch(/\$argon2/);
    const ws = await get(`/ui/administration/users/${t.user.id}/`, jar);
    expect(ws.page).toContain(`data-workspace="${t.workspace.id}"`);

    // An SSO identity: what the provider last sent is shown as text, never as markup.
    await w.db.insert(userIdentities).values({
      userId: t.viewer.id,
      provider: 'corp',
      issuer: 'https://idp.example/realms/corp',
      subject: 'sub-<b>1</b>',
      email: 'viewer@example.com',
      lastGroups: [`svc-${t.org.slug}-users`, '<img src=x>'],
      lastClaims: { name: '<script>alert(1)</script>' },
      lastSyncProblem: 'organization "<missing>" does not exist',
    });
    const identity = await get(`/ui/administration/users/${t.viewer.id}/`, jar);
    expect(identity.status).toBe(200);
    expect(identity.page).toContain('data-identity=');
    expect(identity.page).toContain('<td id="sign-in">SSO and local password</td>');
    expect(identity.page).toContain('sub-&lt;b&gt;1&lt;/b&gt;');
    expect(identity.page).toContain('&lt;img src=x&gt;');
    expect(identity.page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(identity.page).toContain('organization &quot;&lt;missing&gt;&quot; does not exist');
    expect(identity.page).not.toContain('<script>alert');
    expect(identity.page).not.toContain('<img src=x>');
    expect((await get(`/ui/administration/users/${crypto.randomUUID()}/`, jar)).status).toBe(404);

    const bad = await request('/ui/administration/users/', jar, {
      form: { csrf_token: csrf, username: 'no spaces', password: 'short' },
    });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('<p id="username-error" class="error">Letters, digits and @ . + - _ only.</p>');
    expect(badPage).toContain('id="password-error"');
    expect(badPage).not.toContain('value="short"');
    // The server says the first rule ui.js says (the same rules, from the schema), and the
    // browser none: the form has novalidate, the password no minlength of its own.
    const said = (id: string) =>
      new RegExp(`<p id="${id}-error" class="error">([^<]*)</p>`).exec(badPage)?.[1];
    expect(said('username')).toBe(brokenRule(USER_RULES.username, 'no spaces'));
    expect(said('password')).toBe(brokenRule(USER_RULES.password, 'short'));
    expect(said('password')).toContain('12');
    expect(badPage).toMatch(/<form method="post" action="\/ui\/administration\/users\/"[^>]*novalidate>/);
    expect(badPage).not.toMatch(/minlength|\srequired\b/);
    expect(badPage).toMatch(/id="password"[^>]*data-rules=/);

    const username = w.unique('local');
    const created = await request('/ui/administration/users/', jar, {
      form: { csrf_token: csrf, username, full_name: 'Local <Person>', password: 'a-long-enough-password' },
    });
    expect(created.status).toBe(303);
    const location = created.headers.get('location')!;
    const id = /\/ui\/administration\/users\/([0-9a-f-]{36})\/\?done=created$/.exec(location)?.[1];
    expect(id).toBeTruthy();
    const shown = await get(location, jar);
    expect(shown.page).toContain('The user is created.');
    expect(shown.page).toContain('Local &lt;Person&gt;');
    const login = await submitSignIn(async () =>
      w.env.app.request('/api/login/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.10' },
        body: JSON.stringify({ username, password: 'a-long-enough-password' }),
      }),
    );
    expect(login.status).toBe(200);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'user.created'), sql`${auditLog.details}->>'user_id' = ${id}`));
    expect(entry).toMatchObject({ actorUserId: admin.id, username });

    const taken = await request('/ui/administration/users/', jar, { form: { csrf_token: csrf, username } });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('A user with that username already exists.');
  });

  it("deactivates a user after a confirmation, so their login token fails on the API, audited; reactivates them; refuses the admin's own", async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(admin);
    const victim = await signedIn(t.user);
    const base = `/ui/administration/users/${t.user.id}/`;

    const confirm = await get(`${base}deactivate/`, jar);
    expect(confirm.status).toBe(200);
    expect(confirm.page).toContain(`Deactivate ${t.user.username}?`);
    expect(confirm.page).toContain(`action="${base}deactivate/"`);
    expect(confirm.page).toContain('data-busy=');

    // Without the CSRF token: refused, nothing changed.
    const forged = await request(`${base}deactivate/`, jar, { form: {} });
    expect(forged.status).toBe(403);
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: t.user.token });

    const done = await request(`${base}deactivate/`, jar, { form: { csrf_token: csrf } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${base}?done=deactivate`);
    const after = await w.call('GET', '/api/v1/users/me/', { token: t.user.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('user_inactive');
    // Their web session ended too.
    expect((await request('/ui/', victim.jar)).status).toBe(303);
    const shown = await get(`${base}?done=deactivate`, jar);
    expect(shown.page).toContain('<td id="status">Deactivated</td>');
    expect(shown.page).toContain(`href="${base}activate/"`);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'user.updated'), sql`${auditLog.details}->>'user_id' = ${t.user.id}`));
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      details: { user_id: t.user.id, changed: ['is_active'] },
    });
    // And the log shows it, filtered by event.
    const log = await get(`/ui/administration/audit-log/?event=user.updated&actor=${admin.id}`, jar);
    expect(entryIds(log.page)).toContain(entry!.id);

    const back = await request(`${base}activate/`, jar, { form: { csrf_token: csrf } });
    expect(back.status).toBe(303);
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: t.user.token });

    // The API's self-lockout refusal, with its message and status.
    const self = await request(`/ui/administration/users/${admin.id}/deactivate/`, jar, {
      form: { csrf_token: csrf },
    });
    const api = await w.call('PATCH', `/api/v1/users/${admin.id}/`, {
      token: admin.token,
      body: { is_active: false },
    });
    expect(self.status).toBe(api.status);
    expect(await self.text()).toContain(api.body.detail);
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: admin.token });
  });

  it("ends all of a user's web sessions after a confirmation, audited, and refuses a form without the CSRF token", async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(admin);
    const victim = await signedIn(t.viewer);
    const base = `/ui/administration/users/${t.viewer.id}/`;
    expect((await get(`${base}end-sessions/`, jar)).page).toContain(
      `End all web sessions of ${t.viewer.username}?`,
    );

    const forged = await request(`${base}end-sessions/`, jar, { form: { csrf_token: 'x' } });
    expect(forged.status).toBe(403);
    const crossSite = await request(`${base}end-sessions/`, jar, {
      form: { csrf_token: csrf },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await request('/ui/', victim.jar)).status).toBe(200);

    const done = await request(`${base}end-sessions/`, jar, { form: { csrf_token: csrf } });
    expect(done.status).toBe(303);
    expect((await request('/ui/', victim.jar)).status).toBe(303);
    // Login tokens are not affected.
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: t.viewer.token });
    const entries = await w.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.event, 'session.revoked'), sql`${auditLog.details}->>'user_id' = ${t.viewer.id}`),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: admin.id, details: { kind: 'admin', sessions: 1 } });
  });
});
