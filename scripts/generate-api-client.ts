/**
 * Generates the operator's Plinth API types (`operator/src/plinth-api/openapi.ts`) from the API's
 * own OpenAPI document, so the operator's client cannot drift from the routes.
 *
 *   npm run generate:api-client            writes the file
 *   npm run generate:api-client -- --check exits 1 when the committed file is stale
 *
 * The document is the one `GET /api/v1/schema/` serves, asked of an in-process app (`app.request`):
 * no server, no network, and no database (the schema route never touches it; a stand-in that throws
 * on use makes sure of that).
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';
import { createApp } from '../api/src/app.ts';
import type { Database, DatabaseHandle } from '../api/src/core/db/client.ts';
import { createLogger } from '../api/src/core/logger.ts';
import { createMetrics } from '../api/src/core/metrics.ts';
import { AuditLog, KeyUsage } from '../api/src/areas/audit/writer.ts';
import { LoginTokens } from '../api/src/auth/login.ts';
import { NO_STORAGE } from '../api/src/areas/buckets/storage/config.ts';
import { createStorageRuntime } from '../api/src/areas/buckets/storage/runtime.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const OUTPUT_FILE = fileURLToPath(new URL('../operator/src/plinth-api/openapi.ts', import.meta.url));
export const GENERATE_COMMAND = 'npm run generate:api-client';

const HEADER = `/**
 * GENERATED FILE: do not edit. Regenerate with \`${GENERATE_COMMAND}\` (scripts/generate-api-client.ts),
 * which runs openapi-typescript on the Plinth API's OpenAPI document (GET /api/v1/schema/).
 * \`npm test\` fails when this file differs from a fresh generation.
 */
`;

function unusable(what: string): never {
  throw new Error(`generate-api-client: the ${what} was used while building the OpenAPI document`);
}

/** The API's OpenAPI document, built in-process exactly as `GET /api/v1/schema/` serves it. */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  const db = new Proxy({}, { get: (_t, key) => unusable(`database (db.${String(key)})`) }) as Database;
  const database: DatabaseHandle = {
    kind: 'pglite',
    db,
    query: () => unusable('database'),
    migrate: () => unusable('database'),
    migrationsPending: () => unusable('database'),
    close: async () => {},
  };
  const logger = createLogger('silent');
  const audit = new AuditLog(db, logger);
  const keyUsage = new KeyUsage(db, logger);
  try {
    const app = createApp({
      logger,
      database,
      metrics: createMetrics({ processMetrics: false }),
      bodyLimitBytes: 1024 * 1024,
      audit,
      keyUsage,
      loginTokens: new LoginTokens(randomBytes(32).toString('hex'), 900),
      trustProxyHops: 0,
      storage: createStorageRuntime(NO_STORAGE, randomBytes(32)),
    });
    const res = await app.request('/api/v1/schema/?format=json');
    if (res.status !== 200)
      throw new Error(`GET /api/v1/schema/ answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as OpenAPI3;
  } finally {
    // Nothing was buffered, so nothing is written; this only stops their flush timers.
    await Promise.all([audit.close(), keyUsage.close()]);
  }
}

/** The complete contents of `operator/src/plinth-api/openapi.ts`, formatted as the repository formats. */
export async function generateApiClientTypes(): Promise<string> {
  const document = await buildOpenApiDocument();
  const nodes = await openapiTS(document, { silent: true });
  const source = HEADER + '\n' + astToString(nodes);
  // As the prettier CLI does (`prettier --check` must agree): .prettierrc plus .editorconfig.
  const config = (await prettier.resolveConfig(OUTPUT_FILE, { editorconfig: true })) ?? {};
  return prettier.format(source, { ...config, filepath: OUTPUT_FILE });
}

/** Where two versions of the file first differ, to say what changed without a 4,000-line diff. */
export function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i === -1 ? a.length : i;
  return `first difference at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  generated: ${b[at] ?? '(end of file)'}`;
}

async function main(args: readonly string[]): Promise<number> {
  const unknown = args.filter((a) => a !== '--check');
  if (unknown.length > 0) {
    console.error(`usage: ${GENERATE_COMMAND} [-- --check]   (unknown: ${unknown.join(' ')})`);
    return 2;
  }
  const fresh = await generateApiClientTypes();
  const shown = relative(REPO_ROOT, OUTPUT_FILE);
  if (args.includes('--check')) {
    const committed = await readFile(OUTPUT_FILE, 'utf8').catch(() => undefined);
    if (committed === fresh) {
      console.log(`${shown} is up to date with the API's OpenAPI document.`);
      return 0;
    }
    console.error(
      committed === undefined
        ? `${shown} is missing. Run \`${GENERATE_COMMAND}\` and commit the result.`
        : `${shown} is stale: the API's OpenAPI document has changed since it was generated. ` +
            `Run \`${GENERATE_COMMAND}\` and commit the result.\n${firstDifference(committed, fresh)}`,
    );
    return 1;
  }
  await writeFile(OUTPUT_FILE, fresh);
  console.log(`wrote ${shown}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
