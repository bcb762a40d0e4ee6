import type { User } from '../schema.ts';
import type { SignInMethods } from '../service.ts';
import type { UserSso } from '../../../auth/sso/schema.ts';
import { membershipsTable } from '../../members/public.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, confirmForm } from '../../../ui/fields.ts';
import { minute, ROLE_NAMES, WORKSPACE_ROLE_NAMES } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { fieldRow, table } from '../../../ui/table.ts';
import { BASE, signInLabel } from './list.ts';

/**
 * One user under Administration: the details, memberships, workspace roles and single sign-on
 * identities, and the confirmation before each change offered on the user.
 */

export /** The changes offered on a user, each confirmed first. */
const ACTIONS = {
  deactivate: {
    title: 'Deactivate',
    button: 'Deactivate the user',
    busy: 'Deactivating…',
    done: 'The user is deactivated: their logins, keys and sessions no longer work.',
    explain:
      'Their password and SSO sign-ins, login tokens and API keys stop working at once, and their web sessions end for good (reactivating does not bring those back). Nothing they own is deleted.',
  },
  activate: {
    title: 'Reactivate',
    button: 'Reactivate the user',
    busy: 'Reactivating…',
    done: 'The user is active again.',
    explain: 'They can sign in again, and their API keys that are neither revoked nor expired work again.',
  },
  'end-sessions': {
    title: 'End all web sessions of',
    button: 'End all sessions',
    busy: 'Ending the sessions…',
    done: 'Every web session of the user has ended.',
    explain:
      'Every browser signed in as this user is signed out on its next request, on every server. Their API keys and login tokens are not affected.',
  },
} as const;
export type ActionName = keyof typeof ACTIONS;

/** What an identity's groups map to: Super Admin, organization roles, and the groups ignored. */
function groupsMapTo(m: UserSso['identities'][number]['mapping']): Html {
  return html`${m.superuser ? 'Super Admin; ' : ''}
  ${
    m.organizations.length
      ? m.organizations.map(
          (o, n) =>
            html`${n ? ', ' : ''}${o.slug}:
            ${ROLE_NAMES[o.role] ?? o.role}${o.exists ? '' : html` <span class="error">(no such organization)</span>`}`,
        )
      : 'no organization'
  }
  ${m.ignored_groups.length ? html`<br /><span class="muted">Ignored: ${m.ignored_groups.join(', ')}</span>` : ''}`;
}

