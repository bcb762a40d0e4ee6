import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { capturedLogger } from '../../test/log-capture.ts';
import { auditLog } from '../db/schema/index.ts';
import { AuditLog } from './writer.ts';
import { eventually } from '../../test/eventually.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

describeOnEachDatabase('the audit log on %s, for unauthenticated requests', (_, { database }) => {
  /** Entries of `event` with an IP starting with `prefix` (each test uses its own addresses). */
  const entries = async (prefix: string) =>
    database.db
      .select({ ip: auditLog.ip, requestId: auditLog.requestId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'sso.login_failed'), sql`${auditLog.ip} like ${`${prefix}%`}`))
      .orderBy(auditLog.id);
  const failure = (ip: string, n: number, reason = 'state_mismatch') => ({
    event: 'sso.login_failed' as const,
    ip,
    requestId: `req-${n}`,
    details: { provider: 'keycloak', reason },
  });

  it("writes an address's allowance whole, sums up the rest when its window closes, then writes whole again", async () => {
    const audit = new AuditLog(database.db, capturedLogger().logger, {
      flushMs: 50,
      unauthenticated: { perWindow: 3, windowMs: 1000 },
    });
    try {
      // Sent together, as a flood would: they share one allowance.
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          audit.recordUnauthenticated(failure('192.0.2.10', i, i < 6 ? 'state_mismatch' : 'flow_expired')),
        ),
      );
      await audit.recordUnauthenticated(failure('192.0.2.11', 100));
      // Whole entries are in the database when the call returns: the first three took the
      // allowance (stored in any order, the inserts running side by side).
      expect((await entries('192.0.2.10')).map((e) => e.requestId).sort()).toEqual([
        'req-0',
        'req-1',
        'req-2',
      ]);
      expect((await entries('192.0.2.11')).map((e) => e.requestId)).toEqual(['req-100']);
      // The window closes: one summary with the count and the reasons of what was held back.
      const summary = await eventually('the summary', async () => (await entries('192.0.2.10'))[3], {
        timeoutMs: 10_000,
      });
      expect(summary).toMatchObject({
        ip: '192.0.2.10',
        requestId: null,
        details: { summary: true, suppressed: 5, reasons: { state_mismatch: 3, flow_expired: 2 } },
      });
      // The other address held nothing back: no summary for it.
      expect(await entries('192.0.2.11')).toHaveLength(1);
      // A new window, a new allowance.
      await audit.recordUnauthenticated(failure('192.0.2.10', 9));
      expect((await entries('192.0.2.10')).map((e) => e.requestId).slice(3)).toEqual([null, 'req-9']);
    } finally {
      await audit.close();
    }
  });

  it('counts the addresses of one IPv6 /64 as one, and holds a bounded number of addresses', async () => {
    const audit = new AuditLog(database.db, capturedLogger().logger, {
      unauthenticated: { perWindow: 1, windowMs: 60_000, maxTracked: 2 },
    });
    await audit.recordUnauthenticated(failure('2001:db8:7:1::1', 1));
    await audit.recordUnauthenticated(failure('2001:db8:7:1::2', 2));
    await audit.recordUnauthenticated(failure('2001:db8:7:2::1', 3));
    // A third /64 finds the table of addresses full: counted, never written whole.
    await audit.recordUnauthenticated(failure('2001:db8:7:3::1', 4));
    await audit.recordUnauthenticated(failure('2001:db8:7:4::1', 5));
    expect((await entries('2001:db8:7:')).map((e) => [e.ip, e.requestId])).toEqual([
      ['2001:db8:7:1::1', 'req-1'],
      ['2001:db8:7:2::1', 'req-3'],
    ]);
    // Closing (as at shutdown) writes every open window's summary.
    await audit.close();
    const summaries = (await entries('2001:db8:7:')).slice(2);
    expect(summaries.map((e) => [e.ip, e.details.suppressed])).toEqual([['2001:db8:7:1::/64', 1]]);
    const [overflow] = await database.db
      .select({ ip: auditLog.ip, details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.event, 'sso.login_failed'), sql`${auditLog.details}->>'addresses' = 'untracked'`),
      );
    expect(overflow).toMatchObject({
      ip: null,
      details: { summary: true, suppressed: 2, reasons: { state_mismatch: 2 } },
    });
  });
});
