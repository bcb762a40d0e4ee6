/**
 * `periodMs` moved by a random amount within ±`factor` of itself, so that agents (or endpoints)
 * that started together drift apart instead of calling in step.
 */
export function jittered(periodMs: number, factor = 0.1, random: () => number = Math.random): number {
  if (!(factor > 0)) return periodMs;
  return Math.round(periodMs * (1 + (random() * 2 - 1) * factor));
}
