import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  OpenAPI,
  apiV1WorkspacesList,
  createPlinthClient,
} from '../../clients/typescript/src/index.ts';
import type { ClientOptions, RequestOutcome } from '../../clients/typescript/src/index.ts';

/** `createPlinthClient`: a configuration per instance, its hooks, deadline and retries. */
describe('a TypeScript client instance', () => {
  const PAGE = { count: 0, next: null, previous: null, results: [] };
  const sent: { url: string; headers: Record<string, string>; method: string }[] = [];
  /** A fetch that records each request and answers from `answers` in order. */
  const recording =
    (...answers: (() => Response)[]): typeof fetch =>
    (url, init) => {
      sent.push({
        url: (url as URL).href,
        headers: init?.headers as Record<string, string>,
        method: init?.method ?? 'GET',
      });
      return Promise.resolve(answers.shift()!());
    };
  const json =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
  const client = (f: typeof fetch, extra: Partial<ClientOptions> = {}) =>
    createPlinthClient({ baseUrl: 'https://a.example/', token: 'tok-a', fetch: f, ...extra });

  let server: Server;
  let stalled: string;
  beforeAll(async () => {
    // Headers and half a body, then nothing: only a deadline ends the read.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"count":');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stalled = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends with its own base URL, token and headers, and leaves the global configuration alone', async () => {
    sent.length = 0;
    OpenAPI.BASE = 'https://global.example';
    OpenAPI.TOKEN = 'global';
    OpenAPI.FETCH = recording(json(200, PAGE));
    const a = client(recording(json(200, PAGE)), { headers: { 'X-Trace': '1' } });
    const b = client(recording(json(200, PAGE)), {
      baseUrl: 'https://b.example',
      token: () => Promise.resolve('tok-b'),
    });
    await a.apiV1WorkspacesList({ pageSize: 5 });
    await b.apiV1WorkspacesList();
    await apiV1WorkspacesList();
    expect(sent.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ['https://a.example/api/v1/workspaces/?page_size=5', 'Bearer tok-a'],
      ['https://b.example/api/v1/workspaces/', 'Bearer tok-b'],
      ['https://global.example/api/v1/workspaces/', 'Bearer global'],
    ]);
    expect(sent[0]!.headers['X-Trace']).toBe('1');
    OpenAPI.FETCH = undefined;
  });

  it('awaits onRequest before sending; what it throws is the rejection, and nothing is sent', async () => {
    sent.length = 0;
    const outcomes: RequestOutcome[] = [];
    let release = () => {};
    const c = client(recording(json(201, { id: 'w' })), {
      onRequest: async (r) => {
        r.headers['X-Hook'] = r.path;
        await new Promise<void>((resolve) => (release = resolve));
      },
      onSettled: (o) => outcomes.push(o),
    });
    const statuses: number[] = [];
    const pending = c.apiV1WorkspacesCreate(
      { requestBody: { organization: 'o', name: 'n' } },
      { onResponse: (r) => statuses.push(r.status) },
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
    release();
    await pending;
    expect([sent[0]!.headers['X-Hook'], statuses]).toEqual(['/api/v1/workspaces/', [201]]);
    expect(outcomes).toMatchObject([
      { method: 'POST', path: '/api/v1/workspaces/', status: 201, attempt: 1 },
    ]);

    const closed = new Error('limiter closed');
    const refusing = client(recording(), {
      onRequest: () => Promise.reject(closed),
      onSettled: (o) => outcomes.push(o),
    });
    await expect(refusing.apiV1WorkspacesList()).rejects.toBe(closed);
    expect([sent.length, outcomes.length]).toEqual([1, 1]);
  });

  it('gives up after timeoutMs, also when the body stalls, and reports no status', async () => {
    const outcomes: RequestOutcome[] = [];
    const c = createPlinthClient({ baseUrl: stalled, timeoutMs: 200, onSettled: (o) => outcomes.push(o) });
    const started = performance.now();
    const err = (await c.apiV1WorkspacesList().catch((e: unknown) => e)) as Error;
    expect(err.name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(outcomes).toMatchObject([{ status: undefined, error: err }]);
  });

  it('retries idempotent calls on 503 and no answer, after Retry-After; never a POST', async () => {
    sent.length = 0;
    const retry = { attempts: 3, baseDelayMs: 1, maxDelayMs: 1_500 };
    const down = () => Promise.reject(new TypeError('fetch failed'));
    let first = true;
    const answers = recording(
      json(503, { detail: 'x', code: 'storage_unavailable' }, { 'Retry-After': '1' }),
      json(200, PAGE),
    );
    const c = client(
      (url: Parameters<typeof fetch>[0], init?: RequestInit) =>
        first ? ((first = false), down()) : answers(url, init),
      { retry },
    );
    const started = performance.now();
    expect(await c.apiV1WorkspacesList()).toEqual(PAGE);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990); // Retry-After: 1
    expect(sent.length).toBe(2);

    const post = client(recording(json(503, { detail: 'x', code: 'storage_unavailable' })), { retry });
    await expect(
      post.apiV1WorkspacesCreate({ requestBody: { organization: 'o', name: 'n' } }),
    ).rejects.toMatchObject({ status: 503 });
    // A wait longer than maxDelayMs is the caller's to decide: the answer comes back at once.
    const patient = client(
      recording(json(429, { detail: 'x', code: 'throttled' }, { 'Retry-After': '60' })),
      { retry },
    );
    const err = (await patient.apiV1WorkspacesList().catch((e: unknown) => e)) as ApiError;
    expect([err instanceof ApiError, err.status, err.retryAfter]).toEqual([true, 429, 60]);
    expect(sent.length).toBe(4);
  });

  it("stops at the caller's signal", async () => {
    const c = createPlinthClient({ baseUrl: stalled, retry: { attempts: 5 } });
    const err = (await c
      .apiV1WorkspacesList({}, { signal: AbortSignal.timeout(100) })
      .catch((e: unknown) => e)) as Error;
    expect(err.name).toBe('TimeoutError');
  });
});
