import { type Clock, defaultControllerRateLimiter, type RateLimiter } from './rate-limiter.ts';

/**
 * Observations for metrics (client-go's workqueue metrics). They run synchronously inside the
 * queue's methods, after its state has changed, and must not throw.
 */
export interface WorkQueueHooks {
  /** A key entered the queue; adds of a key already waiting are not counted. */
  onAdd?: (key: string) => void;
  /** `addRateLimited` was called for the key. */
  onRetry?: (key: string) => void;
  /** The number of waiting keys (`len()`) changed. */
  onDepth?: (depth: number) => void;
  /** The key was handed to a worker `ms` after the add that queued it. */
  onQueueWait?: (key: string, ms: number) => void;
  /** A worker called `done` `ms` after it got the key. */
  onWorkDuration?: (key: string, ms: number) => void;
}

export interface WorkQueueOptions {
  /** Paces `addRateLimited`; default `defaultControllerRateLimiter()`. */
  rateLimiter?: RateLimiter;
  hooks?: WorkQueueHooks;
  now?: Clock;
}

/** Node's timers take at most 2^31 - 1 ms; a longer delay would fire after 1 ms instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Delayed {
  readyAt: number;
  timer: NodeJS.Timeout;
}

/**
 * A rate-limited work queue of keys with client-go's semantics:
 *
 * - A key is waiting, being processed, or both (added again while processing). A key waiting is
 *   queued once however often it is added.
 * - A key is held by at most one worker at a time: from the `get()` that returns it until `done()`.
 *   A key added while held is queued again only at `done()`, so a worker never reconciles an object
 *   another worker is still writing, and the change that came in meanwhile is not lost.
 * - Keys are handed out in the order they were queued.
 *
 * Unlike client-go, after shutdown `get()` returns `undefined` at once instead of handing out the
 * keys still waiting: the operator shuts down on SIGTERM or lost leadership, and either way the
 * next leader lists every object again, so working through a backlog would only delay the exit
 * (and might write without leadership).
 *
 * All of it runs on the one JavaScript thread; the exclusivity rests on `get()` moving a key into
 * `processing` in the same synchronous step that takes it out of `waiting`.
 */
export class WorkQueue {
  readonly #limiter: RateLimiter;
  readonly #hooks: WorkQueueHooks;
  readonly #now: Clock;
  /** Keys ready for a worker, with the time each was added; a Map iterates in insertion order. */
  readonly #waiting = new Map<string, number>();
  /** Keys held by a worker, with the time it got each. */
  readonly #processing = new Map<string, number>();
  /** Keys added while held, with their add time; they move to `waiting` at `done()`. */
  readonly #dirty = new Map<string, number>();
  readonly #delayed = new Map<string, Delayed>();
  /** Pending `get()` calls, oldest first. */
  #getters: ((key: string | undefined) => void)[] = [];
  #drainWaiters: (() => void)[] = [];
  #shuttingDown = false;

  constructor(opts: WorkQueueOptions = {}) {
    this.#now = opts.now ?? (() => performance.now());
    this.#limiter = opts.rateLimiter ?? defaultControllerRateLimiter({ now: this.#now });
    this.#hooks = opts.hooks ?? {};
  }

