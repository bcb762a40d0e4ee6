import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { html } from './html.ts';
import type { Html } from './html.ts';
import type { Role } from '../auth/policy.ts';

/**
 * The page frame and the pieces every page shares. Pages work without script; `ui.js` (same
 * origin, the CSP's only script source) adds copy buttons, the leave-before-copy warning, live
 * field checks, busy submit buttons and the auto-hiding of revealed secrets (docs/web-ui.md).
 */

/** A static asset and its content-hashed URL: cached for a year, a new build gets a new URL. */
function asset(file: string, ext: string) {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const path = `/ui/assets/${file.replace(/\.\w+$/, '')}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;
  return { body, path };
}
export const ASSETS = {
  css: { ...asset('ui.css', 'css'), type: 'text/css; charset=utf-8' },
  js: { ...asset('ui.js', 'js'), type: 'text/javascript; charset=utf-8' },
} as const;

export interface PageUser {
  readonly username: string;
  readonly superuser: boolean;
}

/**
 * An entry of the main navigation. Each area declares its own (`Area.nav`); the browser edge puts
 * them in order once ({@link navigation}) and every page's frame shows them.
 */
export interface NavItem {
  readonly label: string;
  readonly href: string;
  /** The section of the pages it is current on (`aria-current`): a page's frame names its section. */
  readonly section: string;
  /** Shown to Super Admins only. */
  readonly superuser?: true;
  /** Its place, lowest first; entries without one follow in the order they were given (the areas'). */
  readonly order?: number;
}

/** The navigation in its order: by `order`, then as given. */
export function navigation(items: readonly NavItem[]): readonly NavItem[] {
  const place = (n: NavItem) => n.order ?? Number.MAX_SAFE_INTEGER;
  return [...items].sort((a, b) => place(a) - place(b));
}

export interface Frame {
  readonly user?: PageUser | undefined;
  readonly csrf?: string | undefined;
  /** Where the page sits in the navigation, for `aria-current`. */
  readonly section?: string;
  /** The main navigation (signed-in pages). */
  readonly nav?: readonly NavItem[];
}

export function layout(title: string, body: Html, frame: Frame = {}): string {
  const { user, csrf } = frame;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Plinth</title>
        <link rel="stylesheet" href="${ASSETS.css.path}" />
        <script src="${ASSETS.js.path}" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header>
          <a class="brand" href="/ui/">Plinth</a>
          ${
            user && csrf
              ? html`<nav aria-label="Main">
                    ${(frame.nav ?? [])
                      .filter((n) => !n.superuser || user.superuser)
                      .map(
                        (n) =>
                          html`<a
                            href="${n.href}"
                            ${n.section === frame.section ? html`aria-current="page"` : ''}
                            >${n.label}</a
                          >`,
                      )}
                  </nav>
                  <form class="inline account" method="post" action="/auth/logout/">
                    <span class="muted">${user.username}${user.superuser ? ' (Super Admin)' : ''}</span>
                    <input type="hidden" name="csrf_token" value="${csrf}" />
                    <button class="secondary" type="submit">Sign out</button>
                  </form>`
              : ''
          }
        </header>
        <main id="main" tabindex="-1">${body}</main>
      </body>
    </html> `.value;
}

/** The API's message at the top of a page, and a success notice. */
export function alerts(p: { error?: string | undefined; notice?: string | undefined }): Html {
  return html`${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
  ${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}`;
}

export const csrfField = (csrf: string): Html =>
  html`<input type="hidden" name="csrf_token" value="${csrf}" />`;

/** A field's error under it, tied to the field by `aria-describedby` (see {@link describedBy}). */
export const fieldError = (id: string, message: string | undefined): Html =>
  message ? html`<p id="${id}-error" class="error">${message}</p>` : html``;

export const describedBy = (id: string, message: string | undefined): Html =>
  message ? html`aria-invalid="true" aria-describedby="${id}-error"` : html``;

/**
 * A secret (or anything to copy) in a read-only field with a copy button. The button works with
 * script only; without it, the field can be selected and copied by hand.
 */
export function copyField(id: string, label: string, value: string): Html {
  return html`<label for="${id}">${label}</label>
    <div class="copy">
      <input id="${id}" type="text" readonly value="${value}" spellcheck="false" autocomplete="off" />
      <button type="button" class="secondary" data-copy="${id}" hidden>
        Copy<span class="visually-hidden"> ${label}</span>
      </button>
    </div>`;
}

/** A date (day only) or what to say when there is none. */
export const day = (iso: string | null | undefined, none: string): string => (iso ? iso.slice(0, 10) : none);

/** A time to the minute, UTC. */
export const minute = (iso: string | null | undefined, none: string): string =>
  iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : none;

export const ROLE_NAMES: Record<string, string> = { admin: 'Org Admin', user: 'User', viewer: 'Viewer' };

/** A workspace's `admin` is its Workspace Admin; an organization's is its Org Admin. */
export const WORKSPACE_ROLE_NAMES: Record<string, string> = { ...ROLE_NAMES, admin: 'Workspace Admin' };

/** The principal's role as people read it. */
export const EFFECTIVE_ROLE_NAMES: Record<Role, string> = {
  super_admin: 'Super Admin',
  org_admin: 'Org Admin',
  workspace_admin: 'Workspace Admin',
  user: 'User',
  viewer: 'Viewer',
};

/** Where a membership came from (a member's `source`). */
export const sourceName = (source: string): string =>
  source === 'idp' ? 'identity provider' : 'an administrator';

/** Bytes as people read them (binary units, one decimal). */
export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${units[u]}`;
}
