import { is, SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DRIZZLE_OPTIONS } from './client.ts';
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

/** A query builder's output, as `toSQL()` gives it (placeholders still in `params`). */
interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * A named statement for use inside transactions. `prepared` cannot serve there: drizzle binds a
 * prepared statement to the handle it was made on, and each transaction is a new handle, so the
 * statement was built again in every one (on the job thread, more CPU than running it). This one
 * is built once, then prepared on the transaction's session at each use (postgres-js keeps it
 * prepared per connection, by its text). Each row comes back as its values in the statement's
 * column order, timestamps as PostgreSQL's text, and `row` makes what the caller wants of it.
 */
export function transactionStatement<R = never>(
  name: string,
  build: (db: Database) => Built | SQL,
  row: (values: unknown[]) => R = () => undefined as never,
) {
  let query: { sql: string; params: unknown[] } | undefined;
  const rows = (values: unknown[][]) => values.map(row);
  return {
    execute(tx: Database, values: Record<string, unknown>): Promise<R[]> {
      if (!query) {
        // A statement drizzle's builders cannot say (a plain `sql` one) is rendered by its dialect.
        const built = build(tx);
        query = is(built, SQL) ? new PgDialect(DRIZZLE_OPTIONS).sqlToQuery(built) : built.toSQL();
      }
      return tx._.session.prepareQuery(query, undefined, name, false, rows).execute(values) as Promise<R[]>;
    },
  };
}

/** A query builder drizzle can prepare (select, insert, update, delete), answering `R`. */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/** What a prepared query of either driver keeps of its build (drizzle's own fields). */
interface BuiltQuery {
  queryString: string;
  params: unknown[];
  fields: Parameters<Database['_']['session']['prepareQuery']>[1];
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * A named statement for use inside transactions, whose rows drizzle maps (dates, JSON, column
 * names) as for any query: built once, on its first use, then prepared on each transaction's
 * session from that build's text, parameters and fields. Without it a statement in a transaction
 * is built anew on every call (`transactionStatement` says why), which on the runs' start and finish
 * was most of the requests' thread's time in drizzle.
 */
export function preparedInTransaction<R>(name: string, build: (db: Database) => Preparable<R>) {
  let made: BuiltQuery | undefined;
  return {
    execute(tx: Database, values: Record<string, unknown> = {}): Promise<R> {
      if (!made) {
        const first = build(tx).prepare(name);
        // Its build only: the query itself holds the first transaction's session.
        const { queryString, params, fields, joinsNotNullableMap } = first as unknown as BuiltQuery;
        made = { queryString, params, fields, joinsNotNullableMap };
        return first.execute(values);
      }
      const query = tx._.session.prepareQuery(
        { sql: made.queryString, params: made.params },
        made.fields,
        name,
        true,
      ) as unknown as BuiltQuery & { execute(values: Record<string, unknown>): Promise<R> };
      query.joinsNotNullableMap = made.joinsNotNullableMap;
      return query.execute(values);
    },
  };
}
