import { launchChromium, requireChromium } from './chromium.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest } from '../api/src/test/api-process.ts';
import { ADMIN_PASSWORD } from './clients/live-api.ts';
import { signIn, startUiWorld } from './ui-walk.ts';
import type { UiWorld } from './ui-walk.ts';

/**
 * The lists on a phone (375 px): each list's primary figures and actions are on screen without
 * scrolling sideways (the page is no wider than the screen and each cell lies inside it), and the
 * header leaves room for the content.
 */

const PHONE = { width: 375, height: 740 };

/** Each list, its table, and the columns (header labels) and row links that must be visible. */
const LISTS = (w: UiWorld) =>
  [
    {
      name: 'buckets',
      path: '/ui/buckets/',
      table: 'buckets',
      columns: ['Name', 'Occupancy', 'Objects', 'Status'],
    },
    {
      name: 'your API keys',
      path: '/ui/accounts/api-keys/',
      table: 'keys',
      columns: ['Scopes', 'Expires', 'Last used'],
      links: ['Revoke'],
    },
    {
      name: 'organization API keys',
      path: `/ui/organizations/${w.org.id}/api-keys/`,
      table: 'keys',
      columns: ['Scopes', 'Expires', 'Last used'],
      links: ['Revoke'],
    },
    {
      name: 'system API keys',
      path: '/ui/administration/system-api-keys/',
      table: 'keys',
      columns: ['Scopes', 'Expires', 'Last used'],
      links: ['Revoke'],
    },
    {
      name: 'audit log',
      path: '/ui/administration/audit-log/',
      table: 'entries',
      columns: ['Event', 'Time (UTC)', 'Details'],
    },
    {
      name: 'organization audit log',
      path: `/ui/organizations/${w.org.id}/audit/`,
      table: 'entries',
      columns: ['Event', 'Time (UTC)', 'Details'],
    },
  ] as const;

interface Box {
  what: string;
  left: number;
  right: number;
  width: number;
}

