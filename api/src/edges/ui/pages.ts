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
              ? html`<nav aria-label="Account">
                    <a href="/ui/">Home</a> <a href="/ui/accounts/api-keys/">API keys</a>
                  </nav>
                  <form class="inline" method="post" action="/auth/logout/">
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

export interface KeyRow {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly created_at: string;
  readonly expires_at: string | null;
  readonly last_used_at: string | null;
}

const day = (iso: string | null, none: string) => (iso ? iso.slice(0, 10) : none);

export interface KeysPageProps {
  readonly user: PageUser;
  readonly csrf: string;
  readonly keys: readonly KeyRow[];
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly fieldErrors?: Readonly<Record<string, string>>;
  readonly form?: { readonly name: string; readonly days: string };
}

const EXPIRY_CHOICES = [
  ['90', '90 days (CI/CD pipelines)'],
  ['365', '365 days (a developer machine)'],
  ['7', '7 days (something temporary)'],
  ['', 'Never expires'],
] as const;

/** `/ui/accounts/api-keys/`: the user's keys and the form that makes one. */
export function keysPage(p: KeysPageProps): string {
  const nameError = p.fieldErrors?.name;
  const days = p.form?.days ?? '90';
  return layout(
    'API keys',
    html`<div class="card">
        <h1>Your API keys</h1>
        ${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
        ${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}
        <p class="muted">
          A key acts with your rights for scripts, the command line and CI/CD. Use one key per use, never
          commit one or paste it in a log, and rotate critical keys every 90 days.
        </p>
        ${
          p.keys.length
            ? html`<table id="keys">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Created</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Last used</th>
                    <th scope="col"><span class="muted">Action</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${p.keys.map(
                    (k) =>
                      html`<tr data-key="${k.id}">
                        <td>${k.name}</td>
                        <td><code>${k.prefix}</code></td>
                        <td>${day(k.created_at, '')}</td>
                        <td>${day(k.expires_at, 'never')}</td>
                        <td>${day(k.last_used_at, 'never')}</td>
                        <td>
                          <a href="/ui/accounts/api-keys/${k.id}/revoke/"
                            >Revoke<span class="muted"> ${k.name}</span></a
                          >
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
            : html`<p id="no-keys" class="muted">You have no API keys.</p>`
        }
      </div>
      <div class="card">
        <h2>Create a key</h2>
        <form method="post" action="/ui/accounts/api-keys/">
          <input type="hidden" name="csrf_token" value="${p.csrf}" />
          <label for="name">Name</label>
          <input
            id="name"
            name="name"
            type="text"
            required
            maxlength="100"
            value="${p.form?.name ?? ''}"
            ${nameError ? html`aria-invalid="true" aria-describedby="name-error"` : ''}
          />
          ${nameError ? html`<p id="name-error" class="error">${nameError}</p>` : ''}
          <label for="expires_in_days">Expires</label>
          <select id="expires_in_days" name="expires_in_days">
            ${EXPIRY_CHOICES.map(([value, label]) => html`<option value="${value}" ${value === days ? ' selected' : ''}>${label}</option>`)}
          </select>
          <button type="submit">Create key</button>
        </form>
      </div>`,
    p.user,
    p.csrf,
  );
}

/** The one time a new key's secret is shown. */
export function keyCreatedPage(p: { user: PageUser; csrf: string; key: KeyRow & { token: string } }): string {
  return layout(
    'Key created',
    html`<div class="card">
      <h1>Key ${p.key.name} created</h1>
      <p class="error" role="alert">
        Copy the key now: it is shown only this once and cannot be retrieved again.
      </p>
      <label for="token">Your new API key</label>
      <input id="token" type="text" readonly value="${p.key.token}" />
      <p class="muted">
        Expires: ${day(p.key.expires_at, 'never')}. Use it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <p><a class="button" href="/ui/accounts/api-keys/">I have copied it</a></p>
    </div>`,
    p.user,
    p.csrf,
  );
}

/** The confirmation before a key is revoked. */
export function keyRevokePage(p: { user: PageUser; csrf: string; key: KeyRow }): string {
  return layout(
    'Revoke key',
    html`<div class="card">
      <h1>Revoke ${p.key.name}?</h1>
      <p>
        Every request made with <code>${p.key.prefix}…</code> fails from the next one on, on every server.
        This cannot be undone.
      </p>
      <form method="post" action="/ui/accounts/api-keys/${p.key.id}/revoke/">
        <input type="hidden" name="csrf_token" value="${p.csrf}" />
        <button class="danger" type="submit">Revoke the key</button>
        <a href="/ui/accounts/api-keys/">Cancel</a>
      </form>
    </div>`,
    p.user,
    p.csrf,
  );
}
