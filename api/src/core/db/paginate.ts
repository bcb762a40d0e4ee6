import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Page, PageQuery } from '../pagination.ts';
import { paginate } from '../pagination.ts';
import type { Database } from './client.ts';

/** A page of one table's rows: a count and a page query with the same condition. */
export function paginateTable<T extends PgTable, V>(
  db: Database,
  url: URL,
  page: PageQuery,
  q: { table: T; where: SQL | undefined; orderBy: (SQL | PgColumn)[]; map: (row: T['$inferSelect']) => V },
): Promise<Page<V>> {
  // Widened once: drizzle's generic `from()` cannot check an unresolved table type.
  const table: PgTable = q.table;
  return paginate(
    url,
    page,
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(q.where);
      return row!.n;
    },
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(table)
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => q.map(r as T['$inferSelect']));
    },
  );
}

/**
 * A page from a prepared statement whose rows carry the total as a window count (`total`), so a
 * page costs one round trip; `count` runs only for a page past the end, which has no row to carry it.
 */
export function paginateWindowed<R extends { total: number }, V>(
  url: URL,
  page: PageQuery,
  q: {
    page: (limit: number, offset: number) => Promise<R[]>;
    count: () => Promise<number>;
    map: (row: R) => V;
  },
): Promise<Page<V>> {
  let total: number | undefined;
  return paginate(
    url,
    page,
    async () => total ?? (await q.count()),
    async (limit, offset) => {
      const rows = await q.page(limit, offset);
      total = rows[0]?.total;
      return rows.map(q.map);
    },
    { sequential: true },
  );
}
