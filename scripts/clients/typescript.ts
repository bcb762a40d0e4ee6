/**
 * The TypeScript client (`clients/typescript`): ESM TypeScript sources shipped unbuilt, one named
 * function per operation (`apiV1WorkspacesList`), camelCase query fields (`pageSize`), and a global
 * configuration object (`OpenAPI.BASE`, `OpenAPI.TOKEN`), as Polycrate's client had. No maintained
 * generator writes that shape any more, so this one does, in two parts: openapi-typescript for the
 * component types, and the functions below. The runtime is `typescript-runtime.ts`, copied as is.
 *
 * The sources run under Node 24's type stripping (no enums, namespaces or parameter properties;
 * relative imports name their `.ts` file) and in any bundler.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';
import type { ClientTarget, GeneratedFiles } from './files.ts';

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export const HEADER =
  '// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).\n';

const camel = (s: string) => s.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^[a-z]/, (c) => c.toUpperCase());

/** A JSDoc block from lines of text (`*\/` cannot end it early). */
function doc(lines: (string | undefined)[], indent = ''): string {
  const text = lines
    .filter((l): l is string => Boolean(l))
    .flatMap((l) => l.replaceAll('*/', '*\\/').split('\n'));
  if (text.length === 0) return '';
  return `${indent}/**\n${text.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** The TypeScript type of a schema used by an operation; components by their alias names. */
function typeOf(schema: Json | undefined, refs?: Set<string>): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop()!;
    refs?.add(name);
    return name;
  }
  if (Array.isArray(schema.anyOf))
    return [...new Set(schema.anyOf.map((s: Json) => typeOf(s, refs)))].join(' | ');
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `${typeOf(schema.items, refs)}[]`;
    case 'object': {
      if (!schema.properties)
        return `Record<string, ${schema.additionalProperties ? typeOf(schema.additionalProperties, refs) : 'unknown'}>`;
      const required = new Set<string>(schema.required ?? []);
      const fields = Object.entries(schema.properties as Json).map(
        ([name, p]) => `${JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${typeOf(p as Json, refs)}`,
      );
      return `{ ${fields.join('; ')} }`;
    }
    default:
      throw new Error(`typescript client: no type for schema ${JSON.stringify(schema)}`);
  }
}

interface Param {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}

/** One operation as a function: its parameter interface (if any) and the function. */
function operation(
  refs: Set<string>,
  doc_: Json,
  method: string,
  path: string,
  op: Json,
): { params: string; fn: string } {
  const name = camel(op.operationId as string);
  const paramsType = `${pascal(op.operationId as string)}Params`;
  const params: Param[] = (op.parameters ?? []).map((p: Json) =>
    typeof p.$ref === 'string' ? doc_.components.parameters[p.$ref.split('/').pop()!] : p,
  );
  const body = op.requestBody?.content?.['application/json'];
  const fields = params.map(
    (p) =>
      `${doc(['description' in p ? p.description : undefined], '  ')}  ${camel(p.name)}${p.required ? '' : '?'}: ${typeOf(p.schema, refs)};`,
  );
  if (body) {
    fields.push(
      `${doc(['The request body.'], '  ')}  requestBody${op.requestBody.required ? '' : '?'}: ${typeOf(body.schema, refs)};`,
    );
  }
  const success = Object.entries(op.responses as Json).filter(([status]) => status.startsWith('2'));
  const json = success.map(([, r]) => (r as Json).content?.['application/json']?.schema).filter(Boolean);
  const text = success.some(([, r]) =>
    Object.keys((r as Json).content ?? {}).some((t) => t !== 'application/json'),
  );
  const returns =
    json.length > 0 ? [...new Set(json.map((s) => typeOf(s, refs)))].join(' | ') : text ? 'string' : 'void';
  const responseType = json.length > 0 ? 'json' : text ? 'text' : 'none';
  const required = params.some((p) => p.required) || (body && op.requestBody.required);
  const arg = fields.length === 0 ? '' : `params: ${paramsType}${required ? '' : ' = {}'}`;
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const options = [
    `method: '${method.toUpperCase()}'`,
    `path: '${path}'`,
    pathParams.length > 0 &&
      `pathParams: { ${pathParams.map((p) => `${p.name}: params.${camel(p.name)}`).join(', ')} }`,
    query.length > 0 && `query: { ${query.map((p) => `${p.name}: params.${camel(p.name)}`).join(', ')} }`,
    body && 'body: params.requestBody',
    `responseType: '${responseType}'`,
  ].filter(Boolean);
  const errors = Object.keys(op.responses as Json).filter((s) => !s.startsWith('2'));
  const fn =
    doc([
      op.summary,
      op.description && `\n${op.description}`,
      `\n\`${method.toUpperCase()} ${path}\` (\`${op.operationId}\`).`,
      errors.length > 0
        ? `@throws {ApiError} ${errors.join(', ')}: the API's error body is \`error.body\`.`
        : undefined,
    ]) +
    `export function ${name}(${arg}): Promise<${returns}> {\n  return request<${returns}>({ ${options.join(', ')} });\n}\n`;
  return {
    params: fields.length === 0 ? '' : `export interface ${paramsType} {\n${fields.join('\n')}\n}\n`,
    fn,
  };
}

