/**
 * Regenerates the Go, Python and TypeScript clients in `clients/` from the API's OpenAPI document.
 *
 *   npm run generate:clients             writes clients/openapi.json and the three clients
 *   npm run generate:clients -- --check  writes nothing; exits 1 listing every stale file
 *
 * The document is built in-process exactly as `GET /api/v1/schema/` serves it (no database, no
 * server). Each client's version is the document's `info.version`. A generator's warning fails
 * the run: the document must give every generator what it needs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildOpenApiDocument } from './document.ts';
import { staleFiles, writeFiles } from './files.ts';
import type { ClientTarget } from './files.ts';
import { goClient } from './go.ts';
import { pythonClient } from './python.ts';
import { typescriptClient } from './typescript.ts';

export const CLIENTS_DIR = fileURLToPath(new URL('../../clients/', import.meta.url));

/** Every generated client; a new language is one more entry. */
export const TARGETS: ClientTarget[] = [goClient, pythonClient, typescriptClient];

/** The checked-in copy of the document the clients were generated from. */
async function documentFile(document: object): Promise<string> {
  const options = (await prettier.resolveConfig(join(CLIENTS_DIR, 'openapi.json'))) ?? {};
  return prettier.format(JSON.stringify(document), {
    ...options,
    filepath: join(CLIENTS_DIR, 'openapi.json'),
  });
}

/** The stale files (relative to `clients/`), after writing fresh ones unless `check`. */
export async function generateClients(check: boolean): Promise<string[]> {
  const document = await buildOpenApiDocument();
  const version = (document as { info: { version: string } }).info.version;
  // Every client is generated before anything is written: a failing generator leaves clients/ as it was.
  const generated = await Promise.all(
    TARGETS.map(async (t) => [t, await t.generate(document, version)] as const),
  );
  const json = await documentFile(document);
  const stale: string[] = [];
  if ((await readFile(join(CLIENTS_DIR, 'openapi.json'), 'utf8').catch(() => '')) !== json)
    stale.push('openapi.json');
  for (const [target, files] of generated) stale.push(...(await staleFiles(CLIENTS_DIR, target, files)));
  if (!check) {
    await writeFile(join(CLIENTS_DIR, 'openapi.json'), json);
    for (const [target, files] of generated) await writeFiles(CLIENTS_DIR, target, files);
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = await generateClients(check);
  if (check && stale.length > 0) {
    console.error(
      `generate:clients: stale in clients/ (run npm run generate:clients and commit):\n  ${stale.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(
    check
      ? 'generate:clients: every client is current'
      : `generate:clients: wrote ${stale.length} changed file(s)`,
  );
}
