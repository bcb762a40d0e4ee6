import type { User } from '../schema.ts';
import type { SignInMethods } from '../service.ts';
import type { Page } from '../../../core/pagination.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, fieldError, liveRule } from '../../../ui/fields.ts';
import { minute } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import { lengthRules, ruleAttrs, rulesOf } from '../../../ui/rules.ts';
import type { Rule } from '../../../ui/rules.ts';
import { UserCreateSchema } from '../schema.ts';

/** The list of users (`/ui/administration/users/`) with the form that creates a local user. */

export const BASE = '/ui/administration/users/';
export const PAGE_SIZE = 50;

export interface CreateForm {
  readonly username: string;
  readonly full_name: string;
  readonly email: string;
  readonly is_superuser: boolean;
}

export const EMPTY_FORM: CreateForm = { username: '', full_name: '', email: '', is_superuser: false };

const yesNo = (v: boolean): string => (v ? 'Yes' : 'No');

/** How a user signs in, as the list and a user's page say it. */
export function signInLabel(k: SignInMethods): string {
  if (k.password && k.sso) return 'SSO and local password';
  if (k.sso) return 'SSO';
  if (k.password) return 'Local password';
  return 'None';
}

/** The create form's rules (UserCreateSchema), one at a time in the API's words (ui/rules.ts). */
const USER = UserCreateSchema.shape;
export const USER_RULES: Readonly<Record<'username' | 'full_name' | 'email' | 'password', Rule[]>> = {
  username: [
    ...lengthRules(USER.username, { min: 1, max: 150 }),
    ...rulesOf(USER.username, [{ pattern: '[A-Za-z0-9@.+_\\-]*', breaks: 'no spaces' }]),
  ],
  full_name: lengthRules(USER.full_name, { max: 200 }),
  // Optional: empty passes. A rough shape only; the server's check is the API's.
  email: rulesOf(USER.email, [{ pattern: String.raw`(?:[^@\s]+@[^@\s]+\.[^@\s]+)?`, breaks: 'no-at' }]),
  password: lengthRules(USER.password, { min: 12, max: 1024, optional: true }),
};

export function usersPage(
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
  const input = (name: keyof typeof USER_RULES, label: string, attrs: Html, hint?: string) =>
    html`<label for="${name}">${label}</label>
      <input
        id="${name}"
        name="${name}"
        ${attrs}
        ${ruleAttrs(USER_RULES[name], `${name}-live`)}
        aria-describedby="${[...(hint && !e[name] ? [`${name}-hint`] : []), `${name}-live`, ...(e[name] ? [`${name}-error`] : [])].join(' ')}"
        ${e[name] ? html`aria-invalid="true"` : ''}
      />
      ${hint && !e[name] ? html`<p id="${name}-hint" class="hint">${hint}</p>` : ''} ${liveRule(name)}
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
        <form method="post" action="${BASE}" data-busy="Creating the user…" novalidate>
          ${csrfField(p.csrf)}
          ${input(
            'username',
            'Username',
            html`type="text" aria-required="true" maxlength="150" autocomplete="off" value="${f.username}"`,
            'Letters, digits and @ . + - _ only.',
          )}
          ${input('full_name', 'Name (optional)', html`type="text" maxlength="200" value="${f.full_name}"`)}
          ${input('email', 'E-mail (optional)', html`type="text" inputmode="email" autocomplete="off" maxlength="254" value="${f.email}"`)}
          ${input(
            'password',
            'Password (optional)',
            html`type="password" maxlength="1024" autocomplete="new-password"`,
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
