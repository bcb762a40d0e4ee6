import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../api/src/test/api-process.ts';
import { runToolScript } from '../../operator/src/test/control-plane.ts';
import { generateClients } from '../../scripts/clients/generate.ts';
import { pythonClient } from '../../scripts/clients/python.ts';
import { sh } from './live-api.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/**
 * The committed clients are what `npm run generate:clients` makes of today's document, with the
 * three generators (each failing on a warning), and carry the API's version.
 */
describe('the committed clients', () => {
  it('are what npm run generate:clients makes of the live document', { timeout: 300_000 }, async () => {
    expect(await generateClients(true), 'stale: run npm run generate:clients and commit').toEqual([]);
  });

  // go.mod and go.sum are kept by hand (generation does not touch them): they must still list
  // exactly what the generated code imports, or `go get` of a release resolves a different set.
  it("leave the Go module's go.mod and go.sum tidy", { timeout: 120_000 }, async () => {
    const go = await runToolScript('go.sh');
    await sh(go, ['mod', 'tidy', '-diff'], {
      cwd: join(REPO_ROOT, 'clients/go'),
      env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod' },
    });
  });

  // The check above passes only while the generators keep quiet; this is what a warning does to it.
  it("fail to generate on a generator's warning", { timeout: 120_000 }, async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'warns', version: '0.0.0' },
      paths: {
        '/a/': {
          post: {
            operationId: 'a_create',
            // openapi-python-client skips the operation with "Unsupported content type", exit status 0.
            requestBody: { content: { 'application/xml': { schema: { type: 'object' } } } },
            responses: { '204': { description: 'done' } },
          },
        },
      },
    };
    await expect(pythonClient.generate(document, '0.0.0')).rejects.toThrow(
      /openapi-python-client warned:[\s\S]*Unsupported content type application\/xml/,
    );
  });

  it("carry the API's version", () => {
    const version = (JSON.parse(read('package.json')) as { version: string }).version;
    expect((JSON.parse(read('clients/openapi.json')) as { info: { version: string } }).info.version).toBe(
      version,
    );
    expect(read('clients/go/version.go')).toContain(`const Version = "${version}"`);
    expect(read('clients/python/pyproject.toml')).toMatch(
      new RegExp(`^version = "${version.replaceAll('.', '\\.')}"$`, 'm'),
    );
    expect((JSON.parse(read('clients/typescript/package.json')) as { version: string }).version).toBe(
      version,
    );
  });
});
