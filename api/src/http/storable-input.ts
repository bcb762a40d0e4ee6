import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './app-env.ts';
import type { FieldError } from '../core/errors.ts';
import { validationError } from '../core/errors.ts';

/**
 * PostgreSQL cannot store NUL in text or jsonb, nor a UTF-16 surrogate without its pair (JSON's
 * `\ud800` escape): such a value fails the statement it reaches, and in a batched write (the audit
 * log's "API key used" entries carry the request's path) every other row with it.
 */
export const isStorable = (s: string): boolean => !s.includes('\u0000') && s.isWellFormed();

/** A name shown in an error, with the characters it cannot hold replaced (U+FFFD). */
const printable = (s: string): string => s.replaceAll('\u0000', '\ufffd').toWellFormed();

const DETAIL = 'Contains a character that cannot be stored (NUL or an unpaired UTF-16 surrogate).';
const invalid = (attr: string): FieldError => ({ attr, code: 'invalid_character', detail: DETAIL });

/** At most this many field errors per request: enough to fix a request, bounded for a hostile one. */
const MAX_ERRORS = 20;

/** JSON media types, as Hono's validator tells them (parameters such as charset ignored). */
export const isJson = (contentType: string | undefined): boolean =>
  /^application\/([\w.-]+\+)?json$/i.test(contentType?.split(';')[0]?.trim() ?? '');

/** HTML form bodies. */
const isForm = (contentType: string | undefined): boolean =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)$/i.test(
    contentType?.split(';')[0]?.trim() ?? '',
  );

/**
 * Refuses, before anything reads it (authentication records the path of every key use), a request
 * whose path, query parameters, JSON body or form fields hold a string PostgreSQL cannot store: 400 with one
 * field error per place (`attr`: the path parameter's name, the query parameter, or the dotted path
 * of a body field or key). A body that is not valid JSON is left to the route, which says so.
 */
export const refuseUnstorableInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  const errors: FieldError[] = [];
  if (!isStorable(c.req.path)) errors.push(...pathErrors(c.req.path, routePattern(c)));
  if (c.req.url.includes('?')) {
    for (const [key, value] of new URL(c.req.url).searchParams) {
      if (!isStorable(key) || !isStorable(value)) errors.push(invalid(printable(key)));
    }
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const contentType = c.req.header('content-type');
    if (isJson(contentType)) {
      // Read once: Hono keeps the body's text for the route's validator. Parsed and walked only
      // when it could hold such a string (below): most bodies are checked by one scan of the text.
      const text = await c.req.text().catch(() => '');
      if (mayBeUnstorable(text)) errors.push(...jsonErrors(parsed(text)));
    } else if (isForm(contentType)) {
      // The web UI's forms; parsed once here and kept by Hono for the handler.
      const form = await c.req.parseBody().catch(() => ({}));
      for (const [key, value] of Object.entries(form)) {
        if (!isStorable(key) || (typeof value === 'string' && !isStorable(value)))
          errors.push(invalid(printable(key)));
      }
    }
  }
  if (errors.length > 0) throw validationError(errors.slice(0, MAX_ERRORS));
  await next();
};

/**
 * Whether JSON text may decode to a string holding NUL or an unpaired surrogate. Decoded from
 * UTF-8, the text itself holds neither (the decoder replaces broken sequences, and JSON forbids raw
 * control characters in strings): only the escapes `\u0000` and `\ud800`–`\udfff` can make them.
 * An escaped backslash before such letters also matches, which only costs the full walk.
 */
const mayBeUnstorable = (text: string): boolean => /\\u(?:0000|d[89a-f])/i.test(text);

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

function routePattern(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | undefined {
  return matchedRoutes(c).findLast((r) => r.method !== 'ALL')?.path;
}

/** The path parameters holding unstorable characters, by name when a route matched, else `path`. */
function pathErrors(path: string, pattern: string | undefined): FieldError[] {
  const segments = path.split('/');
  const names = pattern?.split('/');
  if (!names || names.length !== segments.length) return [invalid('path')];
  return segments.flatMap((segment, i) => {
    if (isStorable(segment)) return [];
    const name = names[i]!;
    return [invalid(name.startsWith(':') ? name.slice(1).replace(/\{.*$/, '') : 'path')];
  });
}

interface Node {
  value: unknown;
  key: string;
  parent: Node | undefined;
}

const attrOf = (node: Node): string => {
  const keys: string[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.') || 'non_field_errors';
};

/**
 * Every string and object key of a parsed JSON value, walked without recursion (a body may nest
 * hundreds of thousands of levels within the size limit) and without copying paths: each node
 * points at its parent, and a path is spelled out only for an error.
 */
function jsonErrors(root: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const stack: Node[] = [{ value: root, key: '', parent: undefined }];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (!isStorable(value)) errors.push(invalid(attrOf(node)));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value !== null && typeof value === 'object') {
      const entries: [string, unknown][] = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const childNode = { value: child, key: printable(key), parent: node };
        if (!isStorable(key)) errors.push(invalid(attrOf(childNode)));
        stack.push(childNode);
      }
    }
  }
  return errors;
}
