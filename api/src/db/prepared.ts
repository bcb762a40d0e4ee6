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
