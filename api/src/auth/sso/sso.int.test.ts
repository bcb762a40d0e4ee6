import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import {
  auditLog,
  organizationMembers,
  organizations,
  users,
  sessions,
  userIdentities,
} from '../../core/db/schema/index.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { CookieJar, loginAtIdp, startTestIdp } from '../../test/oidc-provider.ts';
import type { TestIdp } from '../../test/oidc-provider.ts';
import { createWorld, describeOnEachDatabase } from '../../test/world.ts';
import { startServer } from '../../server.ts';
import type { OidcProviderConfig } from './config.ts';
import { OidcProviders } from './providers.ts';

const PUBLIC_URL = 'http://plinth.test';
const TLS_URL = 'https://plinth.test';
const CLIENT = { client_id: 'plinth', client_secret: 'plinth-secret-0123456789' };
const provider = (over: Partial<OidcProviderConfig> = {}): OidcProviderConfig => ({
  name: 'op',
  displayName: 'Test OP',
  issuer: '',
  clientId: CLIENT.client_id,
  clientSecret: CLIENT.client_secret,
  scopes: ['openid', 'profile', 'email', 'groups', 'offline_access'],
  groupsClaim: 'groups',
  groupPrefix: 'svc',
  groupParent: '',
  superAdminFromGroups: false,
  organizations: null,
  groupSync: true,
  allowSignup: true,
  resyncIntervalSeconds: 900,
  cliClientId: 'plinth-cli',
  ...over,
});

/** The CLI's client at the userinfo provider, signing in with the code flow (same tokens as the device grant). */
const CLI_REDIRECT = 'http://127.0.0.1/cli-callback/';
/** The one organization the provider `limited` may grant roles in. */
const LIMITED_SLUG = `lim-${randomUUID().slice(0, 8)}`;

let idp: TestIdp;
/** A second provider that, like GitLab, sends the groups in userinfo only. */
let infoIdp: TestIdp;

