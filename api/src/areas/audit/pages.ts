import type { Context, Hono } from 'hono';
import type { AreaPageDeps } from '../area.ts';
import { actorByUsername, actorNames, exportAudit, listAudit } from './query.ts';
import { AuditFilterSchema, AuditListQuerySchema } from './schema.ts';
import type { AuditEntry, AuditFilter, AuditListQuery } from './schema.ts';
import { auditEvents } from '../../core/audit/writer.ts';
import { membershipsOfUser } from '../members/public.ts';
import { getOrganization, listOrganizations } from '../organizations/public.ts';
import type { Page } from '../../core/pagination.ts';
import { fieldErrors } from '../../core/validation.ts';
import { html } from '../../ui/html.ts';
import type { Html } from '../../ui/html.ts';
import type { PageContext, UiEnv } from '../../ui/context.ts';
import { idParam, pagesWith } from '../../ui/context.ts';
import { alerts, describedBy, fieldError } from '../../ui/fields.ts';
import { minute } from '../../ui/format.ts';
import { layout } from '../../ui/layout.ts';
import { table } from '../../ui/table.ts';
import { organizationTabs } from '../../ui/tabs.ts';

/**
 * The audit log in the browser: the whole log under Administration (Super Admins) and one
 * organization's on its Audit log tab (its Org Admins). A GET filter form with the API's filters
 * (event, actor, organization, time range), the API's pages, and an export of the filtered entries
 * in the API's format (NDJSON), all through the audit service with the session's principal.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTERS = ['event', 'actor', 'organization', 'since', 'until'] as const;
type FilterName = (typeof FILTERS)[number];
type RawFilters = Partial<Record<FilterName, string>>;

/** Where a log is shown: the whole log, or one organization's. */
interface Place {
  readonly base: string;
  readonly section: string;
  readonly title: string;
  readonly header: Html;
  /** The organization the place is fixed to (its tab); null for the whole log. */
  readonly organization: { readonly id: string; readonly name: string; readonly slug: string } | null;
}

/** What the page shows beside the entries. */
interface Names {
  /** Organization names by ID (the whole log: those of the first 500; the tab: its own). */
  readonly organizations: ReadonlyMap<string, string>;
  /** The organizations offered in the filter (the whole log only). */
  readonly choices: readonly { id: string; name: string }[];
  /** Usernames of the actors on the page, for viewers who may see users (Super Admins). */
  readonly users: ReadonlyMap<string, string>;
}

interface Result {
  readonly raw: RawFilters;
  readonly errors: Readonly<Record<string, string>>;
  readonly page: Page<AuditEntry> | null;
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly error?: string | undefined;
}

/**
 * A `datetime-local` value (`2026-05-01T09:30`, seconds optional) read as UTC, in the API's ISO
 * form; anything else is passed on as typed, for the API's own message.
 */
export function utcInstant(value: string): string {
  const m = /^(\d{4,}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,9})?)?$/.exec(value);
  if (!m) return value;
  return `${m[1]}T${m[2]}${m[3] ?? ':00'}Z`;
}

/** Field errors keyed by field, the first per field (a malformed time fails two checks). */
function firstErrors(errors: readonly { attr: string; detail: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) out[e.attr] ??= e.detail;
  return out;
}

/**
 * Details as `key=value` pairs for the table: compact (no empty values, no username repeating the
 * actor's), shortened, and escaped by `html` like every value.
 */
export function detailsSummary(e: AuditEntry, actorName?: string): string {
  const parts: string[] = [];
  if (e.username && e.username !== actorName) parts.push(`username=${e.username}`);
  if (e.api_key) parts.push(`api_key=${e.api_key}`);
  for (const [k, v] of Object.entries(e.details ?? {}))
    if (v !== null && v !== undefined) parts.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const text = parts.join(' ');
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** A page URL of the API's envelope, as a path of this page (the envelope's are absolute). */
const relative = (url: string | null): string | null => {
  if (!url) return null;
  const u = new URL(url);
  return u.pathname + u.search;
};

