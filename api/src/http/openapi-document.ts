import { SHARED_ENUMS } from '../core/schema.ts';

/**
 * The last step of building the OpenAPI document: the forms client generators handle, applied to
 * the whole document in one place instead of at each schema.
 *
 * - A described reference is `$ref` with a sibling `description`, not an `allOf`.
 * - A nullable value is `anyOf: [<schema>, {type: 'null'}]`, never a `type` array and never `null`
 *   inside an `enum` (generators turn that into a bogus `"<nil>"` constant or duplicate classes).
 * - An enum declared with `sharedEnum` is one component, referenced everywhere it is used.
 * - `page` and `page_size` are one parameter component each.
 * - No `default`: generators bake it into every call; descriptions say what the server assumes.
 * - Every response documents its headers: `X-Request-Id` always, `WWW-Authenticate` on 401,
 *   `Retry-After` where the server sets it.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const HEADERS = {
  RequestId: {
    description: "The request's ID: the same as the error body's `request_id`, and in the server's log line.",
    required: true,
    schema: { type: 'string', example: '1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61' },
  },
  WWWAuthenticate: {
    description:
      'The scheme to authenticate with: `Bearer`, with `error` and `error_description` when a token was refused (RFC 6750).',
    required: true,
    schema: {
      type: 'string',
      example: 'Bearer error="invalid_token", error_description="The token has expired."',
    },
  },
  RetryAfter: {
    description: 'How many seconds to wait before trying again.',
    required: false,
    schema: { type: 'string', example: '5' },
  },
} as const;

const PAGE_PARAMETERS: Record<string, string> = { page: 'Page', page_size: 'PageSize' };

/** Rewrites one schema (children first) into the generator-friendly forms above. */
function schema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(schema);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue;
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schema(v)]));
    } else if (
      ['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)
    ) {
      out[key] = schema(value);
    } else {
      out[key] = value;
    }
  }
  // zod-openapi writes a described reference as `allOf: [{$ref}, {description}]`, which generators
  // turn into a new type; OpenAPI 3.1 allows the description beside the `$ref` itself.
  if (Array.isArray(out.allOf) && out.allOf.length === 2 && Object.keys(out).length === 1) {
    const [ref, meta] = out.allOf as [Json, Json];
    if (typeof ref.$ref === 'string' && meta.$ref === undefined && meta.type === undefined)
      return { ...ref, ...meta };
  }
  const listOf = typeof out['x-list-of'] === 'string' ? out['x-list-of'] : undefined;
  if (listOf !== undefined) {
    const component = SHARED_ENUMS.get(listOf);
    if (!component) throw new Error(`openapi: no shared enum named ${listOf}`);
    const { 'x-list-of': _, ...rest } = out;
    const name = `(${component
      .values()
      .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|')})`;
    return { ...rest, pattern: `^${name}(,${name})*$` };
  }
  const nullable = Array.isArray(out.type) && out.type.includes('null');
  const shared = typeof out['x-component'] === 'string' ? out['x-component'] : undefined;
  if (shared !== undefined) {
    const component = SHARED_ENUMS.get(shared);
    if (!component) throw new Error(`openapi: no shared enum named ${shared}`);
    if (component.inline) {
      const { 'x-component': _, ...inlined } = out;
      return { ...inlined, type: 'string', enum: [...component.values()] };
    }
    const description = out.description !== component.description ? out.description : undefined;
    const ref = { $ref: `#/components/schemas/${shared}` };
    return {
      ...(nullable ? { anyOf: [ref, { type: 'null' }] } : ref),
      ...(description === undefined ? {} : { description }),
    };
  }
  if (!nullable) return out;
  const { description, example, title, ...rest } = out;
  const types = (rest.type as string[]).filter((t) => t !== 'null');
  rest.type = types.length === 1 ? types[0] : types;
  if (Array.isArray(rest.enum)) rest.enum = rest.enum.filter((v) => v !== null);
  return {
    anyOf: [rest, { type: 'null' }],
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    ...(example === undefined ? {} : { example }),
  };
}

function headersFor(status: string): Json {
  const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
  return {
    'X-Request-Id': ref('RequestId'),
    ...(status === '401' ? { 'WWW-Authenticate': ref('WWWAuthenticate') } : {}),
    ...(['409', '429', '503'].includes(status) ? { 'Retry-After': ref('RetryAfter') } : {}),
  };
}

function content(media: unknown): unknown {
  if (!isObject(media)) return media;
  return Object.fromEntries(
    Object.entries(media).map(([type, m]) => [type, isObject(m) ? { ...m, schema: schema(m.schema) } : m]),
  );
}

/** The document in the forms above; `doc` is not changed. */
export function normalizeDocument<D extends object>(doc: D): D {
  const input = structuredClone(doc) as unknown as Json;
  const components = isObject(input.components) ? input.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const parameters: Json = isObject(components.parameters) ? { ...components.parameters } : {};
  for (const [name, s] of Object.entries(schemas)) schemas[name] = schema(s);
  // A page's example is one result, from the example of its item's component.
  for (const s of Object.values(schemas)) {
    const page = s as Json;
    const results =
      isObject(page.properties) && isObject(page.properties.results) ? page.properties.results : {};
    const ref = isObject(results.items) ? results.items.$ref : undefined;
    const item = typeof ref === 'string' ? (schemas[ref.split('/').pop()!] as Json | undefined) : undefined;
    if (page.example === undefined && item?.example !== undefined) {
      page.example = { count: 1, next: null, previous: null, results: [item.example] };
    }
  }
  for (const [name, { values, description, inline }] of SHARED_ENUMS) {
    if (!inline) schemas[name] = { type: 'string', enum: [...values()], description };
  }

  const paths = isObject(input.paths) ? input.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item)) {
      if (!isObject(op)) continue;
      if (Array.isArray(op.parameters)) {
        op.parameters = op.parameters.map((p: Json) => {
          const param = { ...p, schema: schema(p.schema) };
          const shared = p.in === 'query' && typeof p.name === 'string' ? PAGE_PARAMETERS[p.name] : undefined;
          if (!shared) return param;
          parameters[shared] ??= param;
          return { $ref: `#/components/parameters/${shared}` };
        });
      }
      if (isObject(op.requestBody))
        op.requestBody = { ...op.requestBody, content: content(op.requestBody.content) };
      if (isObject(op.responses)) {
        op.responses = Object.fromEntries(
          Object.entries(op.responses).map(([status, r]) => [
            status,
            isObject(r)
              ? {
                  ...r,
                  headers: { ...headersFor(status), ...(isObject(r.headers) ? r.headers : {}) },
                  ...(r.content === undefined ? {} : { content: content(r.content) }),
                }
              : r,
          ]),
        );
      }
    }
  }
  input.components = {
    ...components,
    schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    parameters,
    headers: HEADERS,
  };
  return input as unknown as D;
}
