import type { Hono } from 'hono';
import type { AreaDeps } from '../../areas/area.ts';
import { roleIn } from '../../auth/policy.ts';
import type { Role } from '../../auth/policy.ts';
import { DomainError } from '../../core/errors.ts';
import { listMembers, membershipsOfUser } from '../../areas/members/service.ts';
import { OrganizationCreateSchema, OrganizationUpdateSchema } from '../../areas/organizations/schema.ts';
import type { Organization } from '../../areas/organizations/schema.ts';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from '../../areas/organizations/service.ts';
import { WorkspaceCreateSchema } from '../../areas/workspaces/schema.ts';
import type { Workspace } from '../../areas/workspaces/schema.ts';
import { createWorkspace, listWorkspaces } from '../../areas/workspaces/service.ts';
import { patchBody } from '../../http/common.ts';
import { html } from './html.ts';
import type { Html } from './html.ts';
import type { PageContext, UiEnv } from './context.ts';
import { field, idParam, may, pagesWith } from './context.ts';
import { alerts, csrfField, day, describedBy, fieldError, layout, minute, ROLE_NAMES } from './layout.ts';
import { organizationTabs } from './tabs.ts';
import {
  EFFECTIVE_ROLE_NAMES,
  firstMembers,
  invalidForm,
  memberNotice,
  membersPlace,
  membersSection,
  refusal,
  registerMemberRoutes,
  registerWorkspacePages,
} from './workspaces.ts';
import type { MembersState, Refusal } from './workspaces.ts';

/**
 * Organizations in the browser: the list (`/ui/organizations/`, with the create form for Super
 * Admins) and each organization's tabs: Overview (with the rename form for Org Admins), Members
 * (with where each membership came from, and the member forms for Org Admins) and Workspaces (with
 * the create form for Org Admins). The API Keys and Audit log tabs are keys.ts's and admin.ts's;
 * the workspace page is workspaces.ts's. Everything goes through the services with the session's
 * principal, so the API's rules, messages and audit entries apply unchanged.
 */

/** The slug's rule (OrganizationCreateSchema) as an HTML `pattern` (escaped for the `v` flag). */
const SLUG_PATTERN = '[a-z0-9]([a-z0-9\\-]*[a-z0-9])?';
const SLUG_HINT = 'Lowercase letters, digits and dashes; no dash at either end.';

/** What a form showed, as it was sent. */
interface OrgForm {
  readonly name: string;
  readonly slug: string;
}

interface FormState {
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly fields?: Readonly<Record<string, string>>;
  readonly form?: OrgForm;
}

/** An organization's frame: the organization, and whether its admin-only tabs show. */
interface OrgFrame {
  readonly org: Organization;
  readonly scope: { organizationId: string };
  readonly admin: boolean;
}

/** A list's base URL (the services build page links from it; the pages show none). */
const urlOf = (path: string) => new URL(`http://ui${path}`);

