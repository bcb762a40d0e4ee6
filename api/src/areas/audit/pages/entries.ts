import type { AuditEntry } from '../schema.ts';
import { eventLabel } from '../labels.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { second } from '../../../ui/format.ts';

/**
 * How an audit entry reads in a page: its time on one line, its event in words, and its details
 * whole, with names for the IDs the reader may see (the ID stays on hover).
 */

/** The names the reader may see, by ID: those not here are shown as IDs. */
export interface AuditNames {
  readonly organizations: ReadonlyMap<string, string>;
  readonly users: ReadonlyMap<string, string>;
  readonly workspaces: ReadonlyMap<string, string>;
}

export const NO_NAMES: AuditNames = { organizations: new Map(), users: new Map(), workspaces: new Map() };

/** `2026-11-25 14:03:12` (UTC), the full ISO time in the title and `datetime`. */
export const timeCell = (iso: string): Html =>
  html`<time class="nowrap" datetime="${iso}" title="${iso}">${second(iso)}</time>`;

/** The event in words, with its name (what the filter and the API take) beneath. */
export const eventCell = (event: string): Html =>
  html`<span class="event-label">${eventLabel(event)}</span> <code class="event-name">${event}</code>`;

/** A name with its ID on hover, linked where the reader can open it; the short ID when unnamed. */
function named(id: string, name: string | undefined, href: string | null): Html {
  const text = name ?? html`<code>${id}</code>`;
  return href ? html`<a href="${href}" title="${id}">${text}</a>` : html`<span title="${id}">${text}</span>`;
}

/** Detail keys holding the ID of something a page can name. */
const REFERENCES: Record<string, (n: AuditNames, id: string) => Html> = {
  workspace: (n, id) =>
    named(id, n.workspaces.get(id), n.workspaces.has(id) ? `/ui/workspaces/${id}/` : null),
  user_id: (n, id) => named(id, n.users.get(id), null),
  user: (n, id) => named(id, n.users.get(id), null),
  organization: (n, id) =>
    named(id, n.organizations.get(id), n.organizations.has(id) ? `/ui/organizations/${id}/` : null),
};

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Every detail, none clipped (the cell wraps): `key=value`, escaped like every value, a bucket as
 * its name (its ID on hover), IDs the reader may see as names.
 */
export function detailsCell(e: AuditEntry, n: AuditNames, actorName?: string): Html {
  const parts: Html[] = [];
  if (e.username && e.username !== actorName) parts.push(html`<code>username=${e.username}</code>`);
  if (e.api_key) parts.push(html`<code>api_key=${e.api_key}</code>`);
  const details = e.details ?? {};
  for (const [k, v] of Object.entries(details)) {
    if (v === null || v === undefined) continue;
    if (k === 'bucket' && typeof v === 'string') {
      const name = typeof details.name === 'string' ? details.name : undefined;
      parts.push(html`<code>bucket=</code>${named(v, name, `/ui/buckets/${v}/`)}`);
    } else if (REFERENCES[k] && typeof v === 'string')
      parts.push(html`<code>${k}=</code>${REFERENCES[k](n, v)}`);
    else parts.push(html`<code>${k}=${text(v)}</code>`);
  }
  return html`<span class="audit-details">${parts.map((p) => html`<span>${p}</span> `)}</span>`;
}

/**
 * Where the entry came from, on a small line under its details: the IP and the whole request ID
 * (as text, so it can be found on the page and copied; it matches the server log's line).
 */
export function originLine(e: AuditEntry): Html {
  if (!e.ip && !e.request_id) return html``;
  return html`<span class="audit-origin"
    >${e.ip ? html`from <code>${e.ip}</code>` : ''}${e.ip && e.request_id ? ', ' : ''}${
      e.request_id ? html`request <code class="audit-id">${e.request_id}</code>` : ''
    }</span
  >`;
}

/** The actor: their username where the reader may see it (the ID on hover), else the ID. */
export const actorName = (n: AuditNames, actor: string | null): string | undefined =>
  actor ? n.users.get(actor) : undefined;
