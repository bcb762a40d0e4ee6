import type { CheckEndpointStats } from '../../../clients/typescript/src/index.ts';
import type { Column } from '../output.ts';

/**
 * `plinth endpoints stats` as people read it: a row for all locations and one per location, the
 * shares as percentages, the latencies in milliseconds, and p95 over the window as a sparkline.
 * Pure: JSON and YAML print the API's object as it is.
 */

/** The windows the API takes (`STATS_WINDOWS` of its monitoring schema; a test holds them equal). */
export const STATS_WINDOWS = ['1h', '24h', '7d', '30d'] as const;

/** One row of the table: the API's figures, of one location or of them all. */
export type StatsRow = Omit<CheckEndpointStats['locations'][number], 'location'> & { location: string };

/** The overall figures as a row named `all`, then each location's, as the API orders them. */
export function statsRows(stats: CheckEndpointStats): StatsRow[] {
  const { checks, successes, uptime, reachability, latency_ms } = stats;
  return [{ location: 'all', checks, successes, uptime, reachability, latency_ms }, ...stats.locations];
}

/** A share (0 to 1) as a percentage, rounded down to two decimals: 99.999% never shows as 100%. */
export function percent(share: unknown): string | null {
  if (typeof share !== 'number') return null;
  return `${Math.floor(share * 10_000 + 1e-6) / 100}%`;
}

/** Milliseconds: one decimal below 10, whole above. */
export function milliseconds(ms: unknown): string | null {
  if (typeof ms !== 'number') return null;
  return `${ms < 10 ? Math.round(ms * 10) / 10 : Math.round(ms)} ms`;
}

export const STATS_COLUMNS: Column[] = [
  { name: 'location', header: 'LOCATION' },
  { name: 'checks', header: 'CHECKS' },
  { name: 'uptime', header: 'UPTIME', value: (r) => percent(r.uptime) },
  { name: 'reachability', header: 'REACHABILITY', value: (r) => percent(r.reachability) },
  ...(['p50', 'p95', 'p99'] as const).map((p) => ({
    name: `latency_ms.${p}`,
    header: p.toUpperCase(),
    value: (r: Record<string, unknown>) => milliseconds((r.latency_ms as Record<string, unknown>)[p]),
  })),
];

const BARS = '▁▂▃▄▅▆▇█';

/** Values as bars from the lowest to the highest; a missing one (null) as a space. */
export function sparkline(values: readonly (number | null)[]): string {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return '';
  const low = Math.min(...present);
  const high = Math.max(...present);
  return values
    .map((v) => (v === null ? ' ' : BARS[high === low ? 0 : Math.round(((v - low) / (high - low)) * 7)]))
    .join('');
}

/**
 * p95 over the series, oldest first, in one line (`p95 ▁▂█▃  12 ms to 340 ms`); periods without checks
 * between two that had some are gaps. Undefined when no period had a latency.
 */
export function p95Line(stats: Pick<CheckEndpointStats, 'series'>): string | undefined {
  const points = stats.series
    .map((p) => ({ at: Date.parse(p.at), p95: p.p95_ms }))
    .sort((a, b) => a.at - b.at);
  const known = points.map((p) => p.p95).filter((v): v is number => v !== null);
  if (known.length === 0) return undefined;
  // The series' step is the smallest distance between two of its points.
  const step = Math.min(
    ...points
      .slice(1)
      .map((p, i) => p.at - points[i]!.at)
      .filter((d) => d > 0),
  );
  const values: (number | null)[] = [];
  for (const [i, p] of points.entries()) {
    if (i > 0 && Number.isFinite(step))
      for (let gap = Math.round((p.at - points[i - 1]!.at) / step) - 1; gap > 0; gap--) values.push(null);
    values.push(p.p95);
  }
  return `p95 ${sparkline(values)}  ${milliseconds(Math.min(...known))} to ${milliseconds(Math.max(...known))}`;
}
