import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMembers, organizations, userIdentities, users } from '../../core/db/schema/index.ts';
import { CookieJar, loginAtIdp } from '../../test/oidc-provider.ts';
import { idp, LIMITED_SLUG, PUBLIC_URL, ssoHelpers, useProviders } from '../../test/sso-suite.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { startServer } from '../../server.ts';

/** Signing in through a provider: users made and linked, roles from groups, refusals audited. */
describeOnEachDatabase('single sign-on with an in-process OpenID provider', useProviders(), (w) => {
  const { request, signIn, org, account, userOf, rolesOf, audits } = ssoHelpers(w);

  it('creates the user on first sign-in, lands where the user started, with roles from groups', async () => {
    const acme = await org();
    const corp = await org(`${acme.slug}-corp`);
    const a = account([
      `/svc-${acme.slug}-users`,
      `svc-${acme.slug}-viewers`,
      `svc-${corp.slug}-admins`,
      'staff',
    ]);
    const { res, jar } = await signIn(a.sub, { next: '/ui/?tab=orgs' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ui/?tab=orgs');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('plinth_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie, 'not Secure on a plain-HTTP public URL').not.toMatch(/Secure/);
    // The flow cookie is gone.
    expect(res.headers.getSetCookie().some((c) => /^plinth_oidc_[^=]+=;/.test(c))).toBe(true);

    const user = (await userOf(a.sub))!;
    expect(user.username).toBe(a.name);
    expect(user.email).toBe(`${a.name}@example.com`);
    expect(await rolesOf(user.id)).toEqual({ [acme.slug]: 'user/idp', [corp.slug]: 'admin/idp' });

    const home = await request('/ui/', jar);
    const page = await home.text();
    expect(home.status).toBe(200);
    expect(page).toMatch(new RegExp(`<strong id="username">\\s*${a.name}\\s*</strong`));
    expect(page).toContain(`data-slug="${corp.slug}"`);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");

    const [login] = (await audits('sso.login')).filter((e) => e.actorUserId === user.id);
    expect(login).toMatchObject({ ip: '203.0.113.7', details: { provider: 'op', method: 'browser' } });
    expect((await audits('user.created')).some((e) => e.actorUserId === user.id)).toBe(true);
  });

  it('syncs groups at every sign-in: provider roles follow, hand-granted memberships survive', async () => {
    const acme = await org();
    const beta = await org();
    const hand = await org();
    const a = account([`svc-${acme.slug}-admins`, `svc-${beta.slug}-users`]);
    await signIn(a.sub);
    const user = (await userOf(a.sub))!;
    await w.db
      .insert(organizationMembers)
      .values({ organizationId: hand.id, userId: user.id, role: 'viewer' });
    // An admin downgrades the provider's beta role by hand: from now on it is the admin's.
    await w.db
      .update(organizationMembers)
      .set({ role: 'viewer', source: 'manual' })
      .where(eq(organizationMembers.organizationId, beta.id));

    idp.accounts.get(a.sub)!.groups = [`svc-${acme.slug}-viewers`];
    await signIn(a.sub);
    expect(await rolesOf(user.id)).toEqual({
      [acme.slug]: 'viewer/idp',
      [beta.slug]: 'viewer/manual',
      [hand.slug]: 'viewer/manual',
    });
    idp.accounts.get(a.sub)!.groups = [];
    await signIn(a.sub);
    expect(await rolesOf(user.id)).toEqual({ [beta.slug]: 'viewer/manual', [hand.slug]: 'viewer/manual' });
    const syncs = (await audits('sso.group_sync')).filter((e) => e.actorUserId === user.id);
    expect(syncs.map((e) => [e.organizationId, e.details.change])).toEqual(
      expect.arrayContaining([
        [acme.id, 'added'],
        [acme.id, 'changed'],
        [acme.id, 'removed'],
      ]),
    );
  });

  it('grants and revokes Super Admin from svc-admins, but never demotes the last one', async () => {
    const a = account(['/svc-admins']);
    await signIn(a.sub);
    const user = (await userOf(a.sub))!;
    expect(user.isSuperuser).toBe(true);
    expect(user.superuserSource).toBe('idp');

    // Every other Super Admin deactivated: this one is the last.
    const others = await w.db.select().from(users).where(eq(users.isSuperuser, true));
    const deactivated = others.filter((u) => u.id !== user.id && u.isActive);
    for (const u of deactivated) await w.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    idp.accounts.get(a.sub)!.groups = [];
    const { res } = await signIn(a.sub);
    expect(res.status, 'a sync problem never blocks the sign-in').toBe(303);
    expect((await userOf(a.sub))!.isSuperuser).toBe(true);
    const root = await w.user({ superuser: true });
    const sso = await w.expectStatus(200, 'GET', `/api/v1/users/${user.id}/sso/`, { token: root.token });
    expect(sso.identities[0].last_sync_problem).toMatch(/last active Super Admin/);
    expect(sso.identities[0].last_groups).toEqual([]);

    // With another Super Admin around, the next sign-in demotes.
    await signIn(a.sub);
    expect((await userOf(a.sub))!.isSuperuser).toBe(false);
    const after = await w.expectStatus(200, 'GET', `/api/v1/users/${user.id}/sso/`, { token: root.token });
    expect(after.identities[0].last_sync_problem).toBeNull();
    for (const u of deactivated) await w.db.update(users).set({ isActive: true }).where(eq(users.id, u.id));
  });

  it('refuses a tampered state and a missing flow cookie, and audits both', async () => {
    const a = account([]);
    const jar = new CookieJar();
    const start = await request('/auth/oidc/op/login/', jar);
    jar.take(start.headers);
    const back = await loginAtIdp(start.headers.get('location')!, a.sub, PUBLIC_URL);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')!.slice(0, 16)}tampered`);
    const res = await request(tampered.pathname + tampered.search, jar);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('could not be matched');
    const noCookie = await request(back.pathname + back.search, new CookieJar());
    expect(noCookie.status).toBe(400);
    const failed = (await audits('sso.login_failed')).filter((e) => e.details.reason === 'state_mismatch');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toMatchObject({ ip: '203.0.113.7', details: { provider: 'op' } });
    expect(await userOf(a.sub), 'no user was made').toBeUndefined();
  });

  it("audits the provider's refusal", async () => {
    const jar = new CookieJar();
    const start = await request('/auth/oidc/op/login/', jar);
    jar.take(start.headers);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const res = await request(`/auth/oidc/op/callback/?error=access_denied&state=${state}`, jar);
    expect(res.status).toBe(400);
    const failed = (await audits('sso.login_failed')).find((e) => e.details.reason === 'provider_error');
    expect(failed?.details).toMatchObject({ provider: 'op', error: 'access_denied' });
  });

  it('refuses an unknown user when sign-up is off, and links a local user by identity', async () => {
    const a = account([]);
    const { res } = await signIn(a.sub, { via: 'closed' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('no account here');
    expect((await audits('sso.login_failed')).some((e) => e.details.reason === 'unknown_user')).toBe(true);

    // A local user with the same e-mail is never matched by it; a Super Admin links them.
    const local = await w.user();
    await w.db
      .update(users)
      .set({ email: `${a.name}@example.com` })
      .where(eq(users.id, local.id));
    const root = await w.user({ superuser: true });
    await w.expectStatus(201, 'POST', `/api/v1/users/${local.id}/identities/`, {
      token: root.token,
      body: { provider: 'closed', subject: a.sub },
    });
    await w.expectStatus(409, 'POST', `/api/v1/users/${local.id}/identities/`, {
      token: root.token,
      body: { provider: 'closed', subject: a.sub },
    });
    await w.expectStatus(400, 'POST', `/api/v1/users/${local.id}/identities/`, {
      token: root.token,
      body: { provider: 'nope', subject: a.sub },
    });
    const again = await signIn(a.sub, { via: 'closed' });
    expect(again.res.status).toBe(303);
    expect((await userOf(a.sub))!.id).toBe(local.id);
  });

  it('keeps a deactivated user out, by SSO and on a live session', async () => {
    const a = account([]);
    const { jar } = await signIn(a.sub);
    expect((await request('/ui/', jar)).status).toBe(200);
    const user = (await userOf(a.sub))!;
    const root = await w.user({ superuser: true });
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${user.id}/`, {
      token: root.token,
      body: { is_active: false },
    });
    const home = await request('/ui/', jar);
    expect(home.status).toBe(303);
    expect(home.headers.get('location')).toBe('/ui/login/');
    // Reactivated, the old session stays ended.
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${user.id}/`, {
      token: root.token,
      body: { is_active: true },
    });
    expect((await request('/ui/', jar)).status).toBe(303);
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${user.id}/`, {
      token: root.token,
      body: { is_active: false },
    });
    const { res } = await signIn(a.sub);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('deactivated');
    expect((await audits('sso.login_failed')).some((e) => e.details.reason === 'user_inactive')).toBe(true);
  });

  it('keeps no e-mail address the provider has not verified (members are added by address)', async () => {
    const a = account([]);
    idp.accounts.get(a.sub)!.email_verified = false;
    await signIn(a.sub);
    expect((await userOf(a.sub))!.email).toBeNull();
  });

  it('re-reads groups with the refresh token once the resync interval has passed', async () => {
    const acme = await org();
    const a = account([`svc-${acme.slug}-users`]);
    const { jar } = await signIn(a.sub, { via: 'fast' });
    const user = (await userOf(a.sub))!;
    expect(await rolesOf(user.id)).toEqual({ [acme.slug]: 'user/idp' });
    idp.accounts.get(a.sub)!.groups = [`svc-${acme.slug}-admins`];
    await new Promise((r) => setTimeout(r, 1100));
    expect((await request('/ui/', jar)).status).toBe(200);
    expect(await rolesOf(user.id)).toEqual({ [acme.slug]: 'admin/idp' });
    // The provider refuses the refresh (the account is gone there): the session ends.
    idp.accounts.delete(a.sub);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await request('/ui/', jar)).status).toBe(303);
    expect((await audits('session.revoked')).some((e) => e.actorUserId === user.id)).toBe(true);
  });

  it('sends a user back only to paths of the UI', async () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/ui/\\evil',
      '/api/v1/users/',
      'javascript:alert(1)',
    ]) {
      const a = account([]);
      const { res } = await signIn(a.sub, { next });
      expect(res.headers.get('location'), next).toBe('/ui/');
    }
  });

  describe('groups map only by their whole path, from a provider trusted with the role (issue 27)', () => {
    it('ignores svc-admins and svc-<org>-admins anywhere below another group', async () => {
      const acme = await org();
      const a = account([
        'my-namespace/svc-admins',
        `my-namespace/svc-${acme.slug}-admins`,
        '/team/svc-admins',
        `/team/sub/svc-${acme.slug}-users`,
      ]);
      // `op` may grant Super Admin: only the paths keep these out.
      const { res } = await signIn(a.sub);
      expect(res.status).toBe(303);
      const user = (await userOf(a.sub))!;
      expect(user.isSuperuser, 'Super Admin from a nested group').toBe(false);
      expect(await rolesOf(user.id), 'a role from a nested group').toEqual({});
      const root = await w.user({ superuser: true });
      const sso = await w.expectStatus(200, 'GET', `/api/v1/users/${user.id}/sso/`, { token: root.token });
      expect(sso.identities[0].mapping).toEqual({
        superuser: false,
        organizations: [],
        ignored_groups: a.groups,
      });
    });

    it('grants Super Admin from top-level svc-admins only with super_admin_from_groups', async () => {
      const a = account(['svc-admins']);
      await signIn(a.sub, { via: 'plain' });
      const user = (await userOf(a.sub))!;
      expect(user.isSuperuser, 'Super Admin from a provider without the opt-in').toBe(false);
      await signIn(a.sub);
      expect((await userOf(a.sub))!.isSuperuser, 'with the opt-in').toBe(true);
      // Without the opt-in, a provider revokes nothing either.
      idp.accounts.get(a.sub)!.groups = [];
      await signIn(a.sub, { via: 'plain' });
      expect((await userOf(a.sub))!).toMatchObject({ isSuperuser: true, superuserSource: 'idp' });
      await w.db.update(users).set({ isSuperuser: false }).where(eq(users.id, user.id));
    });

    it('takes the groups directly under group_parent only', async () => {
      const acme = await org();
      const beta = await org();
      const a = account([
        `platform/svc-${acme.slug}-admins`,
        `svc-${beta.slug}-admins`,
        `platform/team/svc-${beta.slug}-users`,
        'svc-admins',
      ]);
      await signIn(a.sub, { via: 'nested' });
      const user = (await userOf(a.sub))!;
      expect(await rolesOf(user.id)).toEqual({ [acme.slug]: 'admin/idp' });
      expect(user.isSuperuser).toBe(false);
    });

    it('adds, changes and removes roles only in the organizations a provider is limited to', async () => {
      const allowed = await org(LIMITED_SLUG);
      const other = await org();
      const a = account([`svc-${other.slug}-viewers`]);
      // Another provider granted a role in `other`.
      await signIn(a.sub);
      const user = (await userOf(a.sub))!;
      expect(await rolesOf(user.id)).toEqual({ [other.slug]: 'viewer/idp' });
      idp.accounts.get(a.sub)!.groups = [`svc-${allowed.slug}-users`, `svc-${other.slug}-admins`];
      await signIn(a.sub, { via: 'limited' });
      expect(await rolesOf(user.id), 'nothing changed in the other organization').toEqual({
        [allowed.slug]: 'user/idp',
        [other.slug]: 'viewer/idp',
      });
      idp.accounts.get(a.sub)!.groups = [];
      await signIn(a.sub, { via: 'limited' });
      expect(await rolesOf(user.id), 'nothing removed in the other organization').toEqual({
        [other.slug]: 'viewer/idp',
      });
      const root = await w.user({ superuser: true });
      idp.accounts.get(a.sub)!.groups = [`svc-${other.slug}-admins`];
      await signIn(a.sub, { via: 'limited' });
      const sso = await w.expectStatus(200, 'GET', `/api/v1/users/${user.id}/sso/`, { token: root.token });
      expect(sso.identities[0].mapping.ignored_groups).toEqual([`svc-${other.slug}-admins`]);
      await w.db.delete(organizations).where(eq(organizations.id, allowed.id));
    });
  });

  it('keeps no e-mail address without email_verified: true, so no one adds that account by it (issue 27)', async () => {
    const a = account([]);
    delete idp.accounts.get(a.sub)!.email_verified;
    const { res } = await signIn(a.sub);
    expect(res.status).toBe(303);
    const user = (await userOf(a.sub))!;
    expect(user.email).toBeNull();
    const [identity] = await w.db.select().from(userIdentities).where(eq(userIdentities.subject, a.sub));
    expect(identity!.email).toBeNull();
    const t = await w.tenant();
    const added = await w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
      token: t.orgAdmin.token,
      body: { email: `${a.name}@example.com`, role: 'admin' },
    });
    expect(added.status, added.text).toBe(400);
    expect(added.body.errors[0]).toMatchObject({ attr: 'email', code: 'does_not_exist' });
  });

  it('keeps answering after many sign-in starts with a long next, and finishes the latest (issue 27)', async () => {
    const server = await startServer(w.env.app, { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const jar = new CookieJar();
      const get = (path: string) =>
        fetch(`${base}${path}`, { redirect: 'manual', headers: { cookie: jar.header() } });
      const next = `/ui/?q=${'x'.repeat(1990)}`;
      let location = '';
      for (let i = 0; i < 10; i++) {
        const start = await get(`/auth/oidc/op/login/?next=${encodeURIComponent(next)}`);
        expect(start.status, `sign-in start ${i + 1}`).toBe(302);
        jar.take(start.headers);
        location = start.headers.get('location')!;
      }
      expect([...jar.cookies.keys()].filter((k) => k.startsWith('plinth_oidc_')).length).toBeLessThanOrEqual(
        3,
      );
      for (const path of ['/ui/login/', '/healthz']) expect((await get(path)).status, path).toBe(200);
      const a = account([]);
      const back = await loginAtIdp(location, a.sub, PUBLIC_URL);
      const done = await get(back.pathname + back.search);
      expect(done.status, await done.clone().text()).toBe(303);
      // Too long to carry: the home page instead.
      expect(done.headers.get('location')).toBe('/ui/');
    } finally {
      await server.close(1000);
    }
  });

  it('answers a malformed state as a state mismatch: 400, audited, nothing logged as an error (issue 27)', async () => {
    const before = w.env.logs.lines.length;
    const mismatches = async () =>
      (await audits('sso.login_failed')).filter((e) => e.details.reason === 'state_mismatch').length;
    const counted = await mismatches();
    const states = ['a;b', 'a b', '"q"', 'é', `${'s'.repeat(16)},x`, 'x'.repeat(5000), ''];
    for (const state of states) {
      const res = await request(
        `/auth/oidc/op/callback/?code=c&state=${encodeURIComponent(state)}`,
        new CookieJar(),
      );
      expect(res.status, JSON.stringify(state.slice(0, 20))).toBe(400);
      expect(await res.text()).toContain('could not be matched');
    }
    expect(await mismatches()).toBe(counted + states.length);
    const errors = w.env.logs.lines.slice(before).filter((l) => /"level":"(error|fatal)"/.test(l));
    expect(errors).toEqual([]);
  });

  it('signs in a user whose claims hold a NUL or a lone surrogate, storing them cleaned (issue 27)', async () => {
    for (const [bad, clean] of [
      ['Ann\u0000Lee', 'Ann\ufffdLee'],
      ['Bob \ud800', 'Bob \ufffd'],
    ] as const) {
      const a = account([]);
      Object.assign(idp.accounts.get(a.sub)!, {
        name: bad,
        preferred_username: `${a.name}${bad}`,
        email: `${a.name}+${bad}@example.com`,
      });
      const { res } = await signIn(a.sub);
      expect(res.status, JSON.stringify(bad)).toBe(303);
      const user = (await userOf(a.sub))!;
      expect(user.fullName).toBe(clean);
      expect(user.username).toMatch(/^[A-Za-z0-9@.+_-]+$/);
      expect(user.email).toBe(`${a.name}+${clean}@example.com`);
      const [identity] = await w.db.select().from(userIdentities).where(eq(userIdentities.subject, a.sub));
      expect(identity!.lastClaims!.name).toBe(clean);
    }
  });
});
