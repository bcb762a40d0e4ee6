/**
 * A period stretched by a random amount between 0 and `factor` times itself, so that controllers
 * (or keys) that started together do not all resync in the same instant and hit the API in a
 * burst. `factor <= 0` means no jitter.
 */
export function jittered(periodMs: number, factor = 0.1, random: () => number = Math.random): number {
  if (!(factor > 0)) return periodMs;
  return Math.round(periodMs + random() * factor * periodMs);
}
