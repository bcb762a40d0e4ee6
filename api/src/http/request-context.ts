import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './app-env.ts';
import type { Logger } from '../core/logger.ts';
import type { Metrics } from '../core/metrics.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The client's address. Behind `hops` trusted proxies (an ingress: 1; a CDN in front of it: 2),
 * each appends the address it was called from to `X-Forwarded-For`, so the client is the entry
 * `hops` from the right; entries further left are whatever the client sent and cannot be trusted.
 * With fewer entries than hops, the leftmost; with none (or `hops` 0), the socket peer.
 */
export function clientIp(
  peer: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string | null {
  const entries =
    hops > 0
      ? (forwardedFor
          ?.split(',')
          .map((e) => e.trim())
          .filter(Boolean) ?? [])
      : [];
  const ip = entries.length > 0 ? entries[Math.max(0, entries.length - hops)] : peer;
  if (!ip) return null;
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip.slice(0, 64);
}

/**
 * The first middleware: request ID (a well-formed incoming `X-Request-Id` is kept, so IDs follow
 * a request through proxies), a logger carrying it (a pino child, made only when something logs:
 * building one costs more than most requests' own work), then after the response the access log
 * line and the HTTP metrics. The route label is the matched pattern, never the raw path, so
 * metric cardinality stays bounded.
 */
export function requestContext(
  logger: Logger,
  metrics: Metrics,
  trustProxyHops: number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const internal = c.env?.internal;
    c.set(
      'clientIp',
      internal
        ? internal.clientIp
        : clientIp(c.env?.incoming?.socket.remoteAddress, c.req.header('x-forwarded-for'), trustProxyHops),
    );
    let child: Logger | undefined;
    c.set('log', () => (child ??= logger.child({ request_id: requestId })));
    c.header('X-Request-Id', requestId);
    await next();
    // A handler's own Response (204, the NDJSON export) missed the header set above.
    if (!c.res.headers.has('X-Request-Id')) c.header('X-Request-Id', requestId);
    const seconds = (performance.now() - start) / 1000;
    const route = matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path ?? 'unmatched';
    const labels = { method: c.req.method, route, status: String(c.res.status) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, seconds);
    const status = c.res.status;
    (child ?? logger)[status >= 500 ? 'warn' : 'info'](
      {
        ...(child ? {} : { request_id: requestId }),
        method: c.req.method,
        path: c.req.path,
        route,
        status,
        duration_ms: Math.round(seconds * 1e4) / 10,
      },
      'request',
    );
  };
}
