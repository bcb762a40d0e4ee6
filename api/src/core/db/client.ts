import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDirLock } from '../dir-lock.ts';

/**
 * The drizzle database, whichever driver is underneath. Queries name their tables (imported from
 * `core/db/schema/`); the relational `db.query` API is not used, so no schema is attached.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** Session advisory lock key held while migrating and bootstrapping ("plinth:migrate"). */
const MIGRATION_LOCK_KEY = 7_311_024_517_042n;

/** The newest migration's timestamp in the committed journal; the database is current when it has it. */
const LATEST_MIGRATION_MILLIS = Math.max(
  0,
  ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
);

export interface DatabaseHandle {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Database;
  /** Runs one raw statement; used for health checks and locks, never with user input. */
  query(text: string): Promise<Record<string, unknown>[]>;
  /**
   * Applies pending migrations, then runs `whileLocked`, all under one advisory lock so replicas
   * that start together migrate and bootstrap one after the other.
   */
  migrate(whileLocked?: () => Promise<void>): Promise<void>;
  /** True when the database lacks a committed migration. Rejects when it is unreachable. */
  migrationsPending(): Promise<boolean>;
  close(): Promise<void>;
}

async function pendingFrom(query: DatabaseHandle['query']): Promise<boolean> {
  try {
    const rows = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
    const last = Number(rows[0]?.last ?? 0);
    return last < LATEST_MIGRATION_MILLIS;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    // undefined_table / invalid_schema_name: nothing was ever migrated here.
    if (code === '42P01' || code === '3F000') return true;
    throw err;
  }
}

/** How drizzle names columns on both drivers (`organizationId` is `organization_id`). */
export const DRIZZLE_OPTIONS = { casing: 'snake_case' } as const;

const postgresClients = new WeakMap<Database, postgres.Sql>();

/** The postgres-js client under `db`, or undefined on PGlite; everything else goes through drizzle. */
export const postgresClientOf = (db: Database): postgres.Sql | undefined => postgresClients.get(db);

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const common = {
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'plinth-api' },
  } as const;
  const sql = postgres(url, { ...common, max: poolSize, idle_timeout: 60 });
  const db = drizzlePostgres(sql, DRIZZLE_OPTIONS);
  postgresClients.set(db, sql);
  const query = async (text: string) => [...(await sql.unsafe(text))] as Record<string, unknown>[];
  return {
    kind: 'postgres',
    db,
    query,
    async migrate(whileLocked) {
      // Migrations on their own single connection, which also holds the session-level lock.
      const conn = postgres(url, { ...common, max: 1 });
      try {
        await conn`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
        await migratePostgres(drizzlePostgres(conn, DRIZZLE_OPTIONS), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
        await whileLocked?.();
        await conn`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
      } finally {
        await conn.end({ timeout: 5 });
      }
    },
    migrationsPending: () => pendingFrom(query),
    close: () => sql.end({ timeout: 5 }),
  };
}

/**
 * PGlite and its drizzle driver are loaded only when the embedded database is used: a process on a
 * PostgreSQL server never pays for them.
 */
async function loadPglite() {
  const [{ PGlite: Client }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { Client, drizzle, migrate };
}

async function pgliteHandle(client: PGlite, release: () => void = () => {}): Promise<DatabaseHandle> {
  const { drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  const db = drizzlePglite(client, DRIZZLE_OPTIONS);
  const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  return {
    kind: 'pglite',
    db,
    query,
    // One process owns a PGlite directory (see openPglite), so no lock is needed here.
    async migrate(whileLocked) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await whileLocked?.();
    },
    migrationsPending: () => pendingFrom(query),
    async close() {
      await client.close();
      release();
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // PGlite is single-process: a second API on the same directory would corrupt it.
  const lock = acquireDirLock(dataDir);
  try {
    const { Client } = await loadPglite();
    return await pgliteHandle(await Client.create(`${dataDir}/pglite`), () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** An in-memory PGlite database, for tests. */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const { Client } = await loadPglite();
  return pgliteHandle(await Client.create());
}

/** Opens the configured database: a postgres pool when `DATABASE_URL` is set, else PGlite. */
/** Where the data lives: a PostgreSQL server, or the embedded PGlite in a data directory. */
export type DatabaseOptions =
  | { readonly kind: 'postgres'; readonly url: string; readonly poolSize: number }
  | { readonly kind: 'pglite'; readonly dataDir: string };

export async function openDatabase(config: DatabaseOptions): Promise<DatabaseHandle> {
  return config.kind === 'postgres' ? openPostgres(config.url, config.poolSize) : openPglite(config.dataDir);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when an error (or one in its `cause` chain) means the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  }
  return false;
}

/** Rows of a raw `execute()`: postgres-js returns them as the result, PGlite under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
