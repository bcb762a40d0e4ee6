import type { Role } from '../../../auth/policy.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, nameField } from '../../../ui/fields.ts';
import { day, EFFECTIVE_ROLE_NAMES, minute } from '../../../ui/format.ts';
import { OrganizationCreateSchema } from '../schema.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import { organizationTabs } from '../../../ui/tabs.ts';
import type { Workspace } from '../../workspaces/public.ts';

/** A workspace's name has an organization's rules (both schemas: 1-200 characters, trimmed). */
const WORKSPACE_NAME = OrganizationCreateSchema.shape.name;
import { slugField } from './list.ts';
import type { FormState, OrgFrame } from './list.ts';

/** An organization's Overview tab (with the change form) and its Workspaces tab (with the create form). */

export function overviewPage(
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
                novalidate
              >
                ${csrfField(p.csrf)}
                ${nameField({ value: s.form?.name ?? org.name, error: s.fields?.name, maxlength: 200, schema: OrganizationCreateSchema.shape.name })}
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
    p.frame('organizations'),
  );
}

export function workspacesPage(
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
            ? html`${table({
                id: 'workspaces',
                head: ['Name', 'Created', 'Last changed'],
                rows: v.workspaces.map(
                  (w) =>
                    html`<tr data-workspace="${w.id}">
                      <td><a href="/ui/workspaces/${w.id}/">${w.name}</a></td>
                      <td>${day(w.created_at, '')}</td>
                      <td>${day(w.updated_at, '')}</td>
                    </tr>`,
                ),
              })}
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
                novalidate
              >
                ${csrfField(p.csrf)}
                ${nameField({ value: s.form?.name ?? '', error: s.fields?.name, maxlength: 200, schema: WORKSPACE_NAME })}
                <p class="hint">Unique in the organization, up to 200 characters.</p>
                <button type="submit">Create workspace</button>
              </form>
            </div>`
          : ''
      }`,
    p.frame('organizations'),
  );
}
