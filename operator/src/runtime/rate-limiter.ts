/**
 * Rate limiters for the work queue and for callers that must pace themselves (client-go's
 * `workqueue` rate limiters and `flowcontrol` token bucket, in the shape this operator needs).
 *
 * Everything here runs on the one JavaScript thread: state changes happen in synchronous sections,
 * so no method can observe another half done.
 */

/** A monotonic clock in milliseconds; tests replace it only when fake timers are not enough. */
export type Clock = () => number;

const monotonic: Clock = () => performance.now();

/**
 * Decides how long a key waits before it is retried. `when` is called once per retry and counts
 * it; `forget` clears the count once the key succeeds (or is given up on).
 */
export interface RateLimiter {
  /** Milliseconds to wait before the key's next try; counts the try. */
  when(key: string): number;
  /** Forgets the key's failures, so its next `when` starts again from the shortest delay. */
  forget(key: string): void;
  /** How many times `when` was called for the key since it was last forgotten. */
  retries(key: string): number;
}

export interface ItemExponentialOptions {
  /** Delay after the first failure; default 5 ms (client-go's default). */
  baseMs?: number;
  /** Longest delay; default 1000 s (client-go's default). */
  maxMs?: number;
}

/** Per-key exponential backoff: `baseMs * 2^failures`, capped at `maxMs`. */
export class ItemExponentialRateLimiter implements RateLimiter {
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #failures = new Map<string, number>();

  constructor(opts: ItemExponentialOptions = {}) {
    const baseMs = opts.baseMs ?? 5;
    const maxMs = opts.maxMs ?? 1_000_000;
    if (!(baseMs >= 0) || !(maxMs >= baseMs)) {
      throw new RangeError(`backoff needs 0 <= baseMs <= maxMs, got baseMs=${baseMs} maxMs=${maxMs}`);
    }
    this.#baseMs = baseMs;
    this.#maxMs = maxMs;
  }

  when(key: string): number {
    const failures = this.#failures.get(key) ?? 0;
    this.#failures.set(key, failures + 1);
    // 2 ** failures overflows to Infinity after ~1000 failures, which the cap absorbs.
    return Math.min(this.#baseMs * 2 ** failures, this.#maxMs);
  }

  forget(key: string): void {
    this.#failures.delete(key);
  }

  retries(key: string): number {
    return this.#failures.get(key) ?? 0;
  }
}

/** Rejection of `TokenBucket.take()` once the bucket is closed. */
export class RateLimiterClosedError extends Error {
  constructor() {
    super('rate limiter closed');
    this.name = 'RateLimiterClosedError';
  }
}

export interface TokenBucketOptions {
  /** Tokens added per second; `Infinity` means no limit. */
  qps: number;
  /** Tokens the bucket holds when idle, i.e. how many calls may go at once; a whole number >= 1. */
  burst: number;
  now?: Clock;
}

interface Waiter {
  readyAt: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * A token bucket: `burst` tokens at rest, refilled at `qps` per second.
 *
 * It is kept as one number, the time at which the bucket will have paid off every token handed out
 * (a "theoretical arrival time", as GCRA calls it), rather than as a fractional token count. Handing
 * out a token moves that time one interval later; a caller waits for as long as that time is more
 * than `burst` intervals ahead of now. The delays come out exact multiples of the interval, and
 * waiters that reserved in order become ready in order.
 */
export class TokenBucket {
  readonly #intervalMs: number;
  readonly #burst: number;
  readonly #now: Clock;
  #paidUntil: number;
  /** In reservation order, hence also in `readyAt` order. */
  #waiters: Waiter[] = [];
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(opts: TokenBucketOptions) {
    if (!(opts.qps > 0)) throw new RangeError(`qps must be > 0, got ${opts.qps}`);
    if (!Number.isInteger(opts.burst) || opts.burst < 1) {
      throw new RangeError(`burst must be a whole number >= 1, got ${opts.burst}`);
    }
    this.#intervalMs = 1000 / opts.qps;
    this.#burst = opts.burst;
    this.#now = opts.now ?? monotonic;
    this.#paidUntil = this.#now();
  }

  /**
   * Takes a token now or in the future, and returns how many milliseconds until it is due (0 when
   * one is available). The token is spent either way; this is what the work queue's limiter uses,
   * since the queue does the waiting itself through `addAfter`.
   */
  reserve(): number {
    return this.#reserveAt(this.#now());
  }

