import { z } from 'zod';
import type { FieldError } from './errors.ts';

const REQUIRED = 'This field is required.';

/**
 * Human messages in the style API users know from DRF, installed once for every zod schema.
 * `input` is only seen here, never copied into a message: inputs may be secrets.
 */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined)
      return REQUIRED;
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    if (issue.code === 'too_small') {
      if (issue.origin === 'string')
        return `Ensure this field has at least ${String(issue.minimum)} characters.`;
      if (issue.origin === 'number')
        return `Ensure this value is greater than or equal to ${String(issue.minimum)}.`;
    }
    if (issue.code === 'too_big') {
      if (issue.origin === 'string')
        return `Ensure this field has no more than ${String(issue.maximum)} characters.`;
      if (issue.origin === 'number')
        return `Ensure this value is less than or equal to ${String(issue.maximum)}.`;
    }
    if (issue.code === 'invalid_value') return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    if (issue.code === 'invalid_format' && issue.format === 'uuid') return 'Must be a valid UUID.';
    return undefined;
  },
});

function codeOf(issue: z.core.$ZodIssue): string {
  if (issue.message === REQUIRED) return 'required';
  switch (issue.code) {
    case 'invalid_type':
      return 'invalid_type';
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'min_length' : 'min_value';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'max_length' : 'max_value';
    case 'invalid_value':
      return 'invalid_choice';
    case 'unrecognized_keys':
      return 'unknown_field';
    case 'custom':
      // A refinement names its code in `params.code` (e.g. `max_depth`).
      return typeof issue.params?.code === 'string' ? issue.params.code : 'invalid';
    default:
      return 'invalid';
  }
}

/** Turns zod issues into the `errors[]` of the error envelope, one entry per field problem. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({
        attr: base ? `${base}.${k}` : k,
        code: 'unknown_field',
        detail: 'Unknown field.',
      }));
    }
    return [{ attr: base || 'non_field_errors', code: codeOf(issue), detail: issue.message }];
  });
}

/**
 * How deeply `value` nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion: a body
 * within the size limit can nest hundreds of thousands of levels.
 */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Why a JSON text was not taken: not JSON at all, or not of the schema's shape. */
export type Unparsed = { readonly notJson: true } | { readonly invalid: FieldError[] };

/** The thread tasks' schemas with zod's generated fast path, made on first use. */
const compiled = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A request's JSON text parsed and validated where its work runs (a thread task): its value, or
 * why not, as data (errors do not cross threads) that the route answers as the validator would.
 * Thread tasks take the large bodies (results batches of hundreds): the schema runs compiled
 * (`z.compile`), as the runtime parser walks every field of an object, present or not, and made
 * most of the job thread's garbage. An invalid body falls back to the runtime parser, so its
 * field errors are the same.
 */
export function parseJsonText<S extends z.ZodType>(
  schema: S,
  text: string,
): { data: z.output<S> } | Unparsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { notJson: true };
  }
  let fast = compiled.get(schema) as S | undefined;
  if (!fast) compiled.set(schema, (fast = z.compile(schema)));
  const parsed = fast.safeParse(json);
  return parsed.success ? { data: parsed.data } : { invalid: fieldErrors(parsed.error.issues) };
}
