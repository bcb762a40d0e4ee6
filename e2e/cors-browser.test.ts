import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { startGarageServer, writeGarageStorageConfig } from '../api/src/test/garage-server.ts';
import type { GarageServer } from '../api/src/test/garage-server.ts';
import { preflight } from '../api/src/test/s3.ts';
import { launchChromium, requireChromium } from './chromium.ts';

/**
 * `cors_allow_all` proven where it matters, in a browser: a real API process on PostgreSQL with a
 * real Garage behind its one region, and headless Chromium on a page served from another origin
 * (a port of its own on 127.0.0.1). With the flag on, the page uploads a file with a presigned URL
 * and reads the `ETag` the rule set exposes; with it off, the browser's CORS check stops the same
 * upload before it is sent, and nothing is written (except through a URL the browser preflighted
 * while the flag was on: the last test shows that limit).
 */

const ADMIN_PASSWORD = 'cors-browser-bootstrap-password';
const TOKEN_ENV = 'CORS_BROWSER_GARAGE_ADMIN_TOKEN';

/** The page's own script: `upload` PUTs a file to a presigned URL and reports what the page saw. */
const UPLOAD_JS = `
window.upload = async (url, method, headers, text) => {
  const file = new File([text], 'hello.txt', { type: headers['Content-Type'] || '' });
  try {
    const res = await fetch(url, { method, headers, body: file });
    return { ok: true, status: res.status, etag: res.headers.get('ETag') };
  } catch (err) {
    return { ok: false, error: err.name + ': ' + err.message };
  }
};
`;
const PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>uploader</title><script src="/upload.js"></script></head>
<body><p>A page on another origin than the bucket.</p></body></html>
`;

type UploadResult = { ok: true; status: number; etag: string | null } | { ok: false; error: string };

/** Serves the page and its script at `http://127.0.0.1:<free port>/`. */
async function startPageServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE_HTML);
    } else if (req.url === '/upload.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(UPLOAD_JS);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function ok<T>(call: Promise<{ status: number; body: T }>, what: string, expected = 200): Promise<T> {
  const { status, body } = await call;
  // Bodies are shown only on failure, and the answers carrying secrets never fail here.
  if (status !== expected) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Whether the object is in the bucket: HeadObject with the bucket's own credentials. */
async function exists(s3: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (err) {
    if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return false;
    throw err;
  }
}

describe('cors_allow_all in headless Chromium, on PostgreSQL with Garage', () => {
  let garage: GarageServer;
  let api: ApiProcess;
  let browser: Browser;
  let pageServer: { url: string; server: Server } | undefined;
  let page: Page;
  let s3: S3Client | undefined;
  const work = mkdtempSync(join(tmpdir(), 'plinth-cors-browser-'));
  let token: string;
  let bucket: { id: string; name: string; cors_allow_all: boolean };
  const consoleErrors: string[] = [];

  const call = <T>(method: string, path: string, body?: unknown, expected = 200) =>
    ok<T>(jsonRequest(api.url, method, path, { token, body }), `${method} ${path}`, expected);
  const uploadUrl = (key: string) =>
    call<{ url: string; method: string; headers: Record<string, string> }>(
      'POST',
      `/api/v1/s3/buckets/${bucket.id}/objects/upload-url/`,
      { key, content_type: 'text/plain' },
    );
  /** A fresh presigned URL for `key`, used from the page. */
  async function uploadFromPage(key: string, text: string): Promise<UploadResult> {
    const signed = await uploadUrl(key);
    expect(signed.method).toBe('PUT');
    expect(signed.headers).toEqual({ 'Content-Type': 'text/plain' });
    return uploadWith(signed, text);
  }
  /** The page's `upload` with a presigned upload it is given. */
  const uploadWith = (
    signed: { url: string; method: string; headers: Record<string, string> },
    text: string,
  ) =>
    page.evaluate(
      ([url, method, headers, body]) =>
        (
          globalThis as unknown as {
            upload(u: string, m: string, h: Record<string, string>, t: string): Promise<UploadResult>;
          }
        ).upload(url, method, headers, body),
      [signed.url, signed.method, signed.headers, text] as const,
    );
  const setFlag = async (on: boolean) => {
    const patched = await call<{ cors_allow_all: boolean }>('PATCH', `/api/v1/s3/buckets/${bucket.id}/`, {
      cors_allow_all: on,
    });
    expect(patched.cors_allow_all).toBe(on);
  };

  beforeAll(async () => {
    requireChromium();
    // Each one kept as it starts, so afterAll stops it even when another fails to start.
    const [, , , databaseUrl] = await Promise.all([
      startGarageServer().then((g) => (garage = g)),
      launchChromium().then((b) => (browser = b)),
      startPageServer().then((p) => (pageServer = p)),
      freshDatabaseUrl(),
    ]);
    api = await startApiProcess({
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PLINTH_CONFIG: writeGarageStorageConfig(work, garage, { tokenEnv: TOKEN_ENV }),
      [TOKEN_ENV]: garage.adminToken,
      LOG_LEVEL: 'warn',
    });
    await api.waitReady();

    const login = await ok<{ token: string }>(
      jsonRequest(api.url, 'POST', '/api/login/', { body: { username: 'admin', password: ADMIN_PASSWORD } }),
      'login',
    );
    token = login.token;
    const org = await call<{ id: string }>(
      'POST',
      '/api/v1/organizations/',
      { name: 'Browser Team', slug: 'browser-team' },
      201,
    );
    const workspace = await call<{ id: string }>(
      'POST',
      '/api/v1/workspaces/',
      { organization: org.id, name: 'web', config: { environment: 'development' } },
      201,
    );
    bucket = await call(
      'POST',
      '/api/v1/s3/buckets/',
      {
        name: 'browser-uploads',
        region: garage.region,
        organization: org.id,
        workspace: workspace.id,
        cors_allow_all: true,
      },
      201,
    );
    const creds = await call<{ access_key_id: string; secret_access_key: string }>(
      'GET',
      `/api/v1/s3/buckets/${bucket.id}/credentials/`,
    );
    s3 = new S3Client({
      endpoint: garage.s3Endpoint,
      // Garage refuses signatures naming another region than its own s3_region.
      region: garage.region,
      forcePathStyle: true,
      credentials: { accessKeyId: creds.access_key_id, secretAccessKey: creds.secret_access_key },
    });

    const context = await browser.newContext();
    page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    page.on('console', (m) => {
      // Without the query: a presigned URL is a credential until it expires.
      if (m.type() === 'error') consoleErrors.push(m.text().replace(/\?[^'"\s]*/g, '?…'));
    });
    const res = await page.goto(`${pageServer!.url}/`);
    expect(res?.status()).toBe(200);
    // The page and the bucket are on different origins (ports), so every upload is cross-origin.
    expect(new URL(pageServer!.url).origin).not.toBe(new URL(garage.s3Endpoint).origin);
  }, 180_000);

  afterAll(async () => {
    s3?.destroy();
    await browser?.close();
    await new Promise<void>((resolve) => (pageServer ? pageServer.server.close(() => resolve()) : resolve()));
    await api?.stop('SIGKILL');
    await garage?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('with the flag on, the page uploads a file with a presigned URL and reads the exposed ETag', async () => {
    expect(bucket.cors_allow_all).toBe(true);
    const result = await uploadFromPage('from-the-browser.txt', 'hello from another origin');
    expect(result).toMatchObject({ ok: true, status: 200 });
    const etag = (result as { etag: string | null }).etag;
    // Readable by the page only because the rule set exposes it (Access-Control-Expose-Headers).
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const got = await s3!.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'from-the-browser.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello from another origin');
    expect(got.ContentType).toBe('text/plain');
    expect(got.ETag).toBe(etag);
  });

  it('with the flag cleared, the same upload fails in the browser and writes nothing', async () => {
    await setFlag(false);
    const before = consoleErrors.length;
    const result = await uploadFromPage('refused.txt', 'must not arrive');
    // The preflight is refused, so fetch rejects without a response the page could read.
    expect(result).toEqual({ ok: false, error: 'TypeError: Failed to fetch' });
    expect(await exists(s3!, bucket.name, 'refused.txt')).toBe(false);
    // Chromium says why on the console: the preflight was not answered with an ok status. Garage
    // answers it 403 yet with `Access-Control-Allow-Origin: *` (on every S3 error): the status
    // alone is what the browser refuses.
    await expect
      .poll(() => consoleErrors.slice(before).join('\n'), { timeout: 10_000 })
      .toMatch(/blocked by CORS policy: Response to preflight request .* does not have HTTP ok status/);
    const url = `${garage.s3Endpoint}/${bucket.name}/refused.txt`;
    expect(await preflight(url, pageServer!.url)).toMatchObject({ status: 403, allowOrigin: '*' });

    // The presigned URL itself is fine: outside a browser (no CORS check) it uploads.
    const signed = await uploadUrl('outside-the-browser.txt');
    const direct = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'no browser' });
    expect(direct.status).toBe(200);
    expect(await exists(s3!, bucket.name, 'outside-the-browser.txt')).toBe(true);
  });

  it('with the flag set again, the page uploads again', async () => {
    await setFlag(true);
    const result = await uploadFromPage('again.txt', 'back on');
    expect(result).toMatchObject({ ok: true, status: 200, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(await exists(s3!, bucket.name, 'again.txt')).toBe(true);
  });

  it('a URL the browser preflighted before the flag was cleared is still sent (unreadable) until the cache ends', async () => {
    // Chromium caches a preflight per URL for the rule's MaxAgeSeconds (3600): an upload URL
    // already used with the flag on skips the preflight afterwards. Garage then takes the PUT
    // (the signature is valid) and answers without CORS headers: the page cannot read the
    // answer, but the object is written. Fresh URLs (the normal case) are stopped, as above.
    const signed = await uploadUrl('preflighted.txt');
    expect(await uploadWith(signed, 'first')).toMatchObject({ ok: true, status: 200 });
    await setFlag(false);
    expect(await uploadWith(signed, 'second')).toEqual({ ok: false, error: 'TypeError: Failed to fetch' });
    const got = await s3!.send(new GetObjectCommand({ Bucket: bucket.name, Key: 'preflighted.txt' }));
    expect(await got.Body?.transformToString()).toBe('second');
  });
});
