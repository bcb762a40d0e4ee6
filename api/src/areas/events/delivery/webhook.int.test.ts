import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../../core/version.ts';
import { freePort } from '../../../test/process.ts';
import { answer, startReceiver } from '../../../test/webhook-receiver.ts';
import type { Receiver } from '../../../test/webhook-receiver.ts';
import { generateSecret } from './signature.ts';
import { postWebhook } from './webhook.ts';
import type { PostWebhookOptions } from './webhook.ts';

const LOOPBACK = ['127.0.0.0/8'];
const body = JSON.stringify({
  labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Info' },
  transaction: '5060e6ff-7d4c-4a36-9d47-2f0c5a3c1b11',
  message: 'Transaction stopped',
});

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
  postWebhook({ url, body, headers: {}, timeoutMs: 5_000, allowPrivate: LOOPBACK, ...more });

describe('postWebhook against real receivers', () => {
  it('delivers the body with our headers, the user’s, and a signature the official package verifies', async () => {
    const r = await receiver(answer(200, { thanks: true }));
    const secret = generateSecret();
    const result = await post(`${r.origin}/hooks/in?tenant=a`, {
      headers: { Authorization: 'Bearer token-1', 'X-Tenant': 'acme' },
      signing: { id: 'evt_01', secrets: [secret] },
    });
    expect(result).toMatchObject({ ok: true, status: 200, error: null, gone: false, retryable: false });
    expect(result.excerpt).toBe('{"thanks":true}');
    expect(r.requests).toHaveLength(1);
    const [got] = r.requests;
    expect(got).toMatchObject({ method: 'POST', url: '/hooks/in?tenant=a', body });
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': `Plinth-Webhooks/${API_VERSION}`,
      host: `127.0.0.1:${r.port}`,
      authorization: 'Bearer token-1',
      'x-tenant': 'acme',
      'webhook-id': 'evt_01',
    });
    const headers = got!.headers as Record<string, string>;
    expect(new Webhook(secret).verify(got!.body, headers)).toEqual(JSON.parse(body));
  });

  it('sends the webhook id and timestamp but no signature without secrets, and nothing without signing', async () => {
    const r = await receiver(answer(204, ''));
    expect(await post(r.origin, { signing: { id: 'evt_02', secrets: [] } })).toMatchObject({
      ok: true,
      status: 204,
    });
    expect(await post(r.origin)).toMatchObject({ ok: true });
    expect(r.requests[0]!.headers).toMatchObject({ 'webhook-id': 'evt_02' });
    expect(r.requests[0]!.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(r.requests[0]!.headers).not.toHaveProperty('webhook-signature');
    expect(Object.keys(r.requests[1]!.headers).filter((h) => h.startsWith('webhook-'))).toEqual([]);
  });

  it('takes 500 as a failure worth retrying, with the answer’s start', async () => {
    const r = await receiver(answer(500, 'database down', { 'content-type': 'text/plain' }));
    expect(await post(r.origin)).toMatchObject({
      ok: false,
      status: 500,
      error: 'answered 500',
      excerpt: 'database down',
      gone: false,
      retryable: true,
    });
  });

  it('takes 410 as gone: not retryable', async () => {
    const r = await receiver(answer(410, { error: 'unsubscribed' }));
    expect(await post(r.origin)).toMatchObject({ ok: false, status: 410, gone: true, retryable: false });
  });

  it('retries 4xx too, as Svix does', async () => {
    const r = await receiver(answer(404));
    expect(await post(r.origin)).toMatchObject({
      ok: false,
      status: 404,
      error: 'answered 404',
      retryable: true,
    });
  });

  it('gives up on a receiver that never answers at the timeout, which bounds the attempt', async () => {
    const r = await receiver(() => {});
    const result = await post(r.origin, { timeoutMs: 400 });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: 'timed out after 400ms',
      retryable: true,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(390);
    expect(result.durationMs).toBeLessThan(1_400);
    expect(r.requests).toHaveLength(1);
  });

  it('keeps the status of an answer whose body stalls, and what came before the timeout', async () => {
    const r = await receiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('accepted, ');
    });
    const result = await post(r.origin, { timeoutMs: 400 });
    expect(result).toMatchObject({ ok: true, status: 200, excerpt: 'accepted, ', error: null });
    expect(result.durationMs).toBeLessThan(1_400);
  });

  it('reads no more than 2048 bytes of a big answer and hangs up on the rest', async () => {
    const finished = Promise.withResolvers<boolean>();
    const r = await receiver((_request, response) => {
      response.on('close', () => finished.resolve(response.writableFinished));
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('x'.repeat(32 * 1024 * 1024));
    });
    const result = await post(r.origin);
    expect(result).toMatchObject({ ok: false, status: 500, retryable: true });
    expect(Buffer.byteLength(result.excerpt)).toBe(2048);
    expect(result.excerpt).toBe('x'.repeat(2048));
    expect(await finished.promise, 'the receiver could send all 32 MB').toBe(false);
  });

  it('names a connection refused', async () => {
    const port = await freePort();
    expect(await post(`http://127.0.0.1:${port}/`)).toMatchObject({
      ok: false,
      status: null,
      error: 'connection refused',
      retryable: true,
    });
  });

  it('drops user headers that would override ours, and values that would inject headers', async () => {
    const r = await receiver(answer(200));
    const secret = generateSecret();
    const result = await post(r.origin, {
      signing: { id: 'evt_03', secrets: [secret] },
      headers: {
        'Content-Type': 'text/plain',
        'webhook-signature': 'v1,forged',
        'WEBHOOK-ID': 'evt_forged',
        Host: 'evil.example',
        'Content-Length': '1',
        'X-Injected': 'a\r\nX-Evil: 1',
        'X-Kept': 'yes',
      },
    });
    expect(result).toMatchObject({ ok: true });
    const got = r.requests[0]!.headers;
    expect(got['content-type']).toBe('application/json');
    expect(got['webhook-id']).toBe('evt_03');
    expect(got['webhook-signature']).not.toContain('forged');
    expect(got.host).toBe(`127.0.0.1:${r.port}`);
    expect(got['x-kept']).toBe('yes');
    expect(got).not.toHaveProperty('x-injected');
    expect(got).not.toHaveProperty('x-evil');
    expect(new Webhook(secret).verify(r.requests[0]!.body, got as Record<string, string>)).toBeTruthy();
  });

  it('refuses a malformed URL without a request', async () => {
    expect(await post('not a url')).toMatchObject({
      ok: false,
      error: 'the URL is not valid',
      retryable: false,
    });
  });

  it('throws for options that are a caller’s bug', async () => {
    await expect(post('http://127.0.0.1:9/', { allowPrivate: ['10/8'] })).rejects.toThrow(
      /not an address range/,
    );
    await expect(post('http://127.0.0.1:9/', { timeoutMs: 0 })).rejects.toThrow(/timeoutMs/);
    await expect(post('http://127.0.0.1:9/', { maxRedirects: -1 })).rejects.toThrow(/maxRedirects/);
    await expect(post('http://127.0.0.1:9/', { signing: { id: 'e', secrets: ['bad'] } })).rejects.toThrow(
      /secret 1/,
    );
  });
});
