import { TokenBucket } from '../runtime/rate-limiter.ts';
import type { Clock } from '../runtime/rate-limiter.ts';

export interface DriftScheduleOptions {
  /** How often each Ready S3Bucket's storage is checked: at most this long between two checks. */
  intervalMs: number;
  /** The most checks per second over all S3Buckets; more due at once wait their turn. */
  checksPerSecond: number;
  now?: Clock;
  random?: () => number;
}

interface Entry {
  /** When the next check is due. */
  dueAt: number;
  /** The rate-limit slot this key holds, once due: the check waits for it without taking another. */
  slotAt?: number;
}

/** What `plan` says for a key: check now, or come back in `ms` (no API call until then). */
export type DriftPlan = { readonly check: true } | { readonly check: false; readonly ms: number };

/**
 * When each S3Bucket's storage is checked next (the drift check: does the bucket still exist, with
 * its access user?). In memory: a restarted operator gives every bucket a random phase within one
 * interval, so neither a restart nor 500 buckets applied at once make a burst of checks. Checks
 * are spread over the interval, and a token bucket (burst 1) keeps them at or under
 * `checksPerSecond` whatever the number of buckets; when `buckets / interval` exceeds that rate the
 * interval stretches (docs/operator.md, "Drift checks").
 */
export class DriftSchedule {
  readonly intervalMs: number;
  readonly #entries = new Map<string, Entry>();
  readonly #slots: TokenBucket;
  readonly #now: Clock;
  readonly #random: () => number;

  constructor(opts: DriftScheduleOptions) {
    if (!(opts.intervalMs > 0)) throw new RangeError(`intervalMs must be > 0, got ${opts.intervalMs}`);
    this.intervalMs = opts.intervalMs;
    this.#now = opts.now ?? (() => performance.now());
    this.#random = opts.random ?? Math.random;
    this.#slots = new TokenBucket({ qps: opts.checksPerSecond, burst: 1, now: this.#now });
  }

  /**
   * Whether to check the key now. Not due: come back when it is. Due: a check now if a slot is
   * free, else a slot is reserved and the key comes back at it (reserved once, so a key brought
   * back early by a resync neither checks nor takes a second slot).
   */
  plan(key: string): DriftPlan {
    const now = this.#now();
    const entry = this.#entries.get(key) ?? this.#place(key);
    if (entry.dueAt > now) return { check: false, ms: Math.ceil(entry.dueAt - now) };
    if (entry.slotAt === undefined) entry.slotAt = now + this.#slots.reserve();
    if (entry.slotAt > now) return { check: false, ms: Math.ceil(entry.slotAt - now) };
    return { check: true };
  }

  /**
   * The key's storage was checked (or just made, so known good): the next check within one
   * interval, at a random point of its last tenth so the phases do not line up over time.
   */
  checked(key: string): void {
    this.#setDue(key, this.intervalMs * (0.9 + 0.1 * this.#random()));
  }

  /**
   * The key's bucket was just made, so known good: its first check at a random point of one
   * interval, so that 500 buckets applied at once are not all checked together an interval later.
   */
  created(key: string): void {
    this.#place(key);
  }

  /** A check that got no answer (API unavailable, busy): tried again sooner than a full interval. */
  failed(key: string): void {
    this.#setDue(key, Math.min(this.intervalMs, 60_000) * (0.5 + 0.5 * this.#random()));
  }

  /** Milliseconds until the key's next check is due (0 when due or unknown). */
  dueIn(key: string): number {
    const entry = this.#entries.get(key);
    if (!entry) return 0;
    return Math.max(0, Math.ceil((entry.slotAt ?? entry.dueAt) - this.#now()));
  }

  /** The object is gone: its schedule with it. */
  forget(key: string): void {
    this.#entries.delete(key);
  }

  /** First sight (a new object, or every object after a restart): a random phase. */
  #place(key: string): Entry {
    const entry = { dueAt: this.#now() + this.#random() * this.intervalMs };
    this.#entries.set(key, entry);
    return entry;
  }

  #setDue(key: string, inMs: number): void {
    this.#entries.set(key, { dueAt: this.#now() + inMs });
  }
}
