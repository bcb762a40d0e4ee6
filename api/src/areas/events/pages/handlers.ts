import type { Html } from '../../../ui/html.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts, badge, copyField, copyText, csrfField } from '../../../ui/fields.ts';
import { layout } from '../../../ui/layout.ts';
import { table, timeCell } from '../../../ui/table.ts';
import { workspaceCrumbs, workspaceTabs } from '../../../ui/tabs.ts';
import type { HandlerView } from '../schema.ts';

/**
 * A workspace's Event handlers tab (`/ui/workspaces/{id}/event-handlers/`): the handlers its
 * configuration declares, their signing and state, and for those allowed (`event_handler.configure`)
 * a webhook's signing secret (shown once) and Enable for a handler a 410 disabled.
 */

/** How long the old secret keeps signing after a rotation; the API's default is a day. */
export const GRACE_CHOICES = [
  ['0', 'Not at all (it leaked)'],
  ['3600', 'One hour'],
  ['86400', 'One day'],
  ['604800', 'Seven days'],
] as const;

export interface HandlersProps {
  readonly org: { readonly id: string; readonly name: string };
  readonly ws: { readonly id: string; readonly name: string };
  readonly handlers: readonly HandlerView[];
  readonly canConfigure: boolean;
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
}

const EXAMPLE = `"events": [
  { "handler": "workspace" },
  {
    "handler": "webhook",
    "name": "ops",
    "endpoint": "https://hooks.example.com/plinth",
    "headers": { "Authorization": "Bearer <token>" },
    "timeout": "10s"
  }
]`;

function signing(h: HandlerView): Html {
  if (h.handler !== 'webhook') return html`<span class="muted">files are not signed</span>`;
  if (!h.signed) return badge('unsigned', 'warn');
  return html`${badge('signed', 'ok')}${
    h.previous_secret_until
      ? html`<span class="sub"
          >the previous secret signs too until ${timeCell(h.previous_secret_until)} UTC</span
        >`
      : ''
  }`;
}

function state(h: HandlerView): Html {
  if (!h.disabled_at) return badge('enabled', 'ok');
  return html`${badge('disabled', 'bad')}<span class="sub"
      >since ${timeCell(h.disabled_at)} UTC${h.disabled_reason ? `: ${h.disabled_reason}` : ''}</span
    >`;
}

function actions(p: PageContext, ws: string, h: HandlerView): Html {
  const base = `/ui/workspaces/${ws}/event-handlers/${h.name}`;
  const secret =
    h.handler === 'webhook'
      ? html`<form method="post" action="${base}/secret/" data-busy="Making the secret…" novalidate>
          ${csrfField(p.csrf)}
          ${
            h.signed
              ? html`<label for="grace-${h.name}">The old secret keeps signing for</label>
                  <select id="grace-${h.name}" name="grace_seconds">
                    ${GRACE_CHOICES.map(([v, label]) => html`<option value="${v}" ${v === '86400' ? 'selected' : ''}>${label}</option>`)}
                  </select>
                  <button class="secondary" type="submit">
                    Rotate secret<span class="visually-hidden"> of ${h.name}</span>
                  </button>`
              : html`<button class="secondary" type="submit">
                  Create signing secret<span class="visually-hidden"> for ${h.name}</span>
                </button>`
          }
        </form>`
      : '';
  const enable = h.disabled_at
    ? html`<form method="post" action="${base}/enable/" data-busy="Enabling…" novalidate>
        ${csrfField(p.csrf)}
        <button type="submit">Enable<span class="visually-hidden"> ${h.name}</span></button>
      </form>`
    : '';
  return html`${secret}${enable}${!secret && !enable ? '–' : ''}`;
}

export function handlersPage(p: PageContext, s: HandlersProps): string {
  return layout(
    `Event handlers of ${s.ws.name}`,
    html`${workspaceTabs(s.org, s.ws, 'handlers')}
      <div class="card">
        <h1>Event handlers of ${s.ws.name}</h1>
        ${alerts(s)}
        ${
          s.handlers.length
            ? table({
                id: 'handlers',
                caption: `Event handlers of ${s.ws.name}`,
                head: [
                  'Name',
                  'Kind',
                  'Endpoint',
                  'Signing',
                  'State',
                  s.canConfigure && html`<span class="muted">Action</span>`,
                ],
                rows: s.handlers.map(
                  (h) =>
                    html`<tr data-handler="${h.name}">
                      <td>${h.name}</td>
                      <td>${h.handler}</td>
                      <td>${h.endpoint ? html`<code class="wrap">${h.endpoint}</code>` : '–'}</td>
                      <td data-signing>${signing(h)}</td>
                      <td>${state(h)}</td>
                      ${s.canConfigure ? html`<td>${actions(p, s.ws.id, h)}</td>` : ''}
                    </tr>`,
                ),
              })
            : html`<p id="no-handlers" class="muted">
                The workspace configuration declares no event handler.
              </p>`
        }
      </div>
      <div class="card" id="how">
        <h2>Configuring handlers</h2>
        <p>
          Handlers are declared under the <code>events</code> key of the workspace's configuration (on the
          <a href="/ui/workspaces/${s.ws.id}/">Overview</a> tab): one handler, or a list of up to ten. Each
          run's event goes to every one of them.
        </p>
        <ul>
          <li>
            <code>workspace</code> writes the event as a YAML file in the workspace's directory on the server.
          </li>
          <li>
            <code>webhook</code> POSTs it as JSON to <code>endpoint</code>, with your <code>headers</code>,
            retrying for about a day. Once it has a signing secret, every delivery is signed (Standard
            Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,
            <code>webhook-signature</code>). A receiver that answers 410 Gone disables its handler until it is
            enabled here.
          </li>
        </ul>
        <p>Give each handler a <code>name</code> when there are several of one kind. For example:</p>
        ${copyText('events-example', 'the example configuration', EXAMPLE, 'pre')}
        <p class="hint">The whole reference: <code>docs/events.md</code> in the Plinth documentation.</p>
      </div>`,
    p.frame('organizations'),
  );
}

/** The one time a handler's new signing secret is shown. */
export function secretPage(
  p: PageContext,
  s: Pick<HandlersProps, 'org' | 'ws'>,
  name: string,
  made: { secret: string; previous_secret_until: string | null },
): string {
  const back = `/ui/workspaces/${s.ws.id}/event-handlers/`;
  return layout(
    'Signing secret',
    html`${workspaceCrumbs(s.org, s.ws, [['Event handlers', back], [name]])}
      <div class="card" data-show-once>
        <h1>Signing secret of ${name}</h1>
        <p class="error" role="alert">
          Copy the secret now: it is shown only this once and cannot be retrieved again.
        </p>
        ${copyField('secret', 'The new signing secret', made.secret)}
        <p class="muted">
          Give it to the receiver, which checks each delivery's <code>webhook-signature</code> with it.
          ${
            made.previous_secret_until
              ? html`Until ${timeCell(made.previous_secret_until)} UTC deliveries are signed with the previous
                secret too, so the receiver can switch without missing one.`
              : 'Deliveries are signed with this secret only, from the next one on.'
          }
        </p>
        <p><a class="button" href="${back}" data-leave>I have copied it</a></p>
      </div>`,
    p.frame('organizations'),
  );
}
