import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, invalidForm, refusal } from '../../ui/forms.ts';
import { confirmForm, csrfField, describedBy, fieldError } from '../../ui/fields.ts';
import { day, ROLE_NAMES, sourceName, WORKSPACE_ROLE_NAMES } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { rowLink, table } from '../../ui/table.ts';
import { MemberCreateSchema, MemberUpdateSchema } from './schema.ts';
import type { Member } from './schema.ts';
import { addMember, changeMember, listMembers, membershipTarget, removeMember } from './service.ts';
import type { MemberParent, MembershipTarget } from './service.ts';

/**
 * The members of an organization or a workspace in the browser: the member table and, for those
 * who may, the forms to add a member, change a role and remove a member after a confirmation. The
 * organization's Members tab and the workspace page show it (through public.ts) and register its
 * form routes (`registerMemberRoutes`). Everything goes through the members service with the
 * session's principal, so the API's rules, messages and audit entries apply unchanged.
 */

/** The add-member form as it was sent. */
export interface MemberForm {
  readonly by: 'username' | 'email';
  readonly who: string;
  readonly role: string;
}

/** The members' part of a page: who, and what the form showed. */
export interface MembersState {
  readonly fields?: Readonly<Record<string, string>>;
  readonly form?: MemberForm;
}

/** Where members are listed and managed. */
export interface MembersPlace {
  readonly target: MembershipTarget;
  /** The forms' URL prefix: `/ui/organizations/{id}/members/` or `/ui/workspaces/{id}/members/`. */
  readonly base: string;
  /** Whether the viewer may add, change and remove members (the API decides anyway). */
  readonly canManage: boolean;
  readonly roleNames: Readonly<Record<string, string>>;
}

/** How many members a page lists at most (the API's largest page). */
export const MEMBERS_SHOWN = 500;

export async function membersPlace(p: PageContext, kind: MemberParent, id: string): Promise<MembersPlace> {
  const target = await membershipTarget(p.ctx, kind, id);
  return {
    target,
    base: `/ui/${kind}s/${target.id}/members/`,
    canManage: await may(p.ctx, target.manageAction, target.scope),
    roleNames: kind === 'workspace' ? WORKSPACE_ROLE_NAMES : ROLE_NAMES,
  };
}

/** The first page of members (up to {@link MEMBERS_SHOWN}) and how many there are. */
export async function firstMembers(
  p: PageContext,
  place: MembersPlace,
): Promise<{ members: Member[]; count: number }> {
  const pageOf = await listMembers(p.ctx, place.target, new URL(`http://ui${place.base}`), {
    page: 1,
    page_size: MEMBERS_SHOWN,
  });
  return { members: pageOf.results, count: pageOf.count };
}

/** One member, wherever in the list (404 when not a member). */
async function oneMember(p: PageContext, place: MembersPlace, userId: string) {
  const url = new URL(`http://ui${place.base}`);
  for (let n = 1; ; n++) {
    const batch = await listMembers(p.ctx, place.target, url, {
      page: n,
      page_size: MEMBERS_SHOWN,
    });
    const found = batch.results.find((m) => m.user === userId);
    if (found) return found;
    if (!batch.next) throw notFound('No such member.');
  }
}

const roleOptions = (names: Readonly<Record<string, string>>, selected: string): Html[] =>
  ['viewer', 'user', 'admin'].map(
    (r) => html`<option value="${r}" ${r === selected ? 'selected' : ''}>${names[r]}</option>`,
  );

