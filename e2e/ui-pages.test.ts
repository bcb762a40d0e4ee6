import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launchChromium, requireChromium } from './chromium.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../api/src/test/api-process.ts';
import { startUiWorld, walkEveryPage } from './ui-walk.ts';
import type { UiWorld } from './ui-walk.ts';

/**
 * The web UI's pages in a real headless Chromium, at desktop and phone widths: axe-core finds no
 * serious or critical accessibility violation on any of them, the strict Content-Security-Policy
 * reports no violation, every request stays on the API's own origin (air-gapped clusters), and the
 * narrow layout has no horizontal scrolling. With UI_SCREENSHOTS_DIR set (`npm run ui:screenshots`)
 * every page is also saved as a PNG at both widths.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } } as const;
const SHOTS = process.env.UI_SCREENSHOTS_DIR ? join(REPO_ROOT, process.env.UI_SCREENSHOTS_DIR) : null;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describe('the web UI pages in Chromium', () => {
  let w: UiWorld;
  let browser: Browser;

  beforeAll(async () => {
    requireChromium();
    [w, browser] = await Promise.all([startUiWorld(), launchChromium()]);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.live.stop();
  });

  it.each(Object.entries(VIEWPORTS))(
    'has no serious accessibility violation on any page (%s)',
    { timeout: 300_000 },
    async (label, viewport) => {
      // axe is injected as a script of the test's own, which the pages' CSP would (rightly) refuse.
      const context = await browser.newContext({ viewport, bypassCSP: true });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        let n = 0;
        await walkEveryPage(page, w, async (name) => {
          if (SHOTS)
            await page.screenshot({
              path: join(SHOTS, `${String(++n).padStart(2, '0')}-${name.replaceAll(' ', '-')}-${label}.png`),
              fullPage: true,
            });
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

  it('keeps to its Content-Security-Policy and its own origin', { timeout: 300_000 }, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const foreign: string[] = [];
      const violations: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(w.url)) foreign.push(r.url());
      });
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      page.on('pageerror', (e) => violations.push(e.message));
      const csps = new Set<string>();
      page.on('response', (r) => {
        if (r.url().startsWith(`${w.url}/ui/`) && r.headers()['content-type']?.startsWith('text/html'))
          csps.add(r.headers()['content-security-policy'] ?? 'none');
      });
      await walkEveryPage(page, w, () => Promise.resolve());
      expect(foreign).toEqual([]);
      expect(violations).toEqual([]);
      expect([...csps]).toEqual([expect.stringContaining("default-src 'none'")]);
      expect([...csps][0]).not.toContain('unsafe-inline');
    } finally {
      await context.close();
    }
  });
});
