import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, requireChromium } from './chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';

/**
 * `/api/docs/` in a real headless Chromium: the page renders the operations of the live schema,
 * and every request it makes goes to the API's own origin (it must work air-gapped).
 */
describe('interactive API docs', () => {
  let api: ApiProcess;
  let dataDir: string;

  beforeAll(async () => {
    requireChromium();
    dataDir = mkdtempSync(join(tmpdir(), 'plinth-docs-'));
    api = await startApiProcess({ PLINTH_DATA_DIR: dataDir });
    await api.waitReady();
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders with no request leaving the machine', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      const failed: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      page.on('requestfailed', (r) => failed.push(r.url()));
      page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));
      await page.goto(`${api.url}/api/docs/`);
      const title = page.locator('.swagger-ui .info .title');
      await title.waitFor({ timeout: 30_000 });
      expect(await title.textContent()).toContain('Plinth API');
      await page.locator('#operations-schema-api_v1_schema_retrieve').waitFor({ timeout: 10_000 });
      const foreign = requested.filter((u) => !u.startsWith(api.url) && !u.startsWith('data:'));
      expect(foreign, `requests to other origins: ${foreign.join(', ')}`).toEqual([]);
      expect(failed, 'failed requests or page errors').toEqual([]);
      expect(requested).toContain(`${api.url}/api/v1/schema/`);
    } finally {
      await browser.close();
    }
  });
});
