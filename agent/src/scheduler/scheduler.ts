import { MinHeap } from './heap.ts';

/** What the scheduler runs: an id, a period, and what to run (made only when it is new or changed). */
export interface JobSpec<T> {
  id: string;
  /** Any difference restarts the job. */
  fingerprint: string;
  periodMs: number;
  payload: () => T;
}

interface Entry<T> {
  id: string;
  fingerprint: string;
  periodMs: number;
  payload: T;
  dueAt: number;
  seq?: number;
  state: 'idle' | 'queued' | 'running';
  /** Left in the heap (and the queue) and dropped when it comes up: no search to remove it. */
  removed: boolean;
}

export interface SchedulerOptions<T> {
  /** At most this many runs at once; due runs beyond it wait, in due order. */
  concurrency: number;
  /** Runs one job; a rejection is ignored (a check's runner reports its own failures). */
  run: (payload: T, id: string) => Promise<void>;
  /** A monotonic clock in milliseconds. */
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SchedulerStats {
  jobs: number;
  running: number;
  queued: number;
  started: number;
  skipped: number;
  /** The runs per minute the current jobs add up to. */
  expectedPerMinute: number;
}

/**
 * Runs each job every `periodMs`, its first run at a uniformly random point of its first period,
 * so that 1,000 endpoints assigned at once spread over the period instead of firing together. A
 * min-heap of due times and a single timer for the earliest; a global cap on runs at once. A job
 * whose previous run has not finished (running, or still waiting for a slot) when it is due again
 * is skipped and counted, never queued twice. Periods are kept from the first due time (no drift);
 * runs missed while the process stood still are not replayed.
 */
export class Scheduler<T> {
  readonly #opts: SchedulerOptions<T>;
  readonly #now: () => number;
  readonly #heap = new MinHeap<Entry<T>>();
  readonly #entries = new Map<string, Entry<T>>();
  readonly #waiting: Entry<T>[] = [];
  #timer: unknown;
  #armedAt = Infinity;
  #running = 0;
  #started = 0;
  #skipped = 0;
  #expectedPerMinute = 0;
  #stopped = false;
  #idleWaiters: (() => void)[] = [];

  constructor(opts: SchedulerOptions<T>) {
    this.#opts = opts;
    this.#now = opts.now ?? (() => performance.now());
  }

  /** Replaces the jobs: new ones start, removed ones stop, changed ones restart; the rest go on. */
  update(specs: JobSpec<T>[]): { added: number; removed: number; changed: number } {
    const now = this.#now();
    const random = this.#opts.random ?? Math.random;
    const keep = new Set<string>();
    let added = 0;
    let changed = 0;
    for (const spec of specs) {
      keep.add(spec.id);
      const current = this.#entries.get(spec.id);
      if (current && current.fingerprint === spec.fingerprint) continue;
      if (current) {
        current.removed = true;
        changed++;
      } else {
        added++;
      }
      const entry: Entry<T> = {
        id: spec.id,
        fingerprint: spec.fingerprint,
        periodMs: spec.periodMs,
        payload: spec.payload(),
        dueAt: now + random() * spec.periodMs,
        state: 'idle',
        removed: false,
      };
      this.#entries.set(spec.id, entry);
      this.#heap.push(entry);
    }
    let removed = 0;
    for (const [id, entry] of this.#entries) {
      if (keep.has(id)) continue;
      entry.removed = true;
      this.#entries.delete(id);
      removed++;
    }
    this.#expectedPerMinute = 0;
    for (const e of this.#entries.values()) this.#expectedPerMinute += 60_000 / e.periodMs;
    this.#arm();
    return { added, removed, changed };
  }

  /** Starts what is due now and sets the timer for the next. The timer calls it; tests may too. */
  tick(): void {
    this.#armedAt = Infinity;
    if (this.#stopped) return;
    const now = this.#now();
    for (let top = this.#heap.peek(); top && top.dueAt <= now; top = this.#heap.peek()) {
      const entry = this.#heap.pop()!;
      if (entry.removed) continue;
      if (entry.state !== 'idle') this.#skipped++;
      else if (this.#running < this.#opts.concurrency) this.#start(entry);
      else {
        entry.state = 'queued';
        this.#waiting.push(entry);
      }
      const next = entry.dueAt + entry.periodMs;
      entry.dueAt = next > now ? next : now + entry.periodMs;
      this.#heap.push(entry);
    }
    this.#arm();
  }

  get stats(): SchedulerStats {
    return {
      jobs: this.#entries.size,
      running: this.#running,
      queued: this.#waiting.length,
      started: this.#started,
      skipped: this.#skipped,
      expectedPerMinute: this.#expectedPerMinute,
    };
  }

  /** Starts nothing more; resolves once the runs in flight have finished. */
  stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) (this.#opts.clearTimer ?? clearTimeout)(this.#timer as NodeJS.Timeout);
    this.#timer = undefined;
    this.#waiting.length = 0;
    if (this.#running === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #start(entry: Entry<T>): void {
    entry.state = 'running';
    this.#running++;
    this.#started++;
    const finished = () => {
      entry.state = 'idle';
      this.#running--;
      this.#startWaiting();
      if (this.#running === 0) for (const wake of this.#idleWaiters.splice(0)) wake();
    };
    let running: Promise<void>;
    try {
      running = this.#opts.run(entry.payload, entry.id);
    } catch {
      running = Promise.resolve();
    }
    running.then(finished, finished);
  }

  #startWaiting(): void {
    while (!this.#stopped && this.#running < this.#opts.concurrency && this.#waiting.length > 0) {
      const next = this.#waiting.shift()!;
      if (next.removed) next.state = 'idle';
      else this.#start(next);
    }
  }

  /** One timer, for the earliest due time; moved only when that changes. */
  #arm(): void {
    if (this.#stopped) return;
    const top = this.#heap.peek();
    const at = top ? top.dueAt : Infinity;
    if (at === this.#armedAt) return;
    if (this.#timer !== undefined) (this.#opts.clearTimer ?? clearTimeout)(this.#timer as NodeJS.Timeout);
    this.#timer = undefined;
    this.#armedAt = at;
    if (at === Infinity) return;
    const delay = Math.max(0, Math.ceil(at - this.#now()));
    this.#timer = (this.#opts.setTimer ?? setTimeout)(() => this.tick(), delay);
  }
}
