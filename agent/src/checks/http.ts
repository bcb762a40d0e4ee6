import { request as httpRequest } from 'node:http';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { AssignedEndpoint, HttpCheckConfig } from '../protocol.ts';
import { categoryOf, failureOf, isCertificateError } from './errors.ts';
import { failureFields, ms, timeoutFailure } from './outcome.ts';
import type { Check, CheckOutcome, Failure } from './outcome.ts';
import { expiresWithin, tlsFacts, tlsFields } from './tls.ts';
import type { TlsFacts } from './tls.ts';

/** The most of a body read: enough for a health page, bounded for a probe running 1,000 checks. */
export const MAX_BODY_BYTES = 1024 * 1024;

interface HttpSpec {
  https: boolean;
  options: RequestOptions;
  /** The target is an IP literal: no lookup, so its phase is 0 rather than missing. */
  literalIp: boolean;
  timeoutMs: number;
  config: HttpCheckConfig;
}

/**
 * An http(s) check, its request options made once per assignment. Each run opens a fresh
 * connection (`agent: false`) so that the lookup, connect and handshake it times are real; one
 * timer bounds the whole check.
 */
export function compileHttpCheck(endpoint: AssignedEndpoint, userAgent: string): Check {
  const config = endpoint.http!;
  let url: URL;
  try {
    url = new URL(endpoint.target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`unsupported ${url.protocol}`);
  } catch (err) {
    const failure: Failure = {
      code: 'INVALID_TARGET',
      message: `target is not an http(s) URL: ${err instanceof Error ? err.message : String(err)}`,
      category: 'configuration',
    };
    return () => Promise.resolve(failed(failure, 0));
  }
  const headers: Record<string, string> = { ...config.headers };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'user-agent')) headers['User-Agent'] = userAgent;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const https = url.protocol === 'https:';
  const options: RequestOptions & { rejectUnauthorized?: boolean } = {
    agent: false,
    host,
    port: url.port !== '' ? Number(url.port) : https ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    method: config.method,
    headers,
    // Credentials in the URL become Basic authentication, as a browser would send them.
    auth:
      url.username !== ''
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
  };
  if (https) options.rejectUnauthorized = !config.insecure_skip_verify;
  const spec: HttpSpec = {
    https,
    options,
    literalIp: isIP(host) !== 0,
    timeoutMs: endpoint.timeout_ms,
    config,
  };
  return () => runHttp(spec);
}

function failed(f: Failure, durationMs: number, extra: Partial<CheckOutcome> = {}): CheckOutcome {
  return {
    success: false,
    duration_ms: ms(durationMs),
    ...extra,
    ...failureFields(f),
    http_error_category: f.category,
  };
}

function statusExpected(status: number, expected: number[]): boolean {
  return expected.length === 0 ? status >= 200 && status < 300 : expected.includes(status);
}