export function registerOrganizationPages(app: Hono<UiEnv>, deps: AreaDeps): void {
  const page = pagesWith(deps);

  /** The organization if the principal may see it (404 otherwise), and its tabs' rights. */
  const frameOf = async (p: PageContext, id: string): Promise<OrgFrame> => {
    const org = await getOrganization(p.ctx, id);
    const scope = { organizationId: org.id };
    // The same test as the API Keys tab's own page (keys.ts): Org Admins and Super Admins.
    return { org, scope, admin: await may(p.ctx, 'api_key.organization.manage', scope) };
  };

  // ---- The list ------------------------------------------------------------------------------

  const listView = async (p: PageContext, s: FormState) => {
    const [orgs, memberships, canCreate] = await Promise.all([
      listOrganizations(p.ctx, urlOf('/ui/organizations/'), { page: 1, page_size: 500 }),
      membershipsOfUser(p.ctx, p.session.userId),
      may(p.ctx, 'organization.create', 'global'),
    ]);
    const roles = new Map(memberships.map((m) => [m.id, ROLE_NAMES[m.role] ?? m.role]));
    const roleOf = (o: Organization) =>
      p.user.superuser ? 'Super Admin' : (roles.get(o.id) ?? 'Viewer (through a workspace)');
    return organizationsPage(p, { orgs: orgs.results, count: orgs.count, roleOf, canCreate }, s);
  };

  app.get(
    '/ui/organizations/',
    page('organizations', async (c, p) =>
      c.html(
        await listView(p, { notice: c.req.query('created') ? 'The organization is created.' : undefined }),
      ),
    ),
  );

  app.post(
    '/ui/organizations/',
    page('organizations', async (c, p) => {
      const form = await c.req.parseBody();
      const state: OrgForm = { name: field(form, 'name'), slug: field(form, 'slug') };
      const again = async (r: Refusal) =>
        c.html(await listView(p, { error: r.error, fields: r.fields, form: state }), r.status as 400);
      const summary = 'The organization was not created.';
      const shown = ['name', 'slug'];
      const parsed = OrganizationCreateSchema.safeParse(state);
      if (!parsed.success) return again(invalidForm(parsed.error.issues, summary, shown));
      try {
        await createOrganization(p.ctx, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(refusal(err, summary, shown));
      }
      return c.redirect('/ui/organizations/?created=1', 303);
    }),
  );

  // ---- Overview ------------------------------------------------------------------------------

  const overview = async (p: PageContext, id: string, s: FormState) => {
    const f = await frameOf(p, id);
    const [role, canRename, canChangeSlug, workspaces, members] = await Promise.all([
      roleIn(p.ctx, f.scope),
      may(p.ctx, 'organization.update', f.scope),
      may(p.ctx, 'organization.create', 'global'),
      listWorkspaces(p.ctx, urlOf('/ui/'), { organization: f.org.id, page: 1, page_size: 1 }),
      membersPlace(deps, p, 'organization', f.org.id).then((place) =>
        listMembers(p.ctx, place.target, urlOf('/ui/'), { page: 1, page_size: 1 }),
      ),
    ]);
    return overviewPage(
      p,
      f,
      { role, canRename, canChangeSlug, workspaces: workspaces.count, members: members.count },
      s,
    );
  };

  app.get(
    '/ui/organizations/:id/',
    page('organizations', async (c, p) =>
      c.html(
        await overview(p, idParam(c), {
          notice: c.req.query('saved') ? 'The organization is saved.' : undefined,
        }),
      ),
    ),
  );

  app.post(
    '/ui/organizations/:id/',
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const f = await frameOf(p, id);
      const form = await c.req.parseBody();
      // The slug field is there for Super Admins only; without it the slug stays as it is.
      const slugSent = typeof form.slug === 'string';
      const state: OrgForm = { name: field(form, 'name'), slug: slugSent ? field(form, 'slug') : f.org.slug };
      const again = async (r: Refusal) =>
        c.html(await overview(p, id, { error: r.error, fields: r.fields, form: state }), r.status as 400);
      const summary = 'The organization was not saved.';
      const shown = ['name', 'slug'];
      // The API's own rules for a change (PATCH /api/v1/organizations/{id}/), the same messages.
      const parsed = patchBody(OrganizationUpdateSchema).safeParse({
        name: state.name,
        ...(slugSent && { slug: state.slug }),
      });
      if (!parsed.success) return again(invalidForm(parsed.error.issues, summary, shown));
      try {
        await updateOrganization(p.ctx, f.org.id, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(refusal(err, summary, shown));
      }
      return c.redirect(`/ui/organizations/${f.org.id}/?saved=1`, 303);
    }),
  );

  // ---- Members -------------------------------------------------------------------------------

  const membersView = async (
    p: PageContext,
    id: string,
    s: { error?: string | undefined; notice?: string | undefined; members?: MembersState },
  ) => {
    const f = await frameOf(p, id);
    const place = await membersPlace(deps, p, 'organization', f.org.id);
    const list = await firstMembers(deps, p, place);
    return layout(
      `Members of ${f.org.name}`,
      html`${organizationTabs(f.org, 'members', { admin: f.admin })}
        <div class="card">
          <h1>Members of ${f.org.name}</h1>
          ${alerts(s)}
          <p class="muted">
            A member's role applies in every workspace of the organization. Roles come from an administrator
            here, or from the identity provider's groups at sign-in.
          </p>
          ${membersSection(p, place, list, s.members)}
        </div>`,
      { user: p.user, csrf: p.csrf, section: 'organizations' },
    );
  };

  app.get(
    '/ui/organizations/:id/members/',
    page('organizations', async (c, p) =>
      c.html(await membersView(p, idParam(c), { notice: memberNotice(c) })),
    ),
  );

  registerMemberRoutes(app, deps, {
    kind: 'organization',
    path: '/ui/organizations/:id/members/',
    back: (id) => `/ui/organizations/${id}/members/`,
    again: async (c, p, id, s) =>
      c.html(await membersView(p, id, { error: s.error, members: s }), s.status as 400),
    frame: async (p, id) => {
      const f = await frameOf(p, id);
      return { header: organizationTabs(f.org, 'members', { admin: f.admin }), name: f.org.name };
    },
  });

  // ---- Workspaces ----------------------------------------------------------------------------

  const workspacesView = async (p: PageContext, id: string, s: FormState) => {
    const f = await frameOf(p, id);
    const [list, canCreate] = await Promise.all([
      listWorkspaces(p.ctx, urlOf(`/ui/organizations/${f.org.id}/workspaces/`), {
        organization: f.org.id,
        page: 1,
        page_size: 500,
      }),
      may(p.ctx, 'workspace.create', f.scope),
    ]);
    return workspacesPage(p, f, { workspaces: list.results, count: list.count, canCreate }, s);
  };

  app.get(
    '/ui/organizations/:id/workspaces/',
    page('organizations', async (c, p) =>
      c.html(
        await workspacesView(p, idParam(c), {
          notice: c.req.query('created')
            ? 'The workspace is created.'
            : c.req.query('deleted')
              ? 'The workspace is deleted.'
              : undefined,
        }),
      ),
    ),
  );

  app.post(
    '/ui/organizations/:id/workspaces/',
    page('organizations', async (c, p) => {
      const id = idParam(c);
      const f = await frameOf(p, id);
      const form = await c.req.parseBody();
      const state: OrgForm = { name: field(form, 'name'), slug: '' };
      const again = async (r: Refusal) =>
        c.html(
          await workspacesView(p, id, { error: r.error, fields: r.fields, form: state }),
          r.status as 400,
        );
      const summary = 'The workspace was not created.';
      const parsed = WorkspaceCreateSchema.safeParse({ organization: f.org.id, name: state.name });
      if (!parsed.success) return again(invalidForm(parsed.error.issues, summary, ['name']));
      try {
        await createWorkspace(p.ctx, parsed.data);
      } catch (err) {
        if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
        return again(refusal(err, summary, ['name']));
      }
      return c.redirect(`/ui/organizations/${f.org.id}/workspaces/?created=1`, 303);
    }),
  );

  registerWorkspacePages(app, deps);
}

