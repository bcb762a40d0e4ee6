import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, requireChromium } from './chromium.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';

/**
 * The web UI's pages in a real headless Chromium, at desktop and phone widths: axe-core finds no
 * serious or critical accessibility violation on any of them, the strict Content-Security-Policy
 * reports no violation, every request stays on the API's own origin (air-gapped clusters), and the
 * narrow layout has no horizontal scrolling.
 */

const ADMIN_PASSWORD = 'ui-pages-admin-password';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } } as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('the web UI pages in Chromium', () => {
  let api: ApiProcess;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    requireChromium();
    dataDir = mkdtempSync(join(tmpdir(), 'plinth-ui-'));
    api = await startApiProcess({
      PLINTH_DATA_DIR: dataDir,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    [browser] = await Promise.all([launchChromium(), api.waitReady()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every page a signed-in user reaches today, each visited by `visit`. */
  async function walk(page: Page, visit: (name: string) => Promise<void>) {
    await page.goto(`${api.url}/ui/login/`);
    await visit('sign-in');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid username or password');
    await visit('sign-in with an error');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${api.url}/ui/`);
    await visit('home');
    await page.getByRole('link', { name: 'API keys' }).click();
    await visit('API keys');
    await page.getByLabel('Name').fill(`key-${Date.now()}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#token').waitFor();
    await visit('key shown once');
    await page.getByRole('link', { name: 'I have copied it' }).click();
    await page
      .getByRole('link', { name: /Revoke/ })
      .first()
      .click();
    await visit('revoke confirmation');
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await page.getByRole('status').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/ui\/login\/\?signed_out=1$/);
    await visit('signed out');
  }

  it.each(Object.entries(VIEWPORTS))(
    'has no serious accessibility violation on any page (%s)',
    async (_, viewport) => {
      // axe is injected as a script of the test's own, which the pages' CSP would (rightly) refuse.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        await walk(page, async (name) => {
          await page.addScriptTag({ content: AXE });
          const violations = await page.evaluate(async () => {
            const axe = (
              globalThis as unknown as {
                axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> };
              }
            ).axe;
            return (await axe.run({ resultTypes: ['violations'] })).violations;
          });
          for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
            problems.push(
              `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
            );
          const overflow = await page.evaluate(() => {
            const g = globalThis as unknown as {
              document: { documentElement: { scrollWidth: number } };
              innerWidth: number;
            };
            return g.document.documentElement.scrollWidth - g.innerWidth;
          });
          if (overflow > 0)
            problems.push(`${name}: ${overflow}px wider than the ${viewport.width}px viewport`);
        });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('keeps to its Content-Security-Policy and its own origin', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const foreign: string[] = [];
      const violations: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(api.url)) foreign.push(r.url());
      });
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      page.on('pageerror', (e) => violations.push(e.message));
      const csps = new Set<string>();
      page.on('response', (r) => {
        if (r.url().startsWith(`${api.url}/ui/`) && r.headers()['content-type']?.startsWith('text/html'))
          csps.add(r.headers()['content-security-policy'] ?? 'none');
      });
      await walk(page, () => Promise.resolve());
      expect(foreign).toEqual([]);
      expect(violations).toEqual([]);
      expect([...csps]).toEqual([expect.stringContaining("default-src 'none'")]);
      expect([...csps][0]).not.toContain('unsafe-inline');
    } finally {
      await context.close();
    }
  });
});
