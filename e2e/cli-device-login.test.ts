import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { KEYCLOAK_CLI_CLIENT_ID, KEYCLOAK_USERS, startKeycloak } from '../api/src/test/keycloak-server.ts';
import type { KeycloakServer } from '../api/src/test/keycloak-server.ts';
import { freePort } from '../api/src/test/postgres-server.ts';
import { launchChromium, requireChromium } from './chromium.ts';
import { CLI_ENTRY, Machine } from './cli/harness.ts';

/** Keycloak's device pages, in whatever order the realm shows them: the code, the login, the consent. */
async function approve(page: Page, url: string, username: keyof typeof KEYCLOAK_USERS): Promise<void> {
  await page.goto(url);
  for (let step = 0; step < 6; step++) {
    await page.waitForLoadState();
    if (/success/i.test(await page.locator('body').innerText())) return;
    if ((await page.locator('#username').count()) > 0) {
      await page.locator('#username').fill(username);
      await page.locator('#password').fill(KEYCLOAK_USERS[username].password);
      await page.locator('#kc-login').click();
    } else if ((await page.locator('input[name=accept]').count()) > 0) {
      await page.locator('input[name=accept]').click();
    } else {
      await page.locator('#kc-login').click();
    }
  }
  throw new Error(`the device approval did not finish: ${await page.locator('body').innerText()}`);
}

/**
 * `plinth login` with the device authorization grant against a real Keycloak, the user's side
 * completed in headless Chromium: the CLI prints the URL and code, polls, and stores a login token
 * it renews through the provider; `plinth logout` ends the provider's session.
 */
describe('plinth login with the device grant, Keycloak and Chromium', () => {
  let kc: KeycloakServer;
  let browser: Browser;
  let api: ApiProcess;
  let m: Machine;
  const scratch = mkdtempSync(join(tmpdir(), 'plinth-cli-device-'));
  const credentialsFile = () => join(m.configDir, 'credentials.yaml');

  beforeAll(async () => {
    requireChromium();
    [kc, browser] = await Promise.all([startKeycloak(), launchChromium()]);
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const client = await kc.createClient({
      clientId: 'plinth-cli-e2e',
      secret: 'plinth-cli-e2e-client-secret',
      redirectUris: [`${publicUrl}/auth/oidc/keycloak/callback/`],
    });
    const config = join(scratch, 'config.yaml');
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
        '',
      ].join('\n'),
    );
    api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PORT: String(port),
      PLINTH_PUBLIC_URL: publicUrl,
      PLINTH_CONFIG: config,
      PLINTH_OIDC_KEYCLOAK_SECRET: client.secret,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'cli-device-admin-password',
      LOG_LEVEL: 'warn',
    });
    await api.waitReady();
    m = new Machine();
  }, 300_000);

  afterAll(async () => {
    await api?.stop('SIGKILL');
    await browser?.close();
    await kc?.stop();
    m?.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('prints the URL and code, opens nothing, and signs in once the user approves in a browser', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'login', '--server', api.url], {
      env: { PATH: process.env.PATH, HOME: m.home, XDG_CONFIG_HOME: m.configHome },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      const url = await eventually(
        'plinth login to print the verification URL',
        (stop) => {
          if (child.exitCode !== null) stop(`it exited with ${child.exitCode}: ${stderr}`);
          return /open (\S+)\n/.exec(stderr)?.[1];
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(url.startsWith(`${kc.issuer}/device`)).toBe(true);
      const code = /confirm the code (\S+) \(valid \d+ minutes\)\./.exec(stderr)?.[1];
      expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
      expect(url).toContain(`user_code=${code}`);
      const context = await browser.newContext();
      try {
        await approve(await context.newPage(), url, 'dave');
      } finally {
        await context.close();
      }
      // It polls the provider; the approval reaches it within the provider's interval.
      await eventually('plinth login to finish', () => child.exitCode !== null, { timeoutMs: 60_000 });
      expect(await exited, stderr).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      new RegExp(`\\nSigned in to ${api.url.replace(/\./g, '\\.')} as dave \\(context "default"\\)\\.\\n$`),
    );
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    const stored = parse(readFileSync(credentialsFile(), 'utf8')).contexts.default;
    expect(stored).toMatchObject({ kind: 'sso', provider: 'keycloak', issuer: kc.issuer, username: 'dave' });
    expect(stored.refresh_token).toEqual(expect.any(String));
    expect((await m.json(['whoami'])).username).toBe('dave');
  });

  it('renews an expired login token through the provider without asking again', async () => {
    const before = parse(readFileSync(credentialsFile(), 'utf8'));
    before.contexts.default.expires_at = new Date(Date.now() - 60_000).toISOString();
    writeFileSync(credentialsFile(), stringify(before), { mode: 0o600 });
    expect((await m.json(['whoami'])).username).toBe('dave');
    const after = parse(readFileSync(credentialsFile(), 'utf8')).contexts.default;
    expect(after.token).not.toBe(before.contexts.default.token);
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.now());
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
  });

  it("signs out ending Keycloak's session, so the stored refresh token no longer signs anyone in", async () => {
    const kept = readFileSync(credentialsFile(), 'utf8');
    const sessionsBefore = await kc.userSessions('dave');
    expect(sessionsBefore).toBeGreaterThan(0);
    const out = await m.run(['logout']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stderr).toBe(
      'Signed out of context "default" and ended the session at the identity provider, and signed out the login token.\n',
    );
    // The login token the device sign-in gave, not expired yet, is refused too.
    const token = parse(kept).contexts.default.token as string;
    const me = await fetch(`${api.url}/api/v1/users/me/`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    expect(parse(readFileSync(credentialsFile(), 'utf8')).contexts.default).toBeUndefined();
    // Keycloak ended the user's session that the device sign-in made.
    expect(await kc.userSessions('dave')).toBe(sessionsBefore - 1);
    // A copy of the credentials made before the logout: the provider refuses its refresh token.
    const copy = parse(kept);
    copy.contexts.default.expires_at = new Date(Date.now() - 60_000).toISOString();
    writeFileSync(credentialsFile(), stringify(copy), { mode: 0o600 });
    const refused = await m.run(['whoami']);
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'plinth: Your sign-in expired and the identity provider ended its session. Run `plinth login` again.\n',
    );
  });
});