  /**
   * Takes a token only if one is available now. It never jumps the line: while callers are waiting
   * in `take()`, the tokens they reserved are already spent and this returns false.
   */
  tryTake(): boolean {
    if (this.#closed) return false;
    const now = this.#now();
    const paidUntil = Math.max(this.#paidUntil, now) + this.#intervalMs;
    if (this.#delay(paidUntil, now) > 0) return false;
    this.#paidUntil = paidUntil;
    return true;
  }

  /**
   * Resolves when the caller's token is due. Callers are served in call order. Rejects with
   * `RateLimiterClosedError` if the bucket is closed first, so a shutdown never waits on it.
   */
  take(): Promise<void> {
    if (this.#closed) return Promise.reject(new RateLimiterClosedError());
    const now = this.#now();
    const delay = this.#reserveAt(now);
    if (delay === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ readyAt: now + delay, resolve, reject });
      // One timer for the head of the line, rather than one per waiter: timers due at the same
      // millisecond are not promised to fire in creation order, and the line must stay FIFO.
      if (this.#waiters.length === 1) this.#arm();
    });
  }

  /** Rejects every waiting `take()` and every later one; the bucket cannot be reopened. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w.reject(new RateLimiterClosedError());
  }

  /** Number of callers waiting in `take()`. */
  waiting(): number {
    return this.#waiters.length;
  }

  #reserveAt(now: number): number {
    const paidUntil = Math.max(this.#paidUntil, now) + this.#intervalMs;
    this.#paidUntil = paidUntil;
    return this.#delay(paidUntil, now);
  }

  #delay(paidUntil: number, now: number): number {
    const wait = paidUntil - now - this.#burst * this.#intervalMs;
    // Rounds away float noise (1000 / 3 is not exact) before rounding up to whole milliseconds.
    return wait <= 1e-6 ? 0 : Math.ceil(wait - 1e-6);
  }

  #arm(): void {
    const head = this.#waiters[0];
    if (head === undefined) return;
    this.#timer = setTimeout(() => this.#release(), Math.max(0, head.readyAt - this.#now()));
    // A waiting caller is no reason on its own to keep the process alive.
    this.#timer.unref();
  }

  #release(): void {
    this.#timer = undefined;
    const now = this.#now();
    while (this.#waiters.length > 0 && this.#waiters[0]!.readyAt <= now) {
      this.#waiters.shift()!.resolve();
    }
    this.#arm();
  }
}

/** The bucket as a work-queue limiter: every retry of every key spends one token. */
export class BucketRateLimiter implements RateLimiter {
  readonly #bucket: TokenBucket;

  constructor(bucket: TokenBucket) {
    this.#bucket = bucket;
  }

  when(_key: string): number {
    return this.#bucket.reserve();
  }

  forget(_key: string): void {}

  retries(_key: string): number {
    return 0;
  }
}

/**
 * Waits as long as the strictest of its limiters says. Each limiter still counts every call, so
 * the per-key backoff keeps growing even while the shared bucket is the one deciding.
 */
export class MaxOfRateLimiter implements RateLimiter {
  readonly #limiters: readonly RateLimiter[];

  constructor(...limiters: RateLimiter[]) {
    if (limiters.length === 0) throw new RangeError('MaxOfRateLimiter needs at least one limiter');
    this.#limiters = limiters;
  }

  when(key: string): number {
    let delay = 0;
    for (const l of this.#limiters) delay = Math.max(delay, l.when(key));
    return delay;
  }

  forget(key: string): void {
    for (const l of this.#limiters) l.forget(key);
  }

  retries(key: string): number {
    let n = 0;
    for (const l of this.#limiters) n = Math.max(n, l.retries(key));
    return n;
  }
}

export interface ControllerRateLimiterOptions extends ItemExponentialOptions {
  /** Retries per second across all keys; default 10. */
  qps?: number;
  /** Retries that may go at once across all keys; default 100. */
  burst?: number;
  now?: Clock;
}

/**
 * client-go's default controller limiter: per-key exponential backoff (5 ms doubling to 1000 s),
 * and an overall bucket (10 qps, burst 100) so that many keys failing together, say when the
 * backend is down, do not retry in one storm.
 */
export function defaultControllerRateLimiter(opts: ControllerRateLimiterOptions = {}): RateLimiter {
  return new MaxOfRateLimiter(
    new ItemExponentialRateLimiter(opts),
    new BucketRateLimiter(new TokenBucket({ qps: opts.qps ?? 10, burst: opts.burst ?? 100, now: opts.now })),
  );
}