/** The member table and, for those who may, the forms to add, change and remove. */
export function membersSection(
  p: PageContext,
  place: MembersPlace,
  list: { members: readonly Member[]; count: number },
  s: MembersState = {},
  /** The add form's heading level: under the page's h1, or under a card's h2. */
  sub: 'h2' | 'h3' = 'h2',
): Html {
  const { members, count } = list;
  const whoError = s.fields?.who;
  const roleError = s.fields?.role;
  const by = s.form?.by ?? 'username';
  const noun = place.target.kind;
  return html`${
    members.length
      ? html`${table({
          id: 'members',
          head: [
            'Member',
            'Role',
            'Granted by',
            'Joined',
            place.canManage && 'Change the role',
            place.canManage && html`<span class="visually-hidden">Remove</span>`,
          ],
          rows: members.map(
            (m) =>
              html`<tr data-member="${m.user}">
                <td>${m.username} ${m.full_name ? html`<span class="muted">(${m.full_name})</span>` : ''}</td>
                <td data-role="${m.role}">${place.roleNames[m.role] ?? m.role}</td>
                <td data-source="${m.source}">${sourceName(m.source)}</td>
                <td>${day(m.created_at, '')}</td>
                ${
                  place.canManage
                    ? html`<td>
                          <form
                            class="actions"
                            method="post"
                            action="${place.base}${m.user}/"
                            data-busy="Saving…"
                            novalidate
                          >
                            ${csrfField(p.csrf)}
                            <label class="visually-hidden" for="role-${m.user}">Role of ${m.username}</label>
                            <select id="role-${m.user}" name="role">
                              ${roleOptions(place.roleNames, m.role)}
                            </select>
                            <button class="secondary" type="submit">
                              Change<span class="visually-hidden"> the role of ${m.username}</span>
                            </button>
                          </form>
                        </td>
                        <td>${rowLink(`${place.base}${m.user}/remove/`, 'Remove', m.username)}</td>`
                    : ''
                }
              </tr>`,
          ),
        })}
        ${
          count > members.length
            ? html`<p class="muted">The first ${members.length} of ${count} members, by username.</p>`
            : ''
        }
        ${
          place.canManage && members.some((m) => m.source === 'idp')
            ? html`<p class="hint">
                A role the identity provider granted follows the user's groups at each sign-in. Changing it
                here makes it an administrator's: the groups no longer change it.
              </p>`
            : ''
        }`
      : html`<p id="no-members" class="muted">The ${noun} has no members of its own yet.</p>`
  }
  ${
    place.canManage
      ? html`${sub === 'h3' ? html`<h3>Add a member</h3>` : html`<h2>Add a member</h2>`}
          <form id="add-member" method="post" action="${place.base}" data-busy="Adding…" novalidate>
            ${csrfField(p.csrf)}
            <label for="member-by">Find the user by</label>
            <select id="member-by" name="by">
              <option value="username" ${by === 'username' ? 'selected' : ''}>Username</option>
              <option value="email" ${by === 'email' ? 'selected' : ''}>E-mail address</option>
            </select>
            <label for="member-who">Username or e-mail address</label>
            <input
              id="member-who"
              name="who"
              type="text"
              aria-required="true"
              maxlength="254"
              autocomplete="off"
              spellcheck="false"
              value="${s.form?.who ?? ''}"
              ${describedBy('member-who', whoError)}
            />
            ${fieldError('member-who', whoError)}
            <label for="member-role">Role</label>
            <select id="member-role" name="role" ${describedBy('member-role', roleError)}>
              ${roleOptions(place.roleNames, s.form?.role ?? 'viewer')}
            </select>
            ${fieldError('member-role', roleError)}
            <button type="submit">Add member</button>
          </form>`
      : ''
  }`;
}

/** The notice of a member form's success, from the redirect's flag. */
export function memberNotice(c: Context<UiEnv>): string | undefined {
  if (c.req.query('added')) return 'The member is added.';
  if (c.req.query('changed')) return 'The role is changed.';
  if (c.req.query('removed')) return 'The member is removed.';
  return undefined;
}

/** A page that lists members: how its forms come back to it. */
export interface MembersHost {
  readonly kind: MemberParent;
  /** The forms' route, `:id` the organization or workspace: `/ui/organizations/:id/members/`. */
  readonly path: string;
  /** The page to go back to after a success (a flag is added). */
  back(id: string): string;
  /** That page again, with the API's message at the top and the form as it was sent. */
  again(c: Context<UiEnv>, p: PageContext, id: string, s: MembersAgain): Promise<Response>;
  /** The frame of the removal's confirmation: the tabs or breadcrumbs above it, and the name. */
  frame(p: PageContext, id: string): Promise<{ header: Html; name: string }>;
}

export interface MembersAgain extends MembersState {
  readonly error: string;
  readonly status: number;
}

