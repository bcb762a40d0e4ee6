import { DomainError } from '../core/errors.ts';
import { fieldErrors } from '../core/validation.ts';
import { STATUS_OF } from '../http/errors.ts';

/** Reading a form, and showing a refusal beside it. */

/** A form's text field, trimmed; '' when absent or a file. */
export function field(form: Record<string, unknown>, name: string): string {
  const v = form[name];
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Field errors of a DomainError (or zod's), keyed by field, for the form to show beside each: the
 * first problem of a field only (one rule at a time, as ui.js says them while typing).
 */
export function errorsByField(
  errors: readonly { attr: string; detail: string }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) out[e.attr] ??= e.detail;
  return out;
}

/** What a page says about a form it shows again: the message at the top, the fields' own. */
export interface Refusal {
  readonly error: string;
  readonly fields: Record<string, string>;
  readonly status: number;
}

/**
 * A service's refusal as a form shows it: each field error beside the field it names (`shown`,
 * after `rename` of the API's attribute to the form's field), the API's message at the top, and
 * the API's status. A validation error whose every problem sits beside a field says `summary` at
 * the top instead of the API's "see errors for each field"; any it cannot place is said at the top.
 */
export function refusal(
  err: DomainError,
  summary: string,
  shown: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): Refusal {
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const e of err.errors ?? []) {
    const attr = rename[e.attr] ?? e.attr;
    if (shown.includes(attr)) fields[attr] ??= e.detail;
    else elsewhere.push(e.detail);
  }
  const top = err.errors?.length ? [summary, ...elsewhere].join(' ') : err.message;
  return { error: top, fields, status: STATUS_OF[err.kind] };
}

/** Zod's problems with a form, in the same shape (always 400, as the API answers). */
export function invalidForm(
  issues: Parameters<typeof fieldErrors>[0],
  summary: string,
  shown: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): Refusal {
  return refusal(
    new DomainError('invalid', 'invalid', summary, { errors: fieldErrors(issues) }),
    summary,
    shown,
    rename,
  );
}
