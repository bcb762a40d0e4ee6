import { count } from '../../../ui/format.ts';
import { html } from '../../../ui/html.ts';
import type { Html } from '../../../ui/html.ts';

/**
 * An endpoint's latency chart, drawn here as inline SVG: the p50 line (solid) and the p95 line
 * (dashed, so they differ without colour) over the stats series, with labelled axes and a name
 * that says what it shows. No script and no outside asset; the colours are presentation
 * attributes, which the CSP's `style-src 'self'` allows (inline `style` would not be).
 */

export interface ChartSeries {
  /** The endpoint's name, for the chart's name. */
  readonly name: string;
  /** "the last 24 hours". */
  readonly window: string;
  readonly from: string;
  readonly to: string;
  /** The width of a period, in ms (a point is drawn at its middle). */
  readonly step: number;
  readonly series: readonly {
    readonly at: string;
    readonly p50_ms: number | null;
    readonly p95_ms: number | null;
  }[];
}

const W = 440;
const H = 220;
const PAD = { left: 62, right: 14, top: 12, bottom: 30 } as const;
const P50 = '#1d4ed8';
const P95 = '#b45309';
const INK = '#4b5563';
const GRID = '#d1d5db';

/** A round upper bound and its ticks: at most 4 steps of 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number): number[] {
  const top = Math.max(max, 1);
  const raw = top / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const ticks: number[] = [];
  for (let v = 0; v < top + step - 1e-9; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/** A tick's time: the hour and minute within a day's window, the month and day beyond it (UTC). */
const timeTick = (t: number, long: boolean): string => {
  const iso = new Date(t).toISOString();
  return long ? iso.slice(5, 10) : iso.slice(11, 16);
};

const fixed = (n: number): string => (Math.round(n * 10) / 10).toString();
/** A latency as an axis says it: milliseconds, seconds from one second on. */
const label = (v: number): string =>
  v >= 1000
    ? `${fixed(v / 1000)} s`
    : `${v < 10 ? String(Math.round(v * 100) / 100) : count(Math.round(v))} ms`;

/** The values' range in words, for the chart's name: `from 12 to 48 ms`. */
function range(values: readonly number[]): string {
  if (values.length === 0) return 'no values';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? label(lo) : `from ${label(lo)} to ${label(hi)}`;
}

/** The chart's accessible name: what it shows, over when, and the ranges of its two lines. */
export function chartName(c: ChartSeries): string {
  const of = (k: 'p50_ms' | 'p95_ms') => c.series.map((p) => p[k]).filter((v): v is number => v !== null);
  return `Latency of ${c.name} over ${c.window}: p50 ${range(of('p50_ms'))}, p95 ${range(of('p95_ms'))}.`;
}

/** The lines through the points, broken where a period has no value; a lone point is a dot. */
function line(
  points: readonly (readonly [number, number | null])[],
  gap: number,
  colour: string,
  dash?: string,
): Html {
  const runs: [number, number][][] = [];
  let run: [number, number][] = [];
  let lastX = -Infinity;
  for (const [x, y] of points) {
    if (y === null || x - lastX > gap) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (y !== null) run.push([x, y]);
    lastX = x;
  }
  if (run.length) runs.push(run);
  return html`${runs.map((r) =>
    r.length === 1
      ? html`<circle cx="${fixed(r[0]![0])}" cy="${fixed(r[0]![1])}" r="2.5" fill="${colour}" />`
      : html`<polyline
          points="${r.map(([x, y]) => `${fixed(x)},${fixed(y)}`).join(' ')}"
          fill="none"
          stroke="${colour}"
          stroke-width="2"
          stroke-linejoin="round"
          ${dash ? html`stroke-dasharray="${dash}"` : ''}
        />`,
  )}`;
}

/** The chart (`id` names its title), or null when the window has no latency to draw. */
export function latencyChart(id: string, c: ChartSeries): Html | null {
  const values = c.series.flatMap((p) => [p.p50_ms, p.p95_ms]).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const from = Date.parse(c.from);
  const to = Date.parse(c.to);
  const ticks = niceTicks(Math.max(...values));
  const top = ticks.at(-1)!;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (t: number) =>
    PAD.left + ((Math.min(Math.max(t, from), to) - from) / Math.max(1, to - from)) * plotW;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const mid = (at: string) => Date.parse(at) + c.step / 2;
  const points = (k: 'p50_ms' | 'p95_ms') =>
    c.series.map((p) => [x(mid(p.at)), p[k] === null ? null : y(p[k])] as const);
  const long = to - from > 2 * 86_400_000;
  const times = [0, 1, 2, 3, 4].map((i) => from + ((to - from) * i) / 4);
  const name = chartName(c);
  // Periods further apart than one and a half (none in between had a check) break the line.
  const gap = (c.step / Math.max(1, to - from)) * plotW * 1.5;
  return html`<svg
    class="chart"
    viewBox="0 0 ${W} ${H}"
    width="100%"
    role="img"
    aria-labelledby="${id}-title"
    aria-label="${name}"
    font-size="11"
  >
    <title id="${id}-title">${name}</title>
    ${ticks.map(
      (v) =>
        html`<line
            x1="${PAD.left}"
            x2="${W - PAD.right}"
            y1="${fixed(y(v))}"
            y2="${fixed(y(v))}"
            stroke="${GRID}"
            stroke-width="1"
          />
          <text x="${PAD.left - 6}" y="${fixed(y(v) + 4)}" text-anchor="end" fill="${INK}"
            >${label(v)}</text
          >`,
    )}
    <line
      x1="${PAD.left}"
      x2="${PAD.left}"
      y1="${PAD.top}"
      y2="${PAD.top + plotH}"
      stroke="${INK}"
      stroke-width="1"
    />
    ${times.map(
      (t, i) =>
        html`<line
            x1="${fixed(x(t))}"
            x2="${fixed(x(t))}"
            y1="${PAD.top + plotH}"
            y2="${PAD.top + plotH + 4}"
            stroke="${INK}"
            stroke-width="1"
          />
          <text
            x="${fixed(x(t))}"
            y="${H - PAD.bottom + 18}"
            text-anchor="${i === 0 ? 'start' : i === 4 ? 'end' : 'middle'}"
            fill="${INK}"
            >${timeTick(t, long)}</text
          >`,
    )}
    ${line(points('p95_ms'), gap, P95, '6 4')} ${line(points('p50_ms'), gap, P50)}
  </svg>`;
}

/** The chart's key: each line's look beside its name (the SVG's own colours, so it matches). */
export const chartKey = (): Html =>
  html`<ul class="chart-key plain">
    <li>
      <svg width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
        <line x1="0" x2="28" y1="5" y2="5" stroke="${P50}" stroke-width="2" />
      </svg>
      p50 (median)
    </li>
    <li>
      <svg width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
        <line x1="0" x2="28" y1="5" y2="5" stroke="${P95}" stroke-width="2" stroke-dasharray="6 4" />
      </svg>
      p95
    </li>
  </ul>`;
