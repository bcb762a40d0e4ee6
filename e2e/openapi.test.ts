import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolScript } from '../operator/src/test/control-plane.ts';
import { REPO_ROOT } from '../api/src/test/api-process.ts';
import { buildOpenApiDocument } from '../scripts/clients/document.ts';

type Json = Record<string, any>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document with its path and method. */
function operations(doc: Json): { id: string; op: Json }[] {
  return Object.values(doc.paths as Json).flatMap((item: Json) =>
    METHODS.filter((m) => item[m]).map((m) => ({ id: item[m].operationId as string, op: item[m] as Json })),
  );
}

/** `#/components/<kind>/<name>` of the document. */
function resolve(doc: Json, node: Json): Json {
  if (typeof node.$ref !== 'string') return node;
  const [, , kind, name] = node.$ref.split('/') as [string, string, string, string];
  return doc.components[kind][name];
}

/** Each schema node under `node` with a path for messages (properties, items, anyOf branches). */
function* schemaNodes(node: unknown, at: string): Generator<[string, Json]> {
  if (typeof node !== 'object' || node === null) return;
  const s = node as Json;
  yield [at, s];
  for (const [name, p] of Object.entries(s.properties ?? {})) yield* schemaNodes(p, `${at}.${name}`);
  if (s.items) yield* schemaNodes(s.items, `${at}[]`);
  if (typeof s.additionalProperties === 'object') yield* schemaNodes(s.additionalProperties, `${at}{}`);
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const b of s[key] ?? []) yield* schemaNodes(b, at);
}

/** Every schema of the document: components, parameters, bodies, responses. */
function* allSchemas(doc: Json): Generator<[string, Json]> {
  for (const [name, s] of Object.entries(doc.components.schemas as Json)) yield* schemaNodes(s, name);
  for (const { id, op } of operations(doc)) {
    for (const p of op.parameters ?? [])
      yield* schemaNodes(resolve(doc, p).schema, `${id}(${resolve(doc, p).name})`);
    for (const [type, m] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
      yield* schemaNodes(m.schema, `${id} body ${type}`);
    }
    for (const [status, r] of Object.entries(op.responses as Json)) {
      for (const [type, m] of Object.entries((r.content ?? {}) as Json))
        yield* schemaNodes(m.schema, `${id} ${status} ${type}`);
    }
  }
}

/**
 * The OpenAPI document is what the Go, Python and TypeScript clients are generated from: it is
 * linted by Redocly CLI, and held to what a client author needs (a description everywhere, an
 * example for each body) in the forms generators handle.
 */
