import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { allScopes } from '../../auth/policy.ts';
import { createKey, listKeys, NOT_GRANTABLE, revokeKey } from './service.ts';
import type { Scope } from '../../auth/policy.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import { fieldErrors } from '../../core/validation.ts';
import { ApiKeyCreateSchema, OrganizationApiKeyCreateSchema } from './schema.ts';
import type { KeyOwner } from './service.ts';
import { getOrganization } from '../organizations/public.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, may, pagesWith } from '../../ui/context.ts';
import { errorsByField, field } from '../../ui/forms.ts';
import { alerts, confirmForm, copyField, csrfField, fieldError, nameField } from '../../ui/fields.ts';
import { day, ROLE_NAMES } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { rowLink, table } from '../../ui/table.ts';
import { organizationTabs } from '../../ui/tabs.ts';

/**
 * API keys at the spec's three places: the user's own under the account menu
 * (`/ui/accounts/api-keys/`), an organization's on its API Keys tab
 * (`/ui/organizations/{id}/api-keys/`), and system keys under Administration
 * (`/ui/administration/system-api-keys/`). Each lists, creates (name, expiry, scopes; the secret
 * shown once) and revokes after a confirmation, through the keys service with the session's
 * principal: the API's rules, messages and audit entries apply unchanged.
 */

/** Expiry choices, with the spec's guidance (not enforced): CI/CD 90 days, developer 365, temporary 7. */
const EXPIRY_CHOICES = [
  ['90', '90 days (CI/CD pipelines)'],
  ['365', '365 days (a developer machine)'],
  ['7', '7 days (something temporary)'],
  ['', 'Never expires'],
] as const;

interface KeyRow {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly role?: string | null | undefined;
  readonly scopes: readonly string[] | null;
  readonly created_at: string;
  readonly expires_at: string | null;
  readonly last_used_at: string | null;
}

/** One of the three places: who owns the keys, where the pages live, and how they are framed. */
interface Place {
  readonly owner: KeyOwner;
  readonly base: string;
  readonly section: string;
  readonly title: string;
  readonly intro: string;
  /** Above the heading: the organization's tabs, for organization keys. */
  readonly header: Html;
  /** Whether the viewer may create and revoke here (the API refuses anyway). */
  readonly canManage: boolean;
}

interface FormState {
  readonly name: string;
  readonly days: string;
  readonly role: string;
  readonly scopes: readonly string[];
}

