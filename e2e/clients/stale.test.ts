import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../api/src/test/api-process.ts';
import { generateClients } from '../../scripts/clients/generate.ts';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/**
 * The committed clients are what `npm run generate:clients` makes of today's document, with the
 * three generators (each failing on a warning), and carry the API's version.
 */
describe('the committed clients', () => {
  it('are what npm run generate:clients makes of the live document', { timeout: 300_000 }, async () => {
    expect(await generateClients(true), 'stale: run npm run generate:clients and commit').toEqual([]);
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
