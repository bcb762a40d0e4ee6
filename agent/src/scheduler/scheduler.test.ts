import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';
import type { JobSpec } from './scheduler.ts';

/** A scheduler on a hand-moved clock: `advance` moves it and runs what is due, as the timer would. */
function harness(concurrency = 1000, random: () => number = Math.random) {
  let now = 0;
  const runs: { id: string; at: number; finish: () => void }[] = [];
  const timers: number[] = [];
  const scheduler = new Scheduler<string>({
    concurrency,
    now: () => now,
    random,
    setTimer: (_fn, ms) => timers.push(now + ms),
    clearTimer: () => {},
    run: (payload) =>
      new Promise<void>((resolve) => {
        runs.push({ id: payload, at: now, finish: resolve });
      }),
  });
  const advance = async (to: number, step = 100) => {
    while (now < to) {
      now = Math.min(now + step, to);
      scheduler.tick();
      await Promise.resolve();
    }
  };
  const finishAll = async () => {
    for (const r of runs) r.finish();
    // Let the completions run (each is a promise callback).
    for (let i = 0; i < 3; i++) await Promise.resolve();
  };
  return { scheduler, runs, timers, advance, finishAll, clock: () => now };
}

const job = (id: string, periodMs: number, fingerprint = 'v1'): JobSpec<string> => ({
  id,
  fingerprint,
  periodMs,
  payload: () => id,
});

describe('Scheduler', () => {
  it('spreads first runs uniformly over the period, then runs each every period', async () => {
    const h = harness();
    h.scheduler.update(Array.from({ length: 1000 }, (_, i) => job(`e${i}`, 30_000)));
    await h.advance(30_000, 1000);
    expect(h.runs).toHaveLength(1000);
    const perSecond = new Array<number>(30).fill(0);
    for (const r of h.runs) perSecond[Math.min(29, Math.floor((r.at - 1) / 1000))]!++;
    // 33 a second on average; a burst would show as one second holding many.
    expect(Math.max(...perSecond)).toBeLessThan(70);
    const perTenth = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) =>
      perSecond.slice(d * 3, d * 3 + 3).reduce((a, b) => a + b, 0),
    );
    for (const n of perTenth) expect(n).toBeGreaterThan(50);
    await h.finishAll();
    h.runs.length = 0;
    await h.advance(60_000, 1000);
    expect(h.runs, 'one more run each in the next period').toHaveLength(1000);
    expect(new Set(h.runs.map((r) => r.id)).size).toBe(1000);
  });

  it('keeps to one timer, set for the earliest due time', () => {
    const values = [0.5, 0.1, 0.9];
    const h = harness(10, () => values.shift()!);
    h.scheduler.update([job('a', 10_000), job('b', 10_000), job('c', 10_000)]);
    expect(h.timers).toEqual([1000]);
  });

  it('respects the concurrency cap: due runs wait for a slot, oldest first', async () => {
    const h = harness(2, () => 0);
    h.scheduler.update([job('a', 60_000), job('b', 60_000), job('c', 60_000), job('d', 60_000)]);
    await h.advance(100);
    expect(h.runs.map((r) => r.id)).toEqual(['a', 'b']);
    expect(h.scheduler.stats).toMatchObject({ running: 2, queued: 2, started: 2 });
    h.runs[0]!.finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(h.runs.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(h.scheduler.stats).toMatchObject({ running: 2, queued: 1 });
  });

  it('skips and counts a run still in flight when it is due again, without queueing it', async () => {
    const h = harness(10, () => 0);
    h.scheduler.update([job('slow', 1000)]);
    await h.advance(100);
    expect(h.runs).toHaveLength(1);
    await h.advance(3100);
    expect(h.runs, 'no second run while the first is running').toHaveLength(1);
    expect(h.scheduler.stats.skipped).toBe(3);
    await h.finishAll();
    await h.advance(4100);
    expect(h.runs).toHaveLength(2);
    expect(h.scheduler.stats.skipped).toBe(3);
  });

  it('counts a run still waiting for a slot as skipped too', async () => {
    const h = harness(1, () => 0);
    h.scheduler.update([job('a', 1000), job('b', 1000)]);
    await h.advance(1100);
    expect(h.runs.map((r) => r.id)).toEqual(['a']);
    expect(h.scheduler.stats).toMatchObject({ queued: 1, skipped: 2 });
  });

  it('on update starts new jobs, stops removed ones, restarts changed ones, leaves the rest', async () => {
    const h = harness(10, () => 0.5);
    h.scheduler.update([job('keep', 10_000), job('drop', 10_000), job('change', 10_000)]);
    await h.advance(5000);
    await h.finishAll();
    expect(h.runs.map((r) => r.id).sort()).toEqual(['change', 'drop', 'keep']);
    h.runs.length = 0;
    const summary = h.scheduler.update([
      job('keep', 10_000),
      job('change', 10_000, 'v2'),
      job('new', 20_000),
    ]);
    expect(summary).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(h.scheduler.stats).toMatchObject({ jobs: 3, expectedPerMinute: 6 + 6 + 3 });
    await h.advance(15_000);
    await h.finishAll();
    // keep: due at 15 000 as before; change: restarted at 5 000 + 5 000; new: 5 000 + 10 000.
    expect(h.runs.map((r) => `${r.id}@${r.at}`).sort()).toEqual(['change@10000', 'keep@15000', 'new@15000']);
  });

  it('does not replay the runs missed while the process stood still', async () => {
    const h = harness(10, () => 0);
    h.scheduler.update([job('a', 1000)]);
    await h.advance(100);
    await h.finishAll();
    await h.advance(10_000, 10_000);
    await h.advance(10_050);
    expect(h.runs.map((r) => r.at)).toEqual([100, 10_000]);
  });

  it('stops starting runs and waits for those in flight', async () => {
    const h = harness(10, () => 0);
    h.scheduler.update([job('a', 1000)]);
    await h.advance(100);
    let stopped = false;
    const stopping = h.scheduler.stop().then(() => (stopped = true));
    await h.advance(5000);
    expect(h.runs).toHaveLength(1);
    expect(stopped).toBe(false);
    h.runs[0]!.finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('runs on its own timer in real time', async () => {
    const ran: string[] = [];
    const s = new Scheduler<string>({
      concurrency: 4,
      random: () => 0,
      run: (id) => {
        ran.push(id);
        return Promise.resolve();
      },
    });
    s.update([job('x', 20)]);
    const deadline = Date.now() + 5000;
    while (ran.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await s.stop();
    expect(ran.length).toBeGreaterThanOrEqual(3);
  });
});
