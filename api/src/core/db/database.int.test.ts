import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBootstrapAdmin } from '../../areas/users/bootstrap.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { DATABASE_KINDS, freshDatabase, freshDatabaseUrl } from '../../test/databases.ts';
import { openDatabase } from './client.ts';
import { preparedInTransaction, transactionStatement } from './prepared.ts';
import { transactionWithClosing } from './transaction.ts';
import type { DatabaseHandle } from './client.ts';
import { users } from './schema/index.ts';

describe.each(DATABASE_KINDS)('database on %s', (kind) => {
  const opened: DatabaseHandle[] = [];
  const fresh = async () => {
    const d = await freshDatabase(kind);
    opened.push(d);
    return d;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close()));
  });

  it('reports migrations pending on an empty database and applied after migrate', async () => {
    const database = await fresh();
    expect(await database.migrationsPending()).toBe(true);
    await database.migrate();
    expect(await database.migrationsPending()).toBe(false);
    // Running again is a no-op, not an error.
    await database.migrate();
    const tables = await database.query(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['organizations', 'users', 'workspaces']),
    );
  });

  it('runs a transaction statement built once in each transaction, and rolls it back with it', async () => {
    const database = await fresh();
    await database.migrate();
    let builds = 0;
    const insert = transactionStatement(
      'test_insert_user',
      (d) => {
        builds++;
        return d
          .insert(users)
          .values({ username: sql.placeholder('name') as never, isActive: true, isSuperuser: false })
          .returning({ username: users.username, createdAt: users.createdAt });
      },
      ([username, createdAt]) => ({ username, createdAt: new Date(createdAt as string) }),
    );
    const [first] = await database.db.transaction((tx) => insert.execute(tx, { name: 'tx-one' }));
    expect(first!.username).toBe('tx-one');
    expect(Math.abs(first!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    await database.db
      .transaction(async (tx) => {
        await insert.execute(tx, { name: 'tx-two' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => insert.execute(tx, { name: 'tx-three' }));
    expect(builds).toBe(1);
    const names = (await database.db.select({ u: users.username }).from(users)).map((r) => r.u).sort();
    expect(names).toEqual(['tx-one', 'tx-three']);
  });

  it('sends closing statements with the commit: all kept, or none when one of them fails', async () => {
    const database = await fresh();
    await database.migrate();
    const insert = transactionStatement('test_insert_closing', (d) =>
      d
        .insert(users)
        .values({ username: sql.placeholder('name') as never, isActive: true, isSuperuser: false }),
    );
    const value = await transactionWithClosing(database.db, async (tx, beforeCommit) => {
      await insert.execute(tx, { name: 'closing-a' });
      beforeCommit(insert.execute(tx, { name: 'closing-b' }));
      beforeCommit(insert.execute(tx, { name: 'closing-c' }));
      return 'done';
    });
    expect(value).toBe('done');
    // The second closing statement breaks the unique name: the commit is a rollback, and the
    // caller sees the statement's own error.
    const failed = await transactionWithClosing(database.db, async (tx, beforeCommit) => {
      await insert.execute(tx, { name: 'closing-d' });
      beforeCommit(insert.execute(tx, { name: 'closing-e' }));
      beforeCommit(insert.execute(tx, { name: 'closing-a' }));
      return 'done';
    }).catch((err: Error & { cause?: { code?: string } }) => err);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error & { cause?: { code?: string } }).cause?.code).toBe('23505');
    const names = (await database.db.select({ u: users.username }).from(users)).map((r) => r.u).sort();
    expect(names).toEqual(['closing-a', 'closing-b', 'closing-c']);
  });

  it('maps a statement prepared for transactions as drizzle maps any row, building it once', async () => {
    const database = await fresh();
    await database.migrate();
    let builds = 0;
    const insert = preparedInTransaction('test_insert_user_mapped', (d) => {
      builds++;
      return d
        .insert(users)
        .values({ username: sql.placeholder('name') as never, isActive: true, isSuperuser: false })
        .returning();
    });
    const [first] = await database.db.transaction((tx) => insert.execute(tx, { name: 'mapped-one' }));
    await database.db
      .transaction(async (tx) => {
        await insert.execute(tx, { name: 'mapped-two' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const [third] = await database.db.transaction((tx) => insert.execute(tx, { name: 'mapped-three' }));
    expect(builds).toBe(1);
    // The row of a later transaction is drizzle's whole row, as the first: names, dates, booleans.
    const [stored] = await database.db.select().from(users).where(eq(users.username, 'mapped-three'));
    expect(third).toEqual(stored);
    expect(third!.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(third!).sort()).toEqual(Object.keys(first!).sort());
    const names = (await database.db.select({ u: users.username }).from(users)).map((r) => r.u).sort();
    expect(names).toEqual(['mapped-one', 'mapped-three']);
  });

  it('creates exactly one bootstrap Super Admin with a hashed password', async () => {
    const database = await fresh();
    const logs = capturedLogger();
    const admin = { username: 'root-admin', password: 'a-very-long-password' };
    const where = { interactive: false, dataDir: '/nonexistent' };
    await database.migrate(() => ensureBootstrapAdmin(database.db, admin, logs.logger, where));
    await database.migrate(() => ensureBootstrapAdmin(database.db, admin, logs.logger, where));
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'root-admin', isSuperuser: true, isActive: true });
    expect(rows[0]!.passwordHash).not.toContain('a-very-long-password');
    expect(await verifyPassword('a-very-long-password', rows[0]!.passwordHash!)).toBe(true);
    expect(logs.text()).not.toContain('a-very-long-password');
  });

  it('never logs a generated admin password when not interactive: it goes to a 0600 file, once', async () => {
    const database = await fresh();
    const logs = capturedLogger();
    const dataDir = mkdtempSync(join(tmpdir(), 'plinth-bootstrap-'));
    try {
      const where = { interactive: false, dataDir };
      await database.migrate(() =>
        ensureBootstrapAdmin(database.db, { username: 'admin', password: undefined }, logs.logger, where),
      );
      await ensureBootstrapAdmin(database.db, { username: 'admin', password: undefined }, logs.logger, where);
      expect(logs.text()).not.toMatch(/generated password/);
      const file = join(dataDir, 'bootstrap-admin-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(logs.text()).not.toContain(password);
      expect(logs.lines.filter((l) => l.includes(file))).toHaveLength(1);
      const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
      expect(await verifyPassword(password, admin!.passwordHash!)).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints a generated admin password once on an interactive start, and it works', async () => {
    const database = await fresh();
    const logs = capturedLogger();
    const where = { interactive: true, dataDir: '/nonexistent' };
    await database.migrate(() =>
      ensureBootstrapAdmin(database.db, { username: 'admin', password: undefined }, logs.logger, where),
    );
    await ensureBootstrapAdmin(database.db, { username: 'admin', password: undefined }, logs.logger, where);
    const announced = logs.lines.filter((l) => l.includes('generated password'));
    expect(announced).toHaveLength(1);
    const password = /generated password (\S+)/.exec(announced[0]!)![1]!;
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(await verifyPassword(password, admin!.passwordHash!)).toBe(true);
  });

  it('keeps usernames unique regardless of case', async () => {
    const database = await fresh();
    await database.migrate();
    await database.db.insert(users).values({ username: 'Alice' });
    await expect(database.db.insert(users).values({ username: 'alice' })).rejects.toThrow();
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });
});

describe('migrations on a shared postgres server', () => {
  it('lets several replicas migrate and bootstrap at once without error or duplicate admins', async () => {
    const url = await freshDatabaseUrl();
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url, poolSize: 2 })),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'plinth-bootstrap-'));
    try {
      const logs = capturedLogger();
      await Promise.all(
        replicas.map((r) =>
          r.migrate(() =>
            ensureBootstrapAdmin(r.db, { username: 'admin', password: undefined }, logs.logger, {
              interactive: false,
              dataDir,
            }),
          ),
        ),
      );
      expect(await replicas[0]!.migrationsPending()).toBe(false);
      expect(await replicas[0]!.db.select().from(users)).toHaveLength(1);
      expect(logs.lines.filter((l) => l.includes('created the first Super Admin'))).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
