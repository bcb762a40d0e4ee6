import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { RequestInfo } from '../../auth/login.ts';
import type { ActiveSession } from '../../auth/sessions.ts';

/** The browser edge's per-request variables: the live session of the cookie, if any. */
export type UiEnv = AppEnv & {
  Variables: AppEnv['Variables'] & { uiSession: ActiveSession | null; sessionToken: string | null };
};

export function info(c: Context<UiEnv>): RequestInfo {
  return {
    ip: c.get('clientIp'),
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
    userAgent: c.req.header('user-agent') ?? null,
  };
}

/** No control characters (PostgreSQL cannot store NUL; none belongs in a username). */
export function printable(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(value);
}

/**
 * Where to go after signing in: a path of this UI only (`/ui/…`), never another origin, a
 * protocol-relative `//host` or a backslash trick; anything else is the home page.
 */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 2000 || !printable(next)) return '/ui/';
  if (!next.startsWith('/ui/') || next.includes('\\') || next.startsWith('//')) return '/ui/';
  try {
    const url = new URL(next, 'http://plinth.invalid');
    if (url.origin !== 'http://plinth.invalid' || !url.pathname.startsWith('/ui/')) return '/ui/';
    return url.pathname + url.search;
  } catch {
    return '/ui/';
  }
}

/** A page that needs a session sends the browser to sign in, and back here afterwards. */
export function toLogin(c: Context<UiEnv>): Response {
  const url = new URL(c.req.url);
  const next = safeNext(url.pathname + url.search);
  return c.redirect(next === '/ui/' ? '/ui/login/' : `/ui/login/?next=${encodeURIComponent(next)}`, 303);
}
