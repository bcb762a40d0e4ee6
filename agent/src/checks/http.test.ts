import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssignedEndpoint, HttpCheckConfig } from '../protocol.ts';
import { close, listen, refusedPort } from '../test/servers.ts';
import { selfSignedCertificate } from '../test/tls-cert.ts';
import { compileHttpCheck } from './http.ts';

function endpoint(target: string, http: Partial<HttpCheckConfig> = {}, timeoutMs = 2000): AssignedEndpoint {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'test',
    kind: 'http',
    target,
    frequency_s: 30,
    timeout_ms: timeoutMs,
    http: {
      method: 'GET',
      headers: {},
      expected_status: [],
      body_match: null,
      tls_expiry_days: null,
      insecure_skip_verify: false,
      ...http,
    },
    tcp: null,
    dns: null,
  };
}

const check = (target: string, http?: Partial<HttpCheckConfig>, timeoutMs?: number) =>
  compileHttpCheck(endpoint(target, http, timeoutMs), 'plinth-agent/test')();

describe('the http check', () => {
  const servers: Server[] = [];
  const serve = async (handler: RequestListener) => {
    const server = createServer(handler);
    servers.push(server);
    return `http://127.0.0.1:${await listen(server)}`;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });

  it('passes a 200 and measures every phase of a fresh connection', async () => {
    let agent: string | undefined;
    const url = await serve((req, res) => {
      agent = req.headers['user-agent'];
      res.end('hello');
    });
    const r = await check(`${url.replace('127.0.0.1', 'localhost')}/health`);
    expect(r).toMatchObject({ success: true, status_code: 200, http_response_size_bytes: 5 });
    expect(r.resolved_ip).toMatch(/^(127\.0\.0\.1|::1)$/);
    for (const phase of [
      'http_dns_lookup_ms',
      'http_tcp_connect_ms',
      'http_time_to_first_byte_ms',
    ] as const) {
      expect(r[phase], phase).toBeGreaterThanOrEqual(0);
    }
    expect(r.http_tls_handshake_ms ?? null).toBeNull();
    expect(r.duration_ms).toBeGreaterThan(0);
    expect(agent).toBe('plinth-agent/test');
  });

  it('fails a 500 with HTTP_STATUS, and passes it when it is the expected status', async () => {
    const url = await serve((_req, res) => res.writeHead(500).end('down'));
    expect(await check(url)).toMatchObject({
      success: false,
      status_code: 500,
      error_code: 'HTTP_STATUS',
      http_error_category: 'response',
      error_message: 'status 500, expected 2xx',
    });
    expect(await check(url, { expected_status: [500] })).toMatchObject({ success: true, status_code: 500 });
  });

  it('sends the method and headers, and reports an IP target as a lookup of 0 ms', async () => {
    let seen: { method?: string; header?: string | string[] } = {};
    const url = await serve((req, res) => {
      seen = { method: req.method, header: req.headers['x-probe'] };
      res.end();
    });
    const r = await check(url, { method: 'HEAD', headers: { 'X-Probe': 'yes' } });
    expect(r.success).toBe(true);
    expect(seen).toEqual({ method: 'HEAD', header: 'yes' });
    expect(r.http_dns_lookup_ms).toBe(0);
  });

  it('matches a substring of the body, and fails with BODY_MISMATCH when it is absent', async () => {
    const url = await serve((_req, res) => {
      res.write('{"status":');
      res.end('"ok"}');
    });
    expect(await check(url, { body_match: '"status":"ok"' })).toMatchObject({ success: true });
    expect(await check(url, { body_match: 'degraded' })).toMatchObject({
      success: false,
      error_code: 'BODY_MISMATCH',
      http_error_category: 'response',
    });
  });

  it('reads at most 1 MiB of a large body', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const url = await serve((_req, res) => {
      const write = () => {
        while (res.write(chunk)) {
          /* until the socket pushes back */
        }
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    const r = await check(url, { body_match: 'b' });
    expect(r).toMatchObject({ success: false, error_code: 'BODY_MISMATCH' });
    expect(r.http_response_size_bytes).toBeGreaterThanOrEqual(1024 * 1024);
    expect(r.http_response_size_bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it('times out a server slower than the timeout, in the phase it was in', async () => {
    const url = await serve(() => {
      /* never answers */
    });
    const r = await check(url, {}, 300);
    expect(r).toMatchObject({
      success: false,
      error_code: 'ETIMEDOUT',
      http_error_category: 'timeout',
      error_message: 'timed out after 300 ms waiting for the response',
    });
    expect(r.duration_ms).toBeGreaterThanOrEqual(299);
    expect(r.duration_ms).toBeLessThan(2000);
  });

  it('fails a connection the server destroys as a connection error', async () => {
    const url = await serve((req) => req.socket.destroy());
    const r = await check(url);
    expect(r).toMatchObject({ success: false, error_code: 'ECONNRESET', http_error_category: 'connection' });
  });

  it('fails a refused port as a connection error', async () => {
    const port = await refusedPort();
    const r = await check(`http://127.0.0.1:${port}/`);
    expect(r).toMatchObject({
      success: false,
      error_code: 'ECONNREFUSED',
      http_error_category: 'connection',
    });
    expect(r.error_message).toContain('ECONNREFUSED');
  });

  it('fails a target that is no http URL, or a header Node refuses, as configuration', async () => {
    expect(await check('ftp://example.test/')).toMatchObject({
      success: false,
      error_code: 'INVALID_TARGET',
      http_error_category: 'configuration',
    });
    const url = await serve((_req, res) => res.end());
    expect(await check(url, { headers: { 'bad header': 'x' } })).toMatchObject({
      success: false,
      http_error_category: 'configuration',
    });
  });
});

describe('the http check over TLS', () => {
  let tls: ReturnType<typeof selfSignedCertificate>;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    tls = selfSignedCertificate(3);
    server = createHttpsServer({ key: tls.key, cert: tls.cert }, (_req, res) => res.end('secure'));
    url = `https://localhost:${await listen(server)}/`;
  });
  afterAll(async () => {
    await close(server);
    tls.remove();
  });

  it('checks an untrusted certificate with insecure_skip_verify, and fails it for expiring soon', async () => {
    const r = await check(url, { insecure_skip_verify: true, tls_expiry_days: 14 });
    expect(r).toMatchObject({
      success: false,
      status_code: 200,
      error_code: 'CERT_EXPIRING',
      http_error_category: 'response',
      http_tls_valid: false,
      http_tls_subject: 'CN=localhost',
      http_tls_issuer: 'CN=localhost',
    });
    expect([2, 3]).toContain(r.http_tls_days_until_expiry);
    expect(r.http_tls_version).toMatch(/^TLSv1\.[23]$/);
    expect(Date.parse(r.ssl_cert_not_after!) - Date.now()).toBeGreaterThan(2 * 86_400_000);
    for (const phase of [
      'http_dns_lookup_ms',
      'http_tcp_connect_ms',
      'http_tls_handshake_ms',
      'http_time_to_first_byte_ms',
    ] as const) {
      expect(r[phase], phase).toBeGreaterThanOrEqual(0);
    }
  });

  it('passes the same certificate when expiry is not checked, still marking it not valid', async () => {
    const r = await check(url, { insecure_skip_verify: true });
    expect(r).toMatchObject({ success: true, http_tls_valid: false });
  });

  it('fails an untrusted certificate without insecure_skip_verify, as a connection error', async () => {
    const r = await check(url);
    expect(r).toMatchObject({
      success: false,
      error_code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      http_error_category: 'connection',
      http_tls_valid: false,
    });
  });
});
