import type { Html } from '../../../ui/html.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, confirmForm, copyText } from '../../../ui/fields.ts';
import { bytes, duration } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { fieldRow, table, timeCell } from '../../../ui/table.ts';
import { workspaceCrumbs } from '../../../ui/tabs.ts';
import type { RunView } from '../schema.ts';
import { actionCell, runsHref, statusBadge, whoCell } from './list.ts';

/**
 * One run (`/ui/runs/{id}/`): every field, its output, its event with the deliveries (the events
 * area's section), and Cancel while it is open. No script: a running run offers a Refresh link.
 */

export interface RunPlace {
  readonly run: RunView;
  readonly output: string;
  readonly org: { readonly id: string; readonly name: string };
  readonly ws: { readonly id: string; readonly name: string };
  readonly canCancel: boolean;
  /** The server's limit of kept output, said when the output was cut. */
  readonly outputLimitBytes: number;
}

export const isOpen = (run: Pick<RunView, 'status'>): boolean =>
  run.status === 'created' || run.status === 'running';

const crumbs = (s: RunPlace, ...trail: (readonly [string, string?])[]) =>
  workspaceCrumbs(s.org, s.ws, [['Runs', `/ui/workspaces/${s.ws.id}/runs/`], ...trail]);

const seconds = (n: number) => (n % 60 === 0 ? `${n / 60} min` : `${n} s`);

function fields(s: RunPlace): Html {
  const r = s.run;
  return table({
    id: 'run',
    caption: 'The run',
    rows: [
      fieldRow('Transaction ID', copyText('run-id', 'transaction ID', r.id)),
      fieldRow(
        'Status',
        html`${statusBadge(r.status)}${r.reason ? html` <span id="reason">(${r.reason})</span>` : ''}`,
        'status',
      ),
      fieldRow('Exit code', r.exit_code === null ? '–' : String(r.exit_code), 'exit-code'),
      fieldRow('Action', actionCell(r)),
      ...(r.workflow_run
        ? [
            fieldRow(
              'Workflow run',
              html`<a href="${runsHref(s.ws.id, { workflowRun: r.workflow_run })}"
                >Every step of this workflow run</a
              >`,
            ),
          ]
        : []),
      fieldRow('Command', html`<code class="wrap">${r.command}</code>`),
      fieldRow('Image', html`<code class="wrap">${r.image}</code>`),
      fieldRow(
        'Run by',
        r.run_by === 'server'
          ? `a runner of the server (${r.runner ?? 'none'})`
          : `the client${r.client_version ? ` (version ${r.client_version})` : ''}`,
      ),
      fieldRow('Started by', whoCell(r)),
      fieldRow('Created (UTC)', timeCell(r.created_at)),
      fieldRow('Started (UTC)', timeCell(r.started_at, 'not yet')),
      fieldRow('Finished (UTC)', timeCell(r.finished_at, 'not yet')),
      fieldRow('Duration', duration(r.started_at, r.finished_at)),
      fieldRow('Deadline', seconds(r.deadline_seconds)),
      fieldRow('Configuration snapshot', html`<code class="wrap">${r.snapshot_id}</code>`),
    ],
  });
}

function outputCard(s: RunPlace): Html {
  const r = s.run;
  const open = isOpen(r);
  const notes: Html[] = [];
  if (open)
    notes.push(
      r.run_by === 'client'
        ? html`<p class="muted">The client reports the output when the run ends.</p>`
        : html`<p class="muted">The output so far; refresh to see more.</p>`,
    );
  else if (!r.output_kept)
    notes.push(
      html`<p id="output-not-kept" class="muted">
        The output is not kept after a run ends. A workspace keeps it with
        <code>"transactions": {"logging": true}</code> in its configuration.
      </p>`,
    );
  if (r.output_truncated)
    notes.push(
      html`<p id="output-truncated" class="muted">
        The output went past the server's limit (${bytes(s.outputLimitBytes)}) and was cut there.
      </p>`,
    );
  return html`<div class="card">
    <h2>Output</h2>
    ${notes}
    ${
      s.output
        ? html`<pre id="output" class="block">${s.output}</pre>`
        : !open && r.output_kept
          ? html`<p id="no-output" class="muted">The run wrote no output.</p>`
          : ''
    }
  </div>`;
}

/** `/ui/runs/{id}/`; `events` is the events area's section (the event and its deliveries). */
export function runPage(
  p: PageContext,
  s: RunPlace,
  events: Html,
  a: { error?: string | undefined; notice?: string | undefined } = {},
): string {
  const r = s.run;
  const short = r.id.slice(0, 8);
  return layout(
    `Run ${short}`,
    html`${crumbs(s, [`Run ${short}`])}
      <div class="card">
        <h1>Run ${short}: ${r.block} / ${r.action}</h1>
        ${alerts(a)}
        ${
          isOpen(r)
            ? html`<p class="actions">
                <span>The run is ${r.status}.</span>
                <a id="refresh" href="/ui/runs/${r.id}/">Refresh</a>
                ${s.canCancel ? html`<a id="cancel" href="/ui/runs/${r.id}/cancel/">Cancel the run…</a>` : ''}
              </p>`
            : ''
        }
        ${fields(s)}
      </div>
      ${outputCard(s)} ${events}`,
    p.frame('organizations'),
  );
}

/** The confirmation before a run is cancelled. */
export function cancelPage(p: PageContext, s: RunPlace): string {
  const r = s.run;
  return layout(
    'Cancel run',
    html`${crumbs(s, [`Run ${r.id.slice(0, 8)}`, `/ui/runs/${r.id}/`], ['Cancel'])}
      <div class="card">
        <h1>Cancel run ${r.id.slice(0, 8)} (${r.block} / ${r.action})?</h1>
        <p>
          ${
            r.run_by === 'client'
              ? 'The run ends killed now; the client is told when it reports its end.'
              : 'A run not yet started ends now; a running one is stopped by its runner within a second.'
          }
          Its event says it was killed.
        </p>
        ${confirmForm({
          action: `/ui/runs/${r.id}/cancel/`,
          busy: 'Cancelling…',
          csrf: p.csrf,
          button: 'Cancel the run',
          cancel: `/ui/runs/${r.id}/`,
        })}
      </div>`,
    p.frame('organizations'),
  );
}
