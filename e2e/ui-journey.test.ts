import { readFile } from 'node:fs/promises';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest } from '../api/src/test/api-process.ts';
import { ADMIN_PASSWORD } from './clients/live-api.ts';
import { BucketName } from '../api/src/areas/buckets/schema.ts';
import '../api/src/core/validation.ts';
import { launchChromium, requireChromium } from './chromium.ts';
import { MEMBER_PASSWORD, signIn, startUiWorld } from './ui-walk.ts';
import type { UiWorld } from './ui-walk.ts';

/** The API's first message for a bucket name: what the page says while it is typed. */
const rule = (name: string) => BucketName.safeParse(name).error?.issues[0]?.message ?? '';

/**
 * The web UI's acceptance journeys in headless Chromium, against a real API process on PostgreSQL
 * with a real MinIO: what a User, an Org Admin and a Super Admin do, each checked from the outside
 * (the API, S3) rather than by the page alone.
 */
describe('the web UI journeys in Chromium, on PostgreSQL with MinIO', () => {
  let w: UiWorld;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    requireChromium();
    [w, browser] = await Promise.all([startUiWorld(), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await w?.live.stop();
  });

  async function as(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    // The copy buttons write to the clipboard; the test reads it back as the user's paste would.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.url });
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    await signIn(page, w.url, username, password);
    return page;
  }

  const api = (method: string, path: string, token: string, body?: unknown) =>
    jsonRequest(w.url, method, path, { token, body });

  it('a User creates a key, copies it, uses it, revokes it, and the next call fails', async () => {
    const page = await as('alice', MEMBER_PASSWORD);
    // A user's keys are under the account menu (not the main navigation).
    await page.locator('header details.account summary').click();
    await page.getByRole('link', { name: 'Your API keys' }).click();
    await page.getByLabel('Name').fill('laptop');
    await page.getByLabel('Expires').selectOption('365');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('button', { name: /^Copy/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Copied/ }).count()).toBe(1);
    const token = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(token).toMatch(/^plu_/);
    expect(token).toBe(await page.locator('#token').inputValue());

    const me = await api('GET', '/api/v1/users/me/', token);
    expect(me).toMatchObject({ status: 200, body: { username: 'alice' } });

    await page.getByRole('link', { name: 'I have copied it' }).click();
    await page
      .getByRole('row', { name: /laptop/ })
      .getByRole('link', { name: /Revoke/ })
      .click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('revoked');
    const after = await api('GET', '/api/v1/users/me/', token);
    expect(after).toMatchObject({ status: 401, body: { code: 'token_revoked' } });
  });

  it('a User creates a bucket, reveals its credentials on the Credentials tab and uploads with them', async () => {
    const page = await as('alice', MEMBER_PASSWORD);
    await page.getByRole('link', { name: 'Buckets', exact: true }).click();
    await page.getByRole('link', { name: /Create a bucket/ }).click();
    // The name is checked as it is typed, with the API's rule.
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Bad_Name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    // Only the rule broken is said, once: an eight-character name with a capital hears about the
    // characters, not the length; submitting it shows that message, not the browser's bubble.
    const live = page.locator('#name-live');
    await name.fill('abcdefgH');
    await expect.poll(() => live.textContent()).toBe(rule('abcdefgH'));
    await page.getByRole('button', { name: /Create/ }).click();
    await expect.poll(() => name.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true);
    expect(page.url()).toBe(`${w.url}/ui/buckets/new/`);
    expect(await live.textContent()).toBe(rule('abcdefgH'));
    const bubble = await page.locator('form[action="/ui/buckets/"]').evaluate((f) => {
      const form = f as unknown as { noValidate: boolean; checkValidity(): boolean };
      return !form.noValidate && !form.checkValidity();
    });
    expect(bubble, "the browser's own validation would show its bubble").toBe(false);
    await name.fill('ab');
    await expect.poll(() => live.textContent()).toBe(rule('ab'));
    await name.fill('alice-uploads');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('false');
    await page.getByRole('button', { name: /Create/ }).click();
    await page.locator('[data-show-once]').waitFor();
    const shown = await page
      .locator('[data-show-once] input[readonly]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    // The .env download holds the same values, ready for an application's environment.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download them as alice-uploads\.env/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alice-uploads.env');
    const env = await readFile(await download.path(), 'utf8');
    for (const value of shown.slice(0, 2)) expect(env).toContain(`=${value}\n`);
    expect(env).toMatch(/^BUCKET_NAME=alice-uploads$/m);
    // Leaving before copying anything asks first; the user copies the secret, then goes on.
    await page.getByRole('button', { name: /^Copy Secret key/ }).click();
    await page.getByRole('link', { name: /saved/ }).click();

    await page.getByRole('link', { name: 'Credentials' }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /Reveal/ }).click();
    const panel = page.locator('[data-autohide]');
    await panel.waitFor();
    const [accessKeyId, secretAccessKey] = await panel
      .locator('input[readonly]')
      .evaluateAll((els) => els.map((e) => (e as unknown as { value: string }).value));
    expect(shown).toEqual(expect.arrayContaining([accessKeyId, secretAccessKey]));

    const bucket = (await api('GET', '/api/v1/s3/buckets/?page_size=100', w.adminToken)).body.results.find(
      (b: { name: string }) => b.name === 'alice-uploads',
    ) as { endpoint: string; name: string };
    const s3 = new S3Client({
      endpoint: bucket.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! },
    });
    const Bucket = bucket.name;
    await s3.send(new PutObjectCommand({ Bucket, Key: 'hello.txt', Body: 'hello from the UI' }));
    const got = await s3.send(new GetObjectCommand({ Bucket, Key: 'hello.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello from the UI');
    s3.destroy();
  });

  it('creating a bucket whose name the workspace has asks the Reveal confirmation before its credentials', async () => {
    const page = await as('bob', MEMBER_PASSWORD);
    await page.goto(`${w.url}/ui/buckets/new/`);
    await page.getByLabel('Name', { exact: true }).fill(w.bucket.name);
    await page.getByRole('button', { name: /Create/ }).click();
    await page.getByRole('heading', { name: `Bucket ${w.bucket.name} already exists` }).waitFor();
    expect(await page.locator('input[readonly]').count()).toBe(0);
    // As on the Credentials tab: nothing is shown until the box is checked.
    await page.getByRole('button', { name: 'Show its credentials' }).click();
    expect(await page.locator('[data-show-once]').count()).toBe(0);
    await page.getByRole('checkbox', { name: /recorded in the audit log/ }).check();
    await page.getByRole('button', { name: 'Show its credentials' }).click();
    await page.locator('#adopted').waitFor();
    expect(await page.locator('#secret_access_key').inputValue()).toMatch(/^[A-Za-z0-9]{40}$/);
    await page.getByRole('button', { name: /^Copy Secret key/ }).click();
    await page.locator('#open-bucket').click();
    await page.waitForURL(`${w.url}/ui/buckets/${w.bucket.id}/`);
  });

  it('an Org Admin creates an organization key on the API Keys tab, and it works', async () => {
    const page = await as('bob', MEMBER_PASSWORD);
    await page.getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('link', { name: w.org.name }).first().click();
    await page.getByRole('link', { name: 'API Keys', exact: true }).click();
    await page.getByLabel('Name').fill('grafana');
    await page.getByRole('button', { name: 'Create key' }).click();
    const token = await page.locator('#token').inputValue();
    expect(token).toMatch(/^plo_/);
    const org = await api('GET', `/api/v1/organizations/${w.org.id}/`, token);
    expect(org).toMatchObject({ status: 200, body: { id: w.org.id } });
  });

  it('a Super Admin creates a system key and reads all of the above in the audit log, with filters', async () => {
    const page = await as('admin', ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Administration' }).click();
    await page
      .getByRole('link', { name: /System API keys/ })
      .first()
      .click();
    await page.waitForURL(`${w.url}/ui/administration/system-api-keys/`);
    await page.getByLabel('Name').fill('platform-automation');
    await page.getByRole('checkbox', { name: 'organizations:read' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const token = await page.locator('#token').inputValue();
    expect(token).toMatch(/^pls_/);
    expect((await api('GET', '/api/v1/organizations/', token)).status).toBe(200);

    await page.goto(`${w.url}/ui/administration/audit-log/`);
    const rows = (event: string) => page.locator('tbody tr').filter({ hasText: event });
    await page.getByLabel('Event').fill('api_key.created');
    await page.getByRole('button', { name: /Filter|Apply|Search/ }).click();
    await expect.poll(() => rows('api_key.created').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('tbody tr').count()).toBe(await rows('api_key.created').count());
    for (const who of ['alice', 'bob', 'admin'])
      expect(await rows('api_key.created').filter({ hasText: who }).count(), who).toBeGreaterThanOrEqual(1);

    await page.getByLabel('Event').fill('');
    await page.getByLabel(/Actor/).fill('alice');
    await page.getByRole('button', { name: /Filter|Apply|Search/ }).click();
    await expect.poll(() => rows('bucket.credentials_revealed').count()).toBe(1);
    for (const event of ['api_key.created', 'api_key.revoked', 'login.succeeded'])
      expect(await rows(event).count(), event).toBeGreaterThanOrEqual(1);
    expect(await page.locator('tbody tr').filter({ hasText: 'bob' }).count()).toBe(0);
  });
});