export function userPage(
  p: PageContext,
  u: User,
  sso: UserSso,
  memberships: readonly { id: string; organization: string; slug: string; role: string; source: string }[],
  workspaceRoles: readonly { id: string; name: string; organization: string; role: string }[],
  kind: SignInMethods,
  s: { error?: string | undefined; notice?: string | undefined },
): string {
  const self = u.id === p.session.userId;
  const base = `${BASE}${u.id}/`;
  return layout(
    u.username,
    html`<p class="crumbs">
        <a href="/ui/administration/">Administration</a> / <a href="${BASE}">Users</a> / ${u.username}
      </p>
      <div class="card">
        <h1>${u.username}</h1>
        ${alerts(s)}
        ${table({
          id: 'user',
          rows: [
            fieldRow('Name', u.full_name || '–'),
            fieldRow('E-mail', u.email ?? '–'),
            fieldRow('Status', u.is_active ? 'Active' : 'Deactivated', 'status'),
            fieldRow(
              'Super Admin',
              u.is_superuser
                ? sso.superuser_source === 'idp'
                  ? "Yes (from the identity provider's groups)"
                  : 'Yes'
                : 'No',
            ),
            fieldRow('Sign-in', signInLabel(kind), 'sign-in'),
            fieldRow('Last login', minute(u.last_login_at, 'never')),
            fieldRow('Created', minute(u.created_at, '')),
            fieldRow('ID', html`<code>${u.id}</code>`),
          ],
        })}
        <p><a href="/ui/administration/audit-log/?actor=${u.id}">Audit entries of this user's actions</a></p>
      </div>
      <div class="card">
        <h2>Actions</h2>
        ${self ? html`<p class="muted">This is you: you cannot deactivate yourself.</p>` : ''}
        <div class="actions">
          ${
            self
              ? ''
              : u.is_active
                ? html`<a id="deactivate" href="${base}deactivate/">Deactivate ${u.username}</a>`
                : html`<a id="activate" href="${base}activate/">Reactivate ${u.username}</a>`
          }
          <a id="end-sessions" href="${base}end-sessions/">End all web sessions of ${u.username}</a>
        </div>
      </div>
      <div class="card">
        <h2>Organizations</h2>
        ${membershipsTable(memberships, 'Not a member of any organization.')}
      </div>
      <div class="card">
        <h2>Workspaces</h2>
        ${
          workspaceRoles.length
            ? table({
                id: 'workspace-memberships',
                head: ['Workspace', 'Organization', 'Role'],
                rows: workspaceRoles.map(
                  (w) =>
                    html`<tr data-workspace="${w.id}">
                      <td><a href="/ui/workspaces/${w.id}/">${w.name}</a></td>
                      <td>${w.organization}</td>
                      <td data-role="${w.role}">${WORKSPACE_ROLE_NAMES[w.role] ?? w.role}</td>
                    </tr>`,
                ),
              })
            : html`<p class="muted">Not a direct member of any workspace.</p>`
        }
      </div>
      <div class="card">
        <h2>Single sign-on identities</h2>
        ${
          sso.identities.length
            ? sso.identities.map(
                (i) =>
                  html`<section class="identity" data-identity="${i.id}">
                    <h3>${i.provider} <span class="muted">· ${i.subject}</span></h3>
                    ${table({
                      rows: [
                        fieldRow('Issuer', html`<code>${i.issuer}</code>`),
                        fieldRow('E-mail', i.email ?? '–'),
                        fieldRow('Last sign-in', minute(i.last_login_at, 'never')),
                        fieldRow(
                          'Group sync',
                          i.group_sync ? `on; last ${minute(i.last_sync_at, 'never')}` : 'off',
                        ),
                        fieldRow(
                          'Last sync problem',
                          i.last_sync_problem
                            ? html`<span class="error">${i.last_sync_problem}</span>`
                            : 'none',
                        ),
                        fieldRow('Last groups', i.last_groups?.length ? i.last_groups.join(', ') : 'none'),
                        fieldRow('Groups map to', groupsMapTo(i.mapping)),
                      ],
                    })}
                    ${
                      i.last_claims
                        ? html`<details>
                            <summary>Last claims</summary>
                            <div class="scroll"><pre>${JSON.stringify(i.last_claims, null, 2)}</pre></div>
                          </details>`
                        : ''
                    }
                  </section>`,
              )
            : html`<p id="no-identities" class="muted">No identity at an identity provider: a local user.</p>`
        }
      </div>`,
    p.frame('admin'),
  );
}

export /** The confirmation before a change to a user. */
function confirmPage(p: PageContext, u: User, action: ActionName): string {
  const a = ACTIONS[action];
  const base = `${BASE}${u.id}/`;
  return layout(
    `${a.title} ${u.username}`,
    html`<p class="crumbs">
        <a href="/ui/administration/">Administration</a> / <a href="${BASE}">Users</a> /
        <a href="${base}">${u.username}</a>
      </p>
      <div class="card">
        <h1>${a.title} ${u.username}?</h1>
        <p>${a.explain}</p>
        ${confirmForm({
          action: `${base}${action}/`,
          busy: a.busy,
          csrf: p.csrf,
          button: a.button,
          cancel: base,
          kind: action === 'activate' ? 'secondary' : 'danger',
        })}
      </div>`,
    p.frame('admin'),
  );
}