  /** Queues the key unless it is already waiting; ignored after shutdown. */
  add(key: string): void {
    if (this.#shuttingDown || this.#waiting.has(key) || this.#dirty.has(key)) return;
    const now = this.#now();
    if (this.#processing.has(key)) {
      this.#dirty.set(key, now);
      this.#hooks.onAdd?.(key);
      return;
    }
    this.#waiting.set(key, now);
    this.#hooks.onAdd?.(key);
    this.#hooks.onDepth?.(this.#waiting.size);
    this.#dispatch();
  }

  /**
   * Adds the key after `ms` milliseconds (at once when `ms <= 0`). If the key already has a delayed
   * add pending, the earlier of the two is kept, so a retry soon is not pushed back by a later
   * periodic resync, nor the other way round.
   */
  addAfter(key: string, ms: number): void {
    if (this.#shuttingDown) return;
    if (!(ms > 0)) {
      this.add(key);
      return;
    }
    const delay = Math.min(ms, MAX_TIMER_MS);
    const readyAt = this.#now() + delay;
    const pending = this.#delayed.get(key);
    if (pending !== undefined) {
      if (pending.readyAt <= readyAt) return;
      clearTimeout(pending.timer);
    }
    const timer = setTimeout(() => {
      this.#delayed.delete(key);
      this.add(key);
    }, delay);
    // Pending retries do not keep the process alive; the informers and servers do.
    timer.unref();
    this.#delayed.set(key, { readyAt, timer });
  }

  /** Adds the key after the rate limiter's delay for it, counting one more retry of the key. */
  addRateLimited(key: string): void {
    if (this.#shuttingDown) return;
    const delay = this.#limiter.when(key);
    this.#hooks.onRetry?.(key);
    this.addAfter(key, delay);
  }

  /** Clears the key's retry count, after it succeeded or was given up on. Pending adds stay. */
  forget(key: string): void {
    this.#limiter.forget(key);
  }

  /** How often the key was retried since it was last forgotten. */
  numRequeues(key: string): number {
    return this.#limiter.retries(key);
  }

  /**
   * The next key, once there is one; the caller holds it until `done(key)`. Resolves `undefined`
   * once the queue is shut down, which tells a worker to exit.
   */
  get(): Promise<string | undefined> {
    if (this.#shuttingDown) return Promise.resolve(undefined);
    const key = this.#take();
    if (key !== undefined) return Promise.resolve(key);
    return new Promise((resolve) => this.#getters.push(resolve));
  }

  /** Releases a key got from `get()`; if it was added meanwhile, it is queued again now. */
  done(key: string): void {
    const startedAt = this.#processing.get(key);
    if (startedAt === undefined) return;
    this.#processing.delete(key);
    const addedAt = this.#dirty.get(key);
    if (addedAt !== undefined) {
      this.#dirty.delete(key);
      this.#waiting.set(key, addedAt);
    }
    this.#hooks.onWorkDuration?.(key, this.#now() - startedAt);
    if (addedAt !== undefined) {
      this.#hooks.onDepth?.(this.#waiting.size);
      this.#dispatch();
    }
    if (this.#shuttingDown && this.#processing.size === 0) this.#releaseDrainWaiters();
  }

  /** Keys waiting for a worker (not those held or delayed): the queue depth. */
  len(): number {
    return this.#waiting.size;
  }

  /** Keys held by workers right now. */
  processing(): number {
    return this.#processing.size;
  }

  isShuttingDown(): boolean {
    return this.#shuttingDown;
  }

  /**
   * Stops the queue: later adds are ignored, waiting and delayed keys are dropped, and every pending
   * and later `get()` resolves `undefined`. Keys being processed may still be `done()`.
   */
  shutDown(): void {
    if (this.#shuttingDown) return;
    this.#shuttingDown = true;
    for (const { timer } of this.#delayed.values()) clearTimeout(timer);
    this.#delayed.clear();
    this.#dirty.clear();
    const hadWaiting = this.#waiting.size > 0;
    this.#waiting.clear();
    const getters = this.#getters;
    this.#getters = [];
    for (const resolve of getters) resolve(undefined);
    if (hadWaiting) this.#hooks.onDepth?.(0);
  }

  /** `shutDown()`, then resolves once every key being processed is `done()`. */
  shutDownWithDrain(): Promise<void> {
    this.shutDown();
    if (this.#processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  /** Moves the oldest waiting key to `processing`; both in one step, which is the exclusivity. */
  #take(): string | undefined {
    const next = this.#waiting.entries().next();
    if (next.done === true) return undefined;
    const [key, addedAt] = next.value;
    const now = this.#now();
    this.#waiting.delete(key);
    this.#processing.set(key, now);
    this.#hooks.onQueueWait?.(key, now - addedAt);
    this.#hooks.onDepth?.(this.#waiting.size);
    return key;
  }

  /** Hands waiting keys to pending `get()` calls, oldest call first. */
  #dispatch(): void {
    while (this.#getters.length > 0 && this.#waiting.size > 0) {
      const resolve = this.#getters.shift()!;
      resolve(this.#take());
    }
  }

  #releaseDrainWaiters(): void {
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
