import type { Context, Hono } from 'hono';
import type { AreaDeps } from '../../areas/area.ts';
import type { Role } from '../../auth/policy.ts';
import { roleIn } from '../../auth/policy.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import { fieldErrors } from '../../core/validation.ts';
import { MemberCreateSchema, MemberUpdateSchema } from '../../areas/members/schema.ts';
import type { Member } from '../../areas/members/schema.ts';
import {
  addMember,
  changeMember,
  listMembers,
  membershipTarget,
  removeMember,
} from '../../areas/members/service.ts';
import type { MemberParent, MembershipTarget } from '../../areas/members/service.ts';
import { getOrganization } from '../../areas/organizations/service.ts';
import type { Organization } from '../../areas/organizations/schema.ts';
import { WorkspaceUpdateSchema } from '../../areas/workspaces/schema.ts';
import type { Workspace } from '../../areas/workspaces/schema.ts';
import { deleteWorkspace, getWorkspace, updateWorkspace } from '../../areas/workspaces/service.ts';
import { patchBody } from '../../http/common.ts';
import { STATUS_OF } from '../../http/errors.ts';
import { html } from './html.ts';
import type { Html } from './html.ts';
import type { PageContext, UiEnv } from './context.ts';
import { field, idParam, may, pagesWith } from './context.ts';
import { alerts, csrfField, day, describedBy, fieldError, layout, minute, ROLE_NAMES } from './layout.ts';

/**
 * A workspace's page (`/ui/workspaces/{id}/`): its organization, configuration and members, with
 * the configuration form for Workspace and Org Admins and deletion (after a confirmation) for Org
 * Admins. Also the member list and its forms, which an organization's Members tab
 * (organizations.ts) shares. Everything goes through the services with the session's principal,
 * so the API's rules, messages and audit entries apply unchanged.
 */

// ---------------------------------------------------------------------------------------------
// Shared: how refusals, roles and membership sources are shown
// ---------------------------------------------------------------------------------------------

/** What a page says about a form it shows again: the message at the top, the fields' own. */
export interface Refusal {
  readonly error: string;
  readonly fields: Record<string, string>;
  readonly status: number;
}

/**
 * A service's refusal as a form shows it: each field error beside the field it names (`shown`,
 * after `rename` of the API's attribute to the form's field), the API's message at the top, and
 * the API's status. A validation error whose every problem sits beside a field says `summary` at
 * the top instead of the API's "see errors for each field"; any it cannot place is said at the top.
 */
export function refusal(
  err: DomainError,
  summary: string,
  shown: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): Refusal {
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const e of err.errors ?? []) {
    const attr = rename[e.attr] ?? e.attr;
    if (shown.includes(attr)) fields[attr] = e.detail;
    else elsewhere.push(e.detail);
  }
  const top = err.errors?.length ? [summary, ...elsewhere].join(' ') : err.message;
  return { error: top, fields, status: STATUS_OF[err.kind] };
}

/** Zod's problems with a form, in the same shape (always 400, as the API answers). */
export function invalidForm(
  issues: Parameters<typeof fieldErrors>[0],
  summary: string,
  shown: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): Refusal {
  return refusal(
    new DomainError('invalid', 'invalid', summary, { errors: fieldErrors(issues) }),
    summary,
    shown,
    rename,
  );
}

/** The principal's role as people read it. */
export const EFFECTIVE_ROLE_NAMES: Record<Role, string> = {
  super_admin: 'Super Admin',
  org_admin: 'Org Admin',
  workspace_admin: 'Workspace Admin',
  user: 'User',
  viewer: 'Viewer',
};

/** A workspace's `admin` is its Workspace Admin; an organization's is its Org Admin. */
export const WORKSPACE_ROLE_NAMES: Record<string, string> = { ...ROLE_NAMES, admin: 'Workspace Admin' };

/** Where a membership came from (the Member schema's `source`). */
export const sourceName = (source: string): string =>
  source === 'idp' ? 'identity provider' : 'an administrator';

