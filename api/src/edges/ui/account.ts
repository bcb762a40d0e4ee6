import type { Hono } from 'hono';
import type { AreaPageDeps } from '../../areas/area.ts';
import { membershipsOfUser } from '../../areas/members/public.ts';
import { me } from '../../areas/users/service.ts';
import type { SessionSummary } from '../../auth/sessions.ts';
import type { OidcProviders } from '../../auth/sso/providers.ts';
import type { UiEnv } from '../../ui/context.ts';
import { pagesWith } from '../../ui/context.ts';
import { csrfField } from '../../ui/fields.ts';
import { minute, ROLE_NAMES } from '../../ui/format.ts';
import { html } from '../../ui/html.ts';
import { layout } from '../../ui/layout.ts';
import { fieldRow, table } from '../../ui/table.ts';

/**
 * The account menu's own pages (the header's username opens the menu): your profile, and your
 * web sessions with "sign out everywhere" (its POST is the edge's, index.ts, as it clears the
 * cookie). Your API keys are the keys area's (`/ui/accounts/api-keys/`).
 */
export function registerAccountPages(
  ui: Hono<UiEnv>,
  deps: AreaPageDeps,
  providers: OidcProviders | null,
): void {
  const page = pagesWith(deps);
  const providerName = (name: string | null) =>
    name ? (providers?.get(name)?.displayName ?? name) : 'username and password';

  ui.get(
    '/ui/account/',
    page('profile', async (c, p) => {
      const [user, memberships] = await Promise.all([me(p.ctx), membershipsOfUser(p.ctx, p.session.userId)]);
      const roles = [
        ...(user.is_superuser ? ['Super Admin (every organization)'] : []),
        ...memberships.map((m) => `${ROLE_NAMES[m.role] ?? m.role} of ${m.organization}`),
      ];
      return c.html(
        layout(
          'Your profile',
          html`<div class="card">
            <h1>Your profile</h1>
            ${table({
              id: 'profile',
              caption: 'Your profile',
              rows: [
                fieldRow('Username', user.username),
                fieldRow('Name', user.full_name || '–'),
                fieldRow('E-mail', user.email || '–'),
                fieldRow(
                  'Roles',
                  roles.length
                    ? html`<ul class="plain">
                        ${roles.map((r) => html`<li>${r}</li>`)}
                      </ul>`
                    : 'No organization yet; workspace roles are on the dashboard.',
                  'roles',
                ),
                fieldRow('This session signed in through', providerName(p.session.provider)),
              ],
            })}
            <p class="hint">
              Your name and e-mail come from your identity provider, or are changed by a Super Admin.
            </p>
          </div>`,
          p.frame('profile'),
        ),
      );
    }),
  );

  ui.get(
    '/ui/account/sessions/',
    page('sessions', async (c, p) => {
      const live = await deps.sessions.listOfUser(p.session.userId);
      return c.html(
        layout(
          'Your sessions',
          html`<div class="card">
              <h1>Your sessions</h1>
              <p class="muted">
                Where you are signed in to this web UI. API keys and the CLI's tokens are not sessions: revoke
                a key on <a href="/ui/accounts/api-keys/">your API keys</a>.
              </p>
              ${table({
                id: 'sessions',
                caption: 'Your live sessions',
                head: ['Browser', 'Signed in', 'Last used', 'From', 'Through'],
                rows: live.map((s) => sessionRow(s, s.id === p.session.id, providerName(s.provider))),
              })}
            </div>
            <div class="card">
              <h2>Sign out everywhere</h2>
              <p>Signing out everywhere ends this session and every other one of yours, in every browser.</p>
              <form method="post" action="/ui/account/sessions/revoke-all/" novalidate>
                ${csrfField(p.csrf)}
                <button class="danger" type="submit">Sign out everywhere</button>
              </form>
            </div>`,
          p.frame('sessions'),
        ),
      );
    }),
  );
}

function sessionRow(s: SessionSummary, current: boolean, through: string) {
  return html`<tr data-session="${s.id}" ${current ? html`data-current` : ''}>
    <td>${browserOf(s.userAgent)}${current ? html` <strong>(this session)</strong>` : ''}</td>
    <td>${minute(s.createdAt.toISOString(), '')}</td>
    <td>${minute(s.lastSeenAt.toISOString(), '')}</td>
    <td>${s.ip ?? 'unknown'}</td>
    <td>${through}</td>
  </tr>`;
}

const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /Edg\//],
  ['Firefox', /Firefox\//],
  ['Chrome', /Chrom(e|ium)\//],
  ['Safari', /Safari\//],
];
const SYSTEMS: readonly [string, RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** A user agent as people tell their browsers apart: browser and system, or the raw string. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([, re]) => re.test(userAgent))?.[0];
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0];
  return browser ? `${browser}${system ? ` on ${system}` : ''}` : userAgent.slice(0, 60);
}
