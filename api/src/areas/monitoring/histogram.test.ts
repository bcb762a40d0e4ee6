import { describe, expect, it } from 'vitest';
import { addInto, bucketOf, BUCKETS, emptyHistogram, quantile, upperBound } from './histogram.ts';

describe('latency histograms', () => {
  it('puts a duration in the bucket whose bounds hold it', () => {
    for (const ms of [0, 0.5, 1]) expect(bucketOf(ms)).toBe(0);
    for (const ms of [1.01, 2, 3, 10, 99.9, 100, 1234, 30_000]) {
      const i = bucketOf(ms);
      expect(ms, `${ms} ms in bucket ${i}`).toBeLessThanOrEqual(upperBound(i) + 1e-9);
      expect(ms).toBeGreaterThan(upperBound(i - 1));
    }
    expect(bucketOf(1e9)).toBe(BUCKETS - 1);
    expect(bucketOf(Number.NaN)).toBe(0);
  });

  it('reads percentiles back within one bucket of the truth', () => {
    const durations = Array.from({ length: 10_000 }, (_, k) => 5 + (k % 1000) * 0.5); // 5 … 504.5 ms
    const hist = emptyHistogram();
    for (const d of durations) hist[bucketOf(d)]! += 1;
    const sorted = [...durations].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const truth = sorted[Math.ceil(q * sorted.length) - 1]!;
      const got = quantile(hist, q)!;
      expect(got).toBeGreaterThanOrEqual(truth);
      expect(got / truth).toBeLessThan(2 ** 0.25 + 1e-9);
    }
    expect(quantile(emptyHistogram(), 0.5)).toBeNull();
  });

  it('adds histograms element by element', () => {
    const a = emptyHistogram();
    a[3] = 2;
    const b = emptyHistogram();
    b[3] = 1;
    b[10] = 4;
    expect(addInto(a, b).filter((c) => c > 0)).toEqual([3, 4]);
  });
});
