import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Hook } from '@hono/zod-openapi';
import { ZodError } from 'zod';
import type { AppEnv } from './app-env.ts';
import { isDatabaseUnavailable } from '../core/db/client.ts';
import { errorInfo, stackFrames } from '../core/error-info.ts';
import { validationError } from '../core/errors.ts';
import { ApiError, DomainError, fromDomain, STATUS_CODES } from './errors.ts';
import { fieldErrors } from '../core/validation.ts';

/**
 * DRF's APPEND_SLASH, for every method under /api/, /ui/ and /auth/: `/api/v1/things` answers 308 to `/api/v1/things/`
 * (308 keeps the method and body, unlike 301). Paths whose last segment has a dot are files
 * (the docs' assets) and keep their form. The Location is built from the path as it was sent
 * (percent-encoded): decoded, a `%0d%0a` in it would be a line break no header may hold.
 */
export const trailingSlash: MiddlewareHandler = async (c, next) => {
  const path = c.req.path;
  if (
    (path.startsWith('/api/') || path.startsWith('/ui/') || path.startsWith('/auth/')) &&
    !path.endsWith('/') &&
    !path.slice(path.lastIndexOf('/')).includes('.')
  ) {
    const url = new URL(c.req.url);
    return c.redirect(`${url.pathname}/${url.search}`, 308);
  }
  if (path === '/api' || path === '/ui') return c.redirect(`${path}/`, 308);
  await next();
};

/**
 * Headers on every response: `X-Content-Type-Options: nosniff`; `Cache-Control: no-store` on
 * /api/ responses that set no caching of their own (logins, new keys, bucket credentials carry
 * secrets no cache may keep); `Strict-Transport-Security` when the API is served over TLS
 * (`hstsMaxAgeSeconds` above 0). They are set before the handler runs: a header set on a finished
 * response makes the Node adapter rebuild it as a full web `Response` and stream its body, which
 * cost about a tenth of the API's CPU per request (bench:api profile). Only a handler that returns
 * a `Response` of its own misses them, and gets them afterwards.
 */
export const responseHeaders = (hstsMaxAgeSeconds: number): MiddlewareHandler => {
  const api = (c: Context) => c.req.path.startsWith('/api/');
  const set = (c: Context, has: (name: string) => boolean) => {
    if (!has('X-Content-Type-Options')) c.header('X-Content-Type-Options', 'nosniff');
    if (api(c) && !has('Cache-Control')) c.header('Cache-Control', 'no-store');
    if (hstsMaxAgeSeconds > 0 && !has('Strict-Transport-Security'))
      c.header('Strict-Transport-Security', `max-age=${hstsMaxAgeSeconds}`);
  };
  return async (c, next) => {
    set(c, () => false);
    await next();
    const headers = c.res.headers;
    if (!headers.has('X-Content-Type-Options')) set(c, (name) => headers.has(name));
  };
};

/**
 * Refuses bodies over the configured size with 413, before they are read whole. GET and HEAD
 * requests carry no body, and asking whether they do would make the Node adapter build a full
 * `Request` for each of them, so they pass straight through. A body with a `Content-Length` and no
 * `Transfer-Encoding` is judged by that header: Node's parser reads exactly that many bytes, and the
 * body stays unread, so the route reads it straight from the socket. Hono's `bodyLimit` would ask
 * for `c.req.raw.body`, which makes the adapter wrap the socket in a web stream and a full
 * `Request` for every write. Other bodies (chunked) are counted as they stream.
 */
export const limitBody = (maxSize: number): MiddlewareHandler => {
  const tooLarge = () =>
    new ApiError(413, 'payload_too_large', `The request body is larger than the limit of ${maxSize} bytes.`);
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined || !/^\d+$/.test(length))
      return limit(c, next);
    if (Number(length) > maxSize) throw tooLarge();
    return next();
  };
};

/** The zod-openapi hook every route shares: a failed validation is a 400 with one entry per field. */
export const validationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw validationError(fieldErrors(result.error.issues));
  return undefined;
};

function send(c: Context<AppEnv>, err: ApiError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  if (err.status === 401 && !err.headers['WWW-Authenticate']) c.header('WWW-Authenticate', 'Bearer');
  return c.json(err.toBody(c.get('requestId')), err.status);
}

