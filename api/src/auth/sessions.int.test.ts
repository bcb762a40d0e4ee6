import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SecretBox } from '../core/secret-box.ts';
import { describeOnEachDatabase } from '../test/world.ts';
import { Sessions } from './sessions.ts';
import { sessions as sessionsTable } from '../core/db/schema/index.ts';

describeOnEachDatabase('web UI sessions', (w, { database }) => {
  const started = async (idleSeconds: number) => {
    const sessions = new Sessions(database.db, new SecretBox(randomBytes(32)), {
      idleSeconds,
      absoluteSeconds: 3600,
    });
    const user = await w.user();
    const { token, id } = await sessions.create({ userId: user.id, ip: null, userAgent: null });
    return { sessions, token, id };
  };
  const stored = async (id: string) =>
    (await database.db.select().from(sessionsTable).where(eq(sessionsTable.id, id)))[0]!;

  it('keeps a session used every three quarters of its idle timeout alive, idle period after idle period', async () => {
    const idleMs = 4000;
    const { sessions, token, id } = await started(idleMs / 1000);
    const created = Date.now();
    let last = created;
    for (let use = 1; use <= 4; use++) {
      // The next use comes three quarters of the idle timeout after the one before.
      const due = last + idleMs * 0.75;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      const now = Date.now();
      // On a machine too slow to keep to that, the test says so rather than blaming the code.
      expect(now - last, `use ${use} came ${now - last} ms after the one before`).toBeLessThan(idleMs);
      const live = await sessions.resolve(token);
      expect(live?.id, `use ${use}, ${((now - created) / 1000).toFixed(1)} s after sign-in`).toBe(id);
      last = now;
    }
    // Three idle periods have passed; the idle expiry is at most one idle timeout ahead.
    expect(Date.now() - created).toBeGreaterThan(3 * idleMs);
    const row = await stored(id);
    expect(row.idleExpiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.idleExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + idleMs);
  });

  it('with the shortest idle timeout (60 s), keeps a session used every 45 s alive, and ends it once unused for 60 s', async () => {
    const { sessions, token, id } = await started(60);
    // 45 seconds pass: every time the session holds is moved back by that much.
    const pass = (seconds: number) =>
      database.db
        .update(sessionsTable)
        .set({
          createdAt: sql`${sessionsTable.createdAt} - make_interval(secs => ${seconds})`,
          lastSeenAt: sql`${sessionsTable.lastSeenAt} - make_interval(secs => ${seconds})`,
          idleExpiresAt: sql`${sessionsTable.idleExpiresAt} - make_interval(secs => ${seconds})`,
          absoluteExpiresAt: sql`${sessionsTable.absoluteExpiresAt} - make_interval(secs => ${seconds})`,
        })
        .where(eq(sessionsTable.id, id));
    for (let use = 1; use <= 4; use++) {
      await pass(45);
      expect((await sessions.resolve(token))?.id, `use ${use}, ${use * 45} s after sign-in`).toBe(id);
    }
    // Unused for the idle timeout: it ends.
    await pass(60);
    expect(await sessions.resolve(token)).toBeNull();
  });
});
