import type { Hono } from 'hono';
import type { AreaDeps } from '../../areas/area.ts';
import { forbidden } from '../../core/errors.ts';
import { html } from './html.ts';
import type { UiEnv } from './context.ts';
import { pagesWith } from './context.ts';
import { layout } from './layout.ts';
import { registerAuditPages } from './audit.ts';
import { registerUserPages } from './users.ts';

/**
 * Administration (Super Admins): an index of the platform's own pages, the whole audit log (and
 * each organization's on its tab, for its Org Admins), and users. The system API keys page lives
 * with the other keys pages (keys.ts).
 */

const SECTIONS = [
  {
    href: '/ui/administration/system-api-keys/',
    label: 'System API keys',
    about: 'Keys that act as a Super Admin across every organization, for platform automation.',
  },
  {
    href: '/ui/administration/audit-log/',
    label: 'Audit log',
    about: 'Every security event: sign-ins, keys, users, organizations and members. Filter and export it.',
  },
  {
    href: '/ui/administration/users/',
    label: 'Users',
    about: 'Every user: how they sign in, their memberships and identities; create, deactivate, sign out.',
  },
] as const;

export function registerAdminPages(ui: Hono<UiEnv>, deps: AreaDeps): void {
  const page = pagesWith(deps);
  ui.get(
    '/ui/administration/',
    page('admin', (c, p) => {
      if (!p.principal.superuser) throw forbidden('Administration is for Super Admins only.');
      return c.html(
        layout(
          'Administration',
          html`<div class="card">
            <h1>Administration</h1>
            <p class="muted">The platform's own settings and records, for Super Admins.</p>
            <ul id="administration" class="plain">
              ${SECTIONS.map(
                (s) =>
                  html`<li>
                    <a href="${s.href}">${s.label}</a>
                    <p class="hint">${s.about}</p>
                  </li>`,
              )}
            </ul>
          </div>`,
          { user: p.user, csrf: p.csrf, section: 'admin' },
        ),
      );
    }),
  );

  registerAuditPages(ui, deps);
  registerUserPages(ui, deps);
}
