import type { Html } from '../../../ui/html.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, badge, csrfField, describedBy, fieldError } from '../../../ui/fields.ts';
import type { Tone } from '../../../ui/fields.ts';
import { duration } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { pager, table, timeCell } from '../../../ui/table.ts';
import { workspaceTabs } from '../../../ui/tabs.ts';
import type { RunView } from '../schema.ts';

/** A workspace's Runs tab (`/ui/workspaces/{id}/runs/`): its runs, newest first, and the start form. */

export const STATUSES = ['created', 'running', 'stopped', 'failed', 'killed'] as const;
export type Status = (typeof STATUSES)[number];

const TONES: Record<Status, Tone> = {
  created: 'busy',
  running: 'busy',
  stopped: 'ok',
  failed: 'bad',
  killed: 'bad',
};

/** A run's status as a badge: the API's word, which the status filter takes too. */
export const statusBadge = (status: Status): Html => badge(status, TONES[status]);

/** What a run ran: its block and action, and the workflow step it was. */
export const actionCell = (r: Pick<RunView, 'block' | 'action' | 'workflow' | 'step'>): Html =>
  html`${`${r.block} / ${r.action}`}${
    r.workflow ? html`<span class="sub">workflow ${r.workflow}, step ${r.step}</span>` : ''
  }`;

/** Who started it, as its event names them. */
export const whoCell = (r: Pick<RunView, 'user_name' | 'user_email'>): Html =>
  r.user_name
    ? html`${r.user_name}${r.user_email ? html`<span class="sub">${r.user_email}</span>` : ''}`
    : html`${r.user_email ?? '–'}`;

/** An action or a workflow the start form offers (`action:<block>/<action>`, `workflow:<name>`). */
export interface Target {
  readonly value: string;
  readonly label: string;
  readonly kind: 'action' | 'workflow';
}

export interface StartForm {
  readonly targets: readonly Target[];
  readonly chosen?: string;
  readonly error?: string | undefined;
  readonly fieldError?: string | undefined;
}

export interface RunsListProps {
  readonly org: { readonly id: string; readonly name: string };
  readonly ws: { readonly id: string; readonly name: string };
  readonly runs: readonly RunView[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly status: Status | undefined;
  readonly workflowRun: string | undefined;
  /** Null: the role may not start runs (no form). */
  readonly start: StartForm | null;
  /** The server has no runner: starting here is refused (`no_runner`), which the form says first. */
  readonly noRunner: boolean;
}

export const runsHref = (
  ws: string,
  q: { status?: string | undefined; workflowRun?: string | undefined; page?: number },
) => {
  const s = new URLSearchParams();
  if (q.status) s.set('status', q.status);
  if (q.workflowRun) s.set('workflow_run', q.workflowRun);
  if (q.page && q.page > 1) s.set('page', String(q.page));
  const t = s.toString();
  return `/ui/workspaces/${ws}/runs/${t ? `?${t}` : ''}`;
};

function startCard(p: PageContext, s: RunsListProps, f: StartForm): Html {
  if (f.targets.length === 0)
    return html`<div class="card" id="start">
      <h2>Run an action</h2>
      <p id="no-actions" class="muted">
        The workspace configuration declares no actions yet: add <code>blocks</code> (and
        <code>workflows</code>) to it on the <a href="/ui/workspaces/${s.ws.id}/">Overview</a> tab.
      </p>
    </div>`;
  const group = (kind: Target['kind'], label: string) => {
    const of = f.targets.filter((t) => t.kind === kind);
    return of.length
      ? html`<optgroup label="${label}">
          ${of.map((t) => html`<option value="${t.value}" ${t.value === f.chosen ? 'selected' : ''}>${t.label}</option>`)}
        </optgroup>`
      : '';
  };
  return html`<div class="card" id="start">
    <h2>Run an action</h2>
    ${alerts({ error: f.error })}
    <form method="post" action="/ui/workspaces/${s.ws.id}/runs/" data-busy="Starting…" novalidate>
      ${csrfField(p.csrf)}
      <label for="target">Action or workflow</label>
      <select id="target" name="target" ${describedBy('target', f.fieldError)}>
        ${group('action', 'Actions (block / action)')} ${group('workflow', 'Workflows')}
      </select>
      ${fieldError('target', f.fieldError)}
      ${
        s.noRunner
          ? html`<p id="no-runner-hint" class="hint">
              This server runs no actions itself (no runner is configured): run them with the command line,
              which reports them here.
            </p>`
          : html`<p class="hint">A runner of the server runs it, with the configuration in effect now.</p>`
      }
      <button type="submit">Run</button>
    </form>
  </div>`;
}

/** `/ui/workspaces/{id}/runs/`: the workspace's runs, newest first, filtered by status. */
export function runsPage(p: PageContext, s: RunsListProps, notice?: string): string {
  const href = (page: number) => runsHref(s.ws.id, { status: s.status, workflowRun: s.workflowRun, page });
  return layout(
    `Runs of ${s.ws.name}`,
    html`${workspaceTabs(s.org, s.ws, 'runs')}
      <div class="card">
        <h1>Runs of ${s.ws.name}</h1>
        ${alerts({ notice })}
        <p class="muted">
          Every action run here is a transaction with one event. Newest first; times are UTC.
          ${s.workflowRun ? html`Only the steps of workflow run <code>${s.workflowRun}</code>.` : ''}
        </p>
        <form
          method="get"
          action="/ui/workspaces/${s.ws.id}/runs/"
          class="actions"
          role="search"
          aria-label="Filter the runs"
          novalidate
        >
          ${s.workflowRun ? html`<input type="hidden" name="workflow_run" value="${s.workflowRun}" />` : ''}
          <label for="status-filter">Status</label>
          <select id="status-filter" name="status">
            <option value="">Any status</option>
            ${STATUSES.map((st) => html`<option value="${st}" ${st === s.status ? 'selected' : ''}>${st}</option>`)}
          </select>
          <button class="secondary" type="submit">Show</button>
        </form>
        ${
          s.runs.length
            ? table({
                id: 'runs',
                caption: `Runs of ${s.ws.name}`,
                head: [
                  'Transaction',
                  'Action',
                  'Status',
                  { label: 'Exit code', num: true },
                  'Started by',
                  'Started (UTC)',
                  'Duration',
                ],
                rows: s.runs.map(
                  (r) =>
                    html`<tr data-run="${r.id}" data-status="${r.status}">
                      <td>
                        <a href="/ui/runs/${r.id}/" title="${r.id}"><code>${r.id.slice(0, 8)}</code></a>
                      </td>
                      <td>${actionCell(r)}</td>
                      <td>${statusBadge(r.status)}</td>
                      <td class="num">${r.exit_code ?? '–'}</td>
                      <td>${whoCell(r)}</td>
                      <td>${timeCell(r.started_at ?? r.created_at)}</td>
                      <td>${duration(r.started_at, r.finished_at)}</td>
                    </tr>`,
                ),
              })
            : html`<p id="no-runs" class="muted">
                ${s.status ? `No run of this workspace is ${s.status}.` : 'No action has run in this workspace yet.'}
              </p>`
        }
        ${pager({ page: s.page, count: s.count, pageSize: s.pageSize, noun: 'runs', href })}
      </div>
      ${s.start ? startCard(p, s, s.start) : ''}`,
    p.frame('organizations'),
  );
}
