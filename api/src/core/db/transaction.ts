import type { Database } from './client.ts';

/**
 * Hands a statement to the transaction's end: it is sent now and not awaited, so the COMMIT
 * travels right behind it.
 */
export type BeforeCommit = (statement: Promise<unknown>) => void;

/**
 * A transaction whose closing statements travel with its COMMIT: `work` passes them to
 * `beforeCommit` instead of awaiting each, and the commit is sent behind them on the same
 * connection, one round trip for all of them instead of one each (a hot path's writer holds its
 * connection, and its turn, that much less). If one of them fails, the transaction is aborted and
 * PostgreSQL answers the COMMIT with a rollback: nothing is kept, and this throws that statement's
 * error. Statements whose answers `work` needs are awaited as in any transaction.
 */
export async function transactionWithClosing<T>(
  db: Database,
  work: (tx: Database, beforeCommit: BeforeCommit) => Promise<T>,
): Promise<T> {
  const closing: Promise<unknown>[] = [];
  const beforeCommit: BeforeCommit = (statement) => {
    // Awaited below, after the commit; until then its failure must not go unhandled.
    statement.catch(() => {});
    closing.push(statement);
  };
  let value: T;
  try {
    value = await db.transaction((tx) => work(tx, beforeCommit));
  } catch (err) {
    // A closing statement's own error says more than the rollback it caused (PGlite throws on it).
    for (const statement of closing) await statement;
    throw err;
  }
  await Promise.all(closing);
  return value;
}
