import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../api/src/test/api-process.ts';
import { generateTypeScriptClient, writeTypeScriptClient } from '../../scripts/clients/typescript.ts';
import type { ApiError, ClientConfig } from '../../scripts/clients/typescript-runtime.ts';
import { sh } from './live-api.ts';

/**
 * A document with what today's API does not use yet but an OpenAPI 3.1 document may: parameters
 * on the path item, header and array query parameters, wire names that are not identifiers, `$ref`
 * request bodies and responses, vendor JSON media, a binary upload and download, combinators,
 * schema names that are not identifiers or that the runtime's exports take (`ApiError`), an
 * operation without an ID, and a deprecated one.
 */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Synthetic', version: '9.8.7' },
  paths: {
    '/things/': {
      get: {
        operationId: 'listThings',
        summary: 'List things',
        parameters: [
          { $ref: '#/components/parameters/PageSize' },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
          { name: 'filter[name]', in: 'query', schema: { type: ['string', 'null'] } },
        ],
        responses: {
          '200': {
            description: 'A page',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
                },
              },
            },
          },
        },
      },
      post: {
        operationId: 'things_create',
        requestBody: { $ref: '#/components/requestBodies/NewThing' },
        responses: {
          '201': { $ref: '#/components/responses/OneThing' },
          '400': { $ref: '#/components/responses/Problem' },
        },
      },
    },
    '/things/{thing-id}/': {
      parameters: [{ name: 'thing-id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'things_retrieve',
        description: 'One thing. A comment end */ stays inside the JSDoc.',
        parameters: [{ name: 'X-Trace-Id', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': { $ref: '#/components/responses/OneThing' },
          '404': { $ref: '#/components/responses/Problem' },
        },
      },
      delete: {
        operationId: 'things_destroy',
        deprecated: true,
        responses: { '204': { description: 'Gone' }, '429': { $ref: '#/components/responses/Problem' } },
      },
    },
    '/files/{name}': {
      put: {
        operationId: 'files_upload',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        responses: { '204': { description: 'Stored' } },
      },
      get: {
        operationId: 'files_download',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The bytes', content: { 'application/octet-stream': {} } } },
      },
    },
    '/health': {
      get: {
        responses: {
          '200': { description: 'Up', content: { 'text/plain': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    parameters: {
      PageSize: { name: 'page_size', in: 'query', schema: { type: 'integer' } },
    },
    requestBodies: {
      NewThing: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingCreate' } } },
      },
    },
    responses: {
      OneThing: {
        description: 'A thing',
        content: { 'application/vnd.plinth+json': { schema: { $ref: '#/components/schemas/Thing' } } },
      },
      Problem: {
        description: 'An error',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      },
    },
    schemas: {
      Kind: { type: 'string', enum: ['small', 'large'] },
      Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      Thing: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          {
            type: 'object',
            properties: {
              kind: { anyOf: [{ $ref: '#/components/schemas/Kind' }, { type: 'null' }] },
              item: { $ref: '#/components/schemas/v2.Item' },
            },
            required: ['kind'],
          },
        ],
      },
      ThingCreate: {
        type: 'object',
        properties: { kind: { $ref: '#/components/schemas/Kind' }, size: { const: 1 } },
        required: ['kind'],
      },
      'v2.Item': { type: 'object', properties: { label: { type: 'string' } } },
      ApiError: {
        type: 'object',
        properties: { detail: { type: 'string' }, code: { type: 'string' } },
        required: ['detail', 'code'],
      },
    },
  },
};

/** The generated module as the runtime assertions call it (its own types are checked by tsc below). */
type Call = (params?: Record<string, unknown>) => Promise<unknown>;
interface Synthetic {
  OpenAPI: ClientConfig;
  ApiError: typeof ApiError;
  listThings: Call;
  thingsCreate: Call;
  thingsRetrieve: Call;
  thingsDestroy: Call;
  filesUpload: Call;
  filesDownload: Call;
  getHealth: Call;
}

/** What a user writes against the generated client; `@ts-expect-error` lines must stay errors. */
const USAGE = `
import { ApiError, OpenAPI, createPlinthClient, filesDownload, filesUpload, getHealth, listThings, thingsCreate, thingsDestroy, thingsRetrieve } from './src/index.ts';
import type { ApiErrorSchema, Kind, PlinthClient, Thing, V2Item } from './src/index.ts';

export async function use(): Promise<void> {
  OpenAPI.BASE = 'https://plinth.example.com';
  OpenAPI.TOKEN = async () => 'token';
  const page: (Thing | null)[] = await listThings({ pageSize: 1, tags: ['a'], ids: [1, 2], filterName: null });
  const thing: Thing = await thingsRetrieve({ thingId: 'x', xTraceId: 't' });
  const kind: Kind | null = thing.kind;
  const item: V2Item | undefined = thing.item;
  const created: Thing = await thingsCreate({ requestBody: { kind: 'small', size: 1 } });
  const gone: void = await thingsDestroy({ thingId: 'x' });
  const stored: void = await filesUpload({ name: 'f', requestBody: new Uint8Array([1]) });
  const bytes: Blob = await filesDownload({ name: 'f' });
  const text: string = await getHealth();
  const body: ApiErrorSchema = { detail: 'd', code: 'c' };
  const error = new ApiError(new Response(), body);
  console.log(page, kind, item, created, gone, stored, bytes, text, error.status, thing.id);
  // @ts-expect-error: query fields are camelCase
  await listThings({ page_size: 1 });
  // @ts-expect-error: a path parameter is required
  await thingsRetrieve({});
  // @ts-expect-error: an enum's values only
  await thingsCreate({ requestBody: { kind: 'medium' } });
  // @ts-expect-error: the body is required
  await filesUpload({ name: 'f' });
  const own: PlinthClient = createPlinthClient({ baseUrl: 'https://b.example', token: async () => 't', timeoutMs: 1 });
  const mine: Thing = await own.thingsRetrieve({ thingId: 'x' }, { onResponse: (r) => console.log(r.status) });
  const health: string = await own.getHealth();
  console.log(mine, health);
  // @ts-expect-error: an instance needs its base URL
  createPlinthClient({ token: 't' });
}
`;

describe('the TypeScript generator on any OpenAPI 3.1 document', () => {
  let dir: string;
  let files: Map<string, string>;
  let client: Synthetic;
  const sent: { url: string; init: RequestInit }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plinth-ts-generator-'));
    await writeTypeScriptClient(DOCUMENT as unknown as OpenAPI3, dir);
    files = new Map(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          const path = relative(dir, join(e.parentPath, e.name));
          return [path, readFileSync(join(dir, path), 'utf8')];
        }),
    );
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    client = (await import(pathToFileURL(join(dir, 'src/index.ts')).href)) as Synthetic;
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The answers the recording fetch gives, in order. */
  function answer(...responses: Response[]) {
    sent.length = 0;
    client.OpenAPI.BASE = 'https://plinth.example.com/prefix/';
    client.OpenAPI.TOKEN = 'tok';
    client.OpenAPI.FETCH = ((url: URL, init: RequestInit) => {
      sent.push({ url: String(url), init });
      return Promise.resolve(responses.shift()!);
    }) as typeof fetch;
  }
  const json = (
    status: number,
    body: unknown,
    type = 'application/json',
    headers: Record<string, string> = {},
  ) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type, ...headers } });

  it('writes a versioned package with headed, formatted sources', () => {
    expect([...files.keys()].sort()).toEqual([
      'dist/core.d.ts',
      'dist/core.js',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/sdk.gen.d.ts',
      'dist/sdk.gen.js',
      'dist/types.gen.d.ts',
      'dist/types.gen.js',
      'package.json',
      'src/core.ts',
      'src/index.ts',
      'src/sdk.gen.ts',
      'src/types.gen.ts',
    ]);
    expect(JSON.parse(files.get('package.json')!)).toMatchObject({
      name: '@plinth/client',
      version: '9.8.7',
    });
    for (const [path, text] of files) {
      if (path !== 'package.json') expect(text, path).toMatch(/^\/\/ GENERATED FILE: do not edit/);
    }
    const sdk = files.get('src/sdk.gen.ts')!;
    expect(sdk).toContain("path: '/things/{thing-id}/'");
    expect(sdk).toContain('* One thing. A comment end *\\/ stays inside the JSDoc.');
    expect(sdk).toMatch(/@deprecated\n \*\/\nexport function thingsDestroy/);
  });

  it('type-checks under the repository compiler options, and what a user gets wrong does not', () => {
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2024.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noUncheckedIndexedAccess: true,
      allowImportingTsExtensions: true,
      erasableSyntaxOnly: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  });

  it('loads with Node 24 type stripping as sources and as the JavaScript twins', async () => {
    for (const entry of ['src/index.ts', 'dist/index.js']) {
      const { stdout } = await sh(process.execPath, [
        '--input-type=module',
        '-e',
        `const c = await import(${JSON.stringify(pathToFileURL(join(dir, entry)).href)}); console.log(Object.keys(c).sort().join(' '));`,
      ]);
      expect(stdout.trim(), entry).toBe(
        'ApiError OpenAPI createClient createPlinthClient filesDownload filesUpload getHealth listThings request thingsCreate thingsDestroy thingsRetrieve',
      );
    }
  });

  it('sends path-item, header and array parameters by their wire names', async () => {
    answer(json(200, []), json(200, { id: '1', kind: null }, 'application/vnd.plinth+json'));
    await client.listThings({ pageSize: 2, tags: ['x', 'y'], ids: [1, 2], filterName: 'n' });
    const thing = await client.thingsRetrieve({ thingId: 'a b', xTraceId: 't-1' });
    expect(thing).toEqual({ id: '1', kind: null });
    expect(sent.map((s) => s.url)).toEqual([
      'https://plinth.example.com/prefix/things/?page_size=2&tags=x&tags=y&ids=1%2C2&filter%5Bname%5D=n',
      'https://plinth.example.com/prefix/things/a%20b/',
    ]);
    expect(sent[1]!.init.headers).toMatchObject({ 'X-Trace-Id': 't-1', Authorization: 'Bearer tok' });
  });

  it('sends JSON bodies as JSON and binary bodies as given; reads a Blob and text', async () => {
    answer(
      json(201, { id: '2', kind: 'small' }, 'application/vnd.plinth+json'),
      new Response(null, { status: 204 }),
      new Response(new Uint8Array([7, 8]), { headers: { 'Content-Type': 'application/octet-stream' } }),
      new Response('ok', { headers: { 'Content-Type': 'text/plain' } }),
    );
    await client.thingsCreate({ requestBody: { kind: 'small' } });
    await client.filesUpload({ name: 'f.bin', requestBody: new Uint8Array([1, 2, 3]) });
    const blob = (await client.filesDownload({ name: 'f.bin' })) as Blob;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([7, 8]);
    expect(await client.getHealth()).toBe('ok');
    expect(sent[0]!.init).toMatchObject({ method: 'POST', body: '{"kind":"small"}' });
    expect(sent[0]!.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(sent[1]!.init).toMatchObject({ method: 'PUT', body: new Uint8Array([1, 2, 3]) });
    expect(sent[1]!.init.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
  });

  it('turns a problem+json answer into ApiError; Retry-After as a date counts seconds', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    answer(
      json(429, { detail: 'Later.', code: 'throttled' }, 'application/problem+json', { 'Retry-After': at }),
    );
    const err = (await client.thingsDestroy({ thingId: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(client.ApiError);
    expect([err.status, err.code, err.message]).toEqual([429, 'throttled', 'Later.']);
    expect(err.retryAfter).toBeGreaterThanOrEqual(28);
    expect(err.retryAfter).toBeLessThanOrEqual(31);
  });

  it('names an unset OpenAPI.BASE instead of failing to parse a URL', async () => {
    answer(json(200, []));
    client.OpenAPI.BASE = '';
    await expect(client.listThings()).rejects.toThrow(/OpenAPI.BASE is not set/);
    expect(sent).toEqual([]);
  });

  it('refuses what it cannot express rather than guessing', async () => {
    const withOperation = (op: object, path = '/x/') =>
      generateTypeScriptClient(
        { ...DOCUMENT, paths: { [path]: { get: op } } } as unknown as OpenAPI3,
        '1.0.0',
      );
    const ok = { responses: { '204': { description: 'ok' } } };
    await expect(
      withOperation({
        ...ok,
        operationId: 'a',
        parameters: [{ name: 's', in: 'cookie', schema: { type: 'string' } }],
      }),
    ).rejects.toThrow(/cookie parameter s is not supported/);
    await expect(
      withOperation({
        ...ok,
        operationId: 'b',
        parameters: [
          { name: 'page_size', in: 'query', schema: { type: 'integer' } },
          { name: 'pageSize', in: 'query', schema: { type: 'integer' } },
        ],
      }),
    ).rejects.toThrow(/two parameters become pageSize/);
    await expect(withOperation({ ...ok, operationId: 'c' }, '/x/{id}/')).rejects.toThrow(
      /\{id\} has no path parameter/,
    );
    await expect(withOperation({ ...ok, operationId: 'request' })).rejects.toThrow(/reserved or taken/);
  });
});