// ---- Pages ---------------------------------------------------------------------------------

const frame = (p: PageContext) => ({ user: p.user, csrf: p.csrf, section: 'organizations' as const });

/** A slug field with the schema's rule, checked as the user types (ui.js `data-live`). */
function slugField(value: string, error: string | undefined): Html {
  return html`<label for="slug">Slug</label>
    <input
      id="slug"
      name="slug"
      type="text"
      required
      minlength="2"
      maxlength="50"
      pattern="${SLUG_PATTERN}"
      autocomplete="off"
      spellcheck="false"
      value="${value}"
      data-live="slug-live"
      data-hint="${SLUG_HINT}"
      aria-describedby="slug-hint slug-live${error ? ' slug-error' : ''}"
      ${error ? html`aria-invalid="true"` : ''}
    />
    <p id="slug-hint" class="hint">
      2–50 lowercase letters, digits and dashes, no dash at either end. It names the identity provider's
      groups (svc-<em>slug</em>-admins, -users, -viewers).
    </p>
    <p id="slug-live" class="error" aria-live="polite"></p>
    ${fieldError('slug', error)}`;
}

function nameField(id: string, label: string, value: string, error: string | undefined): Html {
  return html`<label for="${id}">${label}</label>
    <input
      id="${id}"
      name="name"
      type="text"
      required
      maxlength="200"
      value="${value}"
      ${describedBy(id, error)}
    />
    ${fieldError(id, error)}`;
}

