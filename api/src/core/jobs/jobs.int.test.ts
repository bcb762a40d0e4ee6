import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { eventually } from '../../test/eventually.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { DATABASE_KINDS, freshDatabaseUrl, migratedDatabase } from '../../test/databases.ts';
import { claim } from './claim.ts';
import {
  complete,
  enqueue,
  enqueueAll,
  enqueueClaimed,
  holds,
  JOB_PRIORITY,
  LeaseLost,
  renew,
} from './queue.ts';
import { JobRunner, PermanentJobError } from './runner.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

const rowOf = async (database: DatabaseHandle, id: string) =>
  (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describeOnEachDatabase('jobs', (_, { database }) => {
  const { logger } = capturedLogger();

  it('keeps one live job per kind and key, and a once-only key once ever', async () => {
    const first = await enqueue(database.db, { kind: 'test.dedupe', key: 'a' });
    expect(first).toBeDefined();
    expect(await enqueue(database.db, { kind: 'test.dedupe', key: 'a' })).toBeUndefined();
    expect(await enqueue(database.db, { kind: 'test.other', key: 'a' })).toBeDefined();
    const lease = (await claim(database.db, crypto.randomUUID(), 30, { id: first!.id }))!;
    await complete(database.db, lease);
    // Finished: a new live job may follow, unless the key is once-only.
    expect(await enqueue(database.db, { kind: 'test.dedupe', key: 'a', unique: 'ever' })).toBeUndefined();
    expect(await enqueue(database.db, { kind: 'test.dedupe', key: 'a' })).toBeDefined();
  });

  it('adds several jobs in one statement, with their own or the default settings, skipping live twins', async () => {
    const tenant = crypto.randomUUID();
    const later = new Date(Date.now() + 3_600_000);
    await enqueue(database.db, { kind: 'test.all', key: 'taken' });
    await database.db.transaction((tx) =>
      enqueueAll(tx, [
        { kind: 'test.all', key: 'plain' },
        { kind: 'test.all', key: 'taken', payload: { twin: true } },
        {
          kind: 'test.all',
          key: 'set',
          payload: { n: 1, s: 'x' },
          runAt: later,
          maxAttempts: 2,
          tenant,
          priority: JOB_PRIORITY.security,
        },
      ]),
    );
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.all'));
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(rows).toHaveLength(3);
    expect(byKey['taken']!.payload).toEqual({});
    expect(byKey['plain']).toMatchObject({ payload: {}, maxAttempts: 5, tenant: null, priority: 1 });
    expect(Math.abs(byKey['plain']!.runAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(byKey['set']).toMatchObject({ payload: { n: 1, s: 'x' }, maxAttempts: 2, tenant, priority: 0 });
    expect(byKey['set']!.runAt.getTime()).toBe(later.getTime());
  });

  it("lets anyone take over a job whose lease expired, and refuses the old holder's late writes", async () => {
    const old = await enqueueClaimed(
      database.db,
      { kind: 'test.takeover', key: 'k' },
      crypto.randomUUID(),
      0.3,
    );
    expect(await claim(database.db, crypto.randomUUID(), 30, { id: old.job.id })).toBeUndefined();
    await new Promise((r) => setTimeout(r, 400));
    const next = await claim(database.db, crypto.randomUUID(), 30, { id: old.job.id });
    expect(next?.job.fence).toBe(old.job.fence + 1);
    await expect(renew(database.db, old)).rejects.toBeInstanceOf(LeaseLost);
    await expect(complete(database.db, old)).rejects.toBeInstanceOf(LeaseLost);
    // A fenced domain write (here on the jobs row itself) matches nothing for the old holder.
    const write = (lease: typeof old) =>
      database.db
        .update(jobs)
        .set({ payload: { by: lease.owner } })
        .where(and(eq(jobs.id, old.job.id), holds(lease)))
        .returning({ id: jobs.id });
    expect(await write(old)).toEqual([]);
    expect(await write(next!)).toHaveLength(1);
    await complete(database.db, next!);
    expect((await rowOf(database, old.job.id)).state).toBe('done');
  });

  it('stamps each claim and completion with the time it happened, though its statement is prepared once', async () => {
    const kinds = ['test.stamped'];
    const claimAndComplete = async (key: string) => {
      await enqueue(database.db, { kind: 'test.stamped', key });
      const before = (await database.query('select now() as t'))[0]!.t as Date;
      const lease = (await claim(database.db, crypto.randomUUID(), 30, { kinds }))!;
      expect(lease.job.key).toBe(key);
      await complete(database.db, lease);
      return { before: new Date(before), row: await rowOf(database, lease.job.id) };
    };
    await claimAndComplete('first');
    await new Promise((r) => setTimeout(r, 1100));
    const second = await claimAndComplete('second');
    // pruneFinished reads updated_at: a time fixed when the statement was prepared would age it.
    expect(second.row.state).toBe('done');
    expect(second.row.updatedAt.getTime()).toBeGreaterThanOrEqual(second.before.getTime());
  });

  it('retries a failing job with backoff, and fails it for good when told or out of attempts', async () => {
    const runner = new JobRunner({ db: database.db, logger, pollMs: 50 });
    let calls = 0;
    runner.register('test.flaky', () => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('first attempt fails')) : Promise.resolve();
    });
    runner.register('test.permanent', () => Promise.reject(new PermanentJobError('no_such_thing')));
    const flaky = (await enqueue(database.db, { kind: 'test.flaky', key: 'f' }))!;
    const permanent = (await enqueue(database.db, { kind: 'test.permanent', key: 'p' }))!;
    runner.start();
    try {
      await eventually(
        'the permanent job to fail',
        async () => (await rowOf(database, permanent.id)).state === 'failed',
      );
      expect((await rowOf(database, permanent.id)).lastErrorCode).toBe('no_such_thing');
      // The first attempt failed: queued again about 2 s later (2^1), then done.
      await eventually(
        'the flaky job to be retried',
        async () => (await rowOf(database, flaky.id)).state === 'done',
      );
      const row = await rowOf(database, flaky.id);
      expect([row.attempts, calls]).toEqual([2, 2]);
    } finally {
      await runner.stop();
    }
  });

  it("claims a tenant's job before another tenant's backlog, security work first, and the backlog when nothing else is due", async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const kinds = ['test.fair'];
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    for (let i = 0; i < 20; i++)
      await enqueue(database.db, { kind: 'test.fair', key: `a-${i}`, tenant: a, runAt: ago(120 - i) });
    const first = (await claim(database.db, crypto.randomUUID(), 30, { kinds }))!;
    expect(first.job.key).toBe('a-0');
    // Tenant a has a job running: b's job, due later than all of a's backlog, goes first.
    await enqueue(database.db, { kind: 'test.fair', key: 'b-0', tenant: b, runAt: ago(10) });
    expect((await claim(database.db, crypto.randomUUID(), 30, { kinds }))!.job.key).toBe('b-0');
    // Among tenants with nothing running: security work before older work of other kinds.
    await enqueue(database.db, { kind: 'test.fair', key: 'system-0', runAt: ago(60) });
    await enqueue(database.db, {
      kind: 'test.fair',
      key: 'c-0',
      tenant: c,
      runAt: ago(5),
      priority: JOB_PRIORITY.security,
    });
    expect((await claim(database.db, crypto.randomUUID(), 30, { kinds }))!.job.key).toBe('c-0');
    expect((await claim(database.db, crypto.randomUUID(), 30, { kinds }))!.job.key).toBe('system-0');
    // Only a's backlog is left: it is not held back for lack of anyone else.
    expect((await claim(database.db, crypto.randomUUID(), 30, { kinds }))!.job.key).toBe('a-1');
    // The reserved slot's claim takes only security work of a tenant with nothing running.
    expect(await claim(database.db, crypto.randomUUID(), 30, { kinds, securityOnly: true })).toBeUndefined();
    await database.db.delete(jobs).where(eq(jobs.kind, 'test.fair'));
  });

  it("finds another tenant's job behind a busy tenant's backlog of any length, takes over expired leases, and never claims work queued for later", async () => {
    const [busy, other] = [crypto.randomUUID(), crypto.randomUUID()];
    const kinds = ['test.deep'];
    const at = (s: number) => new Date(Date.now() + s * 1000);
    const claimOf = async (which: { idleOnly?: boolean; tenantLimit?: number } = {}) =>
      (await claim(database.db, crypto.randomUUID(), 30, { kinds, ...which }))?.job.key;
    // More due jobs than a claim reads in claim order before it looks tenant by tenant.
    await database.db.insert(jobs).values(
      Array.from({ length: 100 }, (_, i) => ({
        kind: 'test.deep',
        key: `busy-${i}`,
        tenant: busy,
        runAt: at(-600 + i),
      })),
    );
    await enqueue(database.db, { kind: 'test.deep', key: 'other-later', tenant: other, runAt: at(3600) });
    await enqueue(database.db, { kind: 'test.deep', key: 'system-later', runAt: at(3600) });
    expect(await claimOf()).toBe('busy-0');
    // Only the busy tenant's backlog is due: nothing for a tenant with nothing running.
    expect(await claimOf({ idleOnly: true })).toBeUndefined();
    await enqueue(database.db, { kind: 'test.deep', key: 'other-0', tenant: other, runAt: at(-1) });
    expect(await claimOf()).toBe('other-0');
    // Under a limit of 2 the busy tenant may run one more, then waits; the other's next job does not.
    expect(await claimOf({ tenantLimit: 2 })).toBe('busy-1');
    await enqueue(database.db, { kind: 'test.deep', key: 'other-1', tenant: other, runAt: at(-1) });
    expect(await claimOf({ tenantLimit: 2 })).toBe('other-1');
    expect(await claimOf({ tenantLimit: 2 })).toBeUndefined();
    // A holder that died: its job is due again, before the newer backlog.
    await database.db
      .update(jobs)
      .set({ leaseUntil: at(-1) })
      .where(and(eq(jobs.kind, 'test.deep'), eq(jobs.key, 'other-0')));
    expect(await claimOf({ tenantLimit: 2 })).toBe('other-0');
    // Everything due drains; what is queued for later stays queued.
    const drained = new Set<string>();
    for (let key = await claimOf(); key; key = await claimOf()) drained.add(key);
    expect(drained.size).toBe(98);
    const later = await database.db
      .select({ key: jobs.key, state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.kind, 'test.deep'), eq(jobs.state, 'queued')));
    expect(later.map((j) => j.key).sort()).toEqual(['other-later', 'system-later']);
    await database.db.delete(jobs).where(eq(jobs.kind, 'test.deep'));
  });

  it("keeps a slot for security work: another tenant's slow jobs holding every slot do not delay it", async () => {
    const runner = new JobRunner({ db: database.db, logger, pollMs: 50 });
    const releases: (() => void)[] = [];
    let urgentRan = false;
    runner.register('test.slow', () => new Promise<void>((resolve) => releases.push(resolve)));
    runner.register('test.urgent', () => {
      urgentRan = true;
      return Promise.resolve();
    });
    const [slow, other] = [crypto.randomUUID(), crypto.randomUUID()];
    for (let i = 0; i < 5; i++)
      await enqueue(database.db, {
        kind: 'test.slow',
        key: `slow-${i}`,
        tenant: slow,
        priority: JOB_PRIORITY.security,
      });
    runner.start();
    try {
      await eventually('both slots to hold a slow job', () => Promise.resolve(releases.length === 2));
      const urgent = (await enqueue(database.db, {
        kind: 'test.urgent',
        key: 'u',
        tenant: other,
        priority: JOB_PRIORITY.security,
      }))!;
      await eventually(
        'the security job to run',
        async () => (await rowOf(database, urgent.id)).state === 'done',
      );
      expect(urgentRan).toBe(true);
      // The slow tenant still holds only the two general slots.
      expect(releases).toHaveLength(2);
    } finally {
      // Release every slow job, also those claimed after the first two finish.
      const drain = setInterval(() => releases.splice(0).forEach((r) => r()), 20);
      await eventually('the slow jobs to finish', async () => {
        const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.slow'));
        return rows.every((r) => r.state === 'done');
      });
      clearInterval(drain);
      await runner.stop();
    }
  });

  it("keeps slots for tenants with nothing running: slow tenants' backlogs do not delay a quick one", async () => {
    // A quarter of 4 slots: busy tenants fill three, the fourth waits for an idle tenant.
    const runner = new JobRunner({
      db: database.db,
      logger,
      pollMs: 50,
      concurrency: 4,
      tenantLimit: 4,
      securitySlots: 0,
    });
    const releases: (() => void)[] = [];
    runner.register('test.backlog', () => new Promise<void>((resolve) => releases.push(resolve)));
    runner.register('test.quick', () => Promise.resolve());
    for (const tenant of [crypto.randomUUID(), crypto.randomUUID()])
      for (let i = 0; i < 5; i++)
        await enqueue(database.db, { kind: 'test.backlog', key: `${tenant}-${i}`, tenant });
    runner.start();
    try {
      await eventually('three slots to hold a slow job', () => Promise.resolve(releases.length >= 3));
      // A few polls: time for the runner to fill the fourth slot too, were it allowed.
      await new Promise((r) => setTimeout(r, 250));
      const quick = (await enqueue(database.db, {
        kind: 'test.quick',
        key: 'q',
        tenant: crypto.randomUUID(),
      }))!;
      await eventually(
        'the quick job to run',
        async () => (await rowOf(database, quick.id)).state === 'done',
      );
      expect(releases).toHaveLength(3);
    } finally {
      const drain = setInterval(() => releases.splice(0).forEach((r) => r()), 20);
      await eventually('the slow jobs to finish', async () => {
        const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.backlog'));
        return rows.every((r) => r.state === 'done');
      });
      clearInterval(drain);
      await runner.stop();
    }
  });
});

