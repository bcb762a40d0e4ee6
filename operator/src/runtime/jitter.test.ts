import { describe, expect, it } from 'vitest';
import { jittered } from './jitter.ts';

describe('jittered', () => {
  it('stretches the period by up to factor times itself', () => {
    expect(
      jittered(60_000, 0.1, () => 0),
      'least',
    ).toBe(60_000);
    expect(jittered(60_000, 0.1, () => 0.5)).toBe(63_000);
    expect(
      jittered(60_000, 0.1, () => 0.999_999),
      'most, never past the bound',
    ).toBeLessThanOrEqual(66_000);
  });

  it('spreads values across the range with the real random source', () => {
    const values = Array.from({ length: 200 }, () => jittered(1000, 0.5));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...values)).toBeLessThanOrEqual(1500);
    expect(new Set(values).size, 'not one constant').toBeGreaterThan(1);
  });

  it('leaves the period alone with no factor', () => {
    expect(jittered(1000, 0, () => 0.7)).toBe(1000);
    expect(jittered(1000, -1, () => 0.7)).toBe(1000);
  });
});
