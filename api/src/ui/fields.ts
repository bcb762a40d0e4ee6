import { html } from './html.ts';
import type { Html } from './html.ts';
import { lengthRules, mustCheck, ruleAttrs } from './rules.ts';
import type { Schema } from './rules.ts';

/** The markup forms share: notices, the CSRF field, a field's error, copy fields, confirmations. */

/** The API's message at the top of a page, and a success notice. */
export function alerts(p: { error?: string | undefined; notice?: string | undefined }): Html {
  return html`${p.error ? html`<p class="error" role="alert">${p.error}</p>` : ''}
  ${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}`;
}

export const csrfField = (csrf: string): Html =>
  html`<input type="hidden" name="csrf_token" value="${csrf}" />`;

/** A field's error under it, tied to the field by `aria-describedby` (see {@link describedBy}). */
export const fieldError = (id: string, message: string | undefined): Html =>
  message ? html`<p id="${id}-error" class="error">${message}</p>` : html``;

export const describedBy = (id: string, message: string | undefined): Html =>
  message ? html`aria-invalid="true" aria-describedby="${id}-error"` : html``;

/**
 * A secret (or anything to copy) in a read-only field with a copy button. The button works with
 * script only; without it, the field can be selected and copied by hand.
 */
export function copyField(id: string, label: string, value: string): Html {
  return html`<label for="${id}">${label}</label>
    <div class="copy">
      <input id="${id}" type="text" readonly value="${value}" spellcheck="false" autocomplete="off" />
      <button type="button" class="secondary" data-copy="${id}" hidden>
        Copy<span class="visually-hidden"> ${label}</span>
      </button>
    </div>`;
}

/**
 * Text to copy (an ID, a snippet) as selectable text with a copy button: `code` inline, `pre` for
 * a block. The button is shown by script (ui.js copies the element's text); without it, select.
 */
export function copyText(id: string, label: string, value: string, tag: 'code' | 'pre' = 'code'): Html {
  const button = html`<button type="button" class="secondary" data-copy="${id}" hidden>
    Copy<span class="visually-hidden"> ${label}</span>
  </button>`;
  return tag === 'pre'
    ? html`<div class="copy-text">
        <pre id="${id}">${value}</pre>
        ${button}
      </div>`
    : html`<span class="copy-text"><code id="${id}">${value}</code> ${button}</span>`;
}

/** Where ui.js says a field's broken rule as the user types (`${id}-live`, see rules.ts). */
export const liveRule = (id: string): Html => html`<p id="${id}-live" class="error" aria-live="polite"></p>`;

/**
 * A required text field named `name` (id `name` unless said), with its rules (the schema's, as
 * ui.js says them; no native `required`, whose bubble the form's `novalidate` would hide anyway)
 * and the server's error beside it.
 */
export function nameField(f: {
  readonly id?: string;
  readonly label?: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly maxlength: number;
  /** The API's schema of the name: its messages for blank and too long. */
  readonly schema: Schema;
}): Html {
  const id = f.id ?? 'name';
  const rules = lengthRules(f.schema, { min: 1, max: f.maxlength });
  return html`<label for="${id}">${f.label ?? 'Name'}</label>
    <input
      id="${id}"
      name="name"
      type="text"
      aria-required="true"
      maxlength="${f.maxlength}"
      value="${f.value}"
      ${ruleAttrs(rules, `${id}-live`)}
      aria-describedby="${id}-live${f.error ? ` ${id}-error` : ''}"
      ${f.error ? html`aria-invalid="true"` : ''}
    />
    ${liveRule(id)} ${fieldError(id, f.error)}`;
}

/**
 * A checkbox that must be checked to go on (a confirmation): its one sentence, said by ui.js on
 * submit and by the server without script, never the browser's "check this box" bubble.
 */
export function confirmBox(f: {
  readonly id: string;
  readonly label: string;
  readonly message: string;
  readonly error: string | undefined;
}): Html {
  return html`<label class="check">
      <input
        type="checkbox"
        id="${f.id}"
        name="${f.id}"
        value="yes"
        aria-required="true"
        ${ruleAttrs(mustCheck(f.message), `${f.id}-live`)}
        aria-describedby="${f.id}-live${f.error ? ` ${f.id}-error` : ''}"
        ${f.error ? html`aria-invalid="true"` : ''}
      />
      ${f.label}
    </label>
    ${liveRule(f.id)} ${fieldError(f.id, f.error)}`;
}

/** The form of a confirmation page: the button that does it (`danger` unless said) and the way back. */
export function confirmForm(f: {
  readonly action: string;
  readonly busy: string;
  readonly csrf: string;
  readonly button: string;
  readonly cancel: string;
  readonly kind?: 'danger' | 'secondary';
}): Html {
  return html`<form method="post" action="${f.action}" data-busy="${f.busy}" novalidate>
    ${csrfField(f.csrf)}
    <button class="${f.kind ?? 'danger'}" type="submit">${f.button}</button>
    <a href="${f.cancel}">Cancel</a>
  </form>`;
}

/** How a state reads at a glance: the colour only echoes the word, which says it all. */
export type Tone = 'ok' | 'bad' | 'busy' | 'warn' | 'off';

/** A state as a small labelled badge (a run's status, an event's level, a delivery's state). */
export const badge = (text: string, tone: Tone): Html => html`<span class="badge ${tone}">${text}</span>`;
