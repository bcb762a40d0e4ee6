import type { PageContext } from '../../../ui/context.ts';
import { duration, minute } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { fieldRow, table, timeCell } from '../../../ui/table.ts';
import type { AgentReports } from '../agents.ts';
import type { AlertView } from '../schema/alerts.ts';
import { alertsHref, alertsTable } from './alerts.ts';
import { healthBadge, scopeCell } from './agents.ts';
import type { Names } from './agents.ts';
import { agoCell, monitoringTabs } from './common.ts';

/**
 * One agent (`/ui/monitoring/agents/{id}/`): what it is, what its last health report said (its
 * counters and figures, as sent), its last error report, and its alerts (AgentDown).
 */

export interface AgentProps {
  readonly reports: AgentReports;
  readonly names: Names;
  readonly alerts: readonly AlertView[];
  readonly alertCount: number;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A reported value as text: numbers, words and yes/no as they are, anything else as JSON. */
const valueText = (v: unknown): string => {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return v.toLocaleString('en-US', { maximumFractionDigits: 3 });
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
};

/** A group of reported figures (`check_metrics`…) as a table of names and values. */
function figures(id: string, title: string, v: unknown): Html {
  if (!isObject(v) || Object.keys(v).length === 0) return html``;
  return html`<h4>${title}</h4>
    ${table({
      id,
      caption: title,
      rows: Object.keys(v)
        .sort()
        .map((k) => fieldRow(k, html`<span class="wrap">${valueText(v[k])}</span>`)),
    })}`;
}

/** Reported messages (warnings, critical errors) as a list. */
function messages(id: string, title: string, v: unknown): Html {
  if (!Array.isArray(v) || v.length === 0) return html``;
  return html`<h4>${title}</h4>
    <ul id="${id}">
      ${v.map((m) => html`<li class="wrap">${valueText(m)}</li>`)}
    </ul>`;
}

const GENERAL = [
  ['kind', 'Kind'],
  ['start_time', 'Started'],
  ['reported_at', 'Reported at (its clock)'],
  ['last_config_update', 'Last configuration update'],
  ['config_version', 'Configuration version'],
  ['storage_healthy', 'Storage healthy'],
  ['api_connected', 'Connected to the API'],
] as const;

const GROUPS = [
  ['check-summary', 'Checks', 'check_summary'],
  ['check-metrics', 'Check counters', 'check_metrics'],
  ['error-counts', 'Errors by kind', 'error_counts'],
  ['resource-metrics', 'Resources', 'resource_metrics'],
  ['network-metrics', 'Network', 'network_metrics'],
  ['storage-stats', 'Storage', 'storage_stats'],
  ['system-info', 'System', 'system_info'],
  ['agent-configuration', 'Configuration', 'agent_configuration'],
] as const;

function healthReport(r: AgentReports): Html {
  const report = r.report;
  if (!report) return html`<p id="no-report" class="muted">The agent has not sent a health report yet.</p>`;
  const general = GENERAL.filter(([k]) => report[k] !== undefined && report[k] !== null);
  return html`<p class="muted">
      Received ${r.agent.last_report_at ? html`${timeCell(r.agent.last_report_at)} UTC` : ''}, as the agent
      sent it.
    </p>
    ${general.length ? table({ id: 'report', rows: general.map(([k, label]) => fieldRow(label, valueText(report[k]))) }) : ''}
    ${GROUPS.map(([id, title, k]) => figures(id, title, report[k]))}
    ${messages('warnings', 'Warnings', report.warnings)}
    ${messages('critical-errors', 'Critical errors', report.critical_errors)}`;
}

function errorReport(r: AgentReports): Html {
  const errors = r.errors;
  if (!errors) return html`<p id="no-errors" class="muted">The agent has not sent an error report.</p>`;
  const recent = Array.isArray(errors.recent_errors) ? errors.recent_errors.filter(isObject) : [];
  return html`<p class="muted">Received ${r.errors_at ? html`${timeCell(r.errors_at)} UTC` : ''}.</p>
    ${figures('error-report-counts', 'Errors by kind', errors.error_counts)}
    <h4>Recent errors</h4>
    ${
      recent.length
        ? table({
            id: 'recent-errors',
            caption: 'Recent errors',
            head: ['Time (UTC)', 'Endpoint', 'Code', 'Message'],
            rows: recent.map((e) => {
              const endpoint = typeof e.endpoint_id === 'string' ? e.endpoint_id : null;
              return html`<tr>
                <td>${typeof e.at === 'string' ? timeCell(e.at) : '–'}</td>
                <td>
                  ${endpoint ? html`<a href="/ui/monitoring/endpoints/${endpoint}/"><code>${endpoint.slice(0, 8)}</code></a>` : '–'}
                </td>
                <td>${valueText(e.code)}</td>
                <td class="wrap">${valueText(e.message)}</td>
              </tr>`;
            }),
          })
        : html`<p id="no-recent-errors" class="muted">None listed.</p>`
    }
    ${figures('error-report-system', 'System', errors.system_info)}`;
}

export function agentPage(p: PageContext, s: AgentProps): string {
  const a = s.reports.agent;
  return layout(
    a.name,
    html`${monitoringTabs('agents', [['Agents', '/ui/monitoring/agents/'], [a.name]])}
      <div class="card">
        <h1>${a.name}</h1>
        <p class="actions">${healthBadge(a)} <span>Last report ${agoCell(a.last_report_at)}</span></p>
        ${table({
          id: 'agent',
          rows: [
            fieldRow('Location', a.location),
            fieldRow('Workspace', scopeCell(a, s.names)),
            fieldRow('Description', a.description || html`<span class="muted">none</span>`),
            fieldRow('Health', healthBadge(a)),
            fieldRow('Version', a.version ?? '–'),
            fieldRow(
              'Running for',
              a.uptime_seconds === null
                ? '–'
                : duration(new Date(0).toISOString(), new Date(a.uptime_seconds * 1000).toISOString()),
            ),
            fieldRow('Last report (UTC)', timeCell(a.last_report_at, 'never')),
            ...(a.token_prefix ? [fieldRow('Token', html`<code>${a.token_prefix}…</code>`)] : []),
            fieldRow('Created', minute(a.created_at, '')),
            fieldRow('Archived', a.archived ? 'yes: its tokens no longer work; its history stays' : 'no'),
          ],
        })}
      </div>
      <div class="card" id="health-report">
        <h2>Last health report</h2>
        ${healthReport(s.reports)}
      </div>
      <div class="card" id="error-report">
        <h2>Last error report</h2>
        ${errorReport(s.reports)}
      </div>
      <div class="card" id="alerts">
        <h2>Alerts</h2>
        ${
          s.alerts.length
            ? alertsTable('agent-alerts', `Alerts of ${a.name}`, s.alerts)
            : html`<p id="no-alerts" class="muted">This agent has had no alert.</p>`
        }
        ${
          s.alertCount > s.alerts.length
            ? html`<p>
                <a href="${alertsHref({ subject: a.id })}">All ${s.alertCount} alerts of ${a.name}</a>
              </p>`
            : ''
        }
      </div>`,
    p.frame('monitoring'),
  );
}
