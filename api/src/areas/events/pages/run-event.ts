import type { Html } from '../../../ui/html.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { may } from '../../../ui/context.ts';
import { badge, csrfField } from '../../../ui/fields.ts';
import type { Tone } from '../../../ui/fields.ts';
import { table, timeCell } from '../../../ui/table.ts';
import { eventYaml, inSpecOrder } from '../payload.ts';
import type { DeliveryView, EventView } from '../schema.ts';
import { listDeliveries, runEvents } from '../service.ts';

/**
 * A run's event on its page (`/ui/runs/{id}/`, the runs area's): the level, the payload as YAML,
 * the deliveries with every attempt, and Redeliver for those allowed (`event.redeliver`).
 */

const LEVEL_TONES: Record<EventView['level'], Tone> = { Info: 'ok', Warning: 'warn', Error: 'bad' };
export const levelBadge = (level: EventView['level']): Html => badge(level, LEVEL_TONES[level]);

const STATE_TONES: Record<DeliveryView['state'], Tone> = {
  pending: 'busy',
  delivered: 'ok',
  failed: 'bad',
  disabled: 'off',
};

const lastAnswer = (d: DeliveryView): Html =>
  d.last_status === null && d.last_error === null
    ? html`–`
    : html`${d.last_status ?? ''}${d.last_error ? html`<span class="sub wrap">${d.last_error}</span>` : ''}`;

function redeliverForm(p: PageContext, e: EventView, handler?: string): Html {
  return html`<form method="post" action="/ui/events/${e.id}/redeliver/" data-busy="Redelivering…" novalidate>
    ${csrfField(p.csrf)} ${handler ? html`<input type="hidden" name="handler" value="${handler}" />` : ''}
    <button class="secondary" type="submit">
      ${handler ? html`Redeliver<span class="visually-hidden"> to ${handler}</span>` : 'Redeliver to every handler'}
    </button>
  </form>`;
}

function attempts(d: DeliveryView): Html {
  if (d.history.length === 0) return html``;
  return html`<h4>Attempts to ${d.handler}</h4>
    ${table({
      caption: `Attempts to ${d.handler}`,
      head: [
        { label: 'Attempt', num: true },
        'Time (UTC)',
        'Status',
        { label: 'Took', num: true },
        'Error',
        'Answer',
      ],
      rows: d.history.map(
        (a) =>
          html`<tr data-attempt="${a.attempt}">
            <td class="num">${a.attempt}</td>
            <td>${timeCell(a.at)}</td>
            <td>${a.status_code ?? 'no answer'}</td>
            <td class="num">${a.duration_ms} ms</td>
            <td class="wrap">${a.error ?? '–'}</td>
            <td>${a.excerpt ? html`<code class="wrap">${a.excerpt}</code>` : '–'}</td>
          </tr>`,
      ),
    })}`;
}

function eventCard(
  p: PageContext,
  e: EventView,
  deliveries: readonly DeliveryView[],
  canRedeliver: boolean,
  n: number,
): Html {
  // A run has one event; a second (never expected) keeps the IDs unique.
  const id = (name: string) => (n === 0 ? name : `${name}-${n + 1}`);
  return html`<div class="card" id="${id('event')}" data-event="${e.id}">
    <h2>Event</h2>
    <p class="actions">
      <span>Level: ${levelBadge(e.level)}</span>
      <span>Recorded ${timeCell(e.created_at)} UTC</span>
      <span>ID <code>${e.id}</code></span>
    </p>
    <h3>Payload</h3>
    <p class="hint">As handlers receive it, without the <code>config</code> each one gets of its own.</p>
    <pre id="${id('payload')}" class="block">${eventYaml(inSpecOrder(e.payload))}</pre>
    <h3>Deliveries</h3>
    ${
      deliveries.length
        ? table({
            id: id('deliveries'),
            caption: 'Deliveries of the event',
            head: [
              'Handler',
              'Kind',
              'State',
              { label: 'Attempts', num: true },
              'Last answer',
              'Next attempt (UTC)',
              'Delivered (UTC)',
              canRedeliver && html`<span class="muted">Action</span>`,
            ],
            rows: deliveries.map(
              (d) =>
                html`<tr data-delivery="${d.handler}" data-state="${d.state}">
                  <td>${d.handler}</td>
                  <td>${d.kind}</td>
                  <td>${badge(d.state, STATE_TONES[d.state])}</td>
                  <td class="num">${d.attempts}</td>
                  <td>${lastAnswer(d)}</td>
                  <td>${timeCell(d.next_attempt_at)}</td>
                  <td>${timeCell(d.delivered_at)}</td>
                  ${canRedeliver ? html`<td>${redeliverForm(p, e, d.handler)}</td>` : ''}
                </tr>`,
            ),
          })
        : html`<p id="no-deliveries" class="muted">The workspace had no event handler when the run ended.</p>`
    }
    ${deliveries.map(attempts)} ${canRedeliver && deliveries.length ? redeliverForm(p, e) : ''}
  </div>`;
}

/** The run's event(s) with their deliveries; before the run ends, a sentence saying when it comes. */
export async function runEventSection(
  p: PageContext,
  run: { id: string; organizationId: string; workspaceId: string },
): Promise<Html> {
  const events = await runEvents(p.ctx, run);
  if (events.length === 0)
    return html`<div class="card" id="event">
      <h2>Event</h2>
      <p id="no-event" class="muted">
        The run's event is recorded when it ends, and goes to the workspace's handlers.
      </p>
    </div>`;
  const canRedeliver = await may(p.ctx, 'event.redeliver', {
    organizationId: run.organizationId,
    workspaceId: run.workspaceId,
  });
  const cards: Html[] = [];
  for (const [n, e] of events.entries())
    cards.push(eventCard(p, e, await listDeliveries(p.ctx, e.id), canRedeliver, n));
  return html`${cards}`;
}
