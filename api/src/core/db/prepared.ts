import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle. Hot-path queries use these: drizzle
 * builds the SQL once, and the driver prepares it once per connection instead of parsing and
 * describing it on every call (drizzle only asks postgres-js to prepare named statements). Other
 * objects that belong with one database handle (the authentication lookups' batches) use it too.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map<string, unknown>()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * A parameter expression the planner cannot look into (an uncorrelated scalar subquery, run once
 * per execution). Statements whose parameters are arrays of a batch need this: with the array in
 * view, PostgreSQL plans each execution for its array's length and never settles on the cached
 * generic plan, and planning the batched statements costs more than running them. Hidden, every
 * execution looks alike, and after its first five the statement runs its generic plan.
 */
export const opaque = (parameter: SQL): SQL => sql`(select ${parameter})`;

/** Placeholder `name` as an opaque array of `type` (see `opaque`): one column of a batch. */
export const arrayParameter = (name: string, type: string): SQL =>
  opaque(sql`${sql.placeholder(name)}::${sql.raw(type)}[]`);

/**
 * Placeholder `name` as an opaque `jsonb` (see `opaque`): a batch sent as one JSON text, which
 * PostgreSQL takes apart (`jsonb_array_elements`, `jsonb_to_recordset`). The driver then sends one
 * string instead of escaping an array literal per column, and nothing is built per row.
 */
export const jsonParameter = (name: string): SQL => opaque(sql`${sql.placeholder(name)}::jsonb`);
