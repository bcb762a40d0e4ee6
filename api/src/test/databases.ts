import { inject } from 'vitest';
import { openDatabase, openMemoryDatabase } from '../core/db/client.ts';
import type { DatabaseHandle } from '../core/db/client.ts';
import { createDatabaseOn } from './postgres-server.ts';

/** The two databases every integration suite runs against. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/** A fresh, empty database of that kind (a new in-memory PGlite, or a new database on the server). */
export async function freshDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openMemoryDatabase();
  const url = await createDatabaseOn(inject('postgresServerUrl'));
  return openDatabase({ kind: 'postgres', url, poolSize: 5 });
}

/** A fresh database with every migration applied. */
export async function migratedDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  const database = await freshDatabase(kind);
  await database.migrate();
  return database;
}

/** A fresh database URL on the test server, for tests that start API processes. */
export function freshDatabaseUrl(): Promise<string> {
  return createDatabaseOn(inject('postgresServerUrl'));
}
