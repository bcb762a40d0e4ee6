import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import { sessions } from '../../core/db/schema/index.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { CookieJar, loginAtIdp } from '../../test/oidc-provider.ts';
import {
  CLIENT,
  idp,
  provider,
  PUBLIC_URL,
  ssoHelpers,
  TLS_URL,
  useProviders,
} from '../../test/sso-suite.ts';
import { createWorld, describeOnEachDatabase } from '../../test/world.ts';
import { OidcProviders } from './providers.ts';

/** The web UI's sessions after a sign-in: cookies, CSRF, rotation, expiry, logout. */
describeOnEachDatabase('single sign-on with an in-process OpenID provider', useProviders(), (w) => {
  const { request, signIn, account, userOf, audits } = ssoHelpers(w);

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
