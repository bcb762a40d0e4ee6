import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/client.ts';
import { checkRollupMark, checkRollups } from '../../core/db/schema/index.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { eventually } from '../../test/eventually.ts';
import { STREAKS_LOCK_SPACE } from './alerts/states.ts';
import { bucketOf, upperBound } from './histogram.ts';
import { BUCKET_MS, rollUp } from './rollups.ts';
import { holdLocation, rollUpAll } from './testing.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

interface Sent {
  endpointId: string;
  location: string;
  checkedAt: number;
  success: boolean;
  durationMs: number;
}

/**
 * What a rollup must hold (the model the job's SQL is checked against): per endpoint, location and
 * five minutes, the counts, the duration sum, the histogram, and the bitmaps of the check periods
 * (`frequency` seconds from the bucket's start, at most 31; one period for longer frequencies) that
 * had a result and a success. Durations as PostgreSQL stores them (`real`).
 */
function modelOf(sent: readonly Sent[], frequencyOf: (id: string) => number) {
  const rows = new Map<
    string,
    { n: number; nSuccess: number; sumMs: number; hist: number[]; seen: number; ok: number }
  >();
  for (const r of sent) {
    const bucket = Math.floor(r.checkedAt / BUCKET_MS) * BUCKET_MS;
    const key = `${r.endpointId} ${r.location} ${new Date(bucket).toISOString()}`;
    const row = rows.get(key) ?? { n: 0, nSuccess: 0, sumMs: 0, hist: [], seen: 0, ok: 0 };
    rows.set(key, row);
    const periodMs = frequencyOf(r.endpointId) * 1000;
    const period = periodMs >= BUCKET_MS ? 0 : Math.min(30, Math.floor((r.checkedAt - bucket) / periodMs));
    const ms = Math.fround(r.durationMs);
    row.n += 1;
    row.sumMs += ms;
    const b = bucketOf(ms);
    while (row.hist.length <= b) row.hist.push(0);
    row.hist[b]! += 1;
    row.seen |= 1 << period;
    if (r.success) {
      row.nSuccess += 1;
      row.ok |= 1 << period;
    }
  }
  return rows;
}

/**
 * The rollup job (rollups.ts) on both databases: its SQL against the model at every bucket and
 * period edge, and, on PostgreSQL, a batch that commits after a later one.
 */
