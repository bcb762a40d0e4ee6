import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oidc from 'openid-client';
import { launchChromium, requireChromium } from './chromium.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { KEYCLOAK_CLI_CLIENT_ID, KEYCLOAK_USERS, startKeycloak } from '../api/src/test/keycloak-server.ts';
import type { KeycloakServer } from '../api/src/test/keycloak-server.ts';
import { startTestIdp } from '../api/src/test/oidc-provider.ts';
import type { TestIdp } from '../api/src/test/oidc-provider.ts';
import { freePort } from '../api/src/test/postgres-server.ts';
import { eventually } from '../api/src/test/eventually.ts';

/**
 * Single sign-on against a real Keycloak (from Maven Central, scripts/tools/keycloak.sh), driven by
 * headless Chromium through Keycloak's own login page, with API processes on PostgreSQL and on the
 * embedded PGlite: sign-in back to the page started from, roles from groups, a removed group
 * removing its role at the next sign-in while a hand-granted membership survives, Super Admin from
 * the top-level `svc-admins` only (never from a nested `/team/svc-admins`), logout at Keycloak ending the Plinth session through back-channel logout, a
 * tampered `state` refused and audited, and the command line's device authorization grant. A second,
 * different provider (panva's oidc-provider, in this process) beside Keycloak shows any provider and
 * several at once.
 */

const ADMIN_PASSWORD = 'sso-e2e-admin-password';

let kc: KeycloakServer;
let browser: Browser;
const scratch = mkdtempSync(join(tmpdir(), 'plinth-sso-e2e-'));

