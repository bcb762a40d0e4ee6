import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { html } from './html.ts';
import type { Html } from './html.ts';

/** The stylesheet and its content-hashed URL: cached for a year, a new build gets a new URL. */
export const STYLESHEET = readFileSync(new URL('./assets/ui.css', import.meta.url));
export const STYLESHEET_PATH = `/ui/assets/ui-${createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12)}.css`;

export interface PageUser {
  readonly username: string;
  readonly superuser: boolean;
}

function layout(title: string, body: Html, user?: PageUser, csrf?: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Plinth</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body>
        <header>
          <a class="brand" href="/ui/">Plinth</a>
          ${
            user && csrf
              ? html`<form class="inline" method="post" action="/auth/logout/">
                  <span class="muted">${user.username}${user.superuser ? ' (Super Admin)' : ''}</span>
                  <input type="hidden" name="csrf_token" value="${csrf}" />
                  <button class="secondary" type="submit">Sign out</button>
                </form>`
              : ''
          }
        </header>
        <main id="main">${body}</main>
      </body>
    </html> `.value;
}

export interface LoginPageProps {
  readonly providers: readonly { name: string; displayName: string }[];
  readonly next: string;
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly username?: string | undefined;
}

export function loginPage(p: LoginPageProps): string {
  const nextQuery = p.next === '/ui/' ? '' : `?next=${encodeURIComponent(p.next)}`;
  return layout(
    'Sign in',
    html`<div class="card">
      <h1>Sign in to Plinth</h1>
      ${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
      ${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}
      ${
        p.providers.length
          ? html`<div class="providers">
                ${p.providers.map((pr) => html`<a class="button" href="/auth/oidc/${pr.name}/login/${nextQuery}">Sign in with ${pr.displayName}</a>`)}
              </div>
              <p class="muted">Or with a local account:</p>`
          : ''
      }
      <form method="post" action="/ui/login/">
        <input type="hidden" name="next" value="${p.next}" />
        <label for="username">Username</label>
        <input
          id="username"
          name="username"
          type="text"
          autocomplete="username"
          required
          maxlength="150"
          value="${p.username ?? ''}"
        />
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          maxlength="1024"
        />
        <button type="submit">Sign in</button>
      </form>
    </div>`,
  );
}

export interface HomePageProps {
  readonly user: PageUser & { fullName: string };
  readonly csrf: string;
  readonly provider: string | null;
  readonly memberships: readonly { organization: string; slug: string; role: string; source: string }[];
}

const ROLE_NAMES: Record<string, string> = { admin: 'Org Admin', user: 'User', viewer: 'Viewer' };

export function homePage(p: HomePageProps): string {
  return layout(
    'Home',
    html`<div class="card">
        <h1>Welcome, ${p.user.fullName || p.user.username}</h1>
        <p>
          Signed in as
          <strong id="username">${p.user.username}</strong
          >${p.provider ? html` through <span id="provider">${p.provider}</span>` : ''}.
          ${p.user.superuser ? html`You are a <strong id="superuser">Super Admin</strong>.` : ''}
        </p>
      </div>
      <div class="card">
        <h2>Your organizations</h2>
        ${
          p.memberships.length
            ? html`<table id="memberships">
                <thead>
                  <tr>
                    <th scope="col">Organization</th>
                    <th scope="col">Role</th>
                    <th scope="col">Granted by</th>
                  </tr>
                </thead>
                <tbody>
                  ${p.memberships.map(
                    (m) =>
                      html`<tr data-slug="${m.slug}">
                        <td>${m.organization}</td>
                        <td data-role="${m.role}">${ROLE_NAMES[m.role] ?? m.role}</td>
                        <td>${m.source === 'idp' ? 'identity provider' : 'an administrator'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
            : html`<p id="no-memberships" class="muted">You are not a member of any organization yet.</p>`
        }
      </div>
      <div class="card">
        <h2>Sessions</h2>
        <p>Signing out everywhere ends this session and every other one of yours, in every browser.</p>
        <form method="post" action="/ui/account/sessions/revoke-all/">
          <input type="hidden" name="csrf_token" value="${p.csrf}" />
          <button class="danger" type="submit">Sign out everywhere</button>
        </form>
      </div>`,
    p.user,
    p.csrf,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    html`<div class="card">
      <h1>${title}</h1>
      <p class="error" role="alert">${message}</p>
      <p><a href="/ui/login/">Back to sign-in</a></p>
    </div>`,
  );
}
