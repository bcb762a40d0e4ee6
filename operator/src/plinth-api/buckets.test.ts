import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../clients/typescript/src/index.ts';
import { classifyApiError, createBucketApi, parseApiError } from './buckets.ts';
import type { BucketApiOptions } from './buckets.ts';

const ID = '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f';
const BUCKET = {
  id: ID,
  name: 'photos',
  region: 'eu-central',
  organization: '11111111-1111-4111-8111-111111111111',
  workspace: '22222222-2222-4222-8222-222222222222',
  endpoint: 'http://s3.example',
  state: 'ready',
  cors_allow_all: false,
  origin: 'created',
  owner_reference: null,
  usage: { bytes: null, objects: null, updated_at: null },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const CREDENTIALS = { access_key_id: 'PLAAAA', secret_access_key: 'secret' };
const CREATE = {
  name: 'photos',
  region: 'eu-central',
  organization: BUCKET.organization,
  workspace: BUCKET.workspace,
  cors_allow_all: false,
  owner_reference: { cluster_id: 'c', namespace: 'ns', name: 'photos', uid: 'u-1' },
};

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A stand-in API on loopback: each test says how the next requests are answered. */
let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, _body, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const envelope = (code: string, extra: Record<string, unknown> = {}) => ({
  detail: `failed: ${code}`,
  code,
  request_id: 'req-1',
  ...extra,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  handler = json(500, envelope('server_error'));
});

const client = (opts: Partial<BucketApiOptions> = {}) =>
  createBucketApi({ baseUrl, token: 'plo_token', ...opts });

describe("createBucketApi (the generated client with the operator's hooks)", () => {
  it('sends the bearer token and JSON body, and tells created (201) from adopted (200)', async () => {
    handler = json(201, { ...BUCKET, credentials: CREDENTIALS });
    const created = await client().createBucket(CREATE);
    expect(created).toEqual({ kind: 'created', bucket: { ...BUCKET, credentials: CREDENTIALS } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/s3/buckets/',
      authorization: 'Bearer plo_token',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual(CREATE);

    handler = json(200, { ...BUCKET, origin: 'adopted', credentials: CREDENTIALS });
    const adopted = await client().createBucket(CREATE);
    expect(adopted.kind).toBe('adopted');
  });

  it('calls each bucket route with its method and path', async () => {
    const c = client();
    handler = json(200, BUCKET);
    expect(await c.getBucket(ID)).toEqual({ kind: 'ok', bucket: BUCKET });
    expect(await c.updateBucket(ID, { cors_allow_all: false })).toEqual({ kind: 'ok', bucket: BUCKET });
    handler = json(200, CREDENTIALS);
    expect(await c.revealCredentials(ID)).toEqual({ kind: 'ok', credentials: CREDENTIALS });
    const rotated = {
      ...CREDENTIALS,
      rotated_at: '2026-11-21T10:00:00.000Z',
      previous_access_key_id: 'PLBOLD',
      previous_expires_at: '2026-11-22T10:00:00.000Z',
    };
    handler = json(200, rotated);
    expect(await c.rotateCredentials(ID, { grace_seconds: 60 })).toEqual({ kind: 'ok', rotated });
    handler = (_req, _body, res) => {
      res.writeHead(204);
      res.end();
    };
    expect(await c.deleteBucket(ID)).toEqual({ kind: 'deleted' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET /api/v1/s3/buckets/${ID}/`,
      `PATCH /api/v1/s3/buckets/${ID}/`,
      `GET /api/v1/s3/buckets/${ID}/credentials/`,
      `POST /api/v1/s3/buckets/${ID}/rotate-credentials/`,
      `DELETE /api/v1/s3/buckets/${ID}/`,
    ]);
    expect(JSON.parse(seen[1]!.body)).toEqual({ cors_allow_all: false });
    expect(JSON.parse(seen[3]!.body)).toEqual({ grace_seconds: 60 });
  });

  it('waits for the rate limiter before each request and reports each one to onRequest', async () => {
    const reports: { operation: string; status: number | 'error'; durationMs: number }[] = [];
    let release: () => void = () => {};
    let takes = 0;
    const c = client({
      rateLimit: {
        take: () => {
          takes++;
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
      onRequest: (info) => reports.push(info),
    });
    handler = json(200, BUCKET);
    const pending = c.getBucket(ID);
    await new Promise((r) => setTimeout(r, 50));
    expect([takes, seen.length]).toEqual([1, 0]);
    release();
    expect((await pending).kind).toBe('ok');
    handler = json(404, envelope('not_found'));
    const second = c.deleteBucket(ID);
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await second).kind).toBe('not_found');
    expect(takes).toBe(2);
    expect(reports.map(({ operation, status }) => ({ operation, status }))).toEqual([
      { operation: 'GET /api/v1/s3/buckets/{id}/', status: 200 },
      { operation: 'DELETE /api/v1/s3/buckets/{id}/', status: 404 },
    ]);
    expect(reports.every((r) => r.durationMs >= 0 && r.durationMs < 5_000)).toBe(true);
  });

  it("rethrows the rate limiter's rejection and sends nothing", async () => {
    const closed = new Error('rate limiter closed');
    const c = client({ rateLimit: { take: () => Promise.reject(closed) } });
    await expect(c.getBucket(ID)).rejects.toBe(closed);
    expect(seen).toEqual([]);
  });

  it('classifies error answers', async () => {
    const c = client();
    const cases: [Handler, object][] = [
      [json(409, envelope('bucket_name_taken')), { kind: 'name_taken' }],
      [json(409, envelope('bucket_busy'), { 'Retry-After': '2' }), { kind: 'busy', retryAfterSeconds: 2 }],
      [json(409, envelope('bucket_not_empty')), { kind: 'not_empty' }],
      [json(409, envelope('conflict')), { kind: 'rejected' }],
      [
        json(400, envelope('invalid', { errors: [{ attr: 'name', code: 'min_length', detail: 'short' }] })),
        { kind: 'invalid', attrs: ['name'] },
      ],
      [
        json(
          400,
          envelope('invalid', {
            errors: [{ attr: 'cors_allow_all', code: 'not_supported', detail: 'no CORS' }],
          }),
        ),
        { kind: 'not_supported', attrs: ['cors_allow_all'] },
      ],
      [json(400, envelope('not_supported')), { kind: 'not_supported', attrs: [] }],
      [json(401, envelope('not_authenticated')), { kind: 'unauthenticated' }],
      [json(403, envelope('permission_denied')), { kind: 'forbidden' }],
      [json(404, envelope('not_found')), { kind: 'not_found' }],
      [
        json(503, envelope('storage_unavailable'), { 'Retry-After': '5' }),
        { kind: 'unavailable', cause: 'server', retryAfterSeconds: 5 },
      ],
      [json(429, envelope('throttled'), { 'Retry-After': '7' }), { kind: 'unavailable', cause: 'throttled' }],
    ];
    for (const [h, expected] of cases) {
      handler = h;
      expect(await c.createBucket(CREATE)).toMatchObject(expected);
    }
    handler = json(409, envelope('bucket_busy'), { 'Retry-After': '2' });
    expect(await c.createBucket(CREATE)).toMatchObject({
      error: {
        status: 409,
        code: 'bucket_busy',
        detail: 'failed: bucket_busy',
        requestId: 'req-1',
        errors: [],
      },
    });
  });

  it('reads a 5xx that is not an envelope (a proxy page) as unavailable', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    };
    expect(await client().getBucket(ID)).toMatchObject({
      kind: 'unavailable',
      cause: 'server',
      error: { status: 502, code: 'unknown', detail: 'HTTP 502' },
    });
  });

  it('gives up after timeoutMs, also when the body stalls, and reports an error', async () => {
    const reports: (number | 'error')[] = [];
    const c = client({ timeoutMs: 200, onRequest: (i) => reports.push(i.status) });
    handler = () => {}; // never answers
    const started = performance.now();
    expect(await c.getBucket(ID)).toMatchObject({ kind: 'unavailable', cause: 'timeout' });
    expect(performance.now() - started).toBeLessThan(2_000);
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"id":'); // headers and half a body, then nothing
    };
    expect(await c.getBucket(ID)).toMatchObject({ kind: 'unavailable', cause: 'timeout' });
    expect(reports).toEqual(['error', 'error']);
  });

  it('reports a refused connection as unavailable', async () => {
    const reports: (number | 'error')[] = [];
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const c = createBucketApi({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 't',
      onRequest: (i) => reports.push(i.status),
    });
    const result = await c.deleteBucket(ID);
    expect(result).toMatchObject({ kind: 'unavailable', cause: 'network' });
    expect(result.kind === 'unavailable' && result.message).toMatch(/ECONNREFUSED/);
    expect(reports).toEqual(['error']);
  });
});

describe('error envelope', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new ApiError(new Response(null, { status, headers }), body as never);

  it('takes Retry-After and the request ID from the answer', () => {
    const error = parseApiError(
      answer(409, { detail: 'd', code: 'bucket_busy' }, { 'Retry-After': '3', 'X-Request-Id': 'r' }),
    );
    expect(error).toMatchObject({ retryAfterSeconds: 3, requestId: 'r', code: 'bucket_busy' });
  });

  it('keeps what it can of a malformed body', () => {
    const headers = { 'X-Request-Id': 'from-header' };
    expect(parseApiError(answer(400, { code: 7, errors: [{ attr: 'name' }, 'x'] }, headers))).toEqual({
      status: 400,
      code: 'unknown',
      detail: 'HTTP 400',
      errors: [{ attr: 'name', code: 'invalid', detail: '' }],
      requestId: 'from-header',
      retryAfterSeconds: undefined,
    });
    expect(classifyApiError(parseApiError(answer(400, undefined)))).toMatchObject({
      kind: 'invalid',
      attrs: [],
    });
    expect(classifyApiError(parseApiError(answer(418, null)))).toMatchObject({ kind: 'rejected' });
  });
});
