/** A location's standing on one endpoint (check_states), as the alert rule reads it. */
export interface Streak {
  lastCheckedAt: Date;
  failing: number;
  passing: number;
  down: boolean;
}

/** Results older than this still count for history, but no longer for alert state. */
export const STALE_MS = 60 * 60_000;

/**
 * The standing after `results` (in any order): each newer than the last one counted moves the
 * streaks; `failures` in a row make the location down, `successes` in a row up again. A streak
 * stops counting at its threshold (only reaching it matters), so a location that stays up or down
 * keeps the same standing and need not be written again (states.ts). Pure.
 */
export function nextStreak(
  old: Streak | undefined,
  results: readonly { checkedAt: Date; success: boolean }[],
  rule: { failures: number; successes: number },
): Streak | undefined {
  let s = old ? { ...old } : undefined;
  for (const r of [...results].sort((a, b) => a.checkedAt.getTime() - b.checkedAt.getTime())) {
    if (s && r.checkedAt.getTime() <= s.lastCheckedAt.getTime()) continue;
    s ??= { lastCheckedAt: r.checkedAt, failing: 0, passing: 0, down: false };
    s.lastCheckedAt = r.checkedAt;
    if (r.success) {
      s.passing = Math.min(s.passing + 1, rule.successes);
      s.failing = 0;
      if (s.passing >= rule.successes) s.down = false;
    } else {
      s.failing = Math.min(s.failing + 1, rule.failures);
      s.passing = 0;
      if (s.failing >= rule.failures) s.down = true;
    }
  }
  return s;
}

/** Whether two standings count the same for the alert rule (their times aside). */
export const sameStanding = (a: Streak, b: Streak): boolean =>
  a.failing === b.failing && a.passing === b.passing && a.down === b.down;

/**
 * Which alert an endpoint should have: `EndpointDown` when at least `needed` of the reporting
 * locations are down (default: more than half), `EndpointPartiallyDown` when some but fewer are,
 * none when none are. Pure.
 */
export function wantedAlert(
  downLocations: number,
  reportingLocations: number,
  needed: number | null,
): 'EndpointDown' | 'EndpointPartiallyDown' | null {
  if (downLocations === 0) return null;
  const m = needed ?? Math.floor(reportingLocations / 2) + 1;
  return downLocations >= Math.max(1, m) ? 'EndpointDown' : 'EndpointPartiallyDown';
}
