import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserCreateSchema } from '../api/src/areas/users/schema.ts';
import { CONFIRM_REVEAL } from '../api/src/areas/buckets/pages/create.ts';
import '../api/src/core/validation.ts';
import { launchChromium, requireChromium } from './chromium.ts';
import { ADMIN_PASSWORD } from './clients/live-api.ts';
import { signIn, startUiWorld } from './ui-walk.ts';
import type { UiWorld } from './ui-walk.ts';

/**
 * Fields with rules in Chromium (issue 33: "say only the rule that is broken, once"): the page
 * says the one broken rule beside the field, the browser's own bubble never shows (the form has
 * novalidate and the field no native constraint to complain about), and without script the
 * server says the same.
 */

/** The API's first message for a password: what the page says. */
const passwordRule = (value: string) =>
  UserCreateSchema.shape.password.safeParse(value).error?.issues[0]?.message ?? '';

describe('field rules in Chromium', () => {
  let w: UiWorld;
  let browser: Browser;

  beforeAll(async () => {
    requireChromium();
    [w, browser] = await Promise.all([startUiWorld(), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await w?.live.stop();
  });

  async function admin(javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await signIn(page, w.url, 'admin', ADMIN_PASSWORD);
    return page;
  }

  /** What the browser itself would say of a field (its bubble's text), and whether its form checks. */
  const native = (page: Page, id: string) =>
    page.locator(`#${id}`).evaluate((el) => {
      const input = el as unknown as { validationMessage: string; form: { noValidate: boolean } };
      return { message: input.validationMessage, novalidate: input.form.noValidate };
    });

  it('says only the length rule of a too-short password, as typed and on submit, with no bubble', async () => {
    const page = await admin();
    await page.goto(`${w.url}/ui/administration/users/`);
    await page.getByLabel('Username').fill('carol');
    await page.locator('#password').pressSequentially('short');
    const said = passwordRule('short');
    expect(said).toMatch(/12/);
    await expect.poll(() => page.locator('#password-live').textContent()).toBe(said);
    expect(await native(page, 'password')).toEqual({ message: '', novalidate: true });

    await page.getByRole('button', { name: 'Create the user' }).click();
    // Not sent: the same page, the one rule said once, the field marked and focused.
    expect(page.url()).toBe(`${w.url}/ui/administration/users/`);
    const errors = await page.locator('form .error:visible').allTextContents();
    expect(errors.map((t) => t.trim()).filter(Boolean)).toEqual([said]);
    expect(await page.locator('#password').getAttribute('aria-invalid')).toBe('true');
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement
            .id,
      ),
    ).toBe('password');

    await page.locator('#password').pressSequentially('-and-long-enough');
    await expect.poll(() => page.locator('#password-live').textContent()).toBe('');
    expect(await page.locator('#password').getAttribute('aria-invalid')).toBe('false');
  });

  it('says the same rule from the server without script', async () => {
    const page = await admin(false);
    await page.goto(`${w.url}/ui/administration/users/`);
    await page.getByLabel('Username').fill('dave');
    await page.locator('#password').fill('short');
    await page.getByRole('button', { name: 'Create the user' }).click();
    await page.locator('#password-error').waitFor();
    expect((await page.locator('#password-error').textContent())?.trim()).toBe(passwordRule('short'));
    expect(await native(page, 'password')).toEqual({ message: '', novalidate: true });
  });

  it("says the Reveal confirmation's one sentence when its box is not checked, with no bubble", async () => {
    const page = await admin();
    await page.goto(`${w.url}/ui/buckets/${w.bucket.id}/credentials/`);
    expect(await native(page, 'confirm')).toEqual({ message: '', novalidate: true });
    await page.getByRole('button', { name: 'Reveal credentials' }).click();
    expect(page.url()).toBe(`${w.url}/ui/buckets/${w.bucket.id}/credentials/`);
    await expect.poll(() => page.locator('#confirm-live').textContent()).toBe(CONFIRM_REVEAL);
    expect(await page.locator('#confirm').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('I understand this reveal is recorded in the audit log').check();
    await expect.poll(() => page.locator('#confirm-live').textContent()).toBe('');
  });
});
