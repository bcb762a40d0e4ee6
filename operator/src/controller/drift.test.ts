import { describe, expect, it } from 'vitest';
import { DriftSchedule } from './drift.ts';

describe('DriftSchedule', () => {
  const schedule = (opts: { intervalMs?: number; checksPerSecond?: number; random?: () => number } = {}) => {
    let now = 1_000_000;
    const s = new DriftSchedule({
      intervalMs: opts.intervalMs ?? 60_000,
      checksPerSecond: opts.checksPerSecond ?? 1,
      now: () => now,
      random: opts.random ?? (() => 0.25),
    });
    return { s, advance: (ms: number) => (now += ms) };
  };

  it('places a key first seen at a random point of one interval, then checks it once per interval', () => {
    const { s, advance } = schedule();
    expect(s.plan('a')).toEqual({ check: false, ms: 15_000 });
    advance(14_999);
    expect(s.plan('a')).toEqual({ check: false, ms: 1 });
    advance(1);
    expect(s.plan('a')).toEqual({ check: true });
    s.checked('a');
    // 0.9 + 0.1 × 0.25 of the interval: never later than one interval.
    expect(s.dueIn('a')).toBe(55_500);
    expect(s.plan('a')).toEqual({ check: false, ms: 55_500 });
  });

  it('keeps checks at the configured rate when many are due at once, each key taking one slot', () => {
    const { s, advance } = schedule({ checksPerSecond: 2, random: () => 0 });
    const keys = Array.from({ length: 6 }, (_, i) => `ns/b${i}`);
    // random 0: all first due at once, as after a restart with the worst luck.
    const plans = keys.map((k) => s.plan(k));
    expect(plans).toEqual([
      { check: true },
      { check: false, ms: 500 },
      { check: false, ms: 1000 },
      { check: false, ms: 1500 },
      { check: false, ms: 2000 },
      { check: false, ms: 2500 },
    ]);
    // A resync brings b5 back early: it keeps its slot and does not take another.
    advance(100);
    expect(s.plan('ns/b5')).toEqual({ check: false, ms: 2400 });
    advance(400);
    expect(s.plan('ns/b1')).toEqual({ check: true });
    expect(s.plan('ns/b2')).toEqual({ check: false, ms: 500 });
  });

  it('retries an unanswered check within a minute, and forgets a deleted key', () => {
    const { s, advance } = schedule({ intervalMs: 3_600_000, random: () => 0 });
    expect(s.plan('a')).toEqual({ check: true });
    s.failed('a');
    expect(s.dueIn('a')).toBe(30_000);
    advance(30_000);
    expect(s.plan('a')).toEqual({ check: true });
    s.forget('a');
    expect(s.dueIn('a')).toBe(0);
  });
});