export function registerAuditPages(ui: Hono<UiEnv>, deps: AreaPageDeps): void {
  const page = pagesWith(deps);

  const globalPlace: Place = {
    base: '/ui/administration/audit-log/',
    section: 'admin',
    title: 'Audit log',
    header: html`<p class="crumbs"><a href="/ui/administration/">Administration</a> / Audit log</p>`,
    organization: null,
  };

  /**
   * The whole log is the Super Admins' (the API would give an Org Admin their organizations'
   * entries there; the UI sends them to each organization's tab instead, and says so).
   */
  const refusal = async (c: Context<UiEnv>, p: PageContext): Promise<Response> => {
    const admin = (await membershipsOfUser(p.ctx, p.session.userId)).filter((m) => m.role === 'admin');
    return c.html(
      layout(
        'Not possible',
        html`<div class="card">
          <h1>Not possible</h1>
          <p class="error" role="alert">
            ${
              admin.length
                ? 'The whole audit log is for Super Admins. Read your organizations’ logs on their Audit log tabs:'
                : 'Only Super Admins and Org Admins can read the audit log.'
            }
          </p>
          ${
            admin.length
              ? html`<ul id="audit-tabs" class="plain">
                  ${admin.map((m) => html`<li><a href="/ui/organizations/${m.id}/audit/">Audit log of ${m.organization}</a></li>`)}
                </ul>`
              : ''
          }
          <p><a href="/ui/">Back to the dashboard</a></p>
        </div>`,
        p.frame('admin'),
      ),
      403,
    );
  };

  const organizationPlace = async (c: Context<UiEnv>, p: PageContext): Promise<Place> => {
    // Not a member (or no such organization): not found, as on the API.
    const org = await getOrganization(p.ctx, idParam(c, 'org'));
    return {
      base: `/ui/organizations/${org.id}/audit/`,
      section: 'organizations',
      title: `Audit log of ${org.name}`,
      header: organizationTabs(org, 'audit', { admin: true }),
      organization: { id: org.id, name: org.name, slug: org.slug },
    };
  };

  /** The filters as typed (trimmed; empty ones left out). */
  const rawFilters = (c: Context<UiEnv>, place: Place): RawFilters => {
    const raw: RawFilters = {};
    for (const name of FILTERS) {
      if (name === 'organization' && place.organization) continue;
      const v = c.req.query(name)?.trim();
      if (v) raw[name] = v;
    }
    return raw;
  };

  /**
   * The API's filter input from what was typed: times read as UTC, a username (for those who may
   * see users) resolved to its ID, the tab's organization fixed. Returns the input and any error
   * the UI itself found.
   */
  const filterInput = async (
    p: PageContext,
    place: Place,
    raw: RawFilters,
  ): Promise<{ input: Record<string, unknown>; errors: Record<string, string> }> => {
    const input: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    if (raw.event) input.event = raw.event;
    if (raw.organization) input.organization = raw.organization;
    if (place.organization) input.organization = place.organization.id;
    if (raw.since) input.since = utcInstant(raw.since);
    if (raw.until) input.until = utcInstant(raw.until);
    if (raw.actor) {
      input.actor = raw.actor;
      if (!UUID.test(raw.actor) && p.principal.superuser) {
        const id = await actorByUsername(p.ctx, raw.actor);
        if (id) input.actor = id;
        else errors.actor = 'No user has this username.';
      }
    }
    return { input, errors };
  };

  /** The list: validated by the API's query schema first, then read through the service. */
  const read = async (c: Context<UiEnv>, p: PageContext, place: Place): Promise<Result> => {
    const raw = rawFilters(c, place);
    const { input, errors: own } = await filterInput(p, place, raw);
    const pageRaw = c.req.query('page')?.trim();
    const sizeRaw = c.req.query('page_size')?.trim();
    if (pageRaw) input.page = pageRaw;
    if (sizeRaw) input.page_size = sizeRaw;
    const parsed = AuditListQuerySchema.safeParse(input);
    if (!parsed.success || Object.keys(own).length) {
      // The API decides first whether the caller may read this log at all (403 before 400).
      if (place.organization)
        await listAudit(p.ctx, new URL('http://ui/'), {
          page: 1,
          page_size: 1,
          organization: place.organization.id,
        });
      const errors = { ...(parsed.success ? {} : firstErrors(fieldErrors(parsed.error.issues))), ...own };
      const general = Object.entries(errors)
        .filter(([k]) => !FILTERS.includes(k as FilterName))
        .map(([k, v]) => `${k}: ${v}`);
      return {
        raw,
        errors,
        page: null,
        pageNumber: 1,
        pageSize: 50,
        error: `The filters are not valid${general.length ? ` (${general.join(' ')})` : ''}.`,
      };
    }
    const query: AuditListQuery = parsed.data;
    const result = await listAudit(p.ctx, new URL(c.req.url), query);
    return { raw, errors: {}, page: result, pageNumber: query.page, pageSize: query.page_size };
  };

  const names = async (p: PageContext, place: Place, entries: readonly AuditEntry[]): Promise<Names> => {
    let organizations = new Map<string, string>();
    let choices: { id: string; name: string }[] = [];
    if (place.organization) organizations.set(place.organization.id, place.organization.name);
    else {
      const orgs = await listOrganizations(p.ctx, new URL('http://ui/'), {
        page: 1,
        page_size: 500,
      });
      choices = orgs.results.map((o) => ({ id: o.id, name: `${o.name} (${o.slug})` }));
      organizations = new Map(orgs.results.map((o) => [o.id, o.name]));
    }
    const actorIds = [...new Set(entries.map((e) => e.actor).filter((a): a is string => a !== null))];
    const usernames =
      p.principal.superuser && actorIds.length
        ? await actorNames(p.ctx, actorIds)
        : new Map<string, string>();
    return { organizations, choices, users: usernames };
  };

  const show = async (c: Context<UiEnv>, p: PageContext, place: Place) => {
    const result = await read(c, p, place);
    const n = await names(p, place, result.page?.results ?? []);
    return c.html(auditPage(p, place, result, n), result.page ? 200 : 400);
  };

  const download = async (c: Context<UiEnv>, p: PageContext, place: Place) => {
    const raw = rawFilters(c, place);
    const { input, errors: own } = await filterInput(p, place, raw);
    const parsed = AuditFilterSchema.safeParse(input);
    if (!parsed.success || Object.keys(own).length) return show(c, p, place);
    const filter: AuditFilter = parsed.data;
    // Streamed by the service in batches of 1,000 entries: no size limit to enforce here.
    const stream = await exportAudit(p.ctx, filter);
    const name = place.organization ? `plinth-audit-log-${place.organization.slug}` : 'plinth-audit-log';
    return c.body(stream, 200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}.ndjson"`,
    });
  };

  ui.get(
    '/ui/administration/audit-log/',
    page('admin', async (c, p) => (p.principal.superuser ? show(c, p, globalPlace) : refusal(c, p))),
  );
  ui.get(
    '/ui/administration/audit-log/export/',
    page('admin', async (c, p) => (p.principal.superuser ? download(c, p, globalPlace) : refusal(c, p))),
  );
  ui.get(
    '/ui/organizations/:org/audit/',
    page('organizations', async (c, p) => show(c, p, await organizationPlace(c, p))),
  );
  ui.get(
    '/ui/organizations/:org/audit/export/',
    page('organizations', async (c, p) => download(c, p, await organizationPlace(c, p))),
  );
}

