import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, fieldError, nameField } from '../../../ui/fields.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import { OrganizationCreateSchema } from '../schema.ts';
import type { Organization } from '../schema.ts';
import { ruleAttrs, rulesOf } from '../../../ui/rules.ts';

/** The list of organizations (`/ui/organizations/`) and the fields of the organization forms. */

/** The slug's rules (OrganizationCreateSchema), one at a time with the API's messages (ui/rules.ts). */
export const SLUG_RULES = rulesOf(OrganizationCreateSchema.shape.slug, [
  { pattern: '.{2,}', breaks: 'a' },
  { pattern: '.{0,50}', breaks: 'a'.repeat(51) },
  { pattern: String.raw`[a-z0-9]([a-z0-9\-]*[a-z0-9])?`, breaks: '-a' },
]);

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

/** A slug field with the schema's rules, checked as the user types (ui.js `data-rules`; its form has novalidate). */
export function slugField(value: string, error: string | undefined): Html {
  return html`<label for="slug">Slug</label>
    <input
      id="slug"
      name="slug"
      type="text"
      aria-required="true"
      maxlength="50"
      autocomplete="off"
      spellcheck="false"
      value="${value}"
      ${ruleAttrs(SLUG_RULES, 'slug-live')}
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
              <form
                id="create-organization"
                method="post"
                action="/ui/organizations/"
                data-busy="Creating…"
                novalidate
              >
                ${csrfField(p.csrf)}
                ${nameField({ value: s.form?.name ?? '', error: s.fields?.name, maxlength: 200, schema: OrganizationCreateSchema.shape.name })}
                ${slugField(s.form?.slug ?? '', s.fields?.slug)}
                <button type="submit">Create organization</button>
              </form>
            </div>`
          : ''
      }`,
    p.frame('organizations'),
  );
}
