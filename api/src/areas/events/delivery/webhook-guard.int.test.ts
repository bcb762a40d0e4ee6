import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPki, issueCertificate } from '../../../../../operator/src/test/pki.ts';
import type { CertPair, Pki } from '../../../../../operator/src/test/pki.ts';
import { answer, startReceiver } from '../../../test/webhook-receiver.ts';
import type { Receiver } from '../../../test/webhook-receiver.ts';
import { generateSecret } from './signature.ts';
import { postWebhook } from './webhook.ts';
import type { PostWebhookOptions } from './webhook.ts';

const body = '{"transaction":"5060e6ff-7d4c-4a36-9d47-2f0c5a3c1b11"}';

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const post = (url: string, more: Partial<PostWebhookOptions> = {}) =>
  postWebhook({ url, body, headers: {}, timeoutMs: 5_000, allowPrivate: ['127.0.0.0/8'], ...more });

/** A resolver that puts every name on 127.0.0.1. */
const toLoopback = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

const redirectTo =
  (location: () => string, status = 307) =>
  (_request: unknown, response: ServerResponse) => {
    response.writeHead(status, { location: location() });
    response.end();
  };

describe('the guard in front of postWebhook', () => {
  it('refuses private and loopback receivers in every spelling, without connecting', async () => {
    // Listening on :: takes IPv4 and IPv6 loopback alike, so any connection would be counted.
    const r = await receiver(answer(200), { host: '::' });
    const urls = [
      `http://127.0.0.1:${r.port}/`,
      `http://localhost:${r.port}/`,
      `http://[::1]:${r.port}/`,
      `http://[::ffff:127.0.0.1]:${r.port}/`,
      `http://2130706433:${r.port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const url of urls) {
      const result = await post(url, { allowPrivate: [] });
      expect(result, url).toMatchObject({ ok: false, status: null, retryable: false });
      expect(result.error, url).toMatch(/^refused: .*(loopback|link-local)/);
    }
    expect(r.requests).toHaveLength(0);
    const metadata = await post('http://169.254.169.254/', { allowPrivate: [] });
    expect(metadata.error).toBe('refused: 169.254.169.254 is a link-local address (cloud metadata)');
    const named = await post(`http://localhost:${r.port}/`, {
      allowPrivate: [],
      lookup: toLoopback,
    });
    expect(named.error).toBe('refused: localhost resolves to 127.0.0.1, a loopback address');
  });

  it('refuses other schemes and credentials in the URL, without quoting them', async () => {
    expect((await post('file:///etc/passwd')).error).toBe(
      'refused: the scheme file: is not allowed; use http or https',
    );
    const r = await receiver(answer(200));
    const result = await post(`http://user:hunter2@127.0.0.1:${r.port}/`);
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(result.error).toMatch(/carries credentials/);
    expect(result.error).not.toContain('hunter2');
    expect(r.requests).toHaveLength(0);
  });

  it('connects to the address it checked, keeping the URL’s host in the Host header', async () => {
    const r = await receiver(answer(200));
    const asked: string[] = [];
    const result = await post(`http://receiver.test:${r.port}/in`, {
      allowPrivate: ['127.0.0.1/32'],
      lookup: (host) => {
        asked.push(host);
        // A rebinding resolver: checked once as 127.0.0.1, anything later would be elsewhere.
        return Promise.resolve([{ address: asked.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }]);
      },
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(asked).toEqual(['receiver.test']);
    expect(r.requests[0]!.headers.host).toBe(`receiver.test:${r.port}`);
  });
});

describe('redirects', () => {
  it('follows a 307 to another receiver with the same body and signature, but not the user’s headers', async () => {
    const target = await receiver(answer(200, { final: true }));
    const first = await receiver(redirectTo(() => `${target.origin}/moved`));
    const secret = generateSecret();
    const result = await post(`${first.origin}/in`, {
      headers: { Authorization: 'Bearer for-the-first-origin-only' },
      signing: { id: 'evt_r1', secrets: [secret] },
    });
    expect(result).toMatchObject({ ok: true, status: 200, excerpt: '{"final":true}' });
    expect(first.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(1);
    const [moved] = target.requests;
    expect(moved).toMatchObject({ method: 'POST', url: '/moved', body });
    expect(moved!.headers).not.toHaveProperty('authorization');
    expect(moved!.headers.host).toBe(`127.0.0.1:${target.port}`);
    expect(moved!.headers['webhook-signature']).toBe(first.requests[0]!.headers['webhook-signature']);
    expect(new Webhook(secret).verify(moved!.body, moved!.headers as Record<string, string>)).toBeTruthy();
  });

  it('keeps the user’s headers on a redirect within the same origin, for every redirect status', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const r = await receiver((request, response) => {
        if (request.url === '/old') redirectTo(() => '/new', status)(request, response);
        else answer(200)(request, response);
      });
      const result = await post(`${r.origin}/old`, { headers: { 'X-Token': 't' } });
      expect(result, String(status)).toMatchObject({ ok: true, status: 200 });
      expect(r.requests.map((q) => [q.method, q.url, q.headers['x-token'], q.body])).toEqual([
        ['POST', '/old', 't', body],
        ['POST', '/new', 't', body],
      ]);
    }
  });

  it('checks each hop: a receiver cannot redirect into an address that is not allowed', async () => {
    const inner = await receiver(answer(200), { host: '127.0.0.2' });
    const outer = await receiver(redirectTo(() => `${inner.origin}/`));
    const result = await post(outer.origin, { allowPrivate: ['127.0.0.1/32'] });
    expect(result).toMatchObject({ ok: false, status: null, retryable: false });
    expect(result.error).toBe(
      `refused: redirected to 127.0.0.2:${inner.port}; 127.0.0.2 is a loopback address`,
    );
    expect(outer.requests).toHaveLength(1);
    expect(inner.requests).toHaveLength(0);
    // The same redirect goes through once the administrator allows it.
    expect(await post(outer.origin, { allowPrivate: ['127.0.0.1/32', '127.0.0.2/32'] })).toMatchObject({
      ok: true,
    });
  });

  it('stops after maxRedirects and does not retry a loop', async () => {
    const r = await receiver(redirectTo(() => '/again', 302));
    const result = await post(r.origin);
    expect(result).toMatchObject({
      ok: false,
      status: 302,
      error: 'too many redirects (more than 3)',
      retryable: false,
    });
    expect(r.requests).toHaveLength(4);
    expect(await post(r.origin, { maxRedirects: 0 })).toMatchObject({ status: 302, retryable: false });
    expect(r.requests).toHaveLength(5);
  });

  it('takes a redirect without a Location as the answer it is', async () => {
    const r = await receiver(answer(302, ''));
    expect(await post(r.origin)).toMatchObject({
      ok: false,
      status: 302,
      error: 'answered 302',
      retryable: true,
    });
  });
});

