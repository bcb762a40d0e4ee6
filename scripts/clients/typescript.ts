/**
 * The TypeScript client (`clients/typescript`): ESM TypeScript sources shipped unbuilt, one named
 * function per operation (`apiV1WorkspacesList`), camelCase query fields (`pageSize`), and a global
 * configuration object (`OpenAPI.BASE`, `OpenAPI.TOKEN`), as Polycrate's client had, and the same
 * operations as methods of an instance (`createPlinthClient`) with its own configuration. No maintained
 * generator writes that shape any more, so this one does, in two parts: openapi-typescript for the
 * component types, and the functions below, from any OpenAPI 3.x document (what they cannot express
 * fails generation rather than being guessed). The runtime is `typescript-runtime.ts`, copied as is.
 *
 * The sources run under Node 24's type stripping (no enums, namespaces or parameter properties;
 * relative imports name their `.ts` file) and in any bundler; `dist/` holds each one's JavaScript
 * twin and declarations, which an installed package needs.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import { fileURLToPath } from 'node:url';
import type { ClientTarget, GeneratedFiles } from './files.ts';
import { declarations, HEADER, javascript } from './typescript-emit.ts';

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export { HEADER };

/** The names the runtime (core.ts) exports; a schema alias or function may not take them. */
const RUNTIME_VALUES = new Set([
  'ApiError',
  'OpenAPI',
  'request',
  'createClient',
  'createPlinthClient',
  'bindOperations',
  'globalOperations',
]);
const RUNTIME_TYPES = new Set([
  'ApiError',
  'ApiErrorBody',
  'CallOptions',
  'Client',
  'ClientConfig',
  'ClientOptions',
  'OpenAPI',
  'OperationRequest',
  'PlinthClient',
  'RequestOptions',
  'RequestOutcome',
  'RetryOptions',
]);
/** What openapi-typescript itself exports from types.gen.ts, and the globals the generated code names. */
const OPENAPI_TS_TYPES = new Set(['paths', 'components', 'operations', 'webhooks', '$defs']);
const GLOBAL_TYPES = new Set(
  (
    'Array ArrayBuffer Blob Boolean Date Error FormData Number Object Promise Record Request Response ' +
    'String Uint8Array URLSearchParams'
  ).split(' '),
);
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if import in instanceof new null return super switch this throw true try ' +
    'typeof var void while with yield let static implements interface package private protected public await'
  ).split(' '),
);

const fail = (message: string): never => {
  throw new Error(`typescript client: ${message}`);
};

/** camelCase of any name (`page_size`, `X-Request-Id`, `filter[name]`): a valid identifier. */
function camel(name: string): string {
  const words = name.replace(/[^A-Za-z0-9_$]+|_+/g, ' ').trim();
  let id = words.replace(/ ([A-Za-z0-9$])/g, (_, c: string) => c.toUpperCase()).replace(/ /g, '');
  id = id.replace(/^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/, (c) => c.toLowerCase());
  if (id === '') fail(`no identifier in ${JSON.stringify(name)}`);
  return /^[0-9]/.test(id) ? `_${id}` : id;
}
const pascal = (name: string) => camel(name).replace(/^_?[a-z]/, (c) => c.replace('_', '').toUpperCase());

