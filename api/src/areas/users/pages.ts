import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { membershipsOfUser, membershipsTable } from '../members/public.ts';
import { UserCreateSchema, UserUpdateSchema } from './schema.ts';
import type { User } from './schema.ts';
import {
  createUser,
  getUser,
  listUsers,
  signInMethods,
  updateUser,
  workspaceRolesOfUser,
} from './service.ts';
import type { SignInMethods } from './service.ts';
import { revokeUserSessions, userSso } from '../../auth/sso/admin.ts';
import type { UserSso } from '../../auth/sso/schema.ts';
import { DomainError } from '../../core/errors.ts';
import { PageQuerySchema } from '../../core/pagination.ts';
import type { Page } from '../../core/pagination.ts';
import { fieldErrors } from '../../core/validation.ts';
import { STATUS_OF } from '../../http/errors.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, pagesWith } from '../../ui/context.ts';
import { errorsByField, field } from '../../ui/forms.ts';
import { registerAdministrationPage } from './pages/administration.ts';
import { alerts, confirmForm, csrfField, describedBy, fieldError } from '../../ui/fields.ts';
import { minute, ROLE_NAMES, WORKSPACE_ROLE_NAMES } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { fieldRow, table } from '../../ui/table.ts';

/**
 * Administration's index (pages/administration.ts) and users under Administration (Super Admins): the list with how each signs in, a user's memberships
 * and single sign-on identities, creating a local user, deactivating and reactivating one, and
 * ending all their web sessions, each change after a confirmation. Everything goes through the
 * users service and the SSO admin helpers with the session's principal: the API's permission
 * rules, messages (self-lockout among them) and audit entries apply unchanged.
 */

const BASE = '/ui/administration/users/';
const PAGE_SIZE = 50;

interface CreateForm {
  readonly username: string;
  readonly full_name: string;
  readonly email: string;
  readonly is_superuser: boolean;
}

const EMPTY_FORM: CreateForm = { username: '', full_name: '', email: '', is_superuser: false };

/** The changes offered on a user, each confirmed first. */
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
type ActionName = keyof typeof ACTIONS;

const NOTICES: Record<string, string> = {
  created: 'The user is created.',
  deactivate: ACTIONS.deactivate.done,
  activate: ACTIONS.activate.done,
  'end-sessions': ACTIONS['end-sessions'].done,
};

export function registerUserPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  registerAdministrationPage(ui, deps);
  const page = pagesWith(deps);
  const { sessions } = deps;
  const providers = () => deps.sso?.providers.list() ?? [];

  const listPage = async (
    c: Context<UiEnv>,
    p: PageContext,
    s: { error?: string; fields?: Record<string, string>; form?: CreateForm; status?: number } = {},
  ) => {
    const parsed = PageQuerySchema.safeParse({
      page: c.req.query('page') || undefined,
      page_size: PAGE_SIZE,
    });
    const pageNumber = parsed.success ? parsed.data.page : 1;
    // The list's own rule: Super Admins only (403 with the API's message otherwise).
    const list = await listUsers(p.ctx, new URL(c.req.url), {
      page: pageNumber,
      page_size: PAGE_SIZE,
    });
    const kinds = await signInMethods(
      p.ctx,
      list.results.map((u) => u.id),
    );
    return c.html(
      usersPage(p, list, pageNumber, kinds, {
        ...s,
        error: s.error ?? (parsed.success ? undefined : 'That page number is not valid.'),
      }),
      (s.status ?? 200) as 200,
    );
  };

  const detail = async (
    c: Context<UiEnv>,
    p: PageContext,
    id: string,
    s: { error?: string | undefined; notice?: string | undefined; status?: number } = {},
  ) => {
    // userSso first: it is Super Admins' only (getUser would show anyone their own user).
    const sso = await userSso(p.ctx, providers(), id);
    const user = await getUser(p.ctx, id);
    const [memberships, workspaceRoles, kinds] = await Promise.all([
      membershipsOfUser(p.ctx, id),
      workspaceRolesOfUser(p.ctx, id),
      signInMethods(p.ctx, [id]),
    ]);
    return c.html(
      userPage(
        p,
        user,
        sso,
        memberships,
        workspaceRoles,
        kinds.get(id) ?? { password: false, sso: false },
        s,
      ),
      (s.status ?? 200) as 200,
    );
  };

  ui.get(
    BASE,
    page('admin', (c, p) => listPage(c, p)),
  );

  ui.post(
    BASE,
    page('admin', async (c, p) => {
      const form = await c.req.parseBody();
      const state: CreateForm = {
        username: field(form, 'username'),
        full_name: field(form, 'full_name'),
        email: field(form, 'email'),
        is_superuser: field(form, 'is_superuser') === 'on',
      };
      // A password is taken as typed (spaces count), and never shown again.
      const password = typeof form.password === 'string' ? form.password : '';
      const again = (status: number, error: string, fields: Record<string, string> = {}) =>
        listPage(c, p, { error, fields, form: state, status });
      const parsed = UserCreateSchema.safeParse({
        username: state.username,
        ...(password && { password }),
        ...(state.email && { email: state.email }),
        full_name: state.full_name,
        is_superuser: state.is_superuser,
      });
      if (!parsed.success)
        return again(400, 'The user was not created.', errorsByField(fieldErrors(parsed.error.issues)));
      try {
        const user = await createUser(p.ctx, parsed.data);
        return c.redirect(`${BASE}${user.id}/?done=created`, 303);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(STATUS_OF[err.kind], err.message, errorsByField(err.errors));
      }
    }),
  );

  ui.get(
    `${BASE}:id/`,
    page('admin', async (c, p) => detail(c, p, idParam(c), { notice: NOTICES[c.req.query('done') ?? ''] })),
  );

  for (const action of Object.keys(ACTIONS) as ActionName[]) {
    const path = `${BASE}:id/${action}/`;
    ui.get(
      path,
      page('admin', async (c, p) => {
        const id = idParam(c);
        await userSso(p.ctx, providers(), id); // Super Admins only, as the action itself
        const user = await getUser(p.ctx, id);
        return c.html(confirmPage(p, user, action));
      }),
    );
    ui.post(
      path,
      page('admin', async (c, p) => {
        const id = idParam(c);
        try {
          if (action === 'end-sessions') {
            await revokeUserSessions(p.ctx, sessions, id);
          } else {
            // The API's own body for the change, checked by its schema before the service.
            const parsed = UserUpdateSchema.safeParse({ is_active: action === 'activate' });
            if (!parsed.success) return detail(c, p, id, { error: 'The change is not valid.', status: 400 });
            await updateUser(p.ctx, id, parsed.data);
          }
        } catch (err) {
          if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
          return detail(c, p, id, { error: err.message, status: STATUS_OF[err.kind] });
        }
        return c.redirect(`${BASE}${id}/?done=${action}`, 303);
      }),
    );
  }
}