function organizationsPage(
  p: PageContext,
  v: {
    orgs: readonly Organization[];
    count: number;
    roleOf: (o: Organization) => string;
    canCreate: boolean;
  },
  s: FormState,
): string {
  return layout(
    'Organizations',
    html`<div class="card">
        <h1>Organizations</h1>
        ${alerts(s)}
        ${
          v.orgs.length
            ? html`<div class="scroll">
                  <table id="organizations">
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Slug</th>
                        <th scope="col">Your role</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${v.orgs.map(
                        (o) =>
                          html`<tr data-slug="${o.slug}">
                            <td><a href="/ui/organizations/${o.id}/">${o.name}</a></td>
                            <td><code>${o.slug}</code></td>
                            <td>${v.roleOf(o)}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>
                </div>
                ${
                  v.count > v.orgs.length
                    ? html`<p class="muted">The first ${v.orgs.length} of ${v.count}, by slug.</p>`
                    : ''
                }`
            : html`<p id="no-organizations" class="muted">You are not a member of any organization yet.</p>`
        }
      </div>
      ${
        v.canCreate
          ? html`<div class="card">
              <h2>Create an organization</h2>
              <form id="create-organization" method="post" action="/ui/organizations/" data-busy="Creating…">
                ${csrfField(p.csrf)} ${nameField('name', 'Name', s.form?.name ?? '', s.fields?.name)}
                ${slugField(s.form?.slug ?? '', s.fields?.slug)}
                <button type="submit">Create organization</button>
              </form>
            </div>`
          : ''
      }`,
    frame(p),
  );
}

function overviewPage(
  p: PageContext,
  f: OrgFrame,
  v: { role: Role | null; canRename: boolean; canChangeSlug: boolean; workspaces: number; members: number },
  s: FormState,
): string {
  const { org } = f;
  return layout(
    org.name,
    html`${organizationTabs(org, 'overview', { admin: f.admin })}
      <div class="card">
        <h1>${org.name}</h1>
        ${alerts(s)}
        <dl id="organization">
          <dt>Slug</dt>
          <dd><code>${org.slug}</code></dd>
          <dt>Your role</dt>
          <dd>${v.role ? EFFECTIVE_ROLE_NAMES[v.role] : '–'}</dd>
          <dt>Workspaces</dt>
          <dd>
            <a href="/ui/organizations/${org.id}/workspaces/" data-count="${v.workspaces}">${v.workspaces}</a>
          </dd>
          <dt>Members</dt>
          <dd><a href="/ui/organizations/${org.id}/members/" data-count="${v.members}">${v.members}</a></dd>
          <dt>Created</dt>
          <dd>${minute(org.created_at, '')}</dd>
          <dt>Last changed</dt>
          <dd>${minute(org.updated_at, '')}</dd>
        </dl>
      </div>
      ${
        v.canRename
          ? html`<div class="card">
              <h2>Change the organization</h2>
              <form
                id="edit-organization"
                method="post"
                action="/ui/organizations/${org.id}/"
                data-busy="Saving…"
              >
                ${csrfField(p.csrf)} ${nameField('name', 'Name', s.form?.name ?? org.name, s.fields?.name)}
                ${
                  v.canChangeSlug
                    ? slugField(s.form?.slug ?? org.slug, s.fields?.slug)
                    : html`<p class="hint">
                        Only a Super Admin can change the slug: it names the identity provider's groups.
                      </p>`
                }
                <button type="submit">Save</button>
              </form>
            </div>`
          : ''
      }`,
    frame(p),
  );
}

function workspacesPage(
  p: PageContext,
  f: OrgFrame,
  v: { workspaces: readonly Workspace[]; count: number; canCreate: boolean },
  s: FormState,
): string {
  const { org } = f;
  return layout(
    `Workspaces of ${org.name}`,
    html`${organizationTabs(org, 'workspaces', { admin: f.admin })}
      <div class="card">
        <h1>Workspaces of ${org.name}</h1>
        ${alerts(s)}
        ${
          v.workspaces.length
            ? html`<div class="scroll">
                  <table id="workspaces">
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Created</th>
                        <th scope="col">Last changed</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${v.workspaces.map(
                        (w) =>
                          html`<tr data-workspace="${w.id}">
                            <td><a href="/ui/workspaces/${w.id}/">${w.name}</a></td>
                            <td>${day(w.created_at, '')}</td>
                            <td>${day(w.updated_at, '')}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>
                </div>
                ${
                  v.count > v.workspaces.length
                    ? html`<p class="muted">The first ${v.workspaces.length} of ${v.count}, by name.</p>`
                    : ''
                }`
            : html`<p id="no-workspaces" class="muted">There are no workspaces here that you can see.</p>`
        }
      </div>
      ${
        v.canCreate
          ? html`<div class="card">
              <h2>Create a workspace</h2>
              <form
                id="create-workspace"
                method="post"
                action="/ui/organizations/${org.id}/workspaces/"
                data-busy="Creating…"
              >
                ${csrfField(p.csrf)} ${nameField('name', 'Name', s.form?.name ?? '', s.fields?.name)}
                <p class="hint">Unique in the organization, up to 200 characters.</p>
                <button type="submit">Create workspace</button>
              </form>
            </div>`
          : ''
      }`,
    frame(p),
  );
}