/** The member forms' routes of one kind of page: add, change a role, remove after a confirmation. */
export function registerMemberRoutes(ui: Hono<UiEnv>, deps: AreaPageDeps, host: MembersHost): void {
  const page = pagesWith(deps);

  ui.post(
    host.path,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const place = await membersPlace(p, host.kind, id);
      const form = await c.req.parseBody();
      const state: MemberForm = {
        by: field(form, 'by') === 'email' ? 'email' : 'username',
        who: field(form, 'who'),
        role: field(form, 'role'),
      };
      const shown = ['who', 'role'];
      const rename = { username: 'who', email: 'who' };
      const summary = 'The member was not added.';
      const parsed = MemberCreateSchema.safeParse({ [state.by]: state.who, role: state.role });
      if (!parsed.success)
        return host.again(c, p, id, {
          ...invalidForm(parsed.error.issues, summary, shown, rename),
          form: state,
        });
      try {
        await addMember(p.ctx, place.target, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return host.again(c, p, id, { ...refusal(err, summary, shown, rename), form: state });
      }
      return c.redirect(`${host.back(id)}?added=1`, 303);
    }),
  );

  ui.post(
    `${host.path}:user/`,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const userId = idParam(c, 'user');
      const place = await membersPlace(p, host.kind, id);
      const form = await c.req.parseBody();
      const summary = 'The role was not changed.';
      const parsed = MemberUpdateSchema.safeParse({ role: field(form, 'role') });
      if (!parsed.success) return host.again(c, p, id, invalidForm(parsed.error.issues, summary, []));
      try {
        await changeMember(p.ctx, place.target, userId, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return host.again(c, p, id, refusal(err, summary, []));
      }
      return c.redirect(`${host.back(id)}?changed=1`, 303);
    }),
  );

  ui.get(
    `${host.path}:user/remove/`,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const place = await membersPlace(p, host.kind, id);
      const member = await oneMember(p, place, idParam(c, 'user'));
      return c.html(memberRemovePage(p, place, member, host.back(id), await host.frame(p, id)));
    }),
  );

  ui.post(
    `${host.path}:user/remove/`,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const place = await membersPlace(p, host.kind, id);
      try {
        await removeMember(p.ctx, place.target, idParam(c, 'user'));
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return host.again(c, p, id, refusal(err, 'The member was not removed.', []));
      }
      return c.redirect(`${host.back(id)}?removed=1`, 303);
    }),
  );
}

/** The confirmation before a membership ends. */
function memberRemovePage(
  p: PageContext,
  place: MembersPlace,
  m: Member,
  back: string,
  frame: { header: Html; name: string },
): string {
  const noun = place.target.kind;
  return layout(
    'Remove member',
    html`${frame.header}
      <div class="card">
        <h1>Remove ${m.username} from ${frame.name}?</h1>
        <p>
          ${m.username} loses the role ${place.roleNames[m.role] ?? m.role} in this ${noun}. Their account and
          their other memberships stay.
        </p>
        ${
          m.source === 'idp'
            ? html`<p class="hint">
                The identity provider granted this membership: while the user's groups still name this
                ${noun}, their next sign-in grants it again.
              </p>`
            : ''
        }
        ${
          m.user === p.session.userId
            ? html`<p class="error">This is you: you lose what this membership lets you see and do.</p>`
            : ''
        }
        ${confirmForm({
          action: `${place.base}${m.user}/remove/`,
          busy: 'Removing…',
          csrf: p.csrf,
          button: 'Remove the member',
          cancel: back,
        })}
      </div>`,
    p.frame('organizations'),
  );
}

/** A user's organizations as a table (the dashboard's and a user's page), or `empty` when none. */
export function membershipsTable(
  memberships: readonly { id: string; organization: string; slug: string; role: string; source: string }[],
  empty: string,
): Html {
  if (!memberships.length) return html`<p id="no-memberships" class="muted">${empty}</p>`;
  return table({
    id: 'memberships',
    head: ['Organization', 'Role', 'Granted by'],
    rows: memberships.map(
      (m) =>
        html`<tr data-slug="${m.slug}">
          <td><a href="/ui/organizations/${m.id}/">${m.organization}</a></td>
          <td data-role="${m.role}">${ROLE_NAMES[m.role] ?? m.role}</td>
          <td>${sourceName(m.source)}</td>
        </tr>`,
    ),
  });
}