const yesNo = (v: boolean): string => (v ? 'Yes' : 'No');

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

function signInLabel(k: SignInMethods): string {
  if (k.password && k.sso) return 'SSO and local password';
  if (k.sso) return 'SSO';
  if (k.password) return 'Local password';
  return 'None';
}

function usersPage(
  p: PageContext,
  list: Page<User>,
  pageNumber: number,
  kinds: ReadonlyMap<string, SignInMethods>,
  s: { error?: string | undefined; fields?: Record<string, string>; form?: CreateForm } = {},
): string {
  const f = s.form ?? EMPTY_FORM;
  const e = s.fields ?? {};
  const pages = Math.max(1, Math.ceil(list.count / PAGE_SIZE));
  const rel = (url: string | null) => (url ? new URL(url).pathname + new URL(url).search : null);
  const previous = rel(list.previous);
  const next = rel(list.next);
  const input = (name: keyof CreateForm | 'password', label: string, attrs: Html, hint?: string) =>
    html`<label for="${name}">${label}</label>
      <input
        id="${name}"
        name="${name}"
        ${attrs}
        ${e[name] ? describedBy(name, e[name]) : hint ? html`aria-describedby="${name}-hint"` : ''}
      />
      ${hint && !e[name] ? html`<p id="${name}-hint" class="hint">${hint}</p>` : ''}
      ${fieldError(name, e[name])}`;
  return layout(
    'Users',
    html`<p class="crumbs"><a href="/ui/administration/">Administration</a> / Users</p>
      <div class="card">
        <h1>Users</h1>
        ${alerts(s)}
        <p class="muted">Every user, by username: ${list.count} in all.</p>
        ${
          list.results.length
            ? table({
                id: 'users',
                head: ['Username', 'Name', 'E-mail', 'Active', 'Super Admin', 'Sign-in', 'Last login'],
                rows: list.results.map(
                  (u) =>
                    html`<tr data-user="${u.id}">
                      <td><a href="${BASE}${u.id}/">${u.username}</a></td>
                      <td>${u.full_name}</td>
                      <td>${u.email ?? ''}</td>
                      <td data-active="${String(u.is_active)}">${u.is_active ? 'Yes' : 'Deactivated'}</td>
                      <td>${yesNo(u.is_superuser)}</td>
                      <td>${signInLabel(kinds.get(u.id) ?? { password: false, sso: false })}</td>
                      <td>${minute(u.last_login_at, 'never')}</td>
                    </tr>`,
                ),
              })
            : html`<p class="muted">There are no users on this page.</p>`
        }
        ${
          previous || next
            ? html`<nav class="actions" aria-label="Pages">
                ${previous ? html`<a rel="prev" href="${previous}">Previous page</a>` : ''}
                <span class="muted">Page ${pageNumber} of ${pages}</span>
                ${next ? html`<a rel="next" href="${next}">Next page</a>` : ''}
              </nav>`
            : ''
        }
      </div>
      <div class="card">
        <h2>Create a local user</h2>
        <p class="muted">
          Users who sign in through single sign-on are created at their first sign-in; create one here for a
          local password, or without a password to link an identity to later.
        </p>
        <form method="post" action="${BASE}" data-busy="Creating the user…">
          ${csrfField(p.csrf)}
          ${input(
            'username',
            'Username',
            html`type="text" required maxlength="150" autocomplete="off" value="${f.username}"`,
            'Letters, digits and @ . + - _ only.',
          )}
          ${input('full_name', 'Name (optional)', html`type="text" maxlength="200" value="${f.full_name}"`)}
          ${input('email', 'E-mail (optional)', html`type="text" inputmode="email" autocomplete="off" maxlength="254" value="${f.email}"`)}
          ${input(
            'password',
            'Password (optional)',
            html`type="password" minlength="12" maxlength="1024" autocomplete="new-password"`,
            'At least 12 characters. Leave empty for a user who signs in through SSO only.',
          )}
          <fieldset>
            <legend>Role</legend>
            <label class="check"
              ><input type="checkbox" name="is_superuser" ${f.is_superuser ? 'checked' : ''} /> Super Admin
              (may do everything everywhere)</label
            >
          </fieldset>
          ${fieldError('is_superuser', e.is_superuser)}
          <button type="submit">Create the user</button>
        </form>
      </div>`,
    p.frame('admin'),
  );
}

function userPage(
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

/** The confirmation before a change to a user. */
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
