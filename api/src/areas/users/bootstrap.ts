import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { users } from '../../core/db/schema/index.ts';
import type { Logger } from '../../core/logger.ts';
import { hashPassword, randomPassword } from '../../auth/passwords.ts';

/** Where a generated first-admin password is written on a non-interactive start. */
export const BOOTSTRAP_PASSWORD_FILE = 'bootstrap-admin-password';

/**
 * On first start (no user at all), creates the first Super Admin. With no configured password, a
 * random one is generated, the only way to sign in, and handed over once: printed when a person
 * watches the start (stdout is a terminal), otherwise written to `<dataDir>/bootstrap-admin-password`
 * (mode 0600) with only the file's path logged, because logs of services end up in log stores
 * where a password does not belong. (Under Helm the chart always passes a password, generated into
 * a Secret.) Runs under the migration lock, so replicas starting together create one admin.
 */
export async function ensureBootstrapAdmin(
  db: Database,
  admin: { username: string; password: string | undefined },
  logger: Logger,
  start: { interactive: boolean; dataDir: string },
): Promise<void> {
  const [any] = await db
    .select({ one: sql`1` })
    .from(users)
    .limit(1);
  if (any) return;
  const generated = admin.password === undefined;
  const password = admin.password ?? randomPassword();
  const inserted = await db
    .insert(users)
    .values({
      username: admin.username,
      passwordHash: await hashPassword(password),
      isSuperuser: true,
      fullName: 'Administrator',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return;
  if (!generated) {
    logger.info({ username: admin.username }, 'created the first Super Admin from PLINTH_BOOTSTRAP_ADMIN_*');
  } else if (start.interactive) {
    logger.warn(
      `created the first Super Admin "${admin.username}" with the generated password ${password} ` +
        '(shown once; set PLINTH_BOOTSTRAP_ADMIN_PASSWORD to choose it, and change it after signing in)',
    );
  } else {
    const file = join(start.dataDir, BOOTSTRAP_PASSWORD_FILE);
    try {
      mkdirSync(start.dataDir, { recursive: true, mode: 0o700 });
      // A file left by an earlier database is replaced, never reused with its old mode.
      rmSync(file, { force: true });
      writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Nobody could ever read this password: take the admin back so the next start tries again.
      await db.delete(users).where(eq(users.id, inserted[0]!.id));
      throw err;
    }
    logger.warn(
      { username: admin.username, file },
      'created the first Super Admin; its password is in this file (mode 0600): sign in, change the password, then delete the file',
    );
  }
}
