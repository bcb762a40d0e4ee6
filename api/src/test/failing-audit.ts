import { sql } from 'drizzle-orm';
import type { AuditEventType } from '../core/audit/writer.ts';
import type { Database } from '../core/db/client.ts';

/**
 * Makes every audit insert of `event` fail (a trigger that raises), so a test can check that the
 * change the entry records is not made without it. Returns the undo.
 */
export async function failAuditFor(db: Database, event: AuditEventType): Promise<() => Promise<void>> {
  const name = `test_fail_audit_${event.replace(/\W/g, '_')}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'audit insert refused for the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on audit_log for each row
      when (new.event = '${event}') execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on audit_log`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