describe('https, pinned', () => {
  let dir: string;
  let pki: Pki;
  let cert: CertPair;
  let caPem: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-webhook-tls-'));
    pki = await createPki(dir);
    cert = await issueCertificate(pki, {
      name: 'receiver',
      commonName: 'receiver.test',
      usage: 'server',
      altNames: ['DNS:receiver.test'],
    });
    caPem = await readFile(pki.caCert, 'utf8');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the URL’s host as SNI and Host while connecting to the checked address', async () => {
    const r = await receiver(answer(200), { tls: { key: cert.keyPem, cert: cert.certPem } });
    const lookup = toLoopback;
    const url = `https://receiver.test:${r.port}/in`;
    const result = await post(url, { lookup, allowPrivate: ['127.0.0.1/32'], ca: caPem });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(r.requests[0]).toMatchObject({ servername: 'receiver.test' });
    expect(r.requests[0]!.headers.host).toBe(`receiver.test:${r.port}`);

    // Without the CA, or under a name the certificate does not hold, TLS refuses.
    const untrusted = await post(url, { lookup, allowPrivate: ['127.0.0.1/32'] });
    expect(untrusted).toMatchObject({ ok: false, status: null, retryable: true });
    expect(untrusted.error).toMatch(/^TLS failed \(/);
    const wrongName = await post(`https://other.test:${r.port}/`, {
      lookup,
      allowPrivate: ['127.0.0.1/32'],
      ca: caPem,
    });
    expect(wrongName.error).toBe('TLS failed (ERR_TLS_CERT_ALTNAME_INVALID)');
    expect(r.requests).toHaveLength(1);
  });

  it('refuses a redirect from https down to http', async () => {
    const plain = await receiver(answer(200));
    const r = await receiver(
      redirectTo(() => `http://receiver.test:${plain.port}/`),
      {
        tls: { key: cert.keyPem, cert: cert.certPem },
      },
    );
    const lookup = toLoopback;
    const result = await post(`https://receiver.test:${r.port}/`, { lookup, ca: caPem });
    expect(result).toMatchObject({ ok: false, status: 307, retryable: false });
    expect(result.error).toBe(`refused: redirected from https to http (receiver.test:${plain.port})`);
    expect(plain.requests).toHaveLength(0);
  });
});
