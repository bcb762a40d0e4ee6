import { count, minute } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { fieldRow, table } from '../../../ui/table.ts';
import type { EndpointView } from '../schema/management.ts';
import { pairs } from './common.ts';
import { locationsOf } from './endpoints.ts';

/**
 * An endpoint's settings on its page, as the service answers them: header values come redacted
 * (`[redacted]`: they are write-only, the agents alone get them), so the page shows only names.
 */

const yesNo = (v: boolean): string => (v ? 'yes' : 'no');

const list = (values: readonly (string | number)[], none: string): Html =>
  values.length ? html`${values.join(', ')}` : html`<span class="muted">${none}</span>`;

/** The alert rule in words. */
function rule(e: EndpointView): string {
  const { failures, successes, min_locations: min } = e.alert;
  const where =
    min === null
      ? 'more than half of the locations reporting'
      : `at least ${min} ${min === 1 ? 'location' : 'locations'}`;
  return (
    `A location counts it down after ${failures} failed ${failures === 1 ? 'check' : 'checks'} in a row, ` +
    `and up again after ${successes} successful ${successes === 1 ? 'one' : 'ones'}. ` +
    `EndpointDown when ${where} count it down; fewer: EndpointPartiallyDown.`
  );
}

/** The kind's own settings (HTTP headers by name only). */
function kindRows(e: EndpointView): Html[] {
  if (e.http) {
    const headers = Object.entries(e.http.headers);
    return [
      fieldRow('Method', e.http.method),
      fieldRow(
        'Headers',
        headers.length
          ? html`<ul class="plain pairs" id="headers">
                ${headers.map(([name, value]) => html`<li><code>${name}</code>: <span class="muted">${value}</span></li>`)}
              </ul>
              <p class="hint">Header values are never shown: only the agents receive them.</p>`
          : html`<span class="muted">none</span>`,
      ),
      fieldRow('Expected status', list(e.http.expected_status, 'any 2xx')),
      fieldRow(
        'Body must contain',
        e.http.body_match === null
          ? html`<span class="muted">anything</span>`
          : html`<code class="wrap">${e.http.body_match}</code>`,
      ),
      fieldRow(
        'Certificate expiry',
        e.http.tls_expiry_days === 0
          ? 'not checked on its own'
          : `fails within ${e.http.tls_expiry_days} days of expiry`,
      ),
      fieldRow('Accept an untrusted certificate', yesNo(e.http.insecure_skip_verify)),
    ];
  }
  if (e.tcp)
    return [
      fieldRow(
        'Banner must contain',
        e.tcp.banner_match === null
          ? html`<span class="muted">anything</span>`
          : html`<code class="wrap">${e.tcp.banner_match}</code>`,
      ),
    ];
  if (e.dns)
    return [
      fieldRow('Record type', e.dns.record_type),
      fieldRow('Expected answers', list(e.dns.expected, 'any answer')),
      fieldRow('Resolver', e.dns.server ?? "the agent's own"),
    ];
  return [];
}

export function settingsTable(e: EndpointView, workspace: { id: string; name: string }): Html {
  return table({
    id: 'settings',
    rows: [
      fieldRow('Workspace', html`<a href="/ui/workspaces/${workspace.id}/">${workspace.name}</a>`),
      fieldRow('Kind', e.kind),
      fieldRow('Target', html`<code class="wrap">${e.target}</code>`),
      fieldRow('Checked', e.enabled ? 'yes' : 'no: disabled, the agents do not check it'),
      fieldRow('Frequency', `every ${count(e.frequency_s)} s from each location`),
      fieldRow('Timeout', `${count(e.timeout_ms)} ms`),
      fieldRow('Locations', locationsOf(e)),
      fieldRow('Alert rule', rule(e)),
      fieldRow('Labels', pairs(e.labels)),
      fieldRow('Annotations', pairs(e.annotations)),
      ...kindRows(e),
      fieldRow('Created', minute(e.created_at, '')),
      fieldRow('Changed', minute(e.updated_at, '')),
    ],
  });
}
