/**
 * Latency histograms with fixed log buckets: bucket i counts durations in (2^((i-1)/4), 2^(i/4)]
 * milliseconds (bucket 0: up to 1 ms; the last: everything from 2^(62/4) ≈ 46 s on). Fixed bounds
 * let rollups of any endpoint, location and time be added element by element; a percentile read
 * back is within one bucket (±9%) of the true one.
 */
export const BUCKETS = 64;

export function bucketOf(ms: number): number {
  if (!(ms > 1)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(4 * Math.log2(ms) - 1e-9));
}

/** The upper bound of bucket i, in milliseconds (the last bucket has none: its lower bound). */
export const upperBound = (i: number): number => 2 ** (Math.min(i, BUCKETS - 2) / 4);

export function emptyHistogram(): number[] {
  return new Array<number>(BUCKETS).fill(0);
}

/** The q-quantile (0 < q ≤ 1) of a histogram as its bucket's upper bound; null when it is empty. */
export function quantile(hist: readonly number[], q: number): number | null {
  const total = hist.reduce((s, c) => s + c, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    if (seen >= rank) return Math.round(upperBound(i) * 1000) / 1000;
  }
  return upperBound(BUCKETS - 1);
}

/** Element-wise sum of histograms (missing elements count 0). */
export function addInto(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < from.length && i < into.length; i++) into[i]! += from[i]!;
  return into;
}
