import { and, asc, eq, gte } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { checkRollups } from '../../core/db/schema/index.ts';
import type { CheckRollupRow } from '../../core/db/schema/index.ts';
import { findEndpoint } from './endpoints.ts';
import { addInto, emptyHistogram, quantile } from './histogram.ts';
import { BUCKET_MS } from './rollups.ts';
import type { EndpointStats, StatsWindow } from './schema/stats.ts';

export const WINDOW_MS: Record<StatsWindow, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
/** Points of the latency series, whatever the window. */
const POINTS = 60;

const popcount = (n: number): number => {
  let c = 0;
  for (let v = n >>> 0; v; v &= v - 1) c++;
  return c;
};

interface Sums {
  n: number;
  nSuccess: number;
  sumMs: number;
  hist: number[];
  /** Per bucket: the periods with a result and with a success, over the locations summed. */
  periods: Map<number, { seen: number; ok: number }>;
}

const emptySums = (): Sums => ({ n: 0, nSuccess: 0, sumMs: 0, hist: emptyHistogram(), periods: new Map() });

function add(into: Sums, r: CheckRollupRow): void {
  into.n += r.n;
  into.nSuccess += r.nSuccess;
  into.sumMs += r.sumMs;
  addInto(into.hist, r.hist);
  const at = r.bucket.getTime();
  const p = into.periods.get(at) ?? { seen: 0, ok: 0 };
  into.periods.set(at, { seen: p.seen | r.seen, ok: p.ok | r.ok });
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a / b) * 1e6) / 1e6);

function figures(s: Sums) {
  let seen = 0;
  let ok = 0;
  for (const p of s.periods.values()) {
    seen += popcount(p.seen);
    ok += popcount(p.ok);
  }
  return {
    checks: s.n,
    successes: s.nSuccess,
    // A check period is up when at least one location succeeded in it (Grafana's uptime).
    uptime: ratio(ok, seen),
    reachability: ratio(s.nSuccess, s.n),
    latency_ms: {
      mean: s.n === 0 ? null : Math.round((s.sumMs / s.n) * 1000) / 1000,
      p50: quantile(s.hist, 0.5),
      p95: quantile(s.hist, 0.95),
      p99: quantile(s.hist, 0.99),
    },
  };
}

/**
 * An endpoint's uptime, reachability and latency percentiles over a window, overall and per
 * location, with a latency series: all from the five-minute rollups, never from raw results.
 */
export async function endpointStats(
  ctx: ServiceContext,
  id: string,
  window: StatsWindow,
): Promise<EndpointStats> {
  const endpoint = await findEndpoint(ctx, id, 'check_endpoint.view');
  const to = Date.now();
  const from = Math.floor((to - WINDOW_MS[window]) / BUCKET_MS) * BUCKET_MS;
  const rows = await ctx.db
    .select()
    .from(checkRollups)
    .where(and(eq(checkRollups.endpointId, endpoint.id), gte(checkRollups.bucket, new Date(from))))
    .orderBy(asc(checkRollups.bucket));
  const all = emptySums();
  const byLocation = new Map<string, Sums>();
  const step = Math.max(BUCKET_MS, Math.ceil((to - from) / POINTS / BUCKET_MS) * BUCKET_MS);
  const slots = new Map<number, Sums>();
  for (const r of rows) {
    add(all, r);
    let loc = byLocation.get(r.location);
    if (!loc) byLocation.set(r.location, (loc = emptySums()));
    add(loc, r);
    const slot = from + Math.floor((r.bucket.getTime() - from) / step) * step;
    let s = slots.get(slot);
    if (!s) slots.set(slot, (s = emptySums()));
    add(s, r);
  }
  return {
    endpoint: endpoint.id,
    window,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    ...figures(all),
    locations: [...byLocation.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([location, s]) => ({ location, ...figures(s) })),
    series: [...slots.entries()].map(([at, s]) => {
      const f = figures(s);
      return {
        at: new Date(at).toISOString(),
        checks: f.checks,
        successes: f.successes,
        p50_ms: f.latency_ms.p50,
        p95_ms: f.latency_ms.p95,
      };
    }),
  };
}