// ---------------------------------------------------------------------------------------------
// Members of an organization or a workspace
// ---------------------------------------------------------------------------------------------

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

export async function membersPlace(
  deps: AreaDeps,
  p: PageContext,
  kind: MemberParent,
  id: string,
): Promise<MembersPlace> {
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
  deps: AreaDeps,
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
async function oneMember(deps: AreaDeps, p: PageContext, place: MembersPlace, userId: string) {
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
      ? html`<div class="scroll">
            <table id="members">
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Role</th>
                  <th scope="col">Granted by</th>
                  <th scope="col">Joined</th>
                  ${
                    place.canManage
                      ? html`<th scope="col">Change the role</th>
                          <th scope="col"><span class="visually-hidden">Remove</span></th>`
                      : ''
                  }
                </tr>
              </thead>
              <tbody>
                ${members.map(
                  (m) =>
                    html`<tr data-member="${m.user}">
                      <td>
                        ${m.username} ${m.full_name ? html`<span class="muted">(${m.full_name})</span>` : ''}
                      </td>
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
                                >
                                  ${csrfField(p.csrf)}
                                  <label class="visually-hidden" for="role-${m.user}"
                                    >Role of ${m.username}</label
                                  >
                                  <select id="role-${m.user}" name="role">
                                    ${roleOptions(place.roleNames, m.role)}
                                  </select>
                                  <button class="secondary" type="submit">
                                    Change<span class="visually-hidden"> the role of ${m.username}</span>
                                  </button>
                                </form>
                              </td>
                              <td>
                                <a href="${place.base}${m.user}/remove/"
                                  >Remove<span class="visually-hidden"> ${m.username}</span></a
                                >
                              </td>`
                          : ''
                      }
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>
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
          <form id="add-member" method="post" action="${place.base}" data-busy="Adding…">
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
              required
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
export function registerMemberRoutes(ui: Hono<UiEnv>, deps: AreaDeps, host: MembersHost): void {
  const page = pagesWith(deps);

  ui.post(
    host.path,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const place = await membersPlace(deps, p, host.kind, id);
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
      const place = await membersPlace(deps, p, host.kind, id);
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
      const place = await membersPlace(deps, p, host.kind, id);
      const member = await oneMember(deps, p, place, idParam(c, 'user'));
      return c.html(memberRemovePage(p, place, member, host.back(id), await host.frame(p, id)));
    }),
  );

  ui.post(
    `${host.path}:user/remove/`,
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const place = await membersPlace(deps, p, host.kind, id);
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
        <form method="post" action="${place.base}${m.user}/remove/" data-busy="Removing…">
          ${csrfField(p.csrf)}
          <button class="danger" type="submit">Remove the member</button>
          <a href="${back}">Cancel</a>
        </form>
      </div>`,
    { user: p.user, csrf: p.csrf, section: 'organizations' },
  );
}

// ---------------------------------------------------------------------------------------------
// The workspace page
// ---------------------------------------------------------------------------------------------

/** The settings form as it was sent: the configuration exactly as typed. */
interface SettingsForm {
  readonly name: string;
  readonly config: string;
}

interface WorkspaceView {
  readonly ws: Workspace;
  readonly org: Organization;
  readonly role: Role | null;
  readonly canConfigure: boolean;
  readonly canDelete: boolean;
  readonly place: MembersPlace;
  readonly members: { members: Member[]; count: number };
}

interface WorkspaceState {
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly settings?: { fields: Record<string, string>; form: SettingsForm };
  readonly members?: MembersState;
}

const pretty = (config: Record<string, unknown>): string => JSON.stringify(config, null, 2);

const workspaceCrumbs = (org: Organization, ws: Workspace): Html =>
  html`<p class="crumbs">
    <a href="/ui/organizations/">Organizations</a> / <a href="/ui/organizations/${org.id}/">${org.name}</a> /
    <a href="/ui/organizations/${org.id}/workspaces/">Workspaces</a> / ${ws.name}
  </p>`;