/**
 * The one error handler. Known errors keep their status and say what went wrong; anything else is
 * a 500 (or 503 when the database is unreachable) whose body says nothing of the cause. Only the
 * error's class and driver code are logged: driver messages can contain query parameters.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return send(c, err);
  if (err instanceof DomainError) return send(c, fromDomain(err));
  if (err instanceof ZodError) return send(c, fromDomain(validationError(fieldErrors(err.issues))));
  if (err instanceof HTTPException) {
    const status = err.status;
    const detail =
      status === 400 && /json/i.test(err.message)
        ? 'The request body is not valid JSON.'
        : status === 415
          ? 'Unsupported media type: send the body as application/json.'
          : err.message || 'Request failed.';
    const code =
      status === 400 && /json/i.test(err.message) ? 'parse_error' : (STATUS_CODES[status] ?? 'server_error');
    return send(c, new ApiError(status, code, detail));
  }
  const log = c.get('log')();
  const info = errorInfo(err);
  if (isDatabaseUnavailable(err)) {
    log.warn({ err: info }, 'database unavailable');
    return send(
      c,
      new ApiError(503, 'service_unavailable', 'The database is unavailable; try again shortly.', {
        headers: { 'Retry-After': '5' },
      }),
    );
  }
  // Stack frames are safe to log, never to send; the message lines above them are neither.
  log.error({ err: { ...info, stack: stackFrames(err) } }, 'unhandled error');
  return send(c, new ApiError(500, 'server_error', 'A server error occurred.'));
};

/**
 * Unknown routes get the JSON envelope: 405 with `Allow` when the path exists for other methods,
 * else 404. The method index is built from the app's routes on first use (and rebuilt if routes
 * were added since), so routes registered after the handler are known too.
 */
export function notFoundHandler(
  routes: () => readonly { method: string; path: string }[],
): NotFoundHandler<AppEnv> {
  const index = routeIndex(routes);
  return (c) => {
    const allowed = index().methods(c.req.path);
    if (allowed.length > 0) return send(c, methodNotAllowed(c.req.method, allowed));
    return send(c, new ApiError(404, 'not_found', 'Not found.'));
  };
}

/**
 * A path spelled out by a route (`/api/v1/users/me/`) belongs to that route alone: a method it does
 * not have answers 405 with `Allow`, instead of falling through to a route with a parameter in that
 * place (`PATCH /api/v1/users/{id}/`, where "me" is no ID).
 */
export function literalRoutes(routes: () => readonly { method: string; path: string }[]): MiddlewareHandler {
  const index = routeIndex(routes);
  return async (c, next) => {
    const allowed = index().literal.get(c.req.path);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (allowed && !allowed.includes(method)) throw methodNotAllowed(c.req.method, allowed);
    await next();
  };
}

const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError(405, 'method_not_allowed', `Method "${method}" not allowed.`, {
    headers: { Allow: allowed.join(', ') },
  });

interface RouteIndex {
  /** The methods of the routes whose pattern matches `path`. */
  methods(path: string): string[];
  /** Paths of routes without parameters, and their methods. */
  literal: Map<string, string[]>;
}

/** The index of registered (non-middleware) routes, rebuilt when routes were added since. */
function routeIndex(routes: () => readonly { method: string; path: string }[]): () => RouteIndex {
  let built: { size: number; index: RouteIndex } | undefined;
  return () => {
    const current = routes();
    if (built?.size !== current.length) built = { size: current.length, index: buildIndex(current) };
    return built.index;
  };
}

function buildIndex(routes: readonly { method: string; path: string }[]): RouteIndex {
  const handlers = routes.filter((r) => r.method !== 'ALL' && !r.path.includes('*'));
  const patterns = handlers.map((r) => ({
    method: r.method,
    regex: new RegExp(
      `^${r.path
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    ),
  }));
  const literal = new Map<string, string[]>();
  for (const r of handlers.filter((h) => !h.path.includes(':'))) {
    const methods = literal.get(r.path) ?? [];
    if (!methods.includes(r.method)) methods.push(r.method);
    literal.set(r.path, methods);
  }
  return {
    methods: (path) => [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))],
    literal,
  };
}