describeOnEachDatabase('the rollup job', (w, { database, kind }) => {
  let a: Tenant;
  let eu: { id: string; token: string };
  let us: { id: string; token: string };

  const agent = (location: string) =>
    w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, name: w.unique('probe'), location },
    });
  const endpoint = (frequency: number): Promise<{ id: string }> =>
    w.expectStatus(201, 'POST', '/api/v1/endpoints/', {
      token: a.user.token,
      body: {
        workspace: a.workspace.id,
        name: w.unique('ep'),
        kind: 'http',
        target: 'https://shop.example.com/',
        frequency_s: frequency,
      },
    });
  const send = async (token: string, sent: readonly Sent[]) => {
    const res = await w.call('POST', '/api/v1/agent/results/', {
      token,
      body: {
        results: sent.map((r) => ({
          result_id: randomUUID(),
          endpoint_id: r.endpointId,
          success: r.success,
          checked_at: new Date(r.checkedAt).toISOString(),
          duration_ms: r.durationMs,
        })),
      },
    });
    expect(res.status).toBe(200);
    return res.body as { accepted: number };
  };
  const rollupsOf = async (ids: string[]) =>
    new Map(
      (await database.db.select().from(checkRollups).where(inArray(checkRollups.endpointId, ids))).map(
        (r) => [`${r.endpointId} ${r.location} ${r.bucket.toISOString()}`, r],
      ),
    );

  beforeAll(async () => {
    a = await w.tenant();
    eu = await agent('eu-central');
    us = await agent('us-east');
  });

  it('sums every result once, as the model does, at every histogram bucket’s and check period’s edge', async () => {
    const frequencies = [10, 60, 300, 900];
    const endpoints = await Promise.all(frequencies.map((f) => endpoint(f)));
    const frequencyOf = (id: string) => frequencies[endpoints.findIndex((e) => e.id === id)]!;
    // Each bucket's bounds, just under and just over them, and both ends of the scale.
    const durations = [0, 0.5, 1, 1.001, 0.999, 86_400_000];
    for (let i = 1; i < 64; i++) durations.push(upperBound(i), upperBound(i) * 1.001, upperBound(i) * 0.999);
    const base = Math.floor((Date.now() - 2 * 3_600_000) / BUCKET_MS) * BUCKET_MS;
    const sent: Sent[] = [];
    let k = 0;
    for (const [e, ep] of endpoints.entries()) {
      const periodMs = frequencies[e]! * 1000;
      // A bucket's first and last millisecond, and each period's edges (31 periods at most).
      const offsets = [0, BUCKET_MS - 1];
      for (let p = 1; p * periodMs < BUCKET_MS; p++) offsets.push(p * periodMs - 1, p * periodMs);
      for (let bucket = 0; bucket < 3; bucket++)
        for (const offset of offsets)
          for (const location of ['eu-central', 'us-east'])
            sent.push({
              endpointId: ep.id,
              location,
              checkedAt: base + bucket * BUCKET_MS + offset,
              success: k % 3 !== 0,
              durationMs: durations[k++ % durations.length]!,
            });
    }
    // Every duration at least once.
    expect(k).toBeGreaterThan(durations.length);
    for (const location of ['eu-central', 'us-east']) {
      const mine = sent.filter((r) => r.location === location);
      const token = location === 'eu-central' ? eu.token : us.token;
      for (let i = 0; i < mine.length; i += 100)
        expect((await send(token, mine.slice(i, i + 100))).accepted).toBe(mine.slice(i, i + 100).length);
    }
    await rollUpAll(database.db);
    const model = modelOf(sent, frequencyOf);
    const stored = await rollupsOf(endpoints.map((e) => e.id));
    expect([...stored.keys()].sort()).toEqual([...model.keys()].sort());
    for (const [key, want] of model) {
      const got = stored.get(key)!;
      expect({ key, n: got.n, nSuccess: got.nSuccess, seen: got.seen, ok: got.ok }).toEqual({
        key,
        n: want.n,
        nSuccess: want.nSuccess,
        seen: want.seen >>> 0,
        ok: want.ok >>> 0,
      });
      expect(got.sumMs).toBeCloseTo(want.sumMs, 3);
      expect({ key, hist: got.hist }).toEqual({ key, hist: want.hist });
    }
    // A run with nothing new adds nothing.
    expect(await rollUp(database.db)).toBe(0);
    expect((await rollupsOf(endpoints.map((e) => e.id))).get([...model.keys()][0]!)!.n).toBe(
      [...model.values()][0]!.n,
    );
  });

  // PGlite has one connection: no transaction is ever open beside the job's.
  it.skipIf(kind === 'pglite')(
    'counts a batch that commits after a later one on its next run, never skipping it nor counting twice',
    async () => {
      const ep = await endpoint(60);
      const at = Math.floor((Date.now() - 30 * 60_000) / BUCKET_MS) * BUCKET_MS + 1000;
      // eu-central's batch stops at its streaks' lock, its rows written and not committed.
      const release = await holdLocation(database.db, a.org.id, 'eu-central');
      const early = send(eu.token, [
        { endpointId: ep.id, location: 'eu-central', checkedAt: at, success: true, durationMs: 10 },
      ]);
      await eventually('the eu-central batch waiting for its lock', async () => {
        const [row] = rowsOf<{ n: number }>(
          await database.db.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
              and classid = ${STREAKS_LOCK_SPACE} and database = (select oid from pg_database where datname = current_database())`,
          ),
        );
        return row!.n > 0;
      });
      // us-east's batch starts later and commits first.
      expect(
        (
          await send(us.token, [
            { endpointId: ep.id, location: 'us-east', checkedAt: at, success: false, durationMs: 20 },
          ])
        ).accepted,
      ).toBe(1);
      await rollUp(database.db);
      // Held back: another run moves neither the mark nor its time, and the metric says how long.
      const mark = () => database.db.select().from(checkRollupMark);
      const held = await mark();
      await new Promise((r) => setTimeout(r, 1500));
      await rollUp(database.db);
      expect(await mark()).toEqual(held);
      const metrics = await (await w.env.metricsApp.request('/metrics')).text();
      const behind = /^plinth_check_rollups_behind_seconds (\S+)$/m.exec(metrics)?.[1];
      expect(Number(behind)).toBeGreaterThanOrEqual(1.5);
      await release();
      expect((await early).accepted).toBe(1);
      await rollUpAll(database.db);
      expect((await mark())[0]!.countedAt.getTime()).toBeGreaterThan(held[0]!.countedAt.getTime());
      const rows = await rollupsOf([ep.id]);
      expect([...rows.values()].map((r) => [r.location, r.n, r.nSuccess]).sort()).toEqual([
        ['eu-central', 1, 1],
        ['us-east', 1, 0],
      ]);
    },
  );
});