export function registerKeyPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);
  const places: [string, (c: Context<UiEnv>, p: PageContext) => Promise<Place>][] = [
    [
      '/ui/accounts/api-keys/',
      async (_c, p) => ({
        owner: { kind: 'user' },
        base: '/ui/accounts/api-keys/',
        section: 'keys',
        title: 'Your API keys',
        ...((await may(p.ctx, 'api_key.user.create', 'global'))
          ? {
              intro:
                'A key acts with your rights for scripts, the command line and CI/CD. Use one key per use, never commit one or paste it in a log, and rotate critical keys every 90 days.',
              canManage: true,
            }
          : {
              intro: 'Viewers cannot have API keys. An administrator can give you a role with more rights.',
              canManage: false,
            }),
        header: html``,
      }),
    ],
    [
      '/ui/organizations/:org/api-keys/',
      async (c, p) => {
        const org = await getOrganization(p.ctx, idParam(c, 'org'));
        const scope = { organizationId: org.id };
        const canManage = await may(p.ctx, 'api_key.organization.manage', scope);
        return {
          owner: { kind: 'organization', organizationId: org.id },
          base: `/ui/organizations/${org.id}/api-keys/`,
          section: 'organizations',
          title: `API keys of ${org.name}`,
          intro:
            'An organization key belongs to the organization, not to a person: it keeps working when its creator leaves. It acts with the role chosen here (Viewer unless you choose more).',
          header: organizationTabs(org, 'keys', { admin: canManage }),
          canManage,
        };
      },
    ],
    [
      '/ui/administration/system-api-keys/',
      async (_c, p) => ({
        owner: { kind: 'system' },
        base: '/ui/administration/system-api-keys/',
        section: 'admin',
        title: 'System API keys',
        intro:
          'A system key acts as a Super Admin across every organization: for platform automation only. Give it the fewest scopes it needs and an expiry.',
        header: html`<p class="crumbs">
          <a href="/ui/administration/">Administration</a> / System API keys
        </p>`,
        canManage: await may(p.ctx, 'api_key.system.manage', 'global'),
      }),
    ],
  ];

  const list = async (p: PageContext, place: Place): Promise<KeyRow[]> =>
    (
      await listKeys(p.ctx, place.owner, new URL(`http://ui${place.base}`), {
        page: 1,
        page_size: 500,
      })
    ).results;

  for (const [path, placeOf] of places) {
    ui.get(
      path,
      page('keys', async (c, p) => {
        const place = await placeOf(c, p);
        // A Viewer has no user keys to list (the API refuses the listing too).
        const keys = place.canManage || place.owner.kind !== 'user' ? await list(p, place) : [];
        return c.html(
          keysPage(p, place, keys, {
            notice: c.req.query('revoked') ? 'The key is revoked.' : undefined,
          }),
        );
      }),
    );

    ui.post(
      path,
      page('keys', async (c, p) => {
        const place = await placeOf(c, p);
        const form = await c.req.parseBody({ all: true });
        const scopes = ([] as unknown[])
          .concat(form.scopes ?? [])
          .filter((s): s is string => typeof s === 'string');
        const state: FormState = {
          name: field(form, 'name'),
          days: field(form, 'expires_in_days'),
          role: field(form, 'role') || 'viewer',
          scopes,
        };
        const expiresAt =
          /^\d{1,4}$/.test(state.days) && Number(state.days) > 0
            ? new Date(Date.now() + Number(state.days) * 86_400_000).toISOString()
            : null;
        const again = async (status: number, error: string, fields: Record<string, string> = {}) =>
          c.html(
            keysPage(p, place, await list(p, place).catch(() => []), { error, fields, form: state }),
            status as 400,
          );
        // The API's own shape of a new key: the same rules and messages as the API's create routes.
        const body = {
          name: state.name,
          expires_at: expiresAt,
          scopes: scopes.length ? scopes : null,
          ...(place.owner.kind === 'organization' && { role: state.role }),
        };
        const parsed = (
          place.owner.kind === 'organization' ? OrganizationApiKeyCreateSchema : ApiKeyCreateSchema
        ).safeParse(body);
        if (!parsed.success)
          return again(400, 'The key was not created.', errorsByField(fieldErrors(parsed.error.issues)));
        try {
          const created = await createKey(p.ctx, place.owner, parsed.data);
          return c.html(keyCreatedPage(p, place, created), 201);
        } catch (err) {
          if (!(err instanceof DomainError) || err.kind === 'not_found') throw err;
          return again(err.kind === 'forbidden' ? 403 : 400, err.message, errorsByField(err.errors));
        }
      }),
    );

    ui.get(
      `${path}:id/revoke/`,
      page('keys', async (c, p) => {
        const place = await placeOf(c, p);
        const id = idParam(c);
        const key = (await list(p, place)).find((k) => k.id === id);
        if (!key) throw notFound('No such API key.');
        return c.html(keyRevokePage(p, place, key));
      }),
    );

    ui.post(
      `${path}:id/revoke/`,
      page('keys', async (c, p) => {
        const place = await placeOf(c, p);
        await revokeKey(p.ctx, place.owner, idParam(c));
        return c.redirect(`${place.base}?revoked=1`, 303);
      }),
    );
  }
}

