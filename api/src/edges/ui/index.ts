import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { App } from '../../http/endpoint.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { checkPassword } from '../../auth/login.ts';
import { csrfTokenMatches } from '../../auth/sessions.ts';
import type { OidcProviders } from '../../auth/sso/providers.ts';
import {
  beginLogin,
  finishLogin,
  FLOW_SECONDS,
  flowCookieName,
  isFlowState,
} from '../../auth/sso/browser.ts';
import { SsoLoginError } from '../../auth/sso/context.ts';
import { backchannelLogout, endSessionUrl } from '../../auth/sso/logout.ts';
import { refreshIfDue } from '../../auth/sso/refresh.ts';
import { DomainError } from '../../core/errors.ts';
import { errorInfo } from '../../core/error-info.ts';
import type { Area, AreaDeps, AreaPageDeps } from '../../areas/area.ts';
import { info, printable, safeNext } from '../../ui/context.ts';
import type { UiEnv } from '../../ui/context.ts';
import { errorPage } from '../../ui/error-page.ts';
import { ASSETS, navigation } from '../../ui/layout.ts';
import { registerAccountPages } from './account.ts';
import { DASHBOARD_NAV, registerDashboard } from './dashboard.ts';
import { loginPage } from './login-page.ts';

/**
 * The browser edge (docs/web-ui.md): the sign-in page (providers and the local form), the OIDC
 * flow, sessions and logout (docs/sso.md), the dashboard, the account menu's pages, and the pages each area declares
 * (`Area.pages`, made with the UI kit of api/src/ui/), which call the areas' services with the
 * session's principal. Pages are server-rendered and work without script; one same-origin script
 * file enhances them, under a strict CSP. A session is a cookie for /ui/ and /auth/ only; /api/v1/
 * never reads it.
 */

export interface UiDeps extends AreaDeps {
  /** The API's external URL (PLINTH_PUBLIC_URL); unset: the origin the browser used. */
  readonly publicUrl: string | undefined;
  /** The areas whose pages and navigation the UI serves, in `AREAS` order. */
  readonly areas: readonly Area[];
}

