import { jittered } from './jitter.ts';

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
  random?: () => number;
}

/**
 * Exponential backoff: `baseMs` doubling up to `maxMs`, each delay jittered ±20 % so that agents
 * cut off by the same outage do not all come back in the same second. `reset()` after a success.
 */
export class Backoff {
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #random: () => number;
  #next: number;

  constructor(opts: BackoffOptions = {}) {
    this.#baseMs = opts.baseMs ?? 1000;
    this.#maxMs = opts.maxMs ?? 60_000;
    this.#random = opts.random ?? Math.random;
    this.#next = this.#baseMs;
  }

  /** The delay before the next attempt; each call doubles the one after. */
  delay(): number {
    const d = this.#next;
    this.#next = Math.min(d * 2, this.#maxMs);
    return Math.min(jittered(d, 0.2, this.#random), this.#maxMs);
  }

  reset(): void {
    this.#next = this.#baseMs;
  }
}
