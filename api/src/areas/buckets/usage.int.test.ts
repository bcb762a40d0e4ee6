import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/client.ts';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { jobs } from '../../core/db/schema/index.ts';
import { JobRunner } from '../../core/jobs/runner.ts';
import { freshDatabaseUrl, migratedDatabase } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import type { ClusterConfig } from './storage/config.ts';
import type { StorageDriver, UsageReport } from './storage/driver.ts';
import type { StorageRuntime } from './storage/runtime.ts';
import { refreshUsage, scheduleUsageRefresh, USAGE_JOB, usageJob } from './usage.ts';

/** A runtime with one cluster whose `usage()` takes `delayMs`, counting its calls. */
function slowUsageRuntime(delayMs: number): StorageRuntime & { calls: () => number } {
  const real = createStorageRuntime({ clusters: new Map(), regions: new Map() }, randomBytes(32));
  let calls = 0;
  const driver = {
    usage: async (): Promise<UsageReport> => {
      calls++;
      await new Promise((r) => setTimeout(r, delayMs));
      return { buckets: new Map(), measuredAt: new Date() };
    },
  } as unknown as StorageDriver;
  return {
    config: { ...real.config, clusters: new Map([['slow', {} as ClusterConfig]]) },
    box: real.box,
    admission: real.admission,
    driver: () => driver,
    calls: () => calls,
  };
}

describe('usage refresh on PGlite', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await migratedDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('does not stall other queries while a cluster is slow to report', async () => {
    const rt = slowUsageRuntime(3000);
    const { logger } = capturedLogger();
    const run = refreshUsage({ db: database.db, storage: rt, logger });
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    await database.query('select 1');
    const waited = performance.now() - started;
    expect(waited, `select 1 waited ${Math.round(waited)} ms during a 3 s usage call`).toBeLessThan(500);
    expect(await run).toBe(1);
  });
});

describe('usage refresh with several replicas on one PostgreSQL', () => {
  it('runs once per interval, on one replica, however many schedule it', async () => {
    const url = await freshDatabaseUrl();
    const replicas = [await openDatabase({ kind: 'postgres', url, poolSize: 2 })];
    await replicas[0]!.migrate();
    replicas.push(await openDatabase({ kind: 'postgres', url, poolSize: 2 }));
    const rt = slowUsageRuntime(300);
    const { logger } = capturedLogger();
    const runners = replicas.map((r) =>
      new JobRunner({ db: r.db, logger, pollMs: 50 }).register(
        USAGE_JOB,
        usageJob({ db: r.db, storage: rt, logger }),
      ),
    );
    try {
      // The start of an interval, so `now + 1000` is surely in the same one.
      const now = Math.floor(Date.now() / 60_000) * 60_000;
      const added = await Promise.all(replicas.map((r) => scheduleUsageRefresh(r.db, 60_000, now)));
      expect(added.filter(Boolean)).toHaveLength(1);
      for (const r of runners) r.start();
      await eventually('the usage job to finish', async () => {
        const [row] = await replicas[0]!.db.select({ state: jobs.state }).from(jobs);
        return row?.state === 'done';
      });
      // Later in the same interval, neither replica adds another.
      expect(await scheduleUsageRefresh(replicas[1]!.db, 60_000, now + 1000)).toBe(false);
      expect(await scheduleUsageRefresh(replicas[0]!.db, 60_000, now + 60_000)).toBe(true);
      await eventually('the next interval’s job to finish', async () => {
        const rows = await replicas[0]!.db.select({ state: jobs.state }).from(jobs);
        return rows.length === 2 && rows.every((r) => r.state === 'done');
      });
      expect(rt.calls()).toBe(2);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
      await Promise.all(replicas.map((r) => r.close()));
    }
  });
});