function runHttp(spec: HttpSpec): Promise<CheckOutcome> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let lookupAt = -1;
    let connectAt = -1;
    let secureAt = -1;
    let responseAt = -1;
    let remoteIp: string | undefined;
    let tls: TlsFacts | undefined;
    let status: number | undefined;
    let size = 0;
    let kept: Buffer[] | undefined;
    let done = false;
    let req: ClientRequest | undefined;

    const measured = (): Partial<CheckOutcome> => {
      const ready = secureAt >= 0 ? secureAt : connectAt;
      const fields: Partial<CheckOutcome> = {
        resolved_ip: remoteIp ?? null,
        http_dns_lookup_ms: lookupAt >= 0 ? ms(lookupAt - t0) : spec.literalIp && connectAt >= 0 ? 0 : null,
        http_tcp_connect_ms: connectAt >= 0 ? ms(connectAt - (lookupAt >= 0 ? lookupAt : t0)) : null,
        http_tls_handshake_ms: secureAt >= 0 ? ms(secureAt - connectAt) : null,
        http_time_to_first_byte_ms: responseAt >= 0 && ready >= 0 ? ms(responseAt - ready) : null,
      };
      if (status !== undefined) {
        fields.status_code = status;
        fields.http_response_size_bytes = size;
      }
      if (tls) Object.assign(fields, tlsFields(tls, Date.now()));
      return fields;
    };

    const finish = (failure: Failure | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const duration = performance.now() - t0;
      if (failure) {
        const extra = measured();
        if (isCertificateError(failure.code)) extra.http_tls_valid = false;
        resolve(failed(failure, duration, extra));
      } else {
        const assertion = assess(spec, status!, kept, tls);
        resolve(
          assertion
            ? failed(assertion, duration, measured())
            : { success: true, duration_ms: ms(duration), ...measured() },
        );
      }
      if (req && !req.destroyed) req.destroy();
    };

    const during = () =>
      responseAt >= 0
        ? 'reading the body'
        : connectAt >= 0
          ? 'waiting for the response'
          : lookupAt >= 0 || spec.literalIp
            ? 'connecting'
            : 'resolving the host';
    const timer = setTimeout(() => finish(timeoutFailure(spec.timeoutMs, during())), spec.timeoutMs);

    try {
      req = (spec.https ? httpsRequest : httpRequest)(spec.options);
    } catch (err) {
      // Node validates the method and headers synchronously: the endpoint's settings are at fault.
      const f = failureOf(err);
      finish({ ...f, category: categoryOf(f.code) === 'other' ? 'configuration' : f.category });
      return;
    }
    req.once('socket', (socket: Socket) => {
      socket.once('lookup', () => (lookupAt = performance.now()));
      socket.once('connect', () => {
        connectAt = performance.now();
        remoteIp = socket.remoteAddress;
      });
      if (spec.https) {
        socket.once('secureConnect', () => {
          secureAt = performance.now();
          tls = tlsFacts(socket as TLSSocket);
        });
      }
    });
    req.once('response', (res: IncomingMessage) => {
      responseAt = performance.now();
      status = res.statusCode ?? 0;
      if (spec.config.body_match !== null) kept = [];
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (kept && size - chunk.length < MAX_BODY_BYTES) kept.push(chunk);
        // Enough read: judge what came and close the connection instead of draining the rest.
        if (size >= MAX_BODY_BYTES) finish(undefined);
      });
      res.once('end', () => finish(undefined));
      res.once('error', (err) => finish(failureOf(err)));
    });
    req.once('error', (err) => finish(failureOf(err)));
    // A close with neither an answer nor an error (a destroyed request) must still settle.
    req.once('close', () =>
      finish({ code: 'ECONNRESET', message: 'connection closed before the answer', category: 'connection' }),
    );
    req.end();
  });
}

/** The endpoint's assertions on a complete answer, in the order a reader would check them. */
function assess(spec: HttpSpec, status: number, kept: Buffer[] | undefined, tls: TlsFacts | undefined) {
  const c = spec.config;
  if (!statusExpected(status, c.expected_status)) {
    const wanted = c.expected_status.length === 0 ? '2xx' : c.expected_status.join(', ');
    return fail('HTTP_STATUS', `status ${status}, expected ${wanted}`);
  }
  if (c.body_match !== null && kept) {
    const body = Buffer.concat(kept).subarray(0, MAX_BODY_BYTES);
    if (!body.includes(c.body_match))
      return fail('BODY_MISMATCH', 'the body does not contain the expected text');
  }
  if (tls && c.tls_expiry_days !== null && tls.notAfterMs !== null) {
    if (expiresWithin(tls.notAfterMs, c.tls_expiry_days, Date.now())) {
      const at = new Date(tls.notAfterMs).toISOString();
      return fail('CERT_EXPIRING', `the certificate expires at ${at}, within ${c.tls_expiry_days} days`);
    }
  }
  return undefined;
}

function fail(code: string, message: string): Failure {
  return { code, message, category: categoryOf(code) };
}