function auditPage(p: PageContext, place: Place, r: Result, n: Names): string {
  const e = r.errors;
  const query = new URLSearchParams(Object.entries<string>(r.raw)).toString();
  const exportHref = `${place.base}export/${query ? `?${query}` : ''}`;
  const entries = r.page?.results ?? [];
  const total = r.page?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / r.pageSize));
  const previous = relative(r.page?.previous ?? null);
  const next = relative(r.page?.next ?? null);
  const text = (name: FilterName, label: string, hint: string, type = 'text', list?: string) =>
    html`<div>
      <label for="${name}">${label}</label>
      <input
        id="${name}"
        name="${name}"
        type="${type}"
        ${type === 'datetime-local' ? html`step="1"` : ''}
        ${list ? html`list="${list}" autocomplete="off"` : ''}
        value="${r.raw[name] ?? ''}"
        ${e[name] ? html`aria-invalid="true"` : ''}
        aria-describedby="${name}-hint${e[name] ? ` ${name}-error` : ''}"
      />
      <p id="${name}-hint" class="hint">${hint}</p>
      ${fieldError(name, e[name])}
    </div>`;
  const select = (
    name: FilterName,
    label: string,
    any: string,
    options: readonly { value: string; label: string }[],
  ) => {
    const current = r.raw[name] ?? '';
    const all =
      current && !options.some((o) => o.value === current)
        ? [...options, { value: current, label: current }]
        : options;
    return html`<div>
      <label for="${name}">${label}</label>
      <select id="${name}" name="${name}" ${describedBy(name, e[name])}>
        <option value="">${any}</option>
        ${all.map((o) => html`<option value="${o.value}" ${o.value === current ? 'selected' : ''}>${o.label}</option>`)}
      </select>
      ${fieldError(name, e[name])}
    </div>`;
  };
  return layout(
    place.title,
    html`${place.header}
      <div class="card">
        <h1>${place.title}</h1>
        ${alerts({ error: r.error })}
        <p class="muted">
          Security events, newest
          first${place.organization ? html` in ${place.organization.name}` : ' in every organization'}.
          Entries are kept as they were written: they outlive the users, keys and organizations they name.
        </p>
        <form
          method="get"
          action="${place.base}"
          role="search"
          aria-label="Filter the audit log"
          data-busy="Filtering…"
        >
          <div class="filters">
            ${text('event', 'Event', 'An event name, such as api_key.created; suggestions as you type.', 'text', 'audit-events')}
            ${text('actor', 'Actor', p.principal.superuser ? 'A username or user ID.' : 'A user ID.')}
            ${
              place.organization
                ? ''
                : select(
                    'organization',
                    'Organization',
                    'Any organization',
                    n.choices.map((o) => ({ value: o.id, label: o.name })),
                  )
            }
            ${text('since', 'From (UTC)', 'At or after this time, in UTC.', 'datetime-local')}
            ${text('until', 'To (UTC)', 'Before this time, in UTC.', 'datetime-local')}
          </div>
          <datalist id="audit-events">
            ${auditEvents().map((ev) => html`<option value="${ev}"></option>`)}
          </datalist>
          <div class="actions">
            <button type="submit">Filter</button>
            <a href="${place.base}">Clear the filters</a>
          </div>
        </form>
      </div>
      <div class="card">
        ${
          r.page
            ? html`<div class="actions">
                  <h2 id="count">${total} ${total === 1 ? 'entry' : 'entries'}</h2>
                  <a id="export" class="button" href="${exportHref}" download
                    >Export ${query ? 'these' : 'all'} entries (NDJSON)</a
                  >
                </div>
                <p class="hint">
                  The export has every matching entry, oldest first, one JSON object per line: the API's
                  export format.
                </p>`
            : html`<p class="muted">Correct the filters to see entries.</p>`
        }
        ${
          entries.length
            ? table({
                id: 'entries',
                head: ['Time', 'Event', 'Actor', 'Organization', 'Details', 'IP', 'Request ID'],
                rows: entries.map(
                  (en) =>
                    html`<tr data-entry="${en.id}" data-event="${en.event}">
                      <td>
                        <time datetime="${en.occurred_at}" title="${en.occurred_at}"
                          >${when(en.occurred_at)}</time
                        >
                      </td>
                      <td><code>${en.event}</code></td>
                      <td>${actorCell(place, en.actor, n)}</td>
                      <td>${organizationCell(place, en.organization, n)}</td>
                      <td>
                        <code class="details"
                          >${detailsSummary(en, en.actor ? n.users.get(en.actor) : undefined)}</code
                        >
                      </td>
                      <td>${en.ip ?? ''}</td>
                      <td><code>${en.request_id ?? ''}</code></td>
                    </tr>`,
                ),
              })
            : r.page
              ? html`<p id="no-entries" class="muted">No entries match.</p>`
              : ''
        }
        ${
          previous || next
            ? html`<nav class="actions" aria-label="Pages">
                ${previous ? html`<a rel="prev" href="${previous}">Previous page</a>` : ''}
                <span class="muted">Page ${r.pageNumber} of ${pages}</span>
                ${next ? html`<a rel="next" href="${next}">Next page</a>` : ''}
              </nav>`
            : ''
        }
      </div>`,
    p.frame(place.section),
  );
}

/** A time to the minute (UTC), on one line (ui.css keeps a <time> whole, but in a phone's card). */
function when(iso: string): Html {
  return html`${minute(iso, '')}`;
}

function actorCell(place: Place, actor: string | null, n: Names): Html {
  if (!actor) return html`<span class="muted">none</span>`;
  const name = n.users.get(actor);
  const filter = `${place.base}?actor=${actor}`;
  return html`<a href="${filter}" title="Only this actor's entries (${actor})"
    >${name ?? html`<code>${actor.slice(0, 8)}…</code>`}</a
  >`;
}

function organizationCell(place: Place, organization: string | null, n: Names): Html {
  if (!organization) return html`<span class="muted">none</span>`;
  const name = n.organizations.get(organization);
  return html`<a href="/ui/organizations/${organization}/" title="${organization}"
    >${name ?? html`<code>${organization.slice(0, 8)}…</code>`}</a
  >`;
}
