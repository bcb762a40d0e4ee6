import { describe, expect, it } from 'vitest';
import { chartName, latencyChart, niceTicks } from './chart.ts';
import { ago, endpointState, lastCheckOf, percent } from './common.ts';

const FROM = '2026-11-25T12:00:00.000Z';
const TO = '2026-11-26T12:00:00.000Z';
const STEP = 25 * 60_000;
const at = (n: number) => new Date(Date.parse(FROM) + n * STEP).toISOString();

describe('the latency chart', () => {
  it('rounds its axis up to at most four round steps', () => {
    expect(niceTicks(128)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(181)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(0.3)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(9000)).toEqual([0, 2500, 5000, 7500, 10000]);
  });

  it('says what it shows in its name, and breaks its lines where a period has no value', () => {
    const c = {
      name: 'shop',
      window: 'the last 24 hours',
      from: FROM,
      to: TO,
      step: STEP,
      series: [
        { at: at(0), p50_ms: 40, p95_ms: 90 },
        { at: at(1), p50_ms: 60, p95_ms: 1500 },
        { at: at(5), p50_ms: 50, p95_ms: null },
      ],
    };
    expect(chartName(c)).toBe(
      'Latency of shop over the last 24 hours: p50 from 40 ms to 60 ms, p95 from 90 ms to 1.5 s.',
    );
    const svg = latencyChart('c', c)!.value;
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title id="c-title">Latency of shop');
    // p95: one line of two points, the third has none; p50: a line, and a lone point after the gap.
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg.match(/<circle/g)).toHaveLength(1);
    expect(svg).toMatch(/>\s*1\.5 s<\/text/);
    expect(latencyChart('c', { ...c, series: [{ at: at(0), p50_ms: null, p95_ms: null }] })).toBeNull();
  });
});

describe('an endpoint’s state and figures', () => {
  const e = { enabled: true, frequency_s: 60 };
  const now = Date.parse(TO);
  it('is down or partially down from its firing alerts, else up, unknown or disabled', () => {
    expect(
      endpointState(e, [{ alertname: 'EndpointPartiallyDown' }, { alertname: 'EndpointDown' }], now, now),
    ).toBe('down');
    expect(endpointState(e, [{ alertname: 'EndpointPartiallyDown' }], now, now)).toBe('partially down');
    expect(endpointState(e, [], now - 10 * 60_000, now)).toBe('up');
    expect(endpointState(e, [], now - 2 * 3_600_000, now)).toBe('unknown');
    expect(endpointState({ ...e, frequency_s: 3600 }, [], now - 2 * 3_600_000, now)).toBe('up');
    expect(endpointState(e, [], null, now)).toBe('unknown');
    expect(endpointState({ ...e, enabled: false }, [], now, now)).toBe('disabled');
  });

  it('knows when it was last checked from the series, and says shares and times as people read them', () => {
    const s = {
      from: FROM,
      to: TO,
      series: [
        { at: at(3), checks: 2 },
        { at: at(4), checks: 0 },
      ],
    };
    expect(lastCheckOf(s)).toBe(Date.parse(at(4)));
    expect(lastCheckOf({ ...s, series: [] })).toBeNull();
    expect(percent(0.99996)).toBe('99.99 %');
    expect(percent(null)).toBe('–');
    expect(ago(new Date(now - 90_000).toISOString(), now)).toBe('1 min ago');
    expect(ago(new Date(now - 2 * 86_400_000).toISOString(), now)).toBe('2 days ago');
  });
});