/** An element as the page's script sees it (this project's types have no DOM). */
interface El {
  readonly textContent: string;
  readonly children: ArrayLike<El>;
  readonly firstElementChild: El | null;
  querySelector(s: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
  getBoundingClientRect(): { left: number; right: number; width: number };
}

/** The first row's cells under `columns` and its links named `links`, with their boxes. */
function boxesOf(page: Page, table: string, columns: readonly string[], links: readonly string[]) {
  return page.evaluate(
    ({ table, columns, links }) => {
      const d = (globalThis as unknown as { document: { getElementById(id: string): El | null } }).document;
      const t = d.getElementById(table);
      if (!t) return { error: `no table #${table}` };
      const heads = Array.from(t.querySelectorAll('thead th'), (th) => th.textContent.trim());
      const row = t.querySelector('tbody tr');
      if (!row) return { error: `no row in #${table}` };
      const cells = Array.from(row.children);
      const box = (what: string, el: El): Box => {
        const r = el.getBoundingClientRect();
        return { what, left: r.left, right: r.right, width: r.width };
      };
      const boxes: Box[] = [];
      for (const c of columns) {
        const cell = cells[heads.indexOf(c)];
        if (!cell) return { error: `no column ${c} in #${table} (${heads.join(', ')})` };
        // The cell's content, not the cell: it is the figure that must be on screen.
        boxes.push(box(c, cell.firstElementChild ?? cell));
      }
      for (const l of links) {
        const a = Array.from(row.querySelectorAll('a')).find((x) => x.textContent.trim().startsWith(l));
        if (!a) return { error: `no link ${l} in #${table}` };
        boxes.push(box(l, a));
      }
      return { boxes };
    },
    { table, columns, links },
  ) as Promise<{ error?: string; boxes?: Box[] }>;
}

/** How far the page, and the box holding table `id`, scroll sideways (0: they fit the screen). */
function sideways(page: Page, id: string) {
  return page.evaluate((id) => {
    const g = globalThis as unknown as {
      document: {
        scrollingElement: { scrollWidth: number };
        getElementById(
          id: string,
        ): { closest(s: string): { scrollWidth: number; clientWidth: number } | null } | null;
      };
      innerWidth: number;
    };
    const box = g.document.getElementById(id)?.closest('.scroll');
    return {
      page: g.document.scrollingElement.scrollWidth - g.innerWidth,
      table: box ? box.scrollWidth - box.clientWidth : -1,
    };
  }, id);
}

/** Cells of table `id` whose content is taller than both the row's event and its details. */
function tallerCells(page: Page, id: string) {
  return page.evaluate((id) => {
    type Cell = { textContent: string; getBoundingClientRect(): { height: number } };
    const d = (
      globalThis as unknown as {
        document: {
          querySelectorAll(s: string): ArrayLike<{ children: ArrayLike<Cell> }>;
          createRange(): { selectNodeContents(n: Cell): void; getBoundingClientRect(): { height: number } };
        };
      }
    ).document;
    const heads = Array.from(d.querySelectorAll(`#${id} thead th`), (th) =>
      (th as unknown as Cell).textContent.trim(),
    );
    const content = (c: Cell) => {
      const r = d.createRange();
      r.selectNodeContents(c);
      return r.getBoundingClientRect().height;
    };
    const out: string[] = [];
    for (const row of Array.from(d.querySelectorAll(`#${id} tbody tr`))) {
      const cells = Array.from(row.children);
      const allowed = Math.max(
        content(cells[heads.indexOf('Event')]!),
        content(cells[heads.indexOf('Details')]!),
      );
      cells.forEach((c, i) => {
        if (content(c) > allowed + 1) out.push(`${heads[i]}: ${c.textContent.trim()}`);
      });
    }
    return out;
  }, id);
}

const DESKTOP = { width: 1280, height: 800 };

describe('the web UI on a phone', () => {
  let w: UiWorld;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    requireChromium();
    [w, browser] = await Promise.all([startUiWorld(), launchChromium()]);
    // A key of each owner, so every key list has a row with its Revoke link.
    for (const base of [
      '/api/v1/users/me/api-keys/',
      `/api/v1/organizations/${w.org.id}/api-keys/`,
      '/api/v1/system-api-keys/',
    ]) {
      const res = await jsonRequest(w.url, 'POST', base, {
        token: w.adminToken,
        body: { name: 'phone-key', scopes: ['buckets:read'], expires_at: '2099-01-01T00:00:00Z' },
      });
      expect(res.status, base).toBe(201);
    }
    context = await browser.newContext({ viewport: PHONE });
    page = await context.newPage();
    await signIn(page, w.url, 'admin', ADMIN_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await w?.live.stop();
  });

  it('keeps the header compact', async () => {
    await page.goto(`${w.url}/ui/buckets/`);
    const height = await page.locator('body > header').evaluate((h) => h.getBoundingClientRect().height);
    console.log(`header height at ${PHONE.width}px: ${height}px`);
    expect(height).toBeLessThanOrEqual(110);
  });

  it.each([
    'buckets',
    'your API keys',
    'organization API keys',
    'system API keys',
    'audit log',
    'organization audit log',
  ])(
    'shows the primary figures and actions of the %s list without scrolling sideways',
    { timeout: 60_000 },
    async (name) => {
      const list = LISTS(w).find((l) => l.name === name)!;
      const res = await page.goto(`${w.url}${list.path}`);
      expect(res?.status()).toBe(200);
      const overflow = await sideways(page, list.table);
      expect(overflow.page, 'the page is wider than the screen').toBeLessThanOrEqual(0);
      expect(overflow.table, 'the table scrolls sideways').toBe(0);
      const found = await boxesOf(page, list.table, list.columns, 'links' in list ? list.links : []);
      expect(found.error).toBeUndefined();
      const outside = found.boxes!.filter((b) => b.width <= 0 || b.left < 0 || b.right > PHONE.width + 0.5);
      expect(
        outside.map((b) => `${b.what} at ${Math.round(b.left)}–${Math.round(b.right)}px`),
        `${name}: outside the ${PHONE.width}px screen`,
      ).toEqual([]);
    },
  );

  // The audit log's seven kinds of facts fit a laptop's screen too: no box scrolling sideways.
  it.each(['audit log', 'organization audit log'])(
    'fits the %s in a 1280 px screen without scrolling sideways',
    { timeout: 60_000 },
    async (name) => {
      const list = LISTS(w).find((l) => l.name === name)!;
      const wide = await browser.newContext({ viewport: DESKTOP });
      try {
        const desk = await wide.newPage();
        await signIn(desk, w.url, 'admin', ADMIN_PASSWORD);
        expect((await desk.goto(`${w.url}${list.path}`))?.status()).toBe(200);
        expect(await desk.locator(`#${list.table} tbody tr`).count()).toBeGreaterThan(0);
        expect(await sideways(desk, list.table)).toEqual({ page: 0, table: 0 });
        // No cell but the event and its details makes a row taller (the request ID did, in three lines).
        expect(await tallerCells(desk, list.table)).toEqual([]);
      } finally {
        await wide.close();
      }
    },
  );
});