describe.each(DATABASE_KINDS)('two runners on %s', (kind) => {
  // On PostgreSQL, two handles on one database (two replicas); PGlite has one process, one handle.
  it('never run the same job at once, and each job runs once', async () => {
    let a: DatabaseHandle;
    let b: DatabaseHandle;
    if (kind === 'pglite') {
      a = b = await migratedDatabase('pglite');
    } else {
      const url = await freshDatabaseUrl();
      a = await openDatabase({ kind, url, poolSize: 3 });
      await a.migrate();
      b = await openDatabase({ kind, url, poolSize: 3 });
    }
    const { logger } = capturedLogger();
    const active = new Set<string>();
    const runs: string[] = [];
    const overlaps: string[] = [];
    const handler = async ({ lease }: { lease: { job: { key: string } } }) => {
      const key = lease.job.key;
      if (active.has(key)) overlaps.push(key);
      active.add(key);
      runs.push(key);
      await new Promise((r) => setTimeout(r, 20));
      active.delete(key);
    };
    const runners = [a, b].map((d) =>
      new JobRunner({ db: d.db, logger, pollMs: 20, concurrency: 2 }).register('test.count', handler),
    );
    try {
      for (let i = 0; i < 40; i++) await enqueue(a.db, { kind: 'test.count', key: `job-${i}` });
      for (const r of runners) r.start();
      await eventually('all jobs done', async () => {
        const rows = await a.db.select({ state: jobs.state }).from(jobs);
        return rows.every((r) => r.state === 'done');
      });
      expect(overlaps).toEqual([]);
      expect(runs.length, `runs: ${runs.join(',')}`).toBe(40);
      expect(new Set(runs).size).toBe(40);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await Promise.all([...new Set([a, b])].map((d) => d.close()));
    }
  });
});
