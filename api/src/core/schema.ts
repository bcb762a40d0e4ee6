import { z } from '@hono/zod-openapi';

/** Shapes more than one area's resources share. Each area's own shapes are in its schema.ts. */

/**
 * Free text in a request: any characters but NUL, which PostgreSQL cannot store. The edge refuses
 * it in every input first (http/storable-input.ts); the pattern says so in the document, so
 * clients and fuzzers know a NUL is not valid data.
 */
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
export const text = () => z.string().regex(/^[^\u0000]*$/, { error: 'Must not contain NUL.' });

export const Timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T10:00:00.000Z' });

/**
 * Enums the OpenAPI document shows once, as a component of this name that every use references
 * (http/openapi-document.ts). Filled by `sharedEnum` and `registeredEnum` as schema modules load;
 * the values are read when the document is made.
 */
export const SHARED_ENUMS = new Map<
  string,
  { values: () => readonly string[]; description: string; inline?: boolean }
>();

/** A string enum that is one named component in the OpenAPI document, wherever it is used. */
export function sharedEnum<const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  description: string,
) {
  SHARED_ENUMS.set(name, { values: () => values, description });
  return z.enum(values).openapi({ description, 'x-component': name });
}

/**
 * A shared enum of names the areas register (audit events, scopes: core/registry.ts), known in
 * full only once every area has loaded: a value is checked against `values()` when it is parsed
 * (the same `invalid_value` issue as an enum's), and the document lists them when it is made: as
 * the component `name`, or `inline` where each use lists them itself.
 */
export function registeredEnum<T extends string>(
  name: string,
  values: () => readonly string[],
  description: string,
  opts: { inline?: boolean } = {},
): z.ZodType<T, string> {
  SHARED_ENUMS.set(name, { values, description, ...opts });
  return z
    .string()
    .superRefine((value, ctx) => {
      const allowed = values();
      if (!allowed.includes(value))
        ctx.addIssue({ code: 'invalid_value', values: [...allowed], input: value });
    })
    .openapi({ description, 'x-component': name }) as unknown as z.ZodType<T, string>;
}

/**
 * Names of a shared enum (`of`, made by `sharedEnum` or `registeredEnum`) separated by commas, as
 * a query parameter takes several: each is checked when parsed, and the document gives the exact
 * shape as a `pattern` of those names when it is made (http/openapi-document.ts), so clients and
 * fuzzers know what is valid.
 */
export function listOf(of: string, description: string): z.ZodType<string, string> {
  const values = () => SHARED_ENUMS.get(of)?.values() ?? [];
  return z
    .string()
    .max(2000)
    .superRefine((value, ctx) => {
      const allowed = values();
      const unknown = value.split(',').filter((v) => !allowed.includes(v));
      if (unknown.length)
        ctx.addIssue({
          code: 'custom',
          message: `Not one of ${of}: ${unknown.join(', ')}. Names separated by commas.`,
        });
    })
    .openapi({ description, 'x-list-of': of });
}

export const MemberRoleSchema = sharedEnum(
  'Role',
  ['admin', 'user', 'viewer'],
  'A role in an organization or workspace: `admin` (Org Admin or Workspace Admin), `user`, or `viewer`.',
);

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export const MembershipSourceSchema = sharedEnum(
  'MembershipSource',
  ['manual', 'idp'],
  "Where a role came from: `manual` (granted in Plinth) or `idp` (the identity provider's groups, kept in sync at each sign-in; docs/sso.md).",
);