export function registerUi(app: App, deps: UiDeps): void {
  // The main navigation: the dashboard, then what the areas declare, in its order.
  const pageDeps: AreaPageDeps = {
    ...deps,
    nav: navigation([DASHBOARD_NAV, ...deps.areas.flatMap((a) => a.nav ?? [])]),
  };
  const secure = deps.publicUrl?.startsWith('https://') ?? false;
  // `__Host-` binds the cookie to this host, path / and HTTPS; browsers refuse it over plain HTTP.
  const sessionCookie = secure ? '__Host-plinth_session' : 'plinth_session';
  const flowCookie = (state: string) => (secure ? '__Host-' : '') + flowCookieName(state);
  const flowCookiePattern = new RegExp(`^${secure ? '__Host-' : ''}plinth_oidc_[A-Za-z0-9_-]{1,16}$`);
  const cookieOptions = { httpOnly: true, secure, sameSite: 'Lax', path: '/' } as const;
  const providers: OidcProviders | null = deps.sso?.providers ?? null;
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self' ${providers?.origins().join(' ') ?? ''}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');

  const ui = new Hono<UiEnv>();

  // Headers of every page: no framing, no caching of personal pages, no referrer leaving the site.
  const headers: MiddlewareHandler<UiEnv> = async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'same-origin');
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
  // The session of the cookie, if any and still live (and its groups re-read when due).
  const session: MiddlewareHandler<UiEnv> = async (c, next) => {
    // The assets are the same for everyone: no session lookup for them.
    if (c.req.path.startsWith('/ui/assets/')) {
      c.set('uiSession', null);
      c.set('sessionToken', null);
      return next();
    }
    const token = getCookie(c, sessionCookie) ?? null;
    let live = token ? await deps.sessions.resolve(token) : null;
    if (live && deps.sso) live = await refreshIfDue(deps.sso, live, info(c));
    c.set('uiSession', live);
    c.set('sessionToken', live ? token : null);
    await next();
  };
  // CSRF: every state-changing request must come from a page of this origin (the Origin header, or
  // Sec-Fetch-Site for browsers that omit it) and, with a session, carry the session's token.
  const csrf: MiddlewareHandler<UiEnv> = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.endsWith('/backchannel-logout/'))
      return next();
    if (!sameOrigin(c, deps.publicUrl))
      return c.html(errorPage('Request refused', 'This form was sent from another site.'), 403);
    const token = c.get('sessionToken');
    if (token) {
      const form = await c.req.parseBody();
      const presented = typeof form.csrf_token === 'string' ? form.csrf_token : undefined;
      // The sign-in form itself carries no token: a session is about to be replaced there.
      if (c.req.path !== '/ui/login/' && !csrfTokenMatches(token, presented))
        return c.html(
          errorPage('Request refused', 'This form has expired. Reload the page and try again.'),
          403,
        );
    }
    return next();
  };
  // Only the browser's paths: /api/ never sees these (nor a session). Bodies are limited, and
  // fields PostgreSQL cannot store refused, by the app before these run (app.ts).
  for (const prefix of ['/ui/*', '/auth/*']) ui.use(prefix, headers, session, csrf);

  const startSession = async (c: Context<UiEnv>, sessionToken: string) => {
    // Rotation: whatever session the browser had before is ended, never carried over.
    const previous = c.get('uiSession');
    if (previous) await deps.sessions.revoke(previous.id, 'replaced_at_login');
    setCookie(c, sessionCookie, sessionToken, {
      ...cookieOptions,
      maxAge: deps.sessions.settings.absoluteSeconds,
    });
  };

  for (const a of Object.values(ASSETS))
    ui.get(a.path, (c) =>
      c.body(a.body, 200, { 'Content-Type': a.type, 'Cache-Control': 'public, max-age=31536000, immutable' }),
    );

  ui.get('/ui/login/', (c) => {
    const next = safeNext(c.req.query('next'));
    if (c.get('uiSession')) return c.redirect(next, 303);
    return c.html(
      loginPage({
        providers: providers?.list() ?? [],
        next,
        notice: c.req.query('signed_out') ? 'You are signed out.' : undefined,
      }),
    );
  });

  ui.post('/ui/login/', async (c) => {
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
    const refuse = (error: string, status: 400 | 401 | 429 | 503) =>
      c.html(
        loginPage({
          providers: providers?.list() ?? [],
          next,
          error,
          username: printable(username) ? username : '',
        }),
        status,
      );
    if (
      !username ||
      !password ||
      username.length > 150 ||
      password.length > 1024 ||
      !printable(username) ||
      password.includes('\0')
    )
      return refuse('Enter your username and password.', 400);
    try {
      const user = await checkPassword(deps.auth, { username, password }, info(c), 'ui_password');
      const session = await deps.sessions.create({
        userId: user.id,
        ip: c.get('clientIp'),
        userAgent: c.req.header('user-agent') ?? null,
      });
      await startSession(c, session.token);
      return c.redirect(next, 303);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.kind === 'throttled') return refuse(err.message, 429);
      if (err.kind === 'unavailable') return refuse(err.message, 503);
      return refuse('Invalid username or password.', 401);
    }
  });

  registerDashboard(ui, pageDeps, providers);
  registerAccountPages(ui, pageDeps, providers);
  for (const area of deps.areas) area.pages?.(ui, pageDeps);

  ui.post('/ui/account/sessions/revoke-all/', async (c) => {
    const session = c.get('uiSession');
    if (!session) return c.redirect('/ui/login/', 303);
    const ended = await deps.sessions.revokeAllOfUser(session.userId, 'signed_out_everywhere');
    await deps.auth.audit.record({
      event: 'session.logout',
      actorUserId: session.userId,
      username: session.username,
      ip: c.get('clientIp'),
      requestId: c.get('requestId'),
      details: { kind: 'everywhere', sessions: ended },
    });
    deleteCookie(c, sessionCookie, cookieOptions);
    return c.redirect('/ui/login/?signed_out=1', 303);
  });

  ui.post('/auth/logout/', async (c) => {
    const session = c.get('uiSession');
    deleteCookie(c, sessionCookie, cookieOptions);
    if (!session) return c.redirect('/ui/login/?signed_out=1', 303);
    const provider = session.provider ? providers?.get(session.provider) : undefined;
    const { idToken } = provider ? await deps.sessions.providerTokens(session.id) : { idToken: null };
    await deps.sessions.revoke(session.id, 'logout');
    // RP-initiated logout: the provider ends its own session and sends the browser back here.
    const target = provider && deps.sso ? await endSessionUrl(deps.sso, provider, idToken) : null;
    await deps.auth.audit.record({
      event: 'session.logout',
      actorUserId: session.userId,
      username: session.username,
      ip: c.get('clientIp'),
      requestId: c.get('requestId'),
      details: { kind: target ? 'rp_initiated' : 'local', ...(provider ? { provider: provider.name } : {}) },
    });
    return c.redirect(target?.href ?? '/ui/login/?signed_out=1', 303);
  });

  if (deps.sso) {
    const sso = deps.sso;
    const providerOf = (c: Context<UiEnv>) => sso.providers.get(c.req.param('provider') ?? '');

    ui.get('/auth/oidc/:provider/login/', async (c) => {
      const provider = providerOf(c);
      if (!provider) return c.html(errorPage('Unknown provider', 'There is no such sign-in provider.'), 404);
      try {
        const { url, state, sealedFlow } = await beginLogin(sso, provider, safeNext(c.req.query('next')));
        // Every flow cookie rides on every request: a page of sign-in links clicked in turn must
        // not grow the headers past what the server accepts (431 for the whole site). The newest
        // flows stay, so the sign-in the user finishes is the one they started last.
        const flows = Object.entries(getCookie(c))
          .filter(([name]) => flowCookiePattern.test(name))
          .sort(([, a], [, b]) => flowStartedAt(b) - flowStartedAt(a));
        for (const [name] of flows.slice(MAX_FLOWS - 1)) deleteCookie(c, name, cookieOptions);
        setCookie(c, flowCookie(state), `${Date.now().toString(36)}.${sealedFlow}`, {
          ...cookieOptions,
          maxAge: FLOW_SECONDS,
        });
        return c.redirect(url.href, 302);
      } catch (err) {
        if (err instanceof DomainError && err.kind === 'unavailable')
          return c.html(errorPage('Sign-in unavailable', err.message), 503);
        throw err;
      }
    });

    ui.get('/auth/oidc/:provider/callback/', async (c) => {
      const provider = providerOf(c);
      if (!provider) return c.html(errorPage('Unknown provider', 'There is no such sign-in provider.'), 404);
      const url = new URL(c.req.url);
      const state = url.searchParams.get('state') ?? '';
      // A `state` of another shape is no flow of ours, and no cookie name (finishLogin refuses it).
      const name = isFlowState(state) ? flowCookie(state) : undefined;
      const sealed = name ? flowSealed(getCookie(c, name)) : undefined;
      if (name) deleteCookie(c, name, cookieOptions);
      try {
        const { sessionToken, next } = await finishLogin(sso, provider, url, sealed, info(c));
        await startSession(c, sessionToken);
        return c.redirect(next, 303);
      } catch (err) {
        if (err instanceof SsoLoginError)
          return c.html(
            errorPage('Sign-in failed', err.message),
            err.reason === 'provider_unavailable' ? 503 : 400,
          );
        throw err;
      }
    });

    ui.post('/auth/oidc/:provider/backchannel-logout/', async (c) => {
      const provider = providerOf(c);
      const refuse = (error: string, description: string) =>
        c.json({ error, error_description: description }, 400, { 'Cache-Control': 'no-store' });
      if (!provider) return refuse('invalid_request', 'Unknown provider.');
      const form = await c.req.parseBody();
      const token = typeof form.logout_token === 'string' ? form.logout_token : '';
      if (!token) return refuse('invalid_request', 'logout_token is required.');
      try {
        await backchannelLogout(sso, provider, token, info(c));
      } catch (err) {
        c.get('log')().warn({ provider: provider.name, err: errorInfo(err) }, 'back-channel logout refused');
        return refuse('invalid_request', 'The logout token is not valid.');
      }
      return c.body(null, 200, { 'Cache-Control': 'no-store' });
    });
  }

  app.route('/', ui as unknown as Hono<AppEnv>);
}

/** How many sign-ins one browser may have in progress (each has a flow cookie of about 1 kB). */
const MAX_FLOWS = 3;

/** A flow cookie is `<start time, base 36>.<sealed flow>`: the time orders flows, the rest is sealed. */
function flowStartedAt(value: string): number {
  const started = parseInt(value.slice(0, value.indexOf('.')), 36);
  return Number.isFinite(started) ? started : 0;
}

function flowSealed(value: string | undefined): string | undefined {
  const dot = value?.indexOf('.') ?? -1;
  return dot > 0 ? value!.slice(dot + 1) : undefined;
}

/** The request comes from a page of this origin. */
function sameOrigin(c: Context<UiEnv>, publicUrl: string | undefined): boolean {
  const expected = publicUrl ? new URL(publicUrl).origin : new URL(c.req.url).origin;
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin === expected;
  return c.req.header('sec-fetch-site') === 'same-origin';
}
