import { html } from './html.ts';
import type { Html } from './html.ts';

/**
 * A text field's rules, said one at a time: ui.js checks them in order as the user types and on
 * submit, and says only the first one broken (issue 33: not the whole rulebook). The form carries
 * `novalidate`, so the browser's own "match the requested format" bubble never shows; without
 * script, the server's check says the same message beside the field.
 */

/** A pattern the whole value must match (a JavaScript regex with the `v` flag), and what to say when not. */
export interface Rule {
  readonly pattern: string;
  readonly message: string;
}

/** A schema's message for a value: its first problem, as the API says it ('' when it passes). */
export type Schema = {
  safeParse(v: string): { error?: { issues: readonly { message: string }[] } | undefined };
};

/**
 * Rules with the schema's own messages: each pattern with the message the schema gives `breaks`, a
 * value that breaks that rule and no earlier one. Keep them in the schema's order of checks, so the
 * first rule broken is the API's first message.
 */
export function rulesOf(schema: Schema, rules: readonly { pattern: string; breaks: string }[]): Rule[] {
  return rules
    .map((r) => ({ pattern: r.pattern, message: schema.safeParse(r.breaks).error?.issues[0]?.message ?? '' }))
    .filter((r) => r.message !== ''); // a rule the schema does not have is not said
}

const ANY = String.raw`[\s\S]`;

/**
 * A text's length rules with the schema's messages: at least `min` (1: not blank, as the API
 * trims), at most `max`; `optional`: empty passes too (a field left out of the request).
 */
export function lengthRules(
  schema: Schema,
  l: { readonly min?: number; readonly max?: number; readonly optional?: boolean },
): Rule[] {
  const min = l.min === 1 ? String.raw`${ANY}*\S${ANY}*` : `${ANY}{${l.min},}`;
  return rulesOf(schema, [
    ...(l.min ? [{ pattern: l.optional ? `(?:${min})?` : min, breaks: 'a'.repeat(l.min - 1) }] : []),
    ...(l.max !== undefined ? [{ pattern: `${ANY}{0,${l.max}}`, breaks: 'a'.repeat(l.max + 1) }] : []),
  ]);
}

/** A checkbox that must be checked, and its one sentence (ui.js reads a checked box as `on`). */
export const mustCheck = (message: string): Rule[] => [{ pattern: '.+', message }];

/** The first rule `value` breaks, as ui.js finds it; undefined when it keeps them all. */
export function brokenRule(rules: readonly Rule[], value: string): string | undefined {
  return rules.find((r) => !new RegExp(`^(?:${r.pattern})$`, 'v').test(value))?.message;
}

/** The attributes of a field with rules; `live` is the id of the element that says the broken one. */
export const ruleAttrs = (rules: readonly Rule[], live: string): Html =>
  html`data-rules="${JSON.stringify(rules)}" data-live="${live}"`;
