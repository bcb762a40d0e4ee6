import type { AuditEntry } from '../schema.ts';
import { auditEvents } from '../../../core/audit/writer.ts';
import type { Page } from '../../../core/pagination.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, describedBy, fieldError } from '../../../ui/fields.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import { actorName, detailsCell, eventCell, originLine, timeCell } from './entries.ts';
import type { AuditNames } from './entries.ts';

/** The audit log's page: the filter form, the entries and the pages (pages.ts reads them). */

export const FILTERS = ['event', 'actor', 'organization', 'since', 'until'] as const;
export type FilterName = (typeof FILTERS)[number];
export type RawFilters = Partial<Record<FilterName, string>>;

/** Where a log is shown: the whole log, or one organization's. */
export interface Place {
  readonly base: string;
  readonly section: string;
  readonly title: string;
  readonly header: Html;
  /** The organization the place is fixed to (its tab); null for the whole log. */
  readonly organization: { readonly id: string; readonly name: string; readonly slug: string } | null;
}

/** What the page shows beside the entries. */
export interface Names extends AuditNames {
  /** The organizations offered in the filter (the whole log only). */
  readonly choices: readonly { id: string; name: string }[];
}

export interface Result {
  readonly raw: RawFilters;
  /** Whether routine key use (api_key.used, service_account.used) is left out: the default. */
  readonly hideKeyUse: boolean;
  readonly errors: Readonly<Record<string, string>>;
  readonly page: Page<AuditEntry> | null;
  readonly pageNumber: number;
  readonly pageSize: number;
  readonly error?: string | undefined;
}

/** A page URL of the API's envelope, as a path of this page (the envelope's are absolute). */
const relative = (url: string | null): string | null => {
  if (!url) return null;
  const u = new URL(url);
  return u.pathname + u.search;
};

/** The filters as a query (key use shown is said; hidden is the default). */
export function filterQuery(r: Pick<Result, 'raw' | 'hideKeyUse'>): string {
  const q = new URLSearchParams(Object.entries<string>(r.raw));
  if (!r.hideKeyUse) q.set('hide_key_use', '0');
  return q.toString();
}

/** Sent with the box unchecked too, so "shown" is told apart from a first visit (hidden). */
const keyUseHidden = html`<input type="hidden" name="hide_key_use" value="0" />`;

export function auditPage(p: PageContext, place: Place, r: Result, n: Names): string {
  const e = r.errors;
  const query = filterQuery(r);
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
          first${place.organization ? html` in ${place.organization.name}` : ' in every organization'}. Times
          are UTC. Entries are kept as they were written: they outlive the users, keys and organizations they
          name. Each entry's IP address and request ID (the server log's <code>request_id</code>) are under
          its details.
        </p>
        <form
          method="get"
          action="${place.base}"
          role="search"
          aria-label="Filter the audit log"
          data-busy="Filtering…"
          novalidate
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
          <div>
            ${keyUseHidden}
            <label class="check">
              <input
                id="hide_key_use"
                name="hide_key_use"
                type="checkbox"
                value="1"
                ${r.hideKeyUse ? 'checked' : ''}
                aria-describedby="hide_key_use-hint"
              />
              Hide key use
            </label>
            <p id="hide_key_use-hint" class="hint">
              Leaves out “API key used” and “ServiceAccount used”, most of a busy log, so the rare events
              stand out. An event filter for one of them shows it anyway.
            </p>
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
                    >Export ${query || r.hideKeyUse ? 'these' : 'all'} entries (NDJSON)</a
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
                // The IP and request ID sit under the details, not in columns of their own: a
                // 36-character ID column made the table scroll sideways and every row tall.
                head: ['Time (UTC)', 'Event', 'Actor', 'Organization', 'Details'],
                rows: entries.map(
                  (en) =>
                    html`<tr data-entry="${en.id}" data-event="${en.event}">
                      <td>${timeCell(en.occurred_at)}</td>
                      <td>${eventCell(en.event)}</td>
                      <td>${actorCell(place, en.actor, n)}</td>
                      <td>${organizationCell(en.organization, n)}</td>
                      <td>${detailsCell(en, n, actorName(n, en.actor))}${originLine(en)}</td>
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

function actorCell(place: Place, actor: string | null, n: Names): Html {
  if (!actor) return html`<span class="muted">none</span>`;
  const name = n.users.get(actor);
  const filter = `${place.base}?actor=${actor}`;
  return html`<a href="${filter}" title="Only this actor's entries (${actor})"
    >${name ?? html`<code class="audit-id">${actor}</code>`}</a
  >`;
}

function organizationCell(organization: string | null, n: Names): Html {
  if (!organization) return html`<span class="muted">none</span>`;
  const name = n.organizations.get(organization);
  return html`<a href="/ui/organizations/${organization}/" title="${organization}"
    >${name ?? html`<code class="audit-id">${organization}</code>`}</a
  >`;
}
