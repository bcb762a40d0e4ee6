import { describe, expect, it } from 'vitest';
import { STATS_WINDOWS as API_WINDOWS } from '../../../api/src/areas/monitoring/schema/stats.ts';
import type { CheckEndpointStats } from '../../../clients/typescript/src/index.ts';
import { renderRows } from '../output.ts';
import {
  milliseconds,
  p95Line,
  percent,
  sparkline,
  STATS_COLUMNS,
  STATS_WINDOWS,
  statsRows,
} from './monitoring-stats.ts';

const latency = (p50: number | null, p95: number | null, p99: number | null) => ({
  mean: p50,
  p50,
  p95,
  p99,
});

/** Two locations over an hour: eu-central all well, office-berlin failing half its checks. */
const stats: CheckEndpointStats = {
  endpoint: '00000000-0000-4000-8000-000000000001',
  window: '1h',
  from: '2026-05-01T09:00:00.000Z',
  to: '2026-05-01T10:02:13.000Z',
  checks: 120,
  successes: 90,
  uptime: 0.999953,
  reachability: 0.75,
  latency_ms: latency(12.3456, 210.4, 1234.5),
  locations: [
    {
      location: 'eu-central',
      checks: 60,
      successes: 60,
      uptime: 1,
      reachability: 1,
      latency_ms: latency(8.04, 95.5, 180),
    },
    {
      location: 'office-berlin',
      checks: 60,
      successes: 30,
      uptime: 0.5,
      reachability: 0.5,
      latency_ms: latency(20, 300, 1500),
    },
  ],
  series: [
    { at: '2026-05-01T09:00:00.000Z', checks: 20, successes: 20, p50_ms: 10, p95_ms: 100 },
    { at: '2026-05-01T09:05:00.000Z', checks: 20, successes: 10, p50_ms: 20, p95_ms: 800 },
    // 09:10 and 09:15 had no checks: gaps.
    { at: '2026-05-01T09:20:00.000Z', checks: 20, successes: 20, p50_ms: 10, p95_ms: 450 },
    { at: '2026-05-01T09:25:00.000Z', checks: 20, successes: 20, p50_ms: null, p95_ms: null },
  ],
};

describe('endpoints stats: the table', () => {
  it('has a row for all locations, then one per location, with the figures the API gave', () => {
    expect(statsRows(stats)).toEqual([
      {
        location: 'all',
        checks: 120,
        successes: 90,
        uptime: 0.999953,
        reachability: 0.75,
        latency_ms: latency(12.3456, 210.4, 1234.5),
      },
      ...stats.locations,
    ]);
  });

  it('shows shares as percentages and latencies in milliseconds', () => {
    const table = renderRows(statsRows(stats), STATS_COLUMNS, { output: 'table' });
    expect(table.split('\n')).toEqual([
      'LOCATION        CHECKS   UPTIME   REACHABILITY   P50     P95      P99',
      'all             120      99.99%   75%            12 ms   210 ms   1235 ms',
      'eu-central      60       100%     100%           8 ms    96 ms    180 ms',
      'office-berlin   60       50%      50%            20 ms   300 ms   1500 ms',
      '',
    ]);
  });

  it('shows a dash before the first check, and takes --fields by the JSON names', () => {
    const empty: CheckEndpointStats = {
      ...stats,
      checks: 0,
      successes: 0,
      uptime: null,
      reachability: null,
      latency_ms: latency(null, null, null),
      locations: [],
      series: [],
    };
    expect(renderRows(statsRows(empty), STATS_COLUMNS, { output: 'table', headers: false })).toBe(
      'all   0   -   -   -   -   -\n',
    );
    expect(
      renderRows(statsRows(stats), STATS_COLUMNS, {
        output: 'json',
        fields: 'location,reachability,latency_ms.p95',
      }),
    ).toBe(
      JSON.stringify(
        [
          { location: 'all', reachability: 0.75, 'latency_ms.p95': 210.4 },
          { location: 'eu-central', reachability: 1, 'latency_ms.p95': 95.5 },
          { location: 'office-berlin', reachability: 0.5, 'latency_ms.p95': 300 },
        ],
        null,
        2,
      ) + '\n',
    );
  });

  it('never rounds a share up to 100%, and floats do not make 29% show as 28.99%', () => {
    expect(percent(0.99999)).toBe('99.99%');
    expect(percent(1)).toBe('100%');
    expect(percent(0)).toBe('0%');
    expect(percent(0.29)).toBe('29%');
    expect(percent(0.123456)).toBe('12.34%');
    expect(percent(null)).toBeNull();
  });

  it('writes milliseconds with a decimal below 10 only', () => {
    expect(milliseconds(0.44)).toBe('0.4 ms');
    expect(milliseconds(9.96)).toBe('10 ms');
    expect(milliseconds(12.5)).toBe('13 ms');
    expect(milliseconds(null)).toBeNull();
  });
});

describe('endpoints stats: the sparkline of p95', () => {
  it('draws the lowest value as the lowest bar and the highest as the highest, a gap as a space', () => {
    expect(sparkline([100, 800, null, 450])).toBe('▁█ ▅');
    expect(sparkline([5, 5])).toBe('▁▁');
    expect(sparkline([null])).toBe('');
  });

  it("follows the series in time, its periods without checks as gaps, with p95's range", () => {
    expect(p95Line(stats)).toBe('p95 ▁█  ▅   100 ms to 800 ms');
    // The API's order does not matter.
    expect(p95Line({ series: [...stats.series].reverse() })).toBe(p95Line(stats));
    expect(p95Line({ series: [] })).toBeUndefined();
    expect(p95Line({ series: [stats.series[3]!] })).toBeUndefined();
    expect(p95Line({ series: [stats.series[0]!] })).toBe('p95 ▁  100 ms to 100 ms');
  });
});

describe('--window', () => {
  it("takes the API's windows", () => {
    expect(STATS_WINDOWS).toEqual(API_WINDOWS);
  });
});
