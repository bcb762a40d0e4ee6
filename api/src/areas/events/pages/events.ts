import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { layout } from '../../../ui/layout.ts';
import { pager, table, timeCell } from '../../../ui/table.ts';
import { workspaceTabs } from '../../../ui/tabs.ts';
import type { EventView } from '../schema.ts';
import { levelBadge } from './run-event.ts';

/** A workspace's Events tab (`/ui/workspaces/{id}/events/`): its events, newest first, by level. */

export const LEVELS = ['Info', 'Warning', 'Error'] as const;
export type Level = (typeof LEVELS)[number];

export interface EventsListProps {
  readonly org: { readonly id: string; readonly name: string };
  readonly ws: { readonly id: string; readonly name: string };
  readonly events: readonly EventView[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly level: Level | undefined;
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const eventsHref = (ws: string, level: string | undefined, page = 1): string => {
  const q = new URLSearchParams();
  if (level) q.set('level', level);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/ui/workspaces/${ws}/events/${s ? `?${s}` : ''}`;
};

export function eventsPage(p: PageContext, s: EventsListProps): string {
  return layout(
    `Events of ${s.ws.name}`,
    html`${workspaceTabs(s.org, s.ws, 'events')}
      <div class="card">
        <h1>Events of ${s.ws.name}</h1>
        <p class="muted">
          One event per run, as the workspace's handlers receive it: Info when the action exited 0, Error when
          it failed or was killed. Newest first; times are UTC.
        </p>
        <form
          method="get"
          action="/ui/workspaces/${s.ws.id}/events/"
          class="actions"
          role="search"
          aria-label="Filter the events"
          novalidate
        >
          <label for="level-filter">Level</label>
          <select id="level-filter" name="level">
            <option value="">Any level</option>
            ${LEVELS.map((l) => html`<option value="${l}" ${l === s.level ? 'selected' : ''}>${l}</option>`)}
          </select>
          <button class="secondary" type="submit">Show</button>
        </form>
        ${
          s.events.length
            ? table({
                id: 'events',
                caption: `Events of ${s.ws.name}`,
                head: ['Date (UTC)', 'Level', 'Action', 'Transaction', 'Message'],
                rows: s.events.map((e) => {
                  const workflow = str(e.payload['workflow']);
                  return html`<tr data-event="${e.id}" data-level="${e.level}">
                    <td>${timeCell(e.created_at)}</td>
                    <td>${levelBadge(e.level)}</td>
                    <td>
                      ${`${str(e.payload['block'])} / ${str(e.payload['action'])}`}
                      ${workflow ? html`<span class="sub">workflow ${workflow}, step ${str(e.payload['step'])}</span>` : ''}
                    </td>
                    <td>
                      <a href="/ui/runs/${e.transaction}/" title="${e.transaction}"
                        ><code>${e.transaction.slice(0, 8)}</code></a
                      >
                    </td>
                    <td>${str(e.payload['message'])}</td>
                  </tr>`;
                }),
              })
            : html`<p id="no-events" class="muted">
                ${s.level ? `No event of level ${s.level} here.` : 'No event yet: every run records one when it ends.'}
              </p>`
        }
        ${pager({ page: s.page, count: s.count, pageSize: s.pageSize, noun: 'events', href: (n) => eventsHref(s.ws.id, s.level, n) })}
      </div>`,
    p.frame('organizations'),
  );
}
