import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { CookieJar, loginAtIdp } from '../../test/oidc-provider.ts';
import {
  CLI_REDIRECT,
  CLIENT,
  idp,
  infoIdp,
  PUBLIC_URL,
  ssoHelpers,
  useProviders,
} from '../../test/sso-suite.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

/** The CLI's sign-in: an ID token of the provider exchanged for a login token. */
describeOnEachDatabase('single sign-on with an in-process OpenID provider', useProviders(), (w) => {
  const { request, org, account, userOf, rolesOf, audits } = ssoHelpers(w);

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
});
