import type { PageContext } from '../../../ui/context.ts';
import { alerts, csrfField, fieldError, liveRule } from '../../../ui/fields.ts';
import { duration } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';
import { layout } from '../../../ui/layout.ts';
import { lengthRules, ruleAttrs } from '../../../ui/rules.ts';
import { fieldRow, table, timeCell } from '../../../ui/table.ts';
import { AcknowledgeSchema } from '../schema/alerts.ts';
import type { AlertDetail } from '../schema/alerts.ts';
import { alertStateBadge, monitoringTabs, pairs, severityBadge, subjectLink, urlLink } from './common.ts';

/**
 * One alert (`/ui/monitoring/alerts/{id}/`): its labels and annotations (the runbook and dashboard
 * as links), its acknowledgements, and for those who may (`alert.acknowledge`) the Acknowledge form
 * and Withdraw. A resolved alert says why it can no longer be acknowledged.
 */

export interface AckForm {
  readonly comment: string;
  readonly until: string;
}

export interface AlertProps {
  readonly alert: AlertDetail;
  readonly canAcknowledge: boolean;
  readonly form?: AckForm | undefined;
  readonly fields?: Readonly<Record<string, string>> | undefined;
  readonly error?: string | undefined;
  readonly notice?: string | undefined;
}

const END_REASONS: Record<string, string> = {
  resolved: 'the alert resolved',
  expired: 'its end time passed',
  withdrawn: 'withdrawn',
  replaced: 'replaced by a newer one',
};

const COMMENT_MAX = 1000;

function history(a: AlertDetail): Html {
  if (a.acknowledgements.length === 0)
    return html`<p id="no-acknowledgements" class="muted">Nobody has acknowledged this alert.</p>`;
  return table({
    id: 'acknowledgements',
    caption: 'Acknowledgements, newest first',
    head: ['Time (UTC)', 'By', 'Comment', 'Until (UTC)', 'Ended'],
    rows: a.acknowledgements.map(
      (k) =>
        html`<tr data-acknowledgement="${k.id}">
          <td>${timeCell(k.created_at)}</td>
          <td>${k.username ?? 'a deleted user'}</td>
          <td class="wrap">${k.comment}</td>
          <td>${timeCell(k.until, 'when it resolves')}</td>
          <td>
            ${k.ended_at ? html`${timeCell(k.ended_at)}<span class="sub">${END_REASONS[k.end_reason ?? ''] ?? k.end_reason}</span>` : html`<strong>in force</strong>`}
          </td>
        </tr>`,
    ),
  });
}

function ackForm(p: PageContext, s: AlertProps): Html {
  const a = s.alert;
  const f = s.fields ?? {};
  const rules = lengthRules(AcknowledgeSchema.shape.comment, { min: 1, max: COMMENT_MAX });
  return html`<form
    method="post"
    action="/ui/monitoring/alerts/${a.id}/acknowledge/"
    id="acknowledge"
    data-busy="Acknowledging…"
    novalidate
  >
    ${csrfField(p.csrf)}
    <label for="comment">Comment</label>
    <textarea
      id="comment"
      name="comment"
      rows="3"
      maxlength="${COMMENT_MAX}"
      aria-required="true"
      ${ruleAttrs(rules, 'comment-live')}
      aria-describedby="comment-hint comment-live${f.comment ? ' comment-error' : ''}"
      ${f.comment ? html`aria-invalid="true"` : ''}
    >
${s.form?.comment ?? ''}</textarea>
    <p id="comment-hint" class="hint">What you are doing about it: the others who are told see it.</p>
    ${liveRule('comment')} ${fieldError('comment', f.comment)}
    <label for="until">Until (UTC, optional)</label>
    <input
      id="until"
      name="until"
      type="datetime-local"
      value="${s.form?.until ?? ''}"
      aria-describedby="until-hint${f.until ? ' until-error' : ''}"
      ${f.until ? html`aria-invalid="true"` : ''}
    />
    <p id="until-hint" class="hint">
      At most 30 days ahead. Without it, the acknowledgement holds until the alert resolves or is withdrawn.
    </p>
    ${fieldError('until', f.until)}
    <button type="submit">${a.acknowledged ? 'Acknowledge again' : 'Acknowledge'}</button>
  </form>`;
}