/** A JSDoc block from lines of text (`*\/` cannot end it early). */
function doc(lines: (string | false | undefined)[], indent = ''): string {
  const text = lines
    .filter((l): l is string => typeof l === 'string' && l !== '')
    .flatMap((l) => l.replaceAll('*/', '*\\/').split('\n'));
  // A block whose first part is absent (no summary) starts at its first words.
  while (text[0]?.trim() === '') text.shift();
  if (text.length === 0) return '';
  return `${indent}/**\n${text.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** The value a local `$ref` (`#/components/…`) points at, following chains of references. */
function resolve(root: Json, value: Json): Json {
  const seen = new Set<string>();
  let current = value;
  while (typeof current?.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) fail(`cannot resolve ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((k) => decodeURIComponent(k).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<Json | undefined>((o, k) => o?.[k] as Json | undefined, root) as Json;
    if (current === undefined) fail(`${ref} points at nothing`);
  }
  return current;
}

/** The exported alias of each component schema: its name, made an identifier that no runtime export takes. */
export function schemaAliases(document: Json): Map<string, string> {
  const aliases = new Map<string, string>();
  const taken = new Set([...RUNTIME_TYPES, ...OPENAPI_TS_TYPES, ...GLOBAL_TYPES]);
  for (const name of Object.keys((document.components?.schemas ?? {}) as Json).sort()) {
    let alias = /^[A-Za-z_$][\w$]*$/.test(name) ? name : pascal(name);
    // A schema named like the runtime's class (`ApiError`) or a global (`Error`) becomes `ApiErrorSchema`.
    while (taken.has(alias)) alias += 'Schema';
    taken.add(alias);
    aliases.set(name, alias);
  }
  return aliases;
}

/** What the type of an operation's schema needs: the document, the aliases, and the aliases used. */
interface TypeContext {
  root: Json;
  aliases: Map<string, string>;
  used: Set<string>;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Whether a type has `|` or `&` outside brackets and string literals (then it needs parentheses in `T[]`). */
function compound(type: string): boolean {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i]!;
    if (c === '"') {
      for (i++; i < type.length && type[i] !== '"'; i++) if (type[i] === '\\') i++;
    } else if ('{([<'.includes(c)) depth++;
    else if ('})]>'.includes(c)) depth--;
    else if (depth === 0 && (c === '|' || c === '&')) return true;
  }
  return false;
}
const group = (type: string) => (compound(type) ? `(${type})` : type);
const union = (types: string[]) => {
  const distinct = [...new Set(types)];
  return distinct.includes('unknown') ? 'unknown' : distinct.join(' | ');
};

/** The TypeScript type of a schema an operation uses; component schemas by their alias names. */
function typeOf(schema: Json | boolean | undefined, ctx: TypeContext): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') {
    const match = SCHEMA_REF.exec(schema.$ref);
    const alias = match && ctx.aliases.get(decodeURIComponent(match[1]!).replaceAll('~1', '/'));
    if (alias) {
      ctx.used.add(alias);
      return alias;
    }
    return typeOf(resolve(ctx.root, schema), ctx);
  }
  const parts: string[] = [];
  if ('const' in schema) parts.push(JSON.stringify(schema.const));
  else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map((v: unknown) => JSON.stringify(v))));
  else if (Array.isArray(schema.type))
    parts.push(union((schema.type as string[]).map((type) => typeOf({ ...schema, type }, ctx))));
  else if (schema.type !== undefined || schema.properties || schema.items) parts.push(ownType(schema, ctx));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) parts.push(union(schema[key].map((s: Json) => typeOf(s, ctx))));
  }
  if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((s: Json) => typeOf(s, ctx)));
  if (parts.length === 0) return 'unknown';
  const type = parts.length === 1 ? parts[0]! : parts.map(group).join(' & ');
  return schema.nullable === true ? `${type} | null` : type;
}

/** The type a schema's own `type` gives (no combinators). */
function ownType(schema: Json, ctx: TypeContext): string {
  const type = (schema.type as string | undefined) ?? (schema.items ? 'array' : 'object');
  switch (type) {
    case 'null':
      return 'null';
    case 'string':
      return schema.format === 'binary' ? 'Blob' : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `${group(typeOf(schema.items as Json | undefined, ctx))}[]`;
    case 'object': {
      const extra = schema.additionalProperties as Json | boolean | undefined;
      const rest = extra === undefined || extra === false ? undefined : typeOf(extra, ctx);
      if (!schema.properties) return `Record<string, ${rest ?? 'unknown'}>`;
      const required = new Set<string>((schema.required as string[] | undefined) ?? []);
      const fields = Object.entries(schema.properties as Json).map(
        ([name, p]) => `${JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${typeOf(p as Json, ctx)}`,
      );
      if (rest) fields.push(`[key: string]: unknown`);
      return `{ ${fields.join('; ')} }`;
    }
    default:
      return fail(`no type for schema ${JSON.stringify(schema)}`);
  }
}

const isJsonMedia = (mediaType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType);
const isBinary = (mediaType: string, schema: Json | undefined) =>
  schema?.format === 'binary' ||
  /^(?:application\/(?:octet-stream|pdf|zip|gzip)|image\/|audio\/|video\/)/i.test(mediaType);

interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: Json;
  style?: string;
  explode?: boolean;
}

/** The operation's parameters: the path item's, overridden by the operation's own (by name and place). */
function parametersOf(root: Json, item: Json, op: Json): Param[] {
  const byKey = new Map<string, Param>();
  for (const p of [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])]) {
    const param = resolve(root, p) as Param;
    byKey.set(`${param.in}:${param.name}`, param);
  }
  return [...byKey.values()];
}

/** The wire value of a parameter: an array the API wants comma-joined is joined here. */
function wireValue(p: Param, ident: string, ctx: TypeContext): string {
  const schema = p.schema && resolve(ctx.root, p.schema);
  const isArray = schema?.type === 'array';
  if (isArray && p.in === 'query' && (p.style ?? 'form') !== 'form')
    fail(`query parameter ${p.name}: style ${p.style} is not supported`);
  if (schema?.type === 'object' || p.style === 'deepObject')
    fail(`parameter ${p.name}: object values are not supported`);
  const joined = isArray && (p.in !== 'query' || p.explode === false);
  return joined ? `params.${ident}?.join(',')` : `params.${ident}`;
}

/** One operation as a function: its parameter interface (if any) and the function. */
function operation(
  ctx: TypeContext,
  names: Set<string>,
  method: string,
  path: string,
  item: Json,
  op: Json,
): { declarations: string; member: string; binding: string } {
  const id = (op.operationId as string | undefined) ?? `${method}_${path}`;
  const name = camel(id);
  if (RESERVED.has(name) || RUNTIME_VALUES.has(name) || names.has(name))
    fail(`operation ${id}: the function name ${name} is reserved or taken`);
  names.add(name);
  const paramsType = `${pascal(id)}Params`;
  if (names.has(paramsType) || [...ctx.aliases.values()].includes(paramsType))
    fail(`operation ${id}: the type name ${paramsType} is taken`);
  names.add(paramsType);

  const params = parametersOf(ctx.root, item, op);
  const idents = new Map<string, string>();
  for (const p of params) {
    if (p.in === 'cookie') fail(`operation ${id}: cookie parameter ${p.name} is not supported`);
    if (!p.schema) fail(`operation ${id}: parameter ${p.name} has no schema (content is not supported)`);
    const ident = camel(p.name);
    if (ident === 'requestBody' || [...idents.values()].includes(ident))
      fail(`operation ${id}: two parameters become ${ident}`);
    idents.set(`${p.in}:${p.name}`, ident);
  }
  for (const [, placeholder] of path.matchAll(/\{([^{}]+)\}/g)) {
    if (!idents.has(`path:${placeholder}`)) fail(`operation ${id}: {${placeholder}} has no path parameter`);
  }
  const fields = params.map(
    (p) =>
      doc([p.description, p.deprecated && '@deprecated'], '  ') +
      `  ${idents.get(`${p.in}:${p.name}`)}${p.required || p.in === 'path' ? '' : '?'}: ${typeOf(p.schema, ctx)};`,
  );

  const requestBody = op.requestBody ? resolve(ctx.root, op.requestBody as Json) : undefined;
  const media = Object.keys((requestBody?.content ?? {}) as Json);
  const mediaType = media.find(isJsonMedia) ?? media[0];
  let bodyType: string | undefined;
  if (requestBody && mediaType) {
    const schema = requestBody.content[mediaType].schema as Json | undefined;
    if (isJsonMedia(mediaType)) bodyType = typeOf(schema, ctx);
    else if (/^multipart\/form-data\b/i.test(mediaType)) bodyType = 'FormData';
    else if (/^application\/x-www-form-urlencoded\b/i.test(mediaType)) bodyType = 'URLSearchParams | string';
    else if (/^text\//i.test(mediaType) && !isBinary(mediaType, schema)) bodyType = 'string';
    else bodyType = 'Blob | ArrayBuffer | Uint8Array | string';
    const described = requestBody.description ?? 'The request body.';
    const sent = isJsonMedia(mediaType) ? '' : ` Sent as given, as \`${mediaType}\`.`;
    fields.push(
      doc([`${described as string}${sent}`], '  ') +
        `  requestBody${requestBody.required ? '' : '?'}: ${bodyType};`,
    );
  }

  // Success answers: JSON parsed (typed from the document), binary as a Blob, other media as text.
  const success = Object.entries(op.responses as Json)
    .filter(([status]) => status.startsWith('2'))
    .map(([, r]) => resolve(ctx.root, r as Json));
  const returns: string[] = [];
  const kinds = new Set<'json' | 'text' | 'blob' | 'none'>();
  for (const response of success) {
    const content = Object.entries((response.content ?? {}) as Json);
    if (content.length === 0) kinds.add('none');
    for (const [type, c] of content) {
      const schema = (c as Json).schema as Json | undefined;
      const kind = isJsonMedia(type) ? 'json' : isBinary(type, schema) ? 'blob' : 'text';
      kinds.add(kind);
      returns.push(kind === 'json' ? typeOf(schema, ctx) : kind === 'blob' ? 'Blob' : 'string');
    }
  }
  if (kinds.has('none') && kinds.size > 1) returns.push('undefined');
  const returnType = returns.length === 0 ? 'void' : union(returns);
  const responseType = kinds.has('json')
    ? 'json'
    : kinds.has('blob')
      ? 'blob'
      : kinds.has('text')
        ? 'text'
        : 'none';

  const required = params.some((p) => p.required || p.in === 'path') || Boolean(requestBody?.required);
  // An operation without parameters still takes them first, so `call` is always the second argument.
  const typeOfParams = fields.length === 0 ? 'Record<string, never>' : paramsType;
  const optional = !required;
  const placed = (place: Param['in']) =>
    params
      .filter((p) => p.in === place)
      .map((p) => `${JSON.stringify(p.name)}: ${wireValue(p, idents.get(`${p.in}:${p.name}`)!, ctx)}`);
  const options = [
    `method: '${method.toUpperCase()}'`,
    `path: ${JSON.stringify(path)}`,
    ...(
      [
        ['pathParams', placed('path')],
        ['query', placed('query')],
        ['headers', placed('header')],
      ] as const
    )
      .filter(([, entries]) => entries.length > 0)
      .map(([key, entries]) => `${key}: { ${entries.join(', ')} }`),
    bodyType !== undefined && 'body: params.requestBody',
    bodyType !== undefined && mediaType !== 'application/json' && `mediaType: ${JSON.stringify(mediaType)}`,
    `responseType: '${responseType}'`,
  ].filter(Boolean);
  const errors = Object.keys(op.responses as Json).filter((s) => !s.startsWith('2'));
  const lines = [
    op.summary as string | undefined,
    op.description && `\n${op.description as string}`,
    `\n\`${method.toUpperCase()} ${path}\`${op.operationId ? ` (\`${op.operationId as string}\`)` : ''}.`,
    responseType === 'text' && 'The answer is returned as text.',
    responseType === 'blob' && 'The answer is returned as a Blob.',
    errors.length > 0 && `@throws {ApiError} ${errors.join(', ')}: the API's error body is \`error.body\`.`,
    op.deprecated === true && '@deprecated',
  ];
  const fn =
    doc(lines) +
    `export function ${name}(params: ${typeOfParams}${optional ? ' = {}' : ''}, call?: CallOptions): Promise<${returnType}> {\n` +
    `  return globalOperations.${name}(params, call);\n}\n`;
  const paramsInterface =
    fields.length === 0 ? '' : `export interface ${paramsType} {\n${fields.join('\n')}\n}\n`;
  const member =
    doc(lines, '  ') +
    `  ${name}(params${optional ? '?' : ''}: ${typeOfParams}, call?: CallOptions): Promise<${returnType}>;\n`;
  const usesParams = options.some((o) => typeof o === 'string' && o.includes('params.'));
  const binding = `    ${name}: (${usesParams ? (optional ? 'params = {}' : 'params') : '_params'}, call) => send<${returnType}>({ ${options.join(', ')} }, call),\n`;
  return { declarations: paramsInterface + fn, member, binding };
}

/** The client's files for `doc`, by path below `clients/typescript/`. */
export async function generateTypeScriptClient(document: OpenAPI3, version: string): Promise<GeneratedFiles> {
  const d = document as unknown as Json;
  const aliases = schemaAliases(d);
  const types =
    HEADER +
    "// The API's component types (openapi-typescript), and a named alias for each.\n\n" +
    astToString(await openapiTS(document, { alphabetize: true })) +
    '\n' +
    [...aliases]
      .map(([schema, alias]) => `export type ${alias} = components['schemas'][${JSON.stringify(schema)}];`)
      .join('\n') +
    '\n';

  const ctx: TypeContext = { root: d, aliases, used: new Set() };
  const names = new Set<string>();
  const parts: ReturnType<typeof operation>[] = [];
  for (const [path, item] of Object.entries((d.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (op) parts.push(operation(ctx, names, method, path, item as Json, op));
    }
  }
  if (names.has('PlinthClient')) fail('the type name PlinthClient is taken');
  const used = [...ctx.used].sort();
  const sdk =
    HEADER +
    `import { createClient, request } from './core.ts';\n` +
    `import type { CallOptions, Client, ClientOptions } from './core.ts';\n` +
    (used.length > 0 ? `import type { ${used.join(', ')} } from './types.gen.ts';\n` : '') +
    '\n' +
    '/** Every operation as a method: what `createPlinthClient` returns. */\n' +
    `export interface PlinthClient {\n${parts.map((p) => p.member).join('')}}\n\n` +
    '/** The operations over one way of sending: the global configuration, or an instance. */\n' +
    "function bindOperations(send: Client['request']): PlinthClient {\n" +
    `  return {\n${parts.map((p) => p.binding).join('')}  };\n}\n\n` +
    '/** The functions below send with the global configuration (`OpenAPI`). */\n' +
    'const globalOperations = bindOperations(request);\n\n' +
    '/**\n' +
    ' * A client with a configuration of its own (base URL, token or token function, fetch, deadline,\n' +
    ' * retries, hooks), whose methods are the operations; the global `OpenAPI` is neither read nor changed.\n' +
    ' */\n' +
    'export function createPlinthClient(options: ClientOptions): PlinthClient {\n' +
    '  return bindOperations(createClient(options).request);\n}\n\n' +
    parts.map((p) => p.declarations).join('\n');

  const core = HEADER + (await readFile(new URL('./typescript-runtime.ts', import.meta.url), 'utf8'));
  const index =
    HEADER +
    "export { ApiError, OpenAPI, createClient, request } from './core.ts';\n" +
    'export type {\n  ApiErrorBody, CallOptions, Client, ClientConfig, ClientOptions, OperationRequest,\n' +
    "  RequestOptions, RequestOutcome, RetryOptions,\n} from './core.ts';\n" +
    "export * from './sdk.gen.ts';\n" +
    "export type * from './types.gen.ts';\n";
  const packageJson = {
    name: '@plinth/client',
    version,
    description: `The Plinth API's TypeScript client, for API version ${version} (generated; see docs/clients.md).`,
    license: 'Apache-2.0',
    type: 'module',
    // Node and bundlers load the JavaScript twins, TypeScript their declarations; src/ is there to
    // read and to copy into a project that runs TypeScript as is.
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    files: ['src', 'dist', 'README.md'],
    engines: { node: '>=24' },
  };
  const sources: [string, string][] = [
    ['src/core.ts', core],
    ['src/types.gen.ts', types],
    ['src/sdk.gen.ts', sdk],
    ['src/index.ts', index],
  ];
  const files: [string, string][] = [
    ['package.json', JSON.stringify(packageJson)],
    ...sources,
    ...sources.map(
      ([path, text]) => [path.replace(/^src\/(.*)\.ts$/, 'dist/$1.js'), javascript(text)] as [string, string],
    ),
    ...sources.map(
      ([path, text]) =>
        [path.replace(/^src\/(.*)\.ts$/, 'dist/$1.d.ts'), declarations(text, path)] as [string, string],
    ),
  ];
  // Formatted as the repository formats, so `prettier --check` and the staleness test agree.
  const options = (await prettier.resolveConfig(join(CLIENT_DIR, 'src/index.ts'))) ?? {};
  const formatted = await Promise.all(
    files.map(
      async ([path, text]) =>
        [path, await prettier.format(text, { ...options, filepath: join(CLIENT_DIR, path) })] as const,
    ),
  );
  return new Map(formatted);
}

/**
 * Writes the client for `document` into `outDir` (`package.json`, `src/`, `dist/`) at the
 * document's `info.version`: the generator on its own, for a document other than the API's.
 * `npm run generate:clients` goes through `generateTypeScriptClient` to compare before writing.
 */
export async function writeTypeScriptClient(document: OpenAPI3, outDir: string): Promise<void> {
  const files = await generateTypeScriptClient(document, document.info.version);
  for (const [path, text] of files) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), text);
  }
}

const CLIENT_DIR = fileURLToPath(new URL('../../clients/typescript/', import.meta.url));

export const typescriptClient: ClientTarget = {
  name: 'TypeScript',
  dir: 'typescript',
  owned: ['src', 'dist'],
  generate: (document, version) => generateTypeScriptClient(document as OpenAPI3, version),
};
