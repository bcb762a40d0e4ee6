import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.ts';
import { jittered } from './jitter.ts';

describe('jittered', () => {
  it('moves the period by at most ±factor', () => {
    expect(jittered(30_000, 0.1, () => 0)).toBe(27_000);
    expect(jittered(30_000, 0.1, () => 0.5)).toBe(30_000);
    expect(jittered(30_000, 0.1, () => 0.999_999)).toBeLessThanOrEqual(33_000);
  });

  it('spreads over the whole range with the real random source', () => {
    const values = Array.from({ length: 500 }, () => jittered(1000, 0.1));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(900);
    expect(Math.max(...values)).toBeLessThanOrEqual(1100);
    expect(Math.min(...values), 'reaches below the period').toBeLessThan(980);
    expect(Math.max(...values), 'and above it').toBeGreaterThan(1020);
  });

  it('leaves the period alone with no factor', () => {
    expect(jittered(1000, 0, () => 0.9)).toBe(1000);
  });
});

describe('Backoff', () => {
  it('doubles from the base to the cap, and starts over after reset', () => {
    const b = new Backoff({ baseMs: 1000, maxMs: 60_000, random: () => 0.5 });
    const delays = Array.from({ length: 9 }, () => b.delay());
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    b.reset();
    expect(b.delay()).toBe(1000);
  });

  it('jitters each delay but never past the cap', () => {
    const low = new Backoff({ baseMs: 1000, maxMs: 60_000, random: () => 0 });
    expect(low.delay()).toBe(800);
    const high = new Backoff({ baseMs: 1000, maxMs: 60_000, random: () => 0.999 });
    for (let i = 0; i < 10; i++) expect(high.delay()).toBeLessThanOrEqual(60_000);
  });
});