beforeAll(async () => {
  infoIdp = await startTestIdp(
    [
      {
        ...CLIENT,
        redirect_uris: [`${PUBLIC_URL}/auth/oidc/info/callback/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: 'plinth-cli',
        token_endpoint_auth_method: 'none',
        redirect_uris: [CLI_REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    [],
    { scopeClaimsInIdToken: false },
  );
  idp = await startTestIdp([
    {
      ...CLIENT,
      redirect_uris: [
        ...['op', 'closed', 'fast', 'plain', 'limited', 'nested'].map(
          (n) => `${PUBLIC_URL}/auth/oidc/${n}/callback/`,
        ),
        `${TLS_URL}/auth/oidc/op/callback/`,
      ],
      post_logout_redirect_uris: [`${PUBLIC_URL}/ui/login/?signed_out=1`],
      grant_types: ['authorization_code', 'refresh_token'],
      // With it the ID token carries `sid`; the provider's own POSTs are never sent in these tests.
      backchannel_logout_uri: `${PUBLIC_URL}/auth/oidc/op/backchannel-logout/`,
      backchannel_logout_session_required: true,
      response_types: ['code'],
    },
  ]);
});
afterAll(async () => {
  await idp.stop();
  await infoIdp.stop();
});

/** The suites' world: the API with every provider these tests sign in with, on the two IdPs above. */
const WITH_PROVIDERS = {
  world: () => {
    const configs = [
      provider({ issuer: idp.issuer, superAdminFromGroups: true }),
      provider({ name: 'closed', issuer: idp.issuer, allowSignup: false }),
      provider({ name: 'fast', issuer: idp.issuer, resyncIntervalSeconds: 1 }),
      provider({ name: 'plain', issuer: idp.issuer }),
      provider({ name: 'limited', issuer: idp.issuer, organizations: [LIMITED_SLUG] }),
      provider({ name: 'nested', issuer: idp.issuer, groupParent: 'platform', superAdminFromGroups: true }),
      provider({ name: 'info', issuer: infoIdp.issuer }),
    ];
    return {
      providers: new OidcProviders(configs, PUBLIC_URL, createLogger('silent')),
      publicUrl: PUBLIC_URL,
    };
  },
};

describeOnEachDatabase('single sign-on with an in-process OpenID provider', WITH_PROVIDERS, (w) => {
  const request = (path: string, jar: CookieJar, init: RequestInit = {}) =>
    w.env.app.request(path, {
      ...init,
      headers: {
        cookie: jar.header(),
        'X-Forwarded-For': '203.0.113.7',
        ...(init.headers as Record<string, string>),
      },
    });

  /** A browser's sign-in: Plinth → the provider's login and consent → the callback. */
  async function signIn(account: string, opts: { next?: string; jar?: CookieJar; via?: string } = {}) {
    const jar = opts.jar ?? new CookieJar();
    const start = await request(
      `/auth/oidc/${opts.via ?? 'op'}/login/${opts.next ? `?next=${encodeURIComponent(opts.next)}` : ''}`,
      jar,
    );
    expect(start.status, await start.clone().text()).toBe(302);
    jar.take(start.headers);
    const back = await loginAtIdp(start.headers.get('location')!, account, PUBLIC_URL);
    const res = await request(back.pathname + back.search, jar);
    jar.take(res.headers);
    return { res, jar, callback: back };
  }

  async function org(slug = `org-${randomUUID().slice(0, 8)}`) {
    const [o] = await w.db
      .insert(organizations)
      .values({ slug, name: `Org ${slug}` })
      .returning();
    return o!;
  }
  const account = (groups: string[], name = `u-${randomUUID().slice(0, 8)}`) => {
    const sub = randomUUID();
    idp.accounts.set(sub, {
      sub,
      preferred_username: name,
      email: `${name}@example.com`,
      email_verified: true,
      name: `Name ${name}`,
      groups,
    });
    return { sub, name, groups };
  };
  const userOf = async (sub: string) => {
    const [row] = await w.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(eq(userIdentities.subject, sub));
    return row?.user;
  };
  const rolesOf = async (userId: string) =>
    Object.fromEntries(
      (
        await w.db
          .select({
            slug: organizations.slug,
            role: organizationMembers.role,
            source: organizationMembers.source,
          })
          .from(organizationMembers)
          .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
          .where(eq(organizationMembers.userId, userId))
      ).map((r) => [r.slug, `${r.role}/${r.source}`]),
    );
  const audits = async (event: string) =>
    (await w.db.select().from(auditLog).where(eq(auditLog.event, event))).map((e) => e);

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

  it('never accepts a session cookie on /api/v1/', async () => {
    const a = account([]);
    const { jar } = await signIn(a.sub);
    const res = await request('/api/v1/users/me/', jar);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('not_authenticated');
  });

  it('refuses cross-site and token-less form posts (CSRF), and signs out with both', async () => {
    const a = account([]);
    const { jar } = await signIn(a.sub);
    const page = await (await request('/ui/', jar)).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)![1]!;
    const post = (origin: string, body: Record<string, string>) =>
      request('/auth/logout/', jar, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    expect((await post('https://evil.example', { csrf_token: csrf })).status).toBe(403);
    expect((await post(PUBLIC_URL, {})).status).toBe(403);
    expect((await post(PUBLIC_URL, { csrf_token: 'x'.repeat(43) })).status).toBe(403);
    expect((await request('/ui/', jar)).status, 'still signed in').toBe(200);
    const out = await post(PUBLIC_URL, { csrf_token: csrf });
    expect(out.status).toBe(303);
    // RP-initiated logout: on to the provider's end-session endpoint with the ID token as hint.
    const target = new URL(out.headers.get('location')!);
    expect(target.origin).toBe(idp.issuer);
    expect(target.searchParams.get('id_token_hint')).toBeTruthy();
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/ui/login/?signed_out=1`);
    expect((await request('/ui/', jar)).status).toBe(303);
    const user = (await userOf(a.sub))!;
    expect(
      (await audits('session.logout')).some(
        (e) => e.actorUserId === user.id && e.details.kind === 'rp_initiated',
      ),
    ).toBe(true);
  });

  it('rotates the session at sign-in: a planted or earlier cookie never carries over', async () => {
    const a = account([]);
    const jar = new CookieJar();
    const planted = 'A'.repeat(43);
    jar.cookies.set('plinth_session', planted);
    await signIn(a.sub, { jar });
    const first = jar.cookies.get('plinth_session')!;
    expect(first).not.toBe(planted);
    const keep = new CookieJar();
    keep.cookies.set('plinth_session', first);
    await signIn(a.sub, { jar });
    const second = jar.cookies.get('plinth_session')!;
    expect(second).not.toBe(first);
    expect((await request('/ui/', keep)).status, 'the earlier session is ended').toBe(303);
    expect((await request('/ui/', jar)).status).toBe(200);
  });

  it('ends idle and too-old sessions', async () => {
    const a = account([]);
    const idle = await signIn(a.sub);
    const old = await signIn(a.sub);
    const user = (await userOf(a.sub))!;
    const live = await w.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(2);
    const [s1, s2] = live.filter((s) => !s.revokedAt);
    await w.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, s1!.id));
    await w.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, s2!.id));
    expect((await request('/ui/', idle.jar)).status).toBe(303);
    expect((await request('/ui/', old.jar)).status).toBe(303);
  });

  it('ends sessions on a verified back-channel logout token only', async () => {
    const a = account([]);
    const { jar } = await signIn(a.sub);
    const user = (await userOf(a.sub))!;
    const [s] = await w.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const sid = s!.oidcSid!;
    expect(sid).toBeTruthy();
    const event = { 'http://schemas.openid.net/event/backchannel-logout': {} };
    const post = async (token: string) =>
      w.env.app.request('/auth/oidc/op/backchannel-logout/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }).toString(),
      });
    const base = { aud: CLIENT.client_id, sub: a.sub, sid, events: event, jti: randomUUID() };
    for (const [what, token] of [
      ['a forged signature', await idp.forge(base)],
      ['another audience', await idp.sign({ ...base, aud: 'someone-else' })],
      ['a nonce', await idp.sign({ ...base, nonce: 'n' })],
      ['no logout event', await idp.sign({ ...base, events: {} })],
    ] as const) {
      const res = await post(token);
      expect(res.status, what).toBe(400);
      expect((await request('/ui/', jar)).status, `still signed in after ${what}`).toBe(200);
    }
    const ok = await post(await idp.sign({ ...base, typ: undefined }, { typ: 'logout+jwt' }));
    expect(ok.status).toBe(200);
    expect((await request('/ui/', jar)).status).toBe(303);
    expect(
      (await audits('session.logout')).some(
        (e) => e.actorUserId === user.id && e.details.kind === 'backchannel',
      ),
    ).toBe(true);
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

  it('signs in with the local form, rotating and refusing like the API', async () => {
    const local = await w.user();
    const jar = new CookieJar();
    const form = (body: Record<string, string>, origin = PUBLIC_URL) =>
      request('/ui/login/', jar, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    expect((await form({ username: local.username, password: 'wrong-password-here' })).status).toBe(401);
    expect((await form({ username: 'a\u0000b', password: 'x' })).status).toBe(400);
    expect(
      (
        await form(
          { username: local.username, password: 'correct-horse-battery-staple' },
          'https://evil.example',
        )
      ).status,
    ).toBe(403);
    const ok = await form({
      username: local.username,
      password: 'correct-horse-battery-staple',
      next: '/ui/?x=1',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/ui/?x=1');
    jar.take(ok.headers);
    expect((await request('/ui/', jar)).status).toBe(200);
    const [entry] = (await audits('login.succeeded')).filter((e) => e.actorUserId === local.id);
    expect(entry?.details).toEqual({ method: 'ui_password' });
  });

  it('lets the user sign out everywhere, and a Super Admin end anyone’s sessions', async () => {
    const a = account([]);
    const one = await signIn(a.sub);
    const two = await signIn(a.sub);
    const page = await (await request('/ui/', two.jar)).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)![1]!;
    const res = await request('/ui/account/sessions/revoke-all/', two.jar, {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token: csrf }).toString(),
    });
    expect(res.status).toBe(303);
    expect((await request('/ui/', one.jar)).status).toBe(303);
    expect((await request('/ui/', two.jar)).status).toBe(303);

    const three = await signIn(a.sub);
    const user = (await userOf(a.sub))!;
    const t = await w.tenant();
    await w.expectStatus(401, 'DELETE', `/api/v1/users/${user.id}/sessions/`);
    await w.expectStatus(403, 'DELETE', `/api/v1/users/${user.id}/sessions/`, { token: t.orgAdmin.token });
    await w.expectStatus(403, 'GET', `/api/v1/users/${user.id}/sso/`, { token: t.orgAdmin.token });
    expect((await request('/ui/', three.jar)).status).toBe(200);
    const root = await w.user({ superuser: true });
    await w.expectStatus(204, 'DELETE', `/api/v1/users/${user.id}/sessions/`, { token: root.token });
    expect((await request('/ui/', three.jar)).status).toBe(303);
  });

  it('exchanges a CLI ID token for a login token, verified against the provider', async () => {
    const acme = await org();
    const a = account([`svc-${acme.slug}-viewers`]);
    const claims = {
      aud: 'plinth-cli',
      sub: a.sub,
      preferred_username: a.name,
      groups: [`svc-${acme.slug}-viewers`],
    };
    const body = (id_token: string) => ({ provider: 'op', id_token });
    const ok = await w.expectStatus(200, 'POST', '/api/login/oidc/', {
      body: body(await idp.sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 300 })),
    });
    const me = await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: ok.token });
    expect(me.username).toBe(a.name);
    expect(await rolesOf(me.id)).toEqual({ [acme.slug]: 'viewer/idp' });
    for (const token of [
      await idp.forge(claims),
      await idp.sign({ ...claims, aud: CLIENT.client_id, exp: Math.floor(Date.now() / 1000) + 300 }),
    ]) {
      const res = await w.call('POST', '/api/login/oidc/', { body: body(token) });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('authentication_failed');
    }
    const providers = await w.expectStatus(200, 'GET', '/api/login/providers/');
    expect(providers.providers.map((p: { name: string }) => p.name)).toEqual([
      'op',
      'closed',
      'fast',
      'plain',
      'limited',
      'nested',
      'info',
    ]);
    const one = await w.expectStatus(200, 'GET', '/api/login/providers/?name=closed');
    expect(one.providers.map((p: { name: string }) => p.name)).toEqual(['closed']);
    await w.expectStatus(404, 'GET', '/api/login/providers/?name=nope');
    await w.expectStatus(400, 'GET', '/api/login/providers/?name=Not%20A%20Name');
    expect(providers.providers[0]).toMatchObject({
      issuer: idp.issuer,
      cli_client_id: 'plinth-cli',
      login_url: '/auth/oidc/op/login/',
    });
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

  describe("the CLI's ID-token exchange accepts only fresh ID tokens issued to the CLI client (issue 27)", () => {
    const now = () => Math.floor(Date.now() / 1000);
    const exchange = (id_token: string, access_token?: string) =>
      w.call('POST', '/api/login/oidc/', {
        body: { provider: 'op', id_token, ...(access_token ? { access_token } : {}) },
      });

    it('refuses another application’s token, a logout token and an access token', async () => {
      const a = account([]);
      const base = { sub: a.sub, exp: now() + 300, jti: randomUUID() };
      const bcl = { 'http://schemas.openid.net/event/backchannel-logout': {} };
      for (const [what, token] of [
        [
          'another client’s token naming the CLI',
          await idp.sign({ ...base, aud: ['plinth-cli', 'other-app'], azp: 'other-app' }),
        ],
        ['two audiences, no azp', await idp.sign({ ...base, aud: ['other-app', 'plinth-cli'] })],
        ['azp another client', await idp.sign({ ...base, aud: 'plinth-cli', azp: 'other-app' })],
        [
          'a logout token',
          await idp.sign({ ...base, aud: 'plinth-cli', events: bcl }, { typ: 'logout+jwt' }),
        ],
        ['a logout token typed JWT', await idp.sign({ ...base, aud: 'plinth-cli', events: bcl })],
        [
          'an at+jwt access token',
          await idp.sign({ ...base, aud: 'plinth-cli', client_id: 'plinth-cli' }, { typ: 'at+jwt' }),
        ],
        [
          'a Keycloak access token',
          await idp.sign({ ...base, aud: 'plinth-cli', azp: 'plinth-cli', typ: 'Bearer' }),
        ],
        ['no exp', await idp.sign({ sub: a.sub, aud: 'plinth-cli', jti: randomUUID() })],
        ['no sub', await idp.sign({ aud: 'plinth-cli', exp: now() + 300, jti: randomUUID() })],
        ['six minutes old', await idp.sign({ ...base, aud: 'plinth-cli', iat: now() - 360 })],
      ] as const) {
        const res = await exchange(token);
        expect(res.status, what).toBe(401);
        expect(res.body.code, what).toBe('authentication_failed');
      }
      expect(await userOf(a.sub), 'no user was made').toBeUndefined();
      // What a provider issues to the CLI: accepted (typ JWT, aud and azp the CLI client, Keycloak's typ ID).
      const ok = await exchange(
        await idp.sign({ ...base, aud: ['plinth-cli'], azp: 'plinth-cli', typ: 'ID' }),
      );
      expect(ok.status, ok.text).toBe(200);
    });

    it('accepts an ID token once: a replay is 401 and audited', async () => {
      const a = account([]);
      const claims = { aud: 'plinth-cli', sub: a.sub, exp: now() + 300 };
      for (const token of [await idp.sign({ ...claims, jti: randomUUID() }), await idp.sign(claims)]) {
        expect((await exchange(token)).status).toBe(200);
        const again = await exchange(token);
        expect(again.status, 'the same token again').toBe(401);
        expect(again.body.code).toBe('authentication_failed');
        // Spelled another way (spare bits of the signature's last character): still the same token.
        const [h, p, sig] = token.split('.') as [string, string, string];
        const last = sig.at(-1)!;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const twin = `${h}.${p}.${sig.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
        expect((await exchange(twin)).status, 'the same token spelled another way').toBe(401);
      }
      const user = (await userOf(a.sub))!;
      const replays = (await audits('sso.login_failed')).filter(
        (e) => e.details.reason === 'token_replayed' && e.details.method === 'id_token',
      );
      expect(replays.length).toBeGreaterThanOrEqual(2);
      expect((await audits('sso.login')).filter((e) => e.actorUserId === user.id)).toHaveLength(2);
    });

    it('reads groups like the browser does: a CLI login keeps, and with the access token applies, userinfo groups', async () => {
      const acme = await org();
      const sub = randomUUID();
      infoIdp.accounts.set(sub, {
        sub,
        preferred_username: `info-${sub.slice(0, 8)}`,
        groups: [`svc-${acme.slug}-users`],
      });
      // The browser sign-in: groups from userinfo.
      const jar = new CookieJar();
      const start = await request('/auth/oidc/info/login/', jar);
      jar.take(start.headers);
      const back = await loginAtIdp(start.headers.get('location')!, sub, PUBLIC_URL);
      expect((await request(back.pathname + back.search, jar)).status).toBe(303);
      const user = (await userOf(sub))!;
      expect(await rolesOf(user.id)).toEqual({ [acme.slug]: 'user/idp' });

      // The CLI's tokens, issued by the provider to plinth-cli (no groups in its ID token).
      const cli = await oidc.discovery(new URL(infoIdp.issuer), 'plinth-cli', undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
      });
      const cliTokens = async () => {
        const verifier = oidc.randomPKCECodeVerifier();
        // A nonce tells two ID tokens apart: this provider's carry no jti, and two made in the
        // same second would otherwise be the same token.
        const nonce = oidc.randomNonce();
        const url = oidc.buildAuthorizationUrl(cli, {
          redirect_uri: CLI_REDIRECT,
          scope: 'openid profile groups',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          nonce,
        });
        const callback = await loginAtIdp(url.href, sub, CLI_REDIRECT);
        const tokens = await oidc.authorizationCodeGrant(cli, callback, {
          pkceCodeVerifier: verifier,
          expectedNonce: nonce,
        });
        expect(tokens.claims()!.groups, 'the ID token has no groups').toBeUndefined();
        return { id_token: tokens.id_token!, access_token: tokens.access_token };
      };
      const post = (body: { id_token: string; access_token?: string }) =>
        w.call('POST', '/api/login/oidc/', { body: { provider: 'info', ...body } });

      const first = await cliTokens();
      expect((await post({ id_token: first.id_token })).status).toBe(200);
      expect(await rolesOf(user.id), 'groups unknown: the roles stay').toEqual({ [acme.slug]: 'user/idp' });
      const root = await w.user({ superuser: true });
      const sso = await w.expectStatus(200, 'GET', `/api/v1/users/${user.id}/sso/`, { token: root.token });
      expect(sso.identities[0].last_sync_problem).toMatch(/groups unknown/);
      expect(sso.identities[0].last_groups).toEqual([`svc-${acme.slug}-users`]);

      infoIdp.accounts.get(sub)!.groups = [`svc-${acme.slug}-admins`];
      const second = await post(await cliTokens());
      expect(second.status, second.text).toBe(200);
      expect(await rolesOf(user.id), 'groups from userinfo with the access token').toEqual({
        [acme.slug]: 'admin/idp',
      });
      // Another user's access token: userinfo answers for another subject, so the groups are unknown.
      const other = randomUUID();
      infoIdp.accounts.set(other, { sub: other, groups: [] });
      const mine = await cliTokens();
      const verifier = oidc.randomPKCECodeVerifier();
      const theirs = await oidc.authorizationCodeGrant(
        cli,
        await loginAtIdp(
          oidc.buildAuthorizationUrl(cli, {
            redirect_uri: CLI_REDIRECT,
            scope: 'openid groups',
            code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
            code_challenge_method: 'S256',
          }).href,
          other,
          CLI_REDIRECT,
        ),
        { pkceCodeVerifier: verifier },
      );
      expect((await post({ id_token: mine.id_token, access_token: theirs.access_token })).status).toBe(200);
      expect(await rolesOf(user.id), "another subject's userinfo is not applied").toEqual({
        [acme.slug]: 'admin/idp',
      });
    });
  });

  it('refuses a replayed back-channel logout token, and one without jti (issue 27)', async () => {
    const a = account([]);
    await signIn(a.sub);
    const event = { 'http://schemas.openid.net/event/backchannel-logout': {} };
    const post = (token: string) =>
      w.env.app.request('/auth/oidc/op/backchannel-logout/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }).toString(),
      });
    // Without `sid`, a logout token ends every session of the identity.
    const token = await idp.sign({ aud: CLIENT.client_id, sub: a.sub, events: event, jti: randomUUID() });
    expect((await post(token)).status).toBe(200);
    const { jar } = await signIn(a.sub);
    expect((await request('/ui/', jar)).status).toBe(200);
    const replay = await post(token);
    expect(replay.status, 'a replay').toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_request' });
    expect((await request('/ui/', jar)).status, 'still signed in after the replay').toBe(200);
    const noJti = await post(await idp.sign({ aud: CLIENT.client_id, sub: a.sub, events: event }));
    expect(noJti.status, 'no jti').toBe(400);
    expect((await request('/ui/', jar)).status, 'still signed in').toBe(200);
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

describe('session cookies behind TLS', () => {
  it('are Secure and host-bound (__Host-) when the public URL is https', async () => {
    const database = await migratedDatabase('pglite');
    const w = createWorld(database, {
      providers: new OidcProviders([provider({ issuer: idp.issuer })], TLS_URL, createLogger('silent')),
      publicUrl: TLS_URL,
    });
    try {
      const jar = new CookieJar();
      const start = await w.env.app.request('/auth/oidc/op/login/');
      jar.take(start.headers);
      const flow = start.headers.getSetCookie()[0]!;
      expect(flow).toMatch(/^__Host-plinth_oidc_/);
      expect(flow).toMatch(/; Secure/);
      const sub = randomUUID();
      idp.accounts.set(sub, { sub, preferred_username: `tls-${sub.slice(0, 8)}`, groups: [] });
      const back = await loginAtIdp(start.headers.get('location')!, sub, TLS_URL);
      const res = await w.env.app.request(back.pathname + back.search, { headers: { cookie: jar.header() } });
      expect(res.status).toBe(303);
      const session = res.headers.getSetCookie().find((c) => c.startsWith('__Host-plinth_session='))!;
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/; HttpOnly/);
      expect(session).toMatch(/; Path=\//);
      expect(session).not.toMatch(/Domain=/i);
    } finally {
      await w.env.close();
      await database.close();
    }
  });
});
