import type { PageContext } from '../../../ui/context.ts';
import { html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { pager, table } from '../../../ui/table.ts';
import type { EndpointView } from '../schema/management.ts';
import { monitoringTabs, ms, percent, stateBadge } from './common.ts';
import type { EndpointState } from './common.ts';

/** The endpoints the user may see (`/ui/monitoring/`): their state and their last day, 50 a page. */

export interface EndpointRow {
  readonly endpoint: EndpointView;
  readonly state: EndpointState;
  /** Over the last 24 hours. */
  readonly uptime: number | null;
  readonly p95: number | null;
  readonly workspace: string;
}

export interface EndpointsProps {
  readonly rows: readonly EndpointRow[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
}

/** Where an endpoint is checked from: its locations, or every agent that may check it. */
export const locationsOf = (e: Pick<EndpointView, 'locations'>): string =>
  e.locations.length ? e.locations.join(', ') : 'every location';

export function endpointsPage(p: PageContext, s: EndpointsProps): string {
  return layout(
    'Monitoring',
    html`${monitoringTabs('endpoints')}
      <div class="card">
        <h1>Endpoints</h1>
        <p class="muted">
          The endpoints the monitoring agents check in the workspaces you belong to. Down and partially down
          come from the alerts firing now; uptime and p95 latency are over the last 24 hours.
        </p>
        ${
          s.rows.length
            ? table({
                id: 'endpoints',
                caption: `Endpoints, page ${s.page}`,
                head: [
                  'Name',
                  'State',
                  { label: 'Uptime (24 h)', num: true },
                  { label: 'p95 (24 h)', num: true },
                  'Kind',
                  'Target',
                  'Locations',
                ],
                rows: s.rows.map(
                  (r) =>
                    html`<tr data-endpoint="${r.endpoint.id}" data-state="${r.state}">
                      <td>
                        <a href="/ui/monitoring/endpoints/${r.endpoint.id}/">${r.endpoint.name}</a>
                        <span class="sub">${r.workspace}</span>
                      </td>
                      <td>${stateBadge(r.state)}</td>
                      <td class="num">${percent(r.uptime)}</td>
                      <td class="num">${ms(r.p95)}</td>
                      <td>${r.endpoint.kind}</td>
                      <td><code class="wrap">${r.endpoint.target}</code></td>
                      <td>${locationsOf(r.endpoint)}</td>
                    </tr>`,
                ),
              })
            : html`<p id="no-endpoints" class="muted">
                There are no endpoints that you can see yet. They are added through the API or the CLI (<code
                  >plinth endpoints create</code
                >).
              </p>`
        }
        ${pager({ page: s.page, count: s.count, pageSize: s.pageSize, noun: 'endpoints', href: (n) => (n > 1 ? `/ui/monitoring/?page=${n}` : '/ui/monitoring/') })}
      </div>`,
    p.frame('monitoring'),
  );
}
