import type { Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { roleIn } from '../../auth/policy.ts';
import { DomainError } from '../../core/errors.ts';
import { patchBody } from '../../http/common.ts';
import { html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { field, invalidForm, refusal } from '../../ui/forms.ts';
import type { Refusal } from '../../ui/forms.ts';
import { alerts } from '../../ui/fields.ts';
import { ROLE_NAMES } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { organizationTabs } from '../../ui/tabs.ts';
import {
  firstMembers,
  listMembers,
  memberNotice,
  membershipsOfUser,
  membersPlace,
  membersSection,
  registerMemberRoutes,
} from '../members/public.ts';
import type { MembersState } from '../members/public.ts';
import { createWorkspace, listWorkspaces, WorkspaceCreateSchema } from '../workspaces/public.ts';
import { OrganizationCreateSchema, OrganizationUpdateSchema } from './schema.ts';
import type { Organization } from './schema.ts';
import { createOrganization, getOrganization, listOrganizations, updateOrganization } from './service.ts';
import { organizationsPage } from './pages/list.ts';
import type { FormState, OrgForm, OrgFrame } from './pages/list.ts';
import { overviewPage, workspacesPage } from './pages/organization.ts';

/**
 * Organizations in the browser: the list (`/ui/organizations/`, with the create form for Super
 * Admins) and each organization's tabs: Overview (with the rename form for Org Admins), Members
 * (with where each membership came from, and the member forms for Org Admins) and Workspaces (with
 * the create form for Org Admins). The API Keys and Audit log tabs are the keys and audit areas',
 * the workspace page the workspaces area's, the members section the members area's. Everything
 * goes through the services with the session's principal, so the API's rules, messages and audit
 * entries apply unchanged.
 */

/** A list's base URL (the services build page links from it; the pages show none). */
const urlOf = (path: string) => new URL(`http://ui${path}`);

export function registerOrganizationPages(app: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  /** The organization if the principal may see it (404 otherwise), and its tabs' rights. */
  const frameOf = async (p: PageContext, id: string): Promise<OrgFrame> => {
    const org = await getOrganization(p.ctx, id);
    const scope = { organizationId: org.id };
    // The same test as the API Keys tab's own page (the keys area's): Org Admins and Super Admins.
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
      membersPlace(p, 'organization', f.org.id).then((place) =>
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
    const place = await membersPlace(p, 'organization', f.org.id);
    const list = await firstMembers(p, place);
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
      p.frame('organizations'),
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
}