export function registerWorkspacePages(ui: Hono<UiEnv>, deps: AreaDeps): void {
  const page = pagesWith(deps);

  const view = async (p: PageContext, id: string): Promise<WorkspaceView> => {
    const ws = await getWorkspace(p.ctx, id);
    const scope = { organizationId: ws.organization, workspaceId: ws.id };
    const [org, role, canConfigure, canDelete, place] = await Promise.all([
      getOrganization(p.ctx, ws.organization),
      roleIn(p.ctx, scope),
      may(p.ctx, 'workspace.configure', scope),
      may(p.ctx, 'workspace.delete', scope),
      membersPlace(deps, p, 'workspace', ws.id),
    ]);
    return { ws, org, role, canConfigure, canDelete, place, members: await firstMembers(deps, p, place) };
  };

  ui.get(
    '/ui/workspaces/:id/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      const notice = c.req.query('saved') ? 'The workspace is saved.' : memberNotice(c);
      return c.html(workspacePage(p, v, { notice }));
    }),
  );

  ui.post(
    '/ui/workspaces/:id/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      const form = await c.req.parseBody();
      const state: SettingsForm = {
        name: field(form, 'name'),
        config: typeof form.config === 'string' ? form.config : '',
      };
      const again = (r: Refusal) =>
        c.html(
          workspacePage(p, v, { error: r.error, settings: { fields: r.fields, form: state } }),
          r.status as 400,
        );
      const summary = 'The workspace was not saved.';
      const shown = ['name', 'config'];
      let config: unknown;
      let jsonError: string | undefined;
      try {
        config = JSON.parse(state.config);
      } catch (err) {
        jsonError = state.config.trim()
          ? `This is not valid JSON: ${(err as Error).message}`
          : 'Enter a JSON object ({} for no configuration).';
      }
      // The API's own rules for a change (PATCH /api/v1/workspaces/{id}/), the same messages.
      const parsed = patchBody(WorkspaceUpdateSchema).safeParse({
        name: state.name,
        ...(jsonError === undefined && { config }),
      });
      if (!parsed.success || jsonError) {
        const r = parsed.success
          ? { error: summary, fields: {}, status: 400 }
          : invalidForm(parsed.error.issues, summary, shown);
        return again({ ...r, fields: { ...r.fields, ...(jsonError && { config: jsonError }) } });
      }
      try {
        await updateWorkspace(p.ctx, v.ws.id, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(refusal(err, summary, shown));
      }
      return c.redirect(`/ui/workspaces/${v.ws.id}/?saved=1`, 303);
    }),
  );

  registerMemberRoutes(ui, deps, {
    kind: 'workspace',
    path: '/ui/workspaces/:id/members/',
    back: (id) => `/ui/workspaces/${id}/`,
    again: async (c, p, id, s) =>
      c.html(workspacePage(p, await view(p, id), { error: s.error, members: s }), s.status as 400),
    frame: async (p, id) => {
      const ws = await getWorkspace(p.ctx, id);
      return {
        header: workspaceCrumbs(await getOrganization(p.ctx, ws.organization), ws),
        name: ws.name,
      };
    },
  });

  ui.get(
    '/ui/workspaces/:id/delete/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      return c.html(workspaceDeletePage(p, v));
    }),
  );

  ui.post(
    '/ui/workspaces/:id/delete/',
    page('organizations', async (c, p) => {
      const v = await view(p, idParam(c));
      try {
        await deleteWorkspace(p.ctx, v.ws.id);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return c.html(workspaceDeletePage(p, v, err.message), STATUS_OF[err.kind] as 400);
      }
      return c.redirect(`/ui/organizations/${v.org.id}/workspaces/?deleted=1`, 303);
    }),
  );
}

