import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { html } from './html.ts';
import type { Html } from './html.ts';

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

/** The account menu's entries (the spec puts a user's keys "under the account menu"). */
const ACCOUNT_MENU = [
  { section: 'profile', href: '/ui/account/', label: 'Profile' },
  { section: 'keys', href: '/ui/accounts/api-keys/', label: 'Your API keys' },
  { section: 'sessions', href: '/ui/account/sessions/', label: 'Sessions' },
] as const;

/**
 * The username opens the account menu: a `<details>` disclosure, so it works without script and
 * is announced as an expandable button.
 */
function accountMenu(user: PageUser, csrf: string, section: string | undefined): Html {
  return html`<details class="account">
    <summary>
      <span class="visually-hidden">Account: </span>${user.username}${
        user.superuser ? html`<span class="role"> (Super Admin)</span>` : ''
      }
    </summary>
    <div class="menu">
      <ul class="plain">
        ${ACCOUNT_MENU.map(
          (m) =>
            html`<li>
              <a href="${m.href}" ${m.section === section ? html`aria-current="page"` : ''}>${m.label}</a>
            </li>`,
        )}
      </ul>
      <form method="post" action="/auth/logout/" novalidate>
        <input type="hidden" name="csrf_token" value="${csrf}" />
        <button class="secondary" type="submit">Sign out</button>
      </form>
    </div>
  </details>`;
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
                  ${accountMenu(user, csrf, frame.section)}`
              : ''
          }
        </header>
        <main id="main" tabindex="-1">${body}</main>
      </body>
    </html> `.value;
}