describe('the OpenAPI document', () => {
  let doc: Json;
  let work: string;

  beforeAll(async () => {
    doc = await buildOpenApiDocument();
    work = mkdtempSync(join(tmpdir(), 'plinth-openapi-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('passes Redocly CLI lint with the rules in redocly.yaml, without a warning', async () => {
    const redocly = await runToolScript('redocly.sh');
    const file = join(work, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    // Redocly writes its verdict to stderr and the problems to stdout: both are the output.
    const run = spawnSync(
      process.execPath,
      [redocly, 'lint', file, '--format=stylish', '--max-problems=100'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    expect(output).toContain('Woohoo! Your API description is valid.');
    expect(output).not.toMatch(/warning/i);
  });

  it('describes every operation, parameter and property', () => {
    const missing: string[] = [];
    for (const { id, op } of operations(doc)) {
      if (!op.summary) missing.push(`${id}: summary`);
      if (!op.description) missing.push(`${id}: description`);
      for (const p of op.parameters ?? []) {
        const param = resolve(doc, p);
        if (!param.description) missing.push(`${id}: parameter ${param.name}`);
      }
    }
    for (const [at, s] of allSchemas(doc)) {
      for (const [name, p] of Object.entries((s.properties ?? {}) as Json)) {
        if (!p.description && !resolve(doc, p).description) missing.push(`${at}.${name}`);
      }
    }
    for (const [name, s] of Object.entries(doc.components.schemas as Json)) {
      if (!s.description) missing.push(`component ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('gives an example for every request body and every JSON success response', () => {
    const missing: string[] = [];
    const hasExample = (m: Json) =>
      m.example !== undefined ||
      m.examples !== undefined ||
      resolve(doc, m.schema ?? {}).example !== undefined;
    for (const { id, op } of operations(doc)) {
      for (const [type, m] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        if (!hasExample(m)) missing.push(`${id} body ${type}`);
      }
      for (const [status, r] of Object.entries(op.responses as Json)) {
        const json = r.content?.['application/json'];
        if (status.startsWith('2') && json && id !== 'api_v1_schema_retrieve' && !hasExample(json)) {
          missing.push(`${id} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the forms generators handle: anyOf for null, shared components, no defaults', () => {
    const problems: string[] = [];
    for (const [at, s] of allSchemas(doc)) {
      if (Array.isArray(s.type)) problems.push(`${at}: type ${JSON.stringify(s.type)}`);
      if (Array.isArray(s.enum) && s.enum.includes(null)) problems.push(`${at}: null in enum`);
      if ('default' in s) problems.push(`${at}: default`);
      if (
        s.enum &&
        JSON.stringify([...s.enum].sort()) === JSON.stringify(['admin', 'user', 'viewer']) &&
        at !== 'Role'
      ) {
        problems.push(`${at}: the role enum inline`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components.schemas.Error).toBeUndefined();
    expect(doc.components.schemas.ErrorResponse.properties.code.enum).toContain('bucket_name_taken');
    for (const { id, op } of operations(doc)) {
      for (const p of op.parameters ?? []) {
        if (['page', 'page_size'].includes(p.name)) problems.push(`${id}: ${p.name} inline`);
      }
      for (const [status, r] of Object.entries(op.responses as Json)) {
        if (!r.headers?.['X-Request-Id']) problems.push(`${id} ${status}: no X-Request-Id header`);
        if (status === '401' && !r.headers?.['WWW-Authenticate'])
          problems.push(`${id} 401: no WWW-Authenticate`);
        if (['429', '503'].includes(status) && !r.headers?.['Retry-After'])
          problems.push(`${id} ${status}: no Retry-After`);
        for (const type of Object.keys(r.content ?? {})) {
          if (
            !['application/json', 'application/yaml', 'application/x-ndjson', 'text/plain'].includes(type)
          ) {
            problems.push(`${id} ${status}: media type ${type}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.tags.map((t: Json) => t.name).sort()).toEqual(
      [...new Set(operations(doc).flatMap(({ op }) => op.tags as string[]))].sort(),
    );
  });

  it('says of every free string a request takes that it cannot hold NUL, which the API refuses', () => {
    // Without the pattern a client or fuzzer takes a NUL for valid data and the 400 for a bug.
    const free: string[] = [];
    const visit = (node: Json, at: string, seen: Set<Json>): void => {
      const s = resolve(doc, node);
      if (seen.has(s)) return;
      seen.add(s);
      const refusesNul =
        s.format !== undefined ||
        s.enum !== undefined ||
        s.const !== undefined ||
        (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test('a\u0000b'));
      if (s.type === 'string' && !refusesNul) free.push(at);
      for (const [name, p] of Object.entries(s.properties ?? {})) visit(p as Json, `${at}.${name}`, seen);
      if (s.items) visit(s.items, `${at}[]`, seen);
      for (const key of ['anyOf', 'oneOf', 'allOf']) for (const b of s[key] ?? []) visit(b, at, seen);
    };
    for (const { id, op } of operations(doc)) {
      for (const p of op.parameters ?? []) {
        const param = resolve(doc, p);
        visit(param.schema, `${id}(${param.name})`, new Set());
      }
      for (const [type, m] of Object.entries((op.requestBody?.content ?? {}) as Json))
        visit(m.schema, `${id} body ${type}`, new Set());
    }
    expect(free).toEqual([]);
  });
});
