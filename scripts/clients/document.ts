/**
 * The API's OpenAPI document, built in-process exactly as `GET /api/v1/schema/` serves it: no
 * server, no network and no database (the schema route never touches it; a stand-in that throws
 * on use makes sure of that). The clients (`npm run generate:clients`) and the document's tests
 * start from it.
 */
import { randomBytes } from 'node:crypto';
import type { OpenAPI3 } from 'openapi-typescript';
import { createApp } from '../../api/src/app.ts';
import type { Database, DatabaseHandle } from '../../api/src/core/db/client.ts';
import { createLogger } from '../../api/src/core/logger.ts';
import { createMetrics } from '../../api/src/core/metrics.ts';
import { AuditLog, KeyUsage } from '../../api/src/core/audit/writer.ts';
import { LoginTokens } from '../../api/src/auth/login.ts';
import { NO_STORAGE } from '../../api/src/areas/buckets/storage/config.ts';
import { createStorageRuntime } from '../../api/src/areas/buckets/storage/runtime.ts';
import { SecretBox } from '../../api/src/core/secret-box.ts';

function unusable(what: string): never {
  throw new Error(`openapi document: the ${what} was used while building the OpenAPI document`);
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
      web: {
        box: new SecretBox(randomBytes(32)),
        sessions: { idleSeconds: 28_800, absoluteSeconds: 86_400 },
        providers: null,
        publicUrl: undefined,
      },
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
