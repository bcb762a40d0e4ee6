import type { PageContext } from '../../../ui/context.ts';
import { duration } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { pager, table, timeCell } from '../../../ui/table.ts';
import type { AlertView } from '../schema/alerts.ts';
import { monitoringTabs, severityBadge, subjectLink } from './common.ts';

/**
 * The alerts the user may see (`/ui/monitoring/alerts/`): those firing first, then the latest
 * resolved ones; or one state, page by page. `?subject=` keeps to one endpoint's or agent's.
 */

export const ALERT_STATES = ['firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export interface AlertSection {
  readonly state: AlertState;
  readonly alerts: readonly AlertView[];
  readonly count: number;
}

export interface AlertsProps {
  /** The state chosen, or both (firing, then the latest resolved). */
  readonly state: AlertState | undefined;
  /** One endpoint's or agent's alerts only. */
  readonly subject: { readonly id: string; readonly name: string } | undefined;
  readonly sections: readonly AlertSection[];
  readonly page: number;
  readonly pageSize: number;
}

export const alertsHref = (q: {
  state?: AlertState | undefined;
  subject?: string | undefined;
  page?: number;
}) => {
  const s = new URLSearchParams();
  if (q.state) s.set('state', q.state);
  if (q.subject) s.set('subject', q.subject);
  if (q.page && q.page > 1) s.set('page', String(q.page));
  const text = s.toString();
  return `/ui/monitoring/alerts/${text ? `?${text}` : ''}`;
};

/** Since when it fired, and for how long (or after how long it resolved). */
const since = (a: AlertView): Html =>
  html`${timeCell(a.starts_at)}<span class="sub"
      >${a.state === 'firing' ? `for ${duration(a.starts_at, null)}` : `resolved after ${duration(a.starts_at, a.ends_at)}`}</span
    >`;

const acknowledged = (a: AlertView): Html =>
  a.acknowledgement
    ? html`by ${a.acknowledgement.username ?? 'a deleted user'}<span class="sub wrap"
          >${a.acknowledgement.comment}</span
        >`
    : html`<span class="muted">no</span>`;

/** Alerts as a table: severity, name (linking to the alert), what about, since when, acknowledged by whom. */
export function alertsTable(id: string, caption: string, alerts: readonly AlertView[]): Html {
  return table({
    id,
    caption,
    head: ['Severity', 'Alert', 'About', 'Since (UTC)', 'Acknowledged'],
    rows: alerts.map(
      (a) =>
        html`<tr data-alert="${a.id}" data-state="${a.state}">
          <td>${severityBadge(a.severity)}</td>
          <td>
            <a href="/ui/monitoring/alerts/${a.id}/">${a.alertname}</a>
            ${a.annotations.summary ? html`<span class="sub wrap">${a.annotations.summary}</span>` : ''}
          </td>
          <td>${subjectLink(a)}</td>
          <td>${since(a)}</td>
          <td>${a.state === 'firing' ? acknowledged(a) : html`<span class="muted">–</span>`}</td>
        </tr>`,
    ),
  });
}

const TITLES: Record<AlertState, string> = { firing: 'Firing', resolved: 'Resolved' };
const NONE: Record<AlertState, string> = {
  firing: 'No alert is firing.',
  resolved: 'No alert has resolved yet.',
};

function section(s: AlertsProps, sec: AlertSection): Html {
  const both = s.state === undefined;
  const title = both && sec.state === 'resolved' ? 'Recently resolved' : TITLES[sec.state];
  const more =
    both && sec.count > sec.alerts.length
      ? html`<p>
          <a href="${alertsHref({ state: sec.state, subject: s.subject?.id })}"
            >All ${sec.count} ${sec.state} alerts</a
          >
        </p>`
      : '';
  return html`<section aria-labelledby="${sec.state}-heading">
    <h2 id="${sec.state}-heading">${title}</h2>
    ${
      sec.alerts.length
        ? alertsTable(`${sec.state}-alerts`, `${title} alerts`, sec.alerts)
        : html`<p id="no-${sec.state}" class="muted">${NONE[sec.state]}</p>`
    }
    ${more}
    ${
      both
        ? ''
        : pager({
            page: s.page,
            count: sec.count,
            pageSize: s.pageSize,
            noun: 'alerts',
            href: (n) => alertsHref({ state: s.state, subject: s.subject?.id, page: n }),
          })
    }
  </section>`;
}

export function alertsPage(p: PageContext, s: AlertsProps): string {
  const title = s.subject ? `Alerts of ${s.subject.name}` : 'Alerts';
  return layout(
    title,
    html`${monitoringTabs('alerts')}
      <div class="card">
        <h1>${title}</h1>
        <p class="muted">
          An alert is one firing: from the first failure the rule counts until it resolves. Times are UTC.
          ${s.subject ? html`<a href="${alertsHref({ state: s.state })}">Every alert</a>` : ''}
        </p>
        <form
          method="get"
          action="/ui/monitoring/alerts/"
          class="actions"
          role="search"
          aria-label="Filter the alerts"
          novalidate
        >
          ${s.subject ? html`<input type="hidden" name="subject" value="${s.subject.id}" />` : ''}
          <label for="state-filter">State</label>
          <select id="state-filter" name="state">
            <option value="">Firing, then recently resolved</option>
            ${ALERT_STATES.map((v) => html`<option value="${v}" ${v === s.state ? 'selected' : ''}>${TITLES[v]}</option>`)}
          </select>
          <button class="secondary" type="submit">Show</button>
        </form>
        ${s.sections.map((sec) => section(s, sec))}
      </div>`,
    p.frame('monitoring'),
  );
}
