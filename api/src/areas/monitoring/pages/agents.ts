import type { PageContext } from '../../../ui/context.ts';
import { badge } from '../../../ui/fields.ts';
import type { Tone } from '../../../ui/fields.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { pager, table } from '../../../ui/table.ts';
import type { AgentView } from '../schema/management.ts';
import { agoCell, monitoringTabs } from './common.ts';

/** The agents the user may see (`/ui/monitoring/agents/`), archived ones only when asked. */

/** Organization and workspace names by ID. */
export interface Names {
  readonly organizations: ReadonlyMap<string, string>;
  readonly workspaces: ReadonlyMap<string, string>;
}

const HEALTH_TONES: Record<NonNullable<AgentView['health']>, Tone> = {
  healthy: 'ok',
  degraded: 'warn',
  unhealthy: 'bad',
  critical: 'bad',
};

/** An agent's health as its last report said it; archived and silent agents say so. */
export const healthBadge = (a: Pick<AgentView, 'health' | 'archived'>): Html =>
  a.archived
    ? badge('archived', 'off')
    : a.health
      ? badge(a.health, HEALTH_TONES[a.health])
      : badge('no report yet', 'off');

/** Where an agent belongs: its workspace, or its whole organization. */
export function scopeCell(a: Pick<AgentView, 'organization' | 'workspace'>, names: Names): Html {
  const org = names.organizations.get(a.organization) ?? 'another organization';
  return a.workspace
    ? html`<a href="/ui/workspaces/${a.workspace}/">${names.workspaces.get(a.workspace) ?? 'a workspace'}</a
        ><span class="sub">${org}</span>`
    : html`organization<span class="sub">${org}: every workspace</span>`;
}

export interface AgentsProps {
  readonly agents: readonly AgentView[];
  readonly names: Names;
  readonly archived: boolean;
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
}

const agentsHref = (archived: boolean, page: number) => {
  const q = new URLSearchParams();
  if (archived) q.set('archived', 'true');
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/ui/monitoring/agents/${s ? `?${s}` : ''}`;
};

export function agentsPage(p: PageContext, s: AgentsProps): string {
  return layout(
    'Monitoring agents',
    html`${monitoringTabs('agents')}
      <div class="card">
        <h1>Agents</h1>
        <p class="muted">
          The agents that check the endpoints, each from its location, as their last health report said.
          Agents and their tokens are made with the CLI (<code>plinth agents create</code>) or the API.
        </p>
        <form
          method="get"
          action="/ui/monitoring/agents/"
          class="actions"
          aria-label="Filter the agents"
          novalidate
        >
          <label class="check"
            ><input type="checkbox" name="archived" value="true" ${s.archived ? 'checked' : ''} /> Show
            archived agents</label
          >
          <button class="secondary" type="submit">Show</button>
        </form>
        ${
          s.agents.length
            ? table({
                id: 'agents',
                caption: `Agents, page ${s.page}`,
                head: ['Name', 'Location', 'Workspace', 'Health', 'Version', 'Last report'],
                rows: s.agents.map(
                  (a) =>
                    html`<tr data-agent="${a.id}" data-health="${a.archived ? 'archived' : (a.health ?? '')}">
                      <td><a href="/ui/monitoring/agents/${a.id}/">${a.name}</a></td>
                      <td>${a.location}</td>
                      <td>${scopeCell(a, s.names)}</td>
                      <td>${healthBadge(a)}</td>
                      <td>${a.version ?? '–'}</td>
                      <td>${agoCell(a.last_report_at)}</td>
                    </tr>`,
                ),
              })
            : html`<p id="no-agents" class="muted">
                ${s.archived ? 'There are no agents that you can see.' : 'There are no agents that you can see, other than archived ones if any.'}
              </p>`
        }
        ${pager({ page: s.page, count: s.count, pageSize: s.pageSize, noun: 'agents', href: (n) => agentsHref(s.archived, n) })}
      </div>`,
    p.frame('monitoring'),
  );
}