function keysPage(
  p: PageContext,
  place: Place,
  keys: readonly KeyRow[],
  s: {
    error?: string | undefined;
    notice?: string | undefined;
    fields?: Readonly<Record<string, string>>;
    form?: FormState;
  } = {},
): string {
  const nameError = s.fields?.name;
  const scopesError = Object.entries(s.fields ?? {}).find(([k]) => k.startsWith('scopes'))?.[1];
  const days = s.form?.days ?? '90';
  const org = place.owner.kind === 'organization';
  return layout(
    place.title,
    html`${place.header}
      <div class="card">
        <h1>${place.title}</h1>
        ${alerts(s)}
        <p class="muted">${place.intro}</p>
        ${
          keys.length
            ? table({
                id: 'keys',
                head: [
                  'Name',
                  'Prefix',
                  org && 'Role',
                  'Scopes',
                  'Created',
                  'Expires',
                  'Last used',
                  place.canManage && html`<span class="muted">Action</span>`,
                ],
                rows: keys.map(
                  (k) =>
                    html`<tr data-key="${k.id}">
                      <td>${k.name}</td>
                      <td><code>${k.prefix}</code></td>
                      ${org ? html`<td>${ROLE_NAMES[k.role ?? ''] ?? k.role}</td>` : ''}
                      <td>${k.scopes ? k.scopes.join(', ') : 'all'}</td>
                      <td>${day(k.created_at, '')}</td>
                      <td>${day(k.expires_at, 'never')}</td>
                      <td>${day(k.last_used_at, 'never')}</td>
                      ${place.canManage ? html`<td>${rowLink(`${place.base}${k.id}/revoke/`, 'Revoke', k.name)}</td>` : ''}
                    </tr>`,
                ),
              })
            : html`<p id="no-keys" class="muted">There are no API keys here.</p>`
        }
      </div>
      ${
        place.canManage
          ? html`<div class="card">
              <h2>Create a key</h2>
              <form method="post" action="${place.base}" data-busy="Creating the key…" novalidate>
                ${csrfField(p.csrf)}
                ${nameField({ value: s.form?.name ?? '', error: nameError, maxlength: 100, schema: ApiKeyCreateSchema.shape.name })}
                <label for="expires_in_days">Expires</label>
                <select id="expires_in_days" name="expires_in_days">
                  ${EXPIRY_CHOICES.map(([value, label]) => html`<option value="${value}" ${value === days ? 'selected' : ''}>${label}</option>`)}
                </select>
                ${
                  org
                    ? html`<label for="role">Acts as</label>
                        <select id="role" name="role">
                          ${['viewer', 'user', 'admin'].map((r) => html`<option value="${r}" ${r === (s.form?.role ?? 'viewer') ? 'selected' : ''}>${ROLE_NAMES[r]}</option>`)}
                        </select>`
                    : ''
                }
                <fieldset ${scopesError ? html`aria-describedby="scopes-error"` : ''}>
                  <legend>Scopes <span class="muted">(none chosen: all the owner's rights)</span></legend>
                  <div class="checks">
                    ${allScopes()
                      .filter((sc: Scope) => !NOT_GRANTABLE.includes(sc))
                      .map(
                        (sc) =>
                          html`<label class="check"
                            ><input
                              type="checkbox"
                              name="scopes"
                              value="${sc}"
                              ${s.form?.scopes.includes(sc) ? 'checked' : ''}
                            />
                            ${sc}</label
                          >`,
                      )}
                  </div>
                  ${fieldError('scopes', scopesError)}
                </fieldset>
                <button type="submit">Create key</button>
              </form>
            </div>`
          : ''
      }`,
    p.frame(place.section),
  );
}

/** The one time a new key's secret is shown. */
function keyCreatedPage(p: PageContext, place: Place, key: KeyRow & { token: string }): string {
  return layout(
    'Key created',
    html`${place.header}
      <div class="card" data-show-once>
        <h1>Key ${key.name} created</h1>
        <p class="error" role="alert">
          Copy the key now: it is shown only this once and cannot be retrieved again.
        </p>
        ${copyField('token', 'Your new API key', key.token)}
        <p class="muted">
          Expires: ${day(key.expires_at, 'never')}. Use it as <code>Authorization: Bearer &lt;key&gt;</code>.
        </p>
        <p><a class="button" href="${place.base}" data-leave>I have copied it</a></p>
      </div>`,
    p.frame(place.section),
  );
}

/** The confirmation before a key is revoked. */
function keyRevokePage(p: PageContext, place: Place, key: KeyRow): string {
  return layout(
    'Revoke key',
    html`${place.header}
      <div class="card">
        <h1>Revoke ${key.name}?</h1>
        <p>
          Every request made with <code>${key.prefix}…</code> fails from the next one on, on every server.
          This cannot be undone.
        </p>
        ${confirmForm({
          action: `${place.base}${key.id}/revoke/`,
          busy: 'Revoking…',
          csrf: p.csrf,
          button: 'Revoke the key',
          cancel: place.base,
        })}
      </div>`,
    p.frame(place.section),
  );
}
