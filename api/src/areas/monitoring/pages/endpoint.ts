import type { PageContext } from '../../../ui/context.ts';
import { count } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { table, timeCell } from '../../../ui/table.ts';
import type { AlertView } from '../schema/alerts.ts';
import { STATS_WINDOWS } from '../schema/stats.ts';
import type { EndpointView } from '../schema/management.ts';
import type { EndpointStats, StatsWindow } from '../schema/stats.ts';
import { alertsHref, alertsTable } from './alerts.ts';
import { chartKey, latencyChart } from './chart.ts';
import { monitoringTabs, ms, percent, stateBadge, stepOf } from './common.ts';
import type { EndpointState } from './common.ts';
import { settingsTable } from './settings.ts';

/**
 * One endpoint (`/ui/monitoring/endpoints/{id}/`): its state, its figures over a window (the last
 * hour, day, week or 30 days, chosen by link), overall and per location, the latency chart, its
 * recent alerts and its settings.
 */

export const WINDOW_NAMES: Record<StatsWindow, { readonly link: string; readonly over: string }> = {
  '1h': { link: '1 hour', over: 'the last hour' },
  '24h': { link: '24 hours', over: 'the last 24 hours' },
  '7d': { link: '7 days', over: 'the last 7 days' },
  '30d': { link: '30 days', over: 'the last 30 days' },
};

export interface EndpointProps {
  readonly endpoint: EndpointView;
  readonly workspace: { readonly id: string; readonly name: string };
  readonly state: EndpointState;
  readonly window: StatsWindow;
  readonly stats: EndpointStats;
  /** Its latest alerts, and how many it has had. */
  readonly alerts: readonly AlertView[];
  readonly alertCount: number;
}

type Figures = Pick<EndpointStats, 'checks' | 'successes' | 'uptime' | 'reachability' | 'latency_ms'>;

const figureCells = (f: Figures): Html =>
  html`<td class="num">${count(f.checks)}</td>
    <td class="num">${percent(f.uptime)}</td>
    <td class="num">${percent(f.reachability)}</td>
    <td class="num">${ms(f.latency_ms.mean)}</td>
    <td class="num">${ms(f.latency_ms.p50)}</td>
    <td class="num">${ms(f.latency_ms.p95)}</td>
    <td class="num">${ms(f.latency_ms.p99)}</td>`;

function figuresTable(s: EndpointStats): Html {
  return table({
    id: 'figures',
    caption: `Figures over ${WINDOW_NAMES[s.window].over}`,
    head: [
      'Location',
      { label: 'Checks', num: true },
      { label: 'Uptime', num: true },
      { label: 'Reachability', num: true },
      { label: 'Mean', num: true },
      { label: 'p50', num: true },
      { label: 'p95', num: true },
      { label: 'p99', num: true },
    ],
    rows: [
      html`<tr data-location="">
        <td><strong>All locations</strong></td>
        ${figureCells(s)}
      </tr>`,
      ...s.locations.map(
        (l) =>
          html`<tr data-location="${l.location}">
            <td>${l.location}</td>
            ${figureCells(l)}
          </tr>`,
      ),
    ],
  });
}

function windowSwitch(e: EndpointView, chosen: StatsWindow): Html {
  return html`<nav class="tabs" aria-label="Window">
    ${STATS_WINDOWS.map(
      (w) =>
        html`<a
          href="/ui/monitoring/endpoints/${e.id}/${w === '24h' ? '' : `?window=${w}`}"
          ${w === chosen ? html`aria-current="page"` : ''}
          >${WINDOW_NAMES[w].link}</a
        >`,
    )}
  </nav>`;
}

/** The chart, its key, and its points as a table for those who would rather read them. */
function chartSection(e: EndpointView, s: EndpointStats): Html {
  const step = stepOf(s);
  const chart = latencyChart('latency-chart', {
    name: e.name,
    window: WINDOW_NAMES[s.window].over,
    from: s.from,
    to: s.to,
    step,
    series: s.series,
  });
  if (!chart)
    return html`<p id="no-chart" class="muted">No latency to draw: no check was made in this window.</p>`;
  return html`<figure class="chart-box">
      ${chart}
      <figcaption>
        ${chartKey()}
        <p class="hint">
          Check durations, each point a period of ${Math.round(step / 60_000)} minutes; times are UTC.
        </p>
      </figcaption>
    </figure>
    <details>
      <summary>The chart's figures</summary>
      ${table({
        id: 'series',
        caption: 'Latency per period',
        head: [
          'Period from (UTC)',
          { label: 'Checks', num: true },
          { label: 'Successes', num: true },
          { label: 'p50', num: true },
          { label: 'p95', num: true },
        ],
        rows: s.series.map(
          (pt) =>
            html`<tr>
              <td>${timeCell(pt.at)}</td>
              <td class="num">${count(pt.checks)}</td>
              <td class="num">${count(pt.successes)}</td>
              <td class="num">${ms(pt.p50_ms)}</td>
              <td class="num">${ms(pt.p95_ms)}</td>
            </tr>`,
        ),
      })}
    </details>`;
}

export function endpointPage(p: PageContext, s: EndpointProps): string {
  const e = s.endpoint;
  return layout(
    e.name,
    html`${monitoringTabs('endpoints', [['Endpoints', '/ui/monitoring/'], [e.name]])}
      <div class="card">
        <h1>${e.name}</h1>
        <p class="actions">
          <span>State: <span id="state" data-state="${s.state}">${stateBadge(s.state)}</span></span>
          <span>${e.kind} check of <code class="wrap">${e.target}</code></span>
        </p>
        ${windowSwitch(e, s.window)}
        <h2>Over ${WINDOW_NAMES[s.window].over}</h2>
        <p class="muted">
          Uptime: the share of check periods with a success from at least one location. Reachability: the
          share of checks that succeeded. Latency: the checks' durations.
        </p>
        ${figuresTable(s.stats)}
        <h2 class="spaced">Latency</h2>
        ${chartSection(e, s.stats)}
      </div>
      <div class="card" id="alerts">
        <h2>Alerts</h2>
        ${
          s.alerts.length
            ? alertsTable('endpoint-alerts', `Alerts of ${e.name}`, s.alerts)
            : html`<p id="no-alerts" class="muted">This endpoint has had no alert.</p>`
        }
        ${
          s.alertCount > s.alerts.length
            ? html`<p>
                <a href="${alertsHref({ subject: e.id })}">All ${s.alertCount} alerts of ${e.name}</a>
              </p>`
            : ''
        }
      </div>
      <div class="card">
        <h2>Settings</h2>
        ${settingsTable(e, s.workspace)}
      </div>`,
    p.frame('monitoring'),
  );
}