function acknowledgement(p: PageContext, s: AlertProps): Html {
  const a = s.alert;
  if (a.state === 'resolved')
    return html`<p id="cannot-acknowledge">
      This alert resolved ${a.ends_at ? html`at ${timeCell(a.ends_at)} UTC` : ''}, so it can no longer be
      acknowledged: an acknowledgement holds for one firing only. If the endpoint fails again, that is a new
      alert, which notifies again.
    </p>`;
  const k = a.acknowledgement;
  const current = k
    ? html`<p id="acknowledged">
        Acknowledged by <strong>${k.username ?? 'a deleted user'}</strong> at ${timeCell(k.created_at)}
        UTC${k.until ? html`, until ${timeCell(k.until)} UTC` : ''}: <span class="wrap">${k.comment}</span>
      </p>`
    : html`<p id="not-acknowledged" class="muted">Not acknowledged: it notifies where it is forwarded.</p>`;
  if (!s.canAcknowledge)
    return html`${current}
      <p id="cannot-acknowledge" class="muted">
        Your role cannot acknowledge alerts here: Users and above of its workspace can.
      </p>`;
  const withdraw = k
    ? html`<form
        method="post"
        action="/ui/monitoring/alerts/${a.id}/withdraw/"
        data-busy="Withdrawing…"
        novalidate
      >
        ${csrfField(p.csrf)}
        <button class="secondary" type="submit">Withdraw the acknowledgement</button>
      </form>`
    : '';
  return html`${current} ${withdraw}
    <h3>${k ? 'Acknowledge again' : 'Acknowledge'}</h3>
    ${k ? html`<p class="hint">A new acknowledgement replaces the one in force.</p>` : ''} ${ackForm(p, s)}`;
}

export function alertPage(p: PageContext, s: AlertProps): string {
  const a = s.alert;
  const links = (['runbook_url', 'dashboard_url'] as const).filter((k) => a.annotations[k]);
  return layout(
    a.alertname,
    html`${monitoringTabs('alerts', [['Alerts', '/ui/monitoring/alerts/'], [a.alertname]])}
      <div class="card">
        <h1>${a.alertname}</h1>
        ${alerts(s)}
        <p class="actions">
          ${severityBadge(a.severity)} ${alertStateBadge(a)} <span>${subjectLink(a)}</span>
        </p>
        ${a.annotations.summary ? html`<p id="summary"><strong>${a.annotations.summary}</strong></p>` : ''}
        ${a.annotations.description ? html`<p id="description" class="wrap">${a.annotations.description}</p>` : ''}
        ${
          links.length
            ? html`<ul class="plain" id="links">
                ${links.map((k) => html`<li>${k === 'runbook_url' ? 'Runbook' : 'Dashboard'}: ${urlLink(a.annotations[k]!)}</li>`)}
              </ul>`
            : ''
        }
        ${table({
          id: 'alert',
          rows: [
            fieldRow('Started (UTC)', timeCell(a.starts_at)),
            fieldRow(
              a.state === 'firing' ? 'Firing for' : 'Resolved (UTC)',
              a.state === 'firing'
                ? duration(a.starts_at, null)
                : html`${timeCell(a.ends_at)}<span class="sub"
                      >after ${duration(a.starts_at, a.ends_at)}</span
                    >`,
            ),
            fieldRow('Labels', pairs(a.labels)),
            fieldRow('Annotations', pairs(a.annotations)),
            fieldRow('Fingerprint', html`<code>${a.fingerprint}</code>`),
            fieldRow('ID', html`<code>${a.id}</code>`),
          ],
        })}
      </div>
      <div class="card" id="acknowledgement">
        <h2>Acknowledgement</h2>
        ${acknowledgement(p, s)}
        <h3>History</h3>
        ${history(a)}
      </div>`,
    p.frame('monitoring'),
  );
}
