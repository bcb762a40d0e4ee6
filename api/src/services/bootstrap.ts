import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Logger } from '../lib/logger.ts';
import { hashPassword, randomPassword } from './passwords.ts';

/**
 * On first start (no user at all), creates the first Super Admin. With no configured password, a
 * random one is generated and written to the log exactly once: it is the only way to sign in.
 * Runs under the migration lock, so replicas starting together create one admin, not several.
 */
export async function ensureBootstrapAdmin(
  db: Database,
  admin: { username: string; password: string | undefined },
  logger: Logger,
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
  if (generated) {
    logger.warn(
      `Created the first Super Admin "${admin.username}" with the generated password ${password} ` +
        '(shown once; set PLINTH_BOOTSTRAP_ADMIN_PASSWORD to choose it, and change it after signing in)',
    );
  } else {
    logger.info({ username: admin.username }, 'created the first Super Admin from PLINTH_BOOTSTRAP_ADMIN_*');
  }
}