function workspacePage(p: PageContext, v: WorkspaceView, s: WorkspaceState = {}): string {
  const { ws, org } = v;
  const fields = s.settings?.fields ?? {};
  const configText = s.settings?.form.config ?? pretty(ws.config);
  const empty = Object.keys(ws.config).length === 0;
  return layout(
    ws.name,
    html`${workspaceCrumbs(org, ws)}
      <div class="card">
        <h1>${ws.name}</h1>
        ${alerts(s)}
        <dl id="workspace">
          <dt>Organization</dt>
          <dd><a href="/ui/organizations/${org.id}/">${org.name}</a></dd>
          <dt>Your role here</dt>
          <dd>${v.role ? EFFECTIVE_ROLE_NAMES[v.role] : '–'}</dd>
          <dt>Created</dt>
          <dd>${minute(ws.created_at, '')}</dd>
          <dt>Last changed</dt>
          <dd>${minute(ws.updated_at, '')}</dd>
        </dl>
      </div>
      <div class="card">
        <h2>Configuration</h2>
        ${
          empty
            ? html`<p id="no-config" class="muted">No configuration yet.</p>`
            : html`<div class="scroll"><pre id="config">${pretty(ws.config)}</pre></div>`
        }
      </div>
      ${
        v.canConfigure
          ? html`<div class="card">
              <h2>Change the workspace</h2>
              <form id="settings" method="post" action="/ui/workspaces/${ws.id}/" data-busy="Saving…">
                ${csrfField(p.csrf)}
                <label for="name">Name</label>
                <input
                  id="name"
                  name="name"
                  type="text"
                  required
                  maxlength="200"
                  value="${s.settings?.form.name ?? ws.name}"
                  ${describedBy('name', fields.name)}
                />
                ${fieldError('name', fields.name)}
                <label for="config-input">Configuration (a JSON object)</label>
                <textarea
                  id="config-input"
                  name="config"
                  rows="12"
                  cols="60"
                  spellcheck="false"
                  aria-describedby="config-hint${fields.config ? ' config-input-error' : ''}"
                  ${fields.config ? html`aria-invalid="true"` : ''}
                >
${configText}</textarea>
                <p id="config-hint" class="hint">
                  The whole configuration is replaced by what you save. At most 32 levels deep.
                </p>
                ${fieldError('config-input', fields.config)}
                <button type="submit">Save</button>
              </form>
            </div>`
          : ''
      }
      <div class="card" id="members-card">
        <h2>Members</h2>
        <p class="muted">
          The Org Admins of ${org.name} manage this workspace too, without a membership here.
        </p>
        ${membersSection(p, v.place, v.members, s.members, 'h3')}
      </div>
      ${
        v.canDelete
          ? html`<div class="card">
              <h2>Delete the workspace</h2>
              <p>A workspace can be deleted once it has no buckets.</p>
              <p><a id="delete-workspace" href="/ui/workspaces/${ws.id}/delete/">Delete ${ws.name}…</a></p>
            </div>`
          : ''
      }`,
    { user: p.user, csrf: p.csrf, section: 'organizations' },
  );
}

/** The confirmation before a workspace is deleted, and the API's refusal if it still has buckets. */
function workspaceDeletePage(p: PageContext, v: WorkspaceView, error?: string): string {
  const { ws, org } = v;
  return layout(
    'Delete workspace',
    html`${workspaceCrumbs(org, ws)}
      <div class="card">
        <h1>Delete ${ws.name}?</h1>
        ${alerts({ error })}
        <p>
          The workspace, its configuration and its memberships are deleted. This cannot be undone. A workspace
          that still has buckets is not deleted: delete its buckets first.
        </p>
        <form method="post" action="/ui/workspaces/${ws.id}/delete/" data-busy="Deleting…">
          ${csrfField(p.csrf)}
          <button class="danger" type="submit">Delete the workspace</button>
          <a href="/ui/workspaces/${ws.id}/">Cancel</a>
        </form>
      </div>`,
    { user: p.user, csrf: p.csrf, section: 'organizations' },
  );
}
