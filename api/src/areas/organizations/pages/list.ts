import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, fieldError, nameField } from '../../../ui/fields.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import type { Organization } from '../schema.ts';

/** The list of organizations (`/ui/organizations/`) and the fields of the organization forms. */

/** The slug's rule (OrganizationCreateSchema) as an HTML `pattern` (escaped for the `v` flag). */
const SLUG_PATTERN = '[a-z0-9]([a-z0-9\\-]*[a-z0-9])?';
const SLUG_HINT = 'Lowercase letters, digits and dashes; no dash at either end.';

/** What a form showed, as it was sent. */
export interface OrgForm {
  readonly name: string;
  readonly slug: string;
}

export interface FormState {
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
  readonly fields?: Readonly<Record<string, string>>;
  readonly form?: OrgForm;
}

/** An organization's frame: the organization, and whether its admin-only tabs show. */
export interface OrgFrame {
  readonly org: Organization;
  readonly scope: { organizationId: string };
  readonly admin: boolean;
}

/** A slug field with the schema's rule, checked as the user types (ui.js `data-live`). */
export function slugField(value: string, error: string | undefined): Html {
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

export function organizationsPage(
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
            ? html`${table({
                id: 'organizations',
                head: ['Name', 'Slug', 'Your role'],
                rows: v.orgs.map(
                  (o) =>
                    html`<tr data-slug="${o.slug}">
                      <td><a href="/ui/organizations/${o.id}/">${o.name}</a></td>
                      <td><code>${o.slug}</code></td>
                      <td>${v.roleOf(o)}</td>
                    </tr>`,
                ),
              })}
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
                ${csrfField(p.csrf)}
                ${nameField({ value: s.form?.name ?? '', error: s.fields?.name, maxlength: 200 })}
                ${slugField(s.form?.slug ?? '', s.fields?.slug)}
                <button type="submit">Create organization</button>
              </form>
            </div>`
          : ''
      }`,
    p.frame('organizations'),
  );
}
