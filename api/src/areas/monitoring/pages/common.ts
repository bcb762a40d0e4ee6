import { badge } from '../../../ui/fields.ts';
import type { Tone } from '../../../ui/fields.ts';
import { count } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { BUCKET_MS } from '../rollups.ts';
import type { AlertView } from '../schema/alerts.ts';

/** What the monitoring pages share: their tabs, their figures as people read them, badges. */

export type MonitoringTab = 'endpoints' | 'alerts' | 'agents';

const TABS: readonly [MonitoringTab, string, string][] = [
  ['endpoints', 'Endpoints', '/ui/monitoring/'],
  ['alerts', 'Alerts', '/ui/monitoring/alerts/'],
  ['agents', 'Agents', '/ui/monitoring/agents/'],
];

/** The tabs of the monitoring pages; `trail` adds crumbs (a label and its link, the last unlinked). */
export function monitoringTabs(
  active: MonitoringTab,
  trail: readonly (readonly [string, string?])[] = [],
): Html {
  return html`${
      trail.length
        ? html`<p class="crumbs">
            Monitoring
            ${trail.map(([label, href]) => (href ? html` / <a href="${href}">${label}</a>` : html` / ${label}`))}
          </p>`
        : ''
    }
    <nav class="tabs" aria-label="Monitoring">
      ${TABS.map(
        ([tab, label, href]) =>
          html`<a href="${href}" ${tab === active ? html`aria-current="page"` : ''}>${label}</a>`,
      )}
    </nav>`;
}

/** A page number from the query: 1 unless a sane one is given. */
export const pageOf = (q: string | undefined): number => {
  const n = /^\d{1,6}$/.test(q ?? '') ? Number(q) : 1;
  return n >= 1 ? n : 1;
};

/** Milliseconds as people read them: `0.8 ms`, `42 ms`, `1,250 ms`; `–` when none. */
export const ms = (n: number | null | undefined): string => {
  if (n === null || n === undefined) return '–';
  return n < 10 ? `${(Math.round(n * 10) / 10).toString()} ms` : `${count(Math.round(n))} ms`;
};

/** A share as a percentage to two decimals (`99.95 %`); `–` when there is none (no checks). */
export const percent = (r: number | null | undefined): string =>
  r === null || r === undefined ? '–' : `${(Math.floor(r * 10000) / 100).toFixed(2)} %`;

/** How long ago `iso` was, roughly: `just now`, `42 s ago`, `5 min ago`, `3 h ago`, `2 days ago`. */
export function ago(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const d = Math.floor(s / 86_400);
  return d === 1 ? '1 day ago' : `${d} days ago`;
}

/** A relative time with the exact UTC time on hover (and for machines). */
export const agoCell = (iso: string | null): Html =>
  iso
    ? html`<time datetime="${iso}" title="${iso}">${ago(iso)}</time>`
    : html`<span class="muted">never</span>`;

const SEVERITY_TONES: Record<string, Tone> = { critical: 'bad', warning: 'warn', info: 'off' };
export const severityBadge = (severity: string): Html => badge(severity, SEVERITY_TONES[severity] ?? 'off');

export const alertStateBadge = (a: Pick<AlertView, 'state'>): Html =>
  a.state === 'firing' ? badge('firing', 'bad') : badge('resolved', 'ok');

/** What an alert is about, by the names its labels carry, linking to its page. */
export function subjectLink(a: Pick<AlertView, 'subject' | 'labels'>): Html {
  if (a.subject.kind === 'agent')
    return html`agent
      <a href="/ui/monitoring/agents/${a.subject.id}/">${a.labels.agent ?? a.subject.id.slice(0, 8)}</a>`;
  return html`endpoint
    <a href="/ui/monitoring/endpoints/${a.subject.id}/">${a.labels.endpoint ?? a.subject.id.slice(0, 8)}</a>`;
}

/** An endpoint's state as its list and page say it. */
export type EndpointState = 'up' | 'down' | 'partially down' | 'unknown' | 'disabled';

const STATE_TONES: Record<EndpointState, Tone> = {
  up: 'ok',
  down: 'bad',
  'partially down': 'warn',
  unknown: 'off',
  disabled: 'off',
};
export const stateBadge = (state: EndpointState): Html => badge(state, STATE_TONES[state]);

/**
 * The endpoint's state: down or partially down while such an alert fires; otherwise up when a
 * location reported lately (`lastCheck`, the end of the latest period with a check), unknown when
 * none did, disabled when it is not checked.
 */
export function endpointState(
  e: { readonly enabled: boolean; readonly frequency_s: number },
  firing: readonly Pick<AlertView, 'alertname'>[],
  lastCheck: number | null,
  now = Date.now(),
): EndpointState {
  if (firing.some((a) => a.alertname === 'EndpointDown')) return 'down';
  if (firing.some((a) => a.alertname === 'EndpointPartiallyDown')) return 'partially down';
  if (!e.enabled) return 'disabled';
  if (lastCheck === null || now - lastCheck > Math.max(3_600_000, 3 * e.frequency_s * 1000)) return 'unknown';
  return 'up';
}

/** The width of a stats series' periods (as stats.ts makes them: 60 over the window, whole rollups). */
export const stepOf = (s: { readonly from: string; readonly to: string }): number =>
  Math.max(BUCKET_MS, Math.ceil((Date.parse(s.to) - Date.parse(s.from)) / 60 / BUCKET_MS) * BUCKET_MS);

/** The end of the latest period of a stats series with a check in it (null: none). */
export function lastCheckOf(s: {
  readonly from: string;
  readonly to: string;
  readonly series: readonly { readonly at: string; readonly checks: number }[];
}): number | null {
  const seen = s.series.filter((p) => p.checks > 0).at(-1);
  return seen ? Math.min(Date.parse(s.to), Date.parse(seen.at) + stepOf(s)) : null;
}

/** A web address as a link (http and https only; anything else stays text). */
export const urlLink = (value: string): Html =>
  /^https?:\/\/[^\s]+$/i.test(value)
    ? html`<a class="wrap" href="${value}" rel="noopener noreferrer">${value}</a>`
    : html`<span class="wrap">${value}</span>`;

/** Labels or annotations as a list of names and values; the addresses (`…_url`) as links. */
export function pairs(values: Readonly<Record<string, string>>, none = 'none'): Html {
  const keys = Object.keys(values).sort();
  if (keys.length === 0) return html`<span class="muted">${none}</span>`;
  return html`<ul class="plain pairs">
    ${keys.map(
      (k) =>
        html`<li data-key="${k}">
          <code>${k}</code>:
          ${k.endsWith('_url') ? urlLink(values[k]!) : html`<span class="wrap">${values[k]}</span>`}
        </li>`,
    )}
  </ul>`;
}
