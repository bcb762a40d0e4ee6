import type { Hono } from 'hono';
import type { AreaPageDeps } from '../../area.ts';
import { forbidden } from '../../../core/errors.ts';
import { html } from '../../../ui/html.ts';
import type { UiEnv } from '../../../ui/context.ts';
import { pagesWith } from '../../../ui/context.ts';
import { layout } from '../../../ui/layout.ts';

/**
 * Administration (Super Admins): an index of the platform's own pages. They are the areas' own:
 * the system API keys (the keys area), the whole audit log (the audit area) and users (here).
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

export function registerAdministrationPage(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
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
          p.frame('admin'),
        ),
      );
    }),
  );
}
