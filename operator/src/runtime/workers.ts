import type { Clock } from './rate-limiter.ts';
import type { WorkQueue } from './workqueue.ts';

/** What a reconcile asks for when it succeeds; a failure is a thrown error. */
export interface Result {
  /** Reconcile the key again after this many milliseconds (e.g. a periodic resync). */
  requeueAfterMs?: number;
}

/**
 * An error no retry can fix (the spec must change first): the key is forgotten, not retried. Wrap
 * the cause with `{ cause }`; a `TerminalError` anywhere in an error's cause chain counts.
 */
export class TerminalError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TerminalError';
  }
}

/** True when the error, or an error in its `cause` chain, is a `TerminalError`. */
export function isTerminalError(err: unknown): boolean {
  // Bounded, so that a cause cycle cannot hang a worker.
  for (let e = err, depth = 0; e instanceof Error && depth < 16; e = e.cause, depth++) {
    if (e instanceof TerminalError) return true;
  }
  return false;
}

/**
 * Reconciles one key. The signal is aborted by `stop()`; pass it to slow calls so that shutdown is
 * not held up by them.
 */
export type Reconciler = (key: string, signal: AbortSignal) => Promise<Result | void>;

/** `requeue` is a success that asked for `requeueAfterMs`. */
export type ReconcileOutcome = 'success' | 'requeue' | 'error' | 'terminal';

export interface ReconcileEvent {
  key: string;
  outcome: ReconcileOutcome;
  durationMs: number;
  /** Set for `requeue`. */
  requeueAfterMs?: number;
  /** The thrown error, for `error` and `terminal`. */
  error?: unknown;
}

export interface RunWorkersOptions {
  /** Called after every reconcile, for metrics and logs. Must not throw; if it does, it is ignored. */
  onResult?: (event: ReconcileEvent) => void;
  now?: Clock;
}

export interface Workers {
  /**
   * Shuts the queue down, aborts the reconciles' signal, and resolves once every running reconcile
   * has finished. Calling it again returns the same promise.
   */
  stop(): Promise<void>;
  /** Resolves once every worker has exited, whoever shut the queue down. */
  readonly stopped: Promise<void>;
}

/**
 * Starts `count` workers taking keys from the queue, controller-runtime's way:
 * success forgets the key's failures (and with `requeueAfterMs > 0` adds it again after that
 * delay); a thrown error adds it again rate-limited; a `TerminalError` forgets it.
 *
 * The queue is what keeps two workers off the same key, so any number of workers is safe.
 */
export function runWorkers(
  queue: WorkQueue,
  count: number,
  reconcile: Reconciler,
  opts: RunWorkersOptions = {},
): Workers {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be >= 1, got ${count}`);
  const now = opts.now ?? (() => performance.now());
  const abort = new AbortController();

  const report = (event: ReconcileEvent): void => {
    try {
      opts.onResult?.(event);
    } catch {
      // A broken metrics or logging hook must not stop a worker: losing one observation is
      // better than leaving keys unprocessed.
    }
  };

  const processOne = async (key: string): Promise<void> => {
    const startedAt = now();
    try {
      const result = await reconcile(key, abort.signal);
      const requeueAfterMs = result?.requeueAfterMs;
      queue.forget(key);
      if (requeueAfterMs !== undefined && requeueAfterMs > 0) {
        queue.addAfter(key, requeueAfterMs);
        report({ key, outcome: 'requeue', durationMs: now() - startedAt, requeueAfterMs });
      } else {
        report({ key, outcome: 'success', durationMs: now() - startedAt });
      }
    } catch (error) {
      if (isTerminalError(error)) {
        queue.forget(key);
        report({ key, outcome: 'terminal', durationMs: now() - startedAt, error });
      } else {
        queue.addRateLimited(key);
        report({ key, outcome: 'error', durationMs: now() - startedAt, error });
      }
    } finally {
      // After the requeue decision, never before: an add that lands while this worker still holds
      // the key (a zero delay, or a watch event) is parked by the queue and handed out once here.
      queue.done(key);
    }
  };

  const worker = async (): Promise<void> => {
    for (let key = await queue.get(); key !== undefined; key = await queue.get()) {
      await processOne(key);
    }
  };

  const stopped = Promise.all(Array.from({ length: count }, worker)).then(() => undefined);
  let stopping: Promise<void> | undefined;

  return {
    stopped,
    stop() {
      stopping ??= (async () => {
        queue.shutDown();
        abort.abort(new Error('workers stopped'));
        await stopped;
      })();
      return stopping;
    },
  };
}