beforeAll(async () => {
  requireChromium();
  [kc, browser] = await Promise.all([startKeycloak(), launchChromium()]);
  // A group of the Super Admin group's name under another group: anyone who may create subgroups
  // somewhere can make one.
  await kc.createGroup('/team/svc-admins');
  await kc.addUserToGroup('erin', '/team/svc-admins');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await kc?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(['postgres', 'pglite'] as const)('SSO with Keycloak and Chromium, the API on %s', (kind) => {
  let api: ApiProcess;
  let publicUrl: string;
  let admin: string;
  let partner: TestIdp;
  const orgs: Record<string, string> = {};

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    const secret = `plinth-${kind}-client-secret`;
    const client = await kc.createClient({
      clientId: `plinth-${kind}`,
      secret,
      redirectUris: [`${publicUrl}/auth/oidc/keycloak/callback/`],
      postLogoutRedirectUris: [`${publicUrl}/ui/login/?signed_out=1`],
      backchannelLogoutUrl: `${publicUrl}/auth/oidc/keycloak/backchannel-logout/`,
    });
    partner = await startTestIdp(
      [
        {
          client_id: 'plinth',
          client_secret: 'partner-client-secret-0123456789',
          redirect_uris: [`${publicUrl}/auth/oidc/partner/callback/`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      ],
      // Named like Keycloak's bob: another issuer's bob is another user.
      [
        {
          sub: 'partner-bob',
          preferred_username: 'bob',
          email: 'bob@partner.example',
          groups: ['svc-beta-users'],
        },
      ],
    );
    const config = join(scratch, `config-${kind}.yaml`);
    writeFileSync(
      config,
      [
        'oidc:',
        '  providers:',
        '    - name: keycloak',
        '      display_name: Keycloak',
        `      issuer: ${kc.issuer}`,
        `      client_id: ${client.clientId}`,
        '      client_secret_env: PLINTH_OIDC_KEYCLOAK_SECRET',
        `      cli_client_id: ${KEYCLOAK_CLI_CLIENT_ID}`,
        '      super_admin_from_groups: true',
        '    - name: partner',
        '      display_name: Partner ID',
        `      issuer: ${partner.issuer}`,
        '      client_id: plinth',
        '      client_secret_env: PLINTH_OIDC_PARTNER_SECRET',
        '      scopes: [openid, profile, email, groups]',
        '',
      ].join('\n'),
    );
    const database: Record<string, string> =
      kind === 'postgres'
        ? { DATABASE_URL: await freshDatabaseUrl(), ...TEST_KEYS }
        : { PLINTH_DATA_DIR: mkdtempSync(join(scratch, 'data-')) };
    api = await startApiProcess({
      ...database,
      PORT: String(port),
      PLINTH_PUBLIC_URL: publicUrl,
      PLINTH_CONFIG: config,
      PLINTH_OIDC_KEYCLOAK_SECRET: secret,
      PLINTH_OIDC_PARTNER_SECRET: 'partner-client-secret-0123456789',
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    await api.waitReady();
    const login = await jsonRequest(api.url, 'POST', '/api/login/', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    admin = login.body.token;
    for (const slug of ['acme', 'acme-corp', 'beta']) {
      const created = await jsonRequest(api.url, 'POST', '/api/v1/organizations/', {
        token: admin,
        body: { slug, name: slug },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      orgs[slug] = created.body.id;
    }
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await partner?.stop();
  });

  /** Signs in at Keycloak's own login page, starting from a Plinth page; returns where it landed. */
  async function signIn(page: Page, username: keyof typeof KEYCLOAK_USERS, start = '/ui/') {
    await page.goto(`${publicUrl}${start}`);
    await page.waitForURL(/\/ui\/login\//);
    await page.getByRole('link', { name: 'Sign in with Keycloak' }).click();
    await page.waitForURL(`${kc.url}/**`);
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(KEYCLOAK_USERS[username].password);
    await page.locator('#kc-login').click();
    await page.waitForURL(`${publicUrl}/ui/**`);
    return new URL(page.url());
  }

  const memberships = async (page: Page) =>
    Object.fromEntries(
      await page
        .locator('#memberships tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [
            r.getAttribute('data-slug'),
            `${r.querySelector('[data-role]')?.getAttribute('data-role')}/${r.querySelectorAll('td')[2]?.textContent?.includes('identity provider') ? 'idp' : 'manual'}`,
          ]),
        ),
    );

  const audit = async (event: string) => {
    const res = await jsonRequest(api.url, 'GET', `/api/v1/audit-log/?event=${event}&page_size=100`, {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as {
      event: string;
      actor: string | null;
      ip: string | null;
      details: Record<string, unknown>;
    }[];
  };

  const withContext = async (fn: (page: Page, context: BrowserContext) => Promise<void>) => {
    const context = await browser.newContext();
    try {
      await fn(await context.newPage(), context);
    } finally {
      await context.close();
    }
  };

  it('signs bob in and back to the page he started from, with the roles his groups give', async () => {
    await withContext(async (page, context) => {
      const landed = await signIn(page, 'bob', '/ui/?from=bookmark');
      expect(landed.pathname + landed.search).toBe('/ui/?from=bookmark');
      await expect.poll(() => page.locator('#username').textContent()).toContain('bob');
      // svc-acme-users and svc-acme-viewers: the highest, User.
      expect(await memberships(page)).toEqual({ acme: 'user/idp' });
      const [cookie] = (await context.cookies(publicUrl)).filter((c) => c.name === 'plinth_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // The session is for the UI only: the API refuses it.
      const apiCall = await page.request.get(`${publicUrl}/api/v1/users/me/`);
      expect(apiCall.status()).toBe(401);
    });
    const [entry] = (await audit('sso.login')).filter((e) => e.details.provider === 'keycloak');
    expect(entry).toMatchObject({ ip: '127.0.0.1', details: { provider: 'keycloak', method: 'browser' } });
    expect(entry!.actor).toBeTruthy();
  });

  it('gives alice Super Admin from svc-admins, and dave roles in a slug with a dash', async () => {
    await withContext(async (page) => {
      await signIn(page, 'alice');
      await expect.poll(() => page.locator('#superuser').count()).toBe(1);
    });
    await withContext(async (page) => {
      await signIn(page, 'dave');
      expect(await memberships(page)).toEqual({ acme: 'viewer/idp', 'acme-corp': 'user/idp' });
    });
  });

  it('gives no Super Admin from a nested /team/svc-admins, while the top-level group does (issue 27)', async () => {
    await withContext(async (page) => {
      await signIn(page, 'erin');
      await expect.poll(() => page.locator('#username').textContent()).toContain('erin');
      expect(await page.locator('#superuser').count(), 'a Super Admin badge for erin').toBe(0);
      // Signed out at Keycloak too: the back-channel test counts erin's sessions there.
      await page.locator('header details.account summary').click(); // the account menu
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(`${publicUrl}/ui/login/?signed_out=1`);
      await expect.poll(async () => kc.userSessions('erin')).toBe(0);
    });
    const users = await jsonRequest(api.url, 'GET', '/api/v1/users/?page_size=500', { token: admin });
    const erin = users.body.results.find((u: { username: string }) => u.username === 'erin');
    expect(erin.is_superuser, 'erin is a Super Admin').toBe(false);
    const sso = await jsonRequest(api.url, 'GET', `/api/v1/users/${erin.id}/sso/`, { token: admin });
    expect(sso.body.identities[0].last_groups).toEqual(['/team/svc-admins']);
    expect(sso.body.identities[0].mapping).toMatchObject({
      superuser: false,
      ignored_groups: ['/team/svc-admins'],
    });
    await withContext(async (page) => {
      await signIn(page, 'alice');
      await expect.poll(() => page.locator('#superuser').count()).toBe(1);
    });
  });

  it('removes a role whose group is gone at the next sign-in, keeping a hand-granted membership', async () => {
    await withContext(async (page) => {
      await signIn(page, 'carol');
      expect(await memberships(page)).toEqual({ acme: 'admin/idp' });
    });
    const users = await jsonRequest(api.url, 'GET', '/api/v1/users/?page_size=500', { token: admin });
    const carolId = users.body.results.find((u: { username: string }) => u.username === 'carol').id as string;
    const granted = await jsonRequest(api.url, 'POST', `/api/v1/organizations/${orgs.beta}/members/`, {
      token: admin,
      body: { username: 'carol', role: 'viewer' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);

    await kc.removeUserFromGroup('carol', 'svc-acme-admins');
    try {
      await withContext(async (page) => {
        await signIn(page, 'carol');
        expect(await memberships(page)).toEqual({ beta: 'viewer/manual' });
      });
      const members = await jsonRequest(api.url, 'GET', `/api/v1/organizations/${orgs.beta}/members/`, {
        token: admin,
      });
      expect(members.body.results).toEqual([
        expect.objectContaining({ user: carolId, role: 'viewer', source: 'manual' }),
      ]);
      const changes = (await audit('sso.group_sync'))
        .filter((e) => e.actor === carolId)
        .map((e) => e.details.change);
      expect(changes).toEqual(expect.arrayContaining(['added', 'removed']));
    } finally {
      await kc.addUserToGroup('carol', 'svc-acme-admins');
    }
  });

  it('ends the Plinth session when the user signs out at Keycloak (back-channel logout)', async () => {
    await withContext(async (page) => {
      await signIn(page, 'erin');
      expect((await page.goto(`${publicUrl}/ui/`))!.url()).toBe(`${publicUrl}/ui/`);
      // Signing out at Keycloak itself (as from another application): its logout page, confirmed.
      await page.goto(`${kc.issuer}/protocol/openid-connect/logout`);
      await page.locator('#kc-logout').click();
      await page.waitForLoadState();
      await expect.poll(async () => kc.userSessions('erin')).toBe(0);
      // Keycloak POSTs a logout token to Plinth; the next page needs a new sign-in.
      await eventually(
        'the Plinth session to end',
        async () => {
          await page.goto(`${publicUrl}/ui/`);
          return new URL(page.url()).pathname === '/ui/login/';
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
    });
    const ended = (await audit('session.logout')).find((e) => e.details.kind === 'backchannel');
    expect(ended?.details).toMatchObject({ provider: 'keycloak', kind: 'backchannel', sessions: 1 });
  });

  it('signs out at Keycloak too when the user signs out in Plinth (RP-initiated logout)', async () => {
    await withContext(async (page) => {
      await signIn(page, 'bob');
      // Earlier tests' sign-ins left sessions of their own at Keycloak: this one is the last.
      const before = await kc.userSessions('bob');
      expect(before).toBeGreaterThan(0);
      await page.locator('header details.account summary').click(); // the account menu
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.waitForURL(`${publicUrl}/ui/login/?signed_out=1`);
      await expect.poll(() => page.getByRole('status').textContent()).toContain('You are signed out');
      await expect.poll(async () => kc.userSessions('bob')).toBe(before - 1);
    });
  });

  it('refuses a tampered state and audits it', async () => {
    await withContext(async (page) => {
      // Redirects are not routed, so the tampering happens where Keycloak answers the login form:
      // its redirect back to Plinth gets another `state`.
      await page.route(`${kc.url}/realms/*/login-actions/authenticate**`, async (route) => {
        const res = await route.fetch({ maxRedirects: 0 });
        const location = new URL(res.headers().location!);
        location.searchParams.set('state', `${location.searchParams.get('state')}x`);
        await route.fulfill({ response: res, headers: { ...res.headers(), location: location.href } });
      });
      await page.goto(`${publicUrl}/ui/login/`);
      await page.getByRole('link', { name: 'Sign in with Keycloak' }).click();
      await page.locator('#username').fill('bob');
      await page.locator('#password').fill(KEYCLOAK_USERS.bob.password);
      await page.locator('#kc-login').click();
      await expect.poll(() => page.locator('h1').textContent()).toBe('Sign-in failed');
      expect(await page.locator('[role=alert]').textContent()).toContain('could not be matched');
      expect((await page.context().cookies(publicUrl)).some((c) => c.name === 'plinth_session')).toBe(false);
    });
    const failed = (await audit('sso.login_failed')).find((e) => e.details.reason === 'state_mismatch');
    expect(failed).toMatchObject({
      ip: '127.0.0.1',
      details: { provider: 'keycloak', reason: 'state_mismatch' },
    });
  });

  it('offers both providers and signs in through the second one, a different user than Keycloak’s bob', async () => {
    await withContext(async (page) => {
      await page.goto(`${publicUrl}/ui/login/`);
      await expect
        .poll(() => page.locator('.providers a').allTextContents())
        .toEqual(['Sign in with Keycloak', 'Sign in with Partner ID']);
      await page.getByRole('link', { name: 'Sign in with Partner ID' }).click();
      // oidc-provider's own login and consent pages.
      await page.locator('input[name=login]').fill('partner-bob');
      await page.locator('input[name=password]').fill('any password');
      await page.locator('button[type=submit]').click();
      await page.locator('button[type=submit]', { hasText: 'Continue' }).click();
      await page.waitForURL(`${publicUrl}/ui/`);
      await expect.poll(() => page.locator('#username').textContent()).toContain('bob-partner');
      expect(await page.locator('#provider').textContent()).toBe('Partner ID');
      expect(await memberships(page)).toEqual({ beta: 'user/idp' });
    });
  });

  it('lets a user signed in through Keycloak make an API key in the UI, use it, and revoke it', async () => {
    await withContext(async (page) => {
      await signIn(page, 'bob', '/ui/accounts/api-keys/');
      await page.getByLabel('Name').fill('laptop');
      await page.getByLabel('Expires').selectOption('7');
      await page.getByRole('button', { name: 'Create key' }).click();
      const token = await page.locator('#token').inputValue();
      expect(token).toMatch(/^plu_/);
      const use = () =>
        fetch(`${publicUrl}/api/v1/users/me/`, { headers: { authorization: `Bearer ${token}` } });
      const me = await use();
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe('bob');
      // Leaving the show-once page before copying asks first: the user copies, then goes on.
      await page.getByRole('button', { name: /^Copy/ }).click();
      await page.getByRole('link', { name: 'I have copied it' }).click();
      await page
        .getByRole('link', { name: /Revoke/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Revoke the key' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('The key is revoked');
      expect((await use()).status).toBe(401);
    });
  });

  it('signs in the command line with the device authorization grant', async () => {
    const providers = await jsonRequest(api.url, 'GET', '/api/login/providers/');
    const [provider] = providers.body.providers;
    expect(provider).toMatchObject({
      name: 'keycloak',
      issuer: kc.issuer,
      cli_client_id: KEYCLOAK_CLI_CLIENT_ID,
    });
    const config = await oidc.discovery(
      new URL(provider.issuer),
      provider.cli_client_id,
      undefined,
      oidc.None(),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const device = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile email' });
    // The user approves on any device: here, Chromium at the verification URL.
    await withContext(async (page) => {
      await page.goto(device.verification_uri_complete!);
      // Keycloak's pages, in whatever order this realm shows them: the code, the login, the consent.
      for (let step = 0; step < 6; step++) {
        await page.waitForLoadState();
        if (/success/i.test(await page.locator('body').innerText())) return;
        if ((await page.locator('#username').count()) > 0) {
          await page.locator('#username').fill('dave');
          await page.locator('#password').fill(KEYCLOAK_USERS.dave.password);
          await page.locator('#kc-login').click();
        } else if ((await page.locator('input[name=accept]').count()) > 0) {
          await page.locator('input[name=accept]').click();
        } else {
          await page.locator('#kc-login').click();
        }
      }
      throw new Error(`the device approval did not finish: ${await page.locator('body').innerText()}`);
    });
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, { ...device, interval: 1 });
    const body = { provider: 'keycloak', id_token: tokens.id_token, access_token: tokens.access_token };
    const exchanged = await jsonRequest(api.url, 'POST', '/api/login/oidc/', { body });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    // Keycloak's ID token is accepted once: the same one again is refused.
    const again = await jsonRequest(api.url, 'POST', '/api/login/oidc/', { body });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('authentication_failed');
    const me = await jsonRequest(api.url, 'GET', '/api/v1/users/me/', { token: exchanged.body.token });
    expect(me.body.username).toBe('dave');
    const logins = (await audit('sso.login')).filter((e) => e.details.method === 'id_token');
    expect(logins.length).toBeGreaterThan(0);
  });
});
