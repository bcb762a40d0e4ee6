import { describe, expect, it } from 'vitest';
import { nextStreak, wantedAlert } from './streaks.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s));
const rule = { failures: 3, successes: 2 };
const run = (outcomes: string, from?: Parameters<typeof nextStreak>[0]) =>
  nextStreak(
    from,
    [...outcomes].map((o, i) => ({
      checkedAt: at(i + 1 + (from ? from.lastCheckedAt.getUTCSeconds() : 0)),
      success: o === '+',
    })),
    rule,
  );

describe('a location’s streaks', () => {
  it('goes down after N failures in a row and up after K successes in a row', () => {
    expect(run('--')).toMatchObject({ failing: 2, down: false });
    expect(run('---')).toMatchObject({ failing: 3, down: true });
    expect(run('---+')).toMatchObject({ passing: 1, down: true });
    expect(run('---++')).toMatchObject({ passing: 2, failing: 0, down: false });
    expect(run('--+--')).toMatchObject({ failing: 2, down: false });
  });

  it('stops counting a streak at its threshold, so a steady location keeps its standing', () => {
    expect(run('-----')).toMatchObject({ failing: 3, passing: 0, down: true });
    expect(run('--+++++')).toMatchObject({ failing: 0, passing: 2, down: false });
    const down = run('----')!;
    expect(run('--', down)).toMatchObject({ failing: 3, down: true });
  });

  it('carries streaks across batches and ignores results older than the last one counted', () => {
    const first = run('--')!;
    expect(run('-', first)).toMatchObject({ failing: 3, down: true });
    const late = nextStreak(first, [{ checkedAt: at(0), success: false }], rule);
    expect(late).toEqual(first);
  });

  it('takes a batch in any order', () => {
    const s = nextStreak(
      undefined,
      [at(3), at(1), at(2)].map((checkedAt) => ({ checkedAt, success: false })),
      rule,
    );
    expect(s).toMatchObject({ failing: 3, down: true, lastCheckedAt: at(3) });
  });
});

describe('the alert an endpoint should have', () => {
  it('is down from a majority of the reporting locations, partially down from fewer', () => {
    expect(wantedAlert(0, 3, null)).toBeNull();
    expect(wantedAlert(1, 1, null)).toBe('EndpointDown');
    expect(wantedAlert(1, 2, null)).toBe('EndpointPartiallyDown');
    expect(wantedAlert(2, 2, null)).toBe('EndpointDown');
    expect(wantedAlert(1, 3, null)).toBe('EndpointPartiallyDown');
    expect(wantedAlert(2, 3, null)).toBe('EndpointDown');
    expect(wantedAlert(1, 3, 1)).toBe('EndpointDown');
  });
});
