import { z } from '@hono/zod-openapi';
import { asc, sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { parse } from 'yaml';
import { beforeAll, expect, it } from 'vitest';
import { users } from './core/db/schema/index.ts';
import { defineRoute, PUBLIC } from './http/openapi.ts';
import { MAX_PAGE, MAX_PAGE_SIZE, PageQuerySchema, paginate, paginated } from './core/pagination.ts';
import { API_VERSION } from './core/version.ts';
import { startServer } from './server.ts';
import { testApp } from './test/app.ts';
import { freshDatabase, migratedDatabase } from './test/databases.ts';
import { describeOnEachDatabase } from './test/world.ts';

const UserItem = z.object({ username: z.string() }).openapi('TestUser');

/**
 * The shared HTTP machinery (errors, validation, trailing slashes, body rules, pagination) seen
 * through real routes and through routes declared the way every resource route is.
 */
describeOnEachDatabase('HTTP contract', { world: { bodyLimitBytes: 2048 } }, (w, { kind, database }) => {
  let env: ReturnType<typeof testApp>;

  beforeAll(async () => {
    await database.db.insert(users).values(Array.from({ length: 7 }, (_, i) => ({ username: `user-${i}` })));
    env = w.env;
    const { app } = env;
    app.openapi(
      defineRoute({
        method: 'get',
        path: '/api/test-users/',
        list: true,
        security: PUBLIC,
        request: { query: PageQuerySchema },
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: paginated(UserItem, 'PaginatedTestUserList') } },
          },
        },
      }),
      async (c) => {
        const page = await paginate(
          new URL(c.req.url),
          c.req.valid('query'),
          async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
          (limit, offset) =>
            database.db
              .select({ username: users.username })
              .from(users)
              .orderBy(asc(users.username))
              .limit(limit)
              .offset(offset),
        );
        return c.json(page, 200);
      },
    );
    app.openapi(
      defineRoute({
        method: 'post',
        path: '/api/test-echo/',
        security: PUBLIC,
        request: {
          body: {
            required: true,
            content: {
              'application/json': {
                schema: z.object({ name: z.string().min(3), count: z.number().int().max(9) }),
              },
            },
          },
        },
        responses: {
          201: {
            description: 'ok',
            content: { 'application/json': { schema: z.object({ name: z.string() }) } },
          },
        },
      }),
      (c) => c.json({ name: c.req.valid('json').name }, 201),
    );
    app.openapi(
      defineRoute({
        method: 'delete',
        path: '/api/test-echo/',
        security: PUBLIC,
        responses: { 204: { description: 'gone' } },
      }),
      () => new Response(null, { status: 204 }) as never,
    );
    app.get('/api/test-crash/', () => {
      throw new Error('boom: select * from users where password = $1 -- hunter2');
    });
  });

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('serves the OpenAPI 3.1 document as JSON and YAML with the package version', async () => {
    const res = await env.app.request('/api/v1/schema/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = (await res.json()) as {
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.paths['/api/v1/schema/']!.get!.operationId).toBe('api_v1_schema_retrieve');
    expect(doc.paths['/api/test-users/']!.get!.operationId).toBe('api_test_users_list');
    expect(doc.paths['/api/test-echo/']!.post!.operationId).toBe('api_test_echo_create');
    const yamlRes = await env.app.request('/api/v1/schema/?format=yaml');
    expect(yamlRes.headers.get('content-type')).toContain('application/yaml');
    expect((parse(await yamlRes.text()) as { info: { version: string } }).info.version).toBe(API_VERSION);
  });

  it('documents the error responses each operation can give', async () => {
    const doc = (await (await env.app.request('/api/v1/schema/')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/test-echo/']!.post!.responses).sort()).toEqual([
      '201',
      '400',
      '413',
      '415',
      '503',
    ]);
    expect(Object.keys(doc.paths['/api/test-users/']!.get!.responses).sort()).toEqual([
      '200',
      '400',
      '404',
      '503',
    ]);
  });

  it('redirects slashless /api paths with 308, keeping the query and the method', async () => {
    const get = await env.app.request('/api/v1/schema?format=yaml');
    expect(get.status).toBe(308);
    expect(get.headers.get('location')).toBe('/api/v1/schema/?format=yaml');
    const post = await env.app.request('/api/test-echo', json({ name: 'abc', count: 1 }));
    expect(post.status).toBe(308);
    expect(post.headers.get('location')).toBe('/api/test-echo/');
  });

  it('answers unknown routes with a JSON 404 and wrong methods with 405 and Allow', async () => {
    const missing = await env.app.request('/api/nope/');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await missing.json()).toMatchObject({ detail: 'Not found.', code: 'not_found' });
    const wrong = await env.app.request('/api/v1/schema/', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(await wrong.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('gives validation errors per field', async () => {
    const res = await env.app.request('/api/test-echo/', json({ name: 'ab' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      code: string;
      errors: { attr: string; code: string }[];
      request_id: string;
    };
    expect(body.code).toBe('invalid');
    expect(body.errors).toEqual([
      { attr: 'name', code: 'min_length', detail: 'Ensure this field has at least 3 characters.' },
      { attr: 'count', code: 'required', detail: 'This field is required.' },
    ]);
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('refuses malformed JSON with 400, other media types with 415, big bodies with 413', async () => {
    const malformed = await env.app.request('/api/test-echo/', json('{"name": '));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'parse_error' });
    const text = await env.app.request('/api/test-echo/', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'name=abc',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: 'unsupported_media_type' });
    const big = await env.app.request('/api/test-echo/', json({ name: 'x'.repeat(4096), count: 1 }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
    const ok = await env.app.request('/api/test-echo/', json({ name: 'abc', count: 1 }));
    expect(ok.status).toBe(201);
  });

  it('holds the body limit over a real socket, by Content-Length and while a chunked body streams', async () => {
    const server = await startServer(env.app, { port: 0, host: '127.0.0.1' });
    // Raw HTTP/1.1 over one connection per request: what a client's framing of the body is.
    const raw = (head: string, body: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1', () =>
          socket.end(
            `POST /api/test-echo/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n${head}\r\n${body}`,
          ),
        );
        let text = '';
        socket.setEncoding('utf8').on('data', (d: string) => (text += d));
        socket.on('error', reject).on('close', () =>
          resolve({
            status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]),
            body: text.slice(text.indexOf('\r\n\r\n') + 4),
          }),
        );
      });
    const chunked = (s: string) => `${s.length.toString(16)}\r\n${s}\r\n0\r\n\r\n`;
    const small = JSON.stringify({ name: 'abc', count: 1 });
    const big = JSON.stringify({ name: 'x'.repeat(4096), count: 1 });
    try {
      const byLength = await raw(`Content-Length: ${Buffer.byteLength(small)}\r\n`, small);
      expect(byLength).toMatchObject({ status: 201 });
      expect(JSON.parse(byLength.body)).toEqual({ name: 'abc' });
      const tooLong = await raw(`Content-Length: ${Buffer.byteLength(big)}\r\n`, big);
      expect(tooLong.status).toBe(413);
      expect(tooLong.body).toContain('payload_too_large');
      expect(await raw('Transfer-Encoding: chunked\r\n', chunked(small))).toMatchObject({ status: 201 });
      const streamed = await raw('Transfer-Encoding: chunked\r\n', chunked(big));
      expect(streamed.status).toBe(413);
      expect(streamed.body).toContain('payload_too_large');
      // A body cut short of its Content-Length never reaches the route.
      expect((await raw(`Content-Length: 100\r\n`, small)).status).not.toBe(201);
    } finally {
      await server.close(1000);
    }
  });

  it('refuses a big body with 413 on a DELETE too, and documents it there', async () => {
    const big = await env.app.request('/api/test-echo/', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(4096) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
    expect((await env.app.request('/api/test-echo/', { method: 'DELETE' })).status).toBe(204);
    const doc = (await (await env.app.request('/api/v1/schema/')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/api/test-echo/']!.delete!.responses)).toContain('413');
  });

  it('refuses a page number past the declared maximum with 400, and declares it', async () => {
    const res = await env.app.request(`/api/test-users/?page=${MAX_PAGE + 1}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ attr: 'page', code: 'max_value' }] });
    expect(
      (await env.app.request(`/api/test-users/?page=${MAX_PAGE}&page_size=${MAX_PAGE_SIZE}`)).status,
    ).toBe(404);
    const doc = (await (await env.app.request('/api/v1/schema/')).json()) as {
      paths: Record<string, Record<string, { parameters: { $ref?: string }[] }>>;
      components: { parameters: Record<string, { name: string; schema: { maximum?: number } }> };
    };
    // Every list shares one `page` parameter component.
    const refs = doc.paths['/api/test-users/']!.get!.parameters.map((p) => p.$ref);
    expect(refs).toContain('#/components/parameters/Page');
    expect(doc.components.parameters.Page).toMatchObject({ name: 'page', schema: { maximum: MAX_PAGE } });
    // The last page's offset still fits the 32-bit integer the database takes it as.
    expect((MAX_PAGE - 1) * MAX_PAGE_SIZE).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('paginates database rows with count, absolute next/previous and a bounded page size', async () => {
    const first = await env.app.request('http://plinth.test/api/test-users/?page_size=3');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      count: 7,
      next: 'http://plinth.test/api/test-users/?page_size=3&page=2',
      previous: null,
      results: [{ username: 'user-0' }, { username: 'user-1' }, { username: 'user-2' }],
    });
    const last = (await (
      await env.app.request('http://plinth.test/api/test-users/?page_size=3&page=3')
    ).json()) as {
      next: unknown;
      results: unknown[];
    };
    expect(last.next).toBeNull();
    expect(last.results).toEqual([{ username: 'user-6' }]);
    const defaults = (await (await env.app.request('/api/test-users/')).json()) as { results: unknown[] };
    expect(defaults.results).toHaveLength(7);
    const past = await env.app.request('/api/test-users/?page=9');
    expect(past.status).toBe(404);
    expect(await past.json()).toMatchObject({ detail: 'Invalid page.' });
    for (const bad of ['0', '501', 'x']) {
      const res = await env.app.request(`/api/test-users/?page_size=${bad}`);
      expect(res.status, `page_size=${bad}`).toBe(400);
      expect(((await res.json()) as { errors: { attr: string }[] }).errors[0]!.attr).toBe('page_size');
    }
  });

  it('hides the cause of a server error from the body and keeps it out of the logs', async () => {
    const res = await env.app.request('/api/test-crash/');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'server_error', detail: 'A server error occurred.' });
    expect(body).not.toMatch(/boom|select|hunter2|at /);
    expect(env.logs.text()).toContain('unhandled error');
    expect(env.logs.text()).not.toContain('hunter2');
  });

  it("logs a request's error and access lines with its request ID", async () => {
    const res = await env.app.request('/api/test-crash/', { headers: { 'X-Request-Id': 'trace-crash-1' } });
    expect(res.status).toBe(500);
    const lines = env.logs.lines
      .map((l) => JSON.parse(l) as { msg: string; request_id?: string; status?: number })
      .filter((l) => l.request_id === 'trace-crash-1');
    expect(lines.map((l) => l.msg)).toEqual(['unhandled error', 'request']);
    expect(lines[1]!.status).toBe(500);
    await env.app.request('/healthz', { headers: { 'X-Request-Id': 'trace-ok-1' } });
    const access = env.logs.lines.map((l) => JSON.parse(l) as { msg: string; request_id?: string });
    expect(access.filter((l) => l.request_id === 'trace-ok-1').map((l) => l.msg)).toEqual(['request']);
  });

  it('keeps a well-formed incoming request ID and makes one otherwise', async () => {
    const kept = await env.app.request('/healthz', { headers: { 'X-Request-Id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await env.app.request('/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready when migrated, and exposes request metrics by route pattern', async () => {
    expect(await (await env.app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await env.app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', startup: 'ok' },
    });
    expect((await env.app.request('/metrics')).status).toBe(404);
    const metrics = await (await env.metricsApp.request('/metrics')).text();
    expect(metrics).toMatch(
      /plinth_http_requests_total\{method="GET",route="\/api\/test-users\/",status="200"\} \d+/,
    );
    expect(metrics).toMatch(
      /plinth_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/readyz",status="200"\}/,
    );
    expect(metrics).not.toContain('page_size');
  });

  it('answers 503 while the database is unreachable', async () => {
    const down = await migratedDatabase(kind);
    const { app, logs } = testApp(down);
    app.get('/api/test-query/', async (c) => c.json(await down.db.select().from(users)));
    await down.close();
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'not_ready', checks: { database: 'unreachable' } });
    const query = await app.request('/api/test-query/');
    expect(query.status, logs.text()).toBe(kind === 'postgres' ? 503 : 500);
    if (kind === 'postgres') {
      expect(query.headers.get('retry-after')).toBe('5');
      expect(await query.json()).toMatchObject({ code: 'service_unavailable' });
    }
  });

  it('says not ready while migrations are pending', async () => {
    const empty = await freshDatabase(kind);
    try {
      const res = await testApp(empty).app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ checks: { database: 'ok', migrations: 'pending' } });
    } finally {
      await empty.close();
    }
  });

  it('serves the interactive docs and their assets from this origin', async () => {
    const page = await env.app.request('/api/docs/');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset, 'docs must not load from other origins').toMatch(/^\/api\/docs\/assets\//);
      expect((await env.app.request(asset)).status, asset).toBe(200);
    }
    expect((await env.app.request('/api/docs/assets/../../package.json')).status).not.toBe(200);
  });
});
