import type { Context, Handler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { RequestInfo, ServiceContext, ServiceDeps } from '../auth/context.ts';
import { can, highestRole, requireScope, roleIn } from '../auth/policy.ts';
import type { Action, PolicyContext, Principal } from '../auth/policy.ts';
import { sessionPrincipal } from '../auth/registry.ts';
import { MAX_NEXT_LENGTH } from '../auth/sso/browser.ts';
import { csrfToken } from '../auth/sessions.ts';
import type { ActiveSession } from '../auth/sessions.ts';
import { DomainError, notFound } from '../core/errors.ts';
import { notPossiblePage } from './error-page.ts';
import type { Frame, NavItem, PageUser } from './layout.ts';

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
 * protocol-relative `//host` or a backslash trick; anything else is the home page. At most
 * {@link MAX_NEXT_LENGTH} characters (after the URL's own encoding): it rides in the flow cookies.
 */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > MAX_NEXT_LENGTH || !printable(next)) return '/ui/';
  if (!next.startsWith('/ui/') || next.includes('\\') || next.startsWith('//')) return '/ui/';
  try {
    const url = new URL(next, 'http://plinth.invalid');
    if (url.origin !== 'http://plinth.invalid' || !url.pathname.startsWith('/ui/')) return '/ui/';
    const path = url.pathname + url.search;
    return path.length > MAX_NEXT_LENGTH ? '/ui/' : path;
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

/**
 * What a signed-in page handler gets: the session, its CSRF token, its principal, the frame, and
 * what the services act with (`ctx`: the session's principal and this request).
 */
export interface PageContext {
  readonly session: ActiveSession;
  readonly csrf: string;
  readonly principal: Principal;
  readonly user: PageUser;
  readonly ctx: ServiceContext;
  /** The frame of a page in `section`: the user, the sign-out form and the navigation. */
  frame(section: string): Frame;
}

/** What pages are made with: what the services act with, and the navigation of every page. */
export interface PageDeps extends ServiceDeps {
  /** The main navigation, in its order (the areas' entries, see `navigation`). */
  readonly nav: readonly NavItem[];
}

/** `page`, for the pages whose services act with `deps` (the areas' deps). */
export function pagesWith(deps: PageDeps) {
  /**
   * A page for signed-in users: without a session, sign in first (and come back after a GET). A
   * service's refusal (DomainError) becomes an error page with the API's own message and status;
   * pages that show the message beside a form catch it themselves first.
   */
  return function page(
    section: string,
    handler: (c: Context<UiEnv>, p: PageContext) => Promise<Response> | Response,
  ): Handler<UiEnv> {
    return async (c) => {
      const session = c.get('uiSession');
      if (!session) return c.req.method === 'GET' ? toLogin(c) : c.redirect('/ui/login/', 303);
      const principal = sessionPrincipal(session);
      const csrf = csrfToken(c.get('sessionToken')!);
      const p: PageContext = {
        session,
        csrf,
        principal,
        user: session,
        ctx: { db: deps.db, audit: deps.audit, logger: deps.logger, principal, req: info(c) },
        frame: (at) => ({ user: session, csrf, section: at, nav: deps.nav }),
      };
      try {
        return await handler(c, p);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        const { body, status } = notPossiblePage(err, p.frame(section));
        return c.html(body, status);
      }
    };
  };
}

/** Whether the principal may do `action` in `scope`: what a page offers, the API still decides. */
export async function may(
  ctx: PolicyContext,
  action: Action,
  scope: { organizationId: string; workspaceId?: string } | 'global',
): Promise<boolean> {
  const role = scope === 'global' ? await highestRole(ctx) : await roleIn(ctx, scope);
  if (role === null || !can(role, action)) return false;
  try {
    requireScope(ctx.principal, action);
    return true;
  } catch {
    return false;
  }
}

/** A path's id: a UUID, or the page is not found (never a database error for a malformed one). */
export function idParam(c: Context<UiEnv>, name = 'id'): string {
  const id = c.req.param(name) ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw notFound('Not found.');
  return id.toLowerCase();
}