/**
 * The JavaScript twin of a source. Node 24 strips types only outside node_modules
 * (ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING), so an installed package needs JavaScript to load;
 * TypeScript's own transpiler removes the types and rewrites `./x.ts` imports to `./x.js`.
 */
function javascript(source: string): string {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
      rewriteRelativeImportExtensions: true,
    },
  });
  return outputText;
}

/** The client's files for `doc`, by path below `clients/typescript/`. */
export async function generateTypeScriptClient(document: OpenAPI3, version: string): Promise<GeneratedFiles> {
  const d = document as unknown as Json;
  const schemas = Object.keys((d.components?.schemas ?? {}) as Json).sort();
  const types =
    HEADER +
    "// The API's component types (openapi-typescript), and a named alias for each.\n\n" +
    astToString(await openapiTS(document, { alphabetize: true })) +
    '\n' +
    schemas.map((s) => `export type ${s} = components['schemas']['${s}'];`).join('\n') +
    '\n';

  const parts: string[] = [];
  const refs = new Set<string>();
  for (const [path, item] of Object.entries(d.paths as Json)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      const { params, fn } = operation(refs, d, method, path, op);
      parts.push(params + fn);
    }
  }
  const used = [...refs].sort();
  const sdk =
    HEADER +
    `import { request } from './core.ts';\n` +
    (used.length > 0 ? `import type { ${used.join(', ')} } from './types.gen.ts';\n` : '') +
    '\n' +
    parts.join('\n');

  const core = HEADER + (await readFile(new URL('./typescript-runtime.ts', import.meta.url), 'utf8'));
  const index =
    HEADER +
    "export { ApiError, OpenAPI, request } from './core.ts';\n" +
    "export type { ApiErrorBody, ClientConfig, RequestOptions } from './core.ts';\n" +
    "export * from './sdk.gen.ts';\n" +
    "export type * from './types.gen.ts';\n";
  const packageJson = {
    name: '@plinth/client',
    version,
    description: `The Plinth API's TypeScript client, for API version ${version} (generated; see docs/clients.md).`,
    license: 'Apache-2.0',
    type: 'module',
    // TypeScript and editors read the sources; Node and bundlers load their JavaScript twins.
    exports: { '.': { types: './src/index.ts', default: './dist/index.js' } },
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

const CLIENT_DIR = fileURLToPath(new URL('../../clients/typescript/', import.meta.url));

export const typescriptClient: ClientTarget = {
  name: 'TypeScript',
  dir: 'typescript',
  owned: ['src', 'dist'],
  generate: (document, version) => generateTypeScriptClient(document as OpenAPI3, version),
};
