import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
import { errorInfo } from '../error-info.ts';
import type { Logger } from '../logger.ts';
import { lowerV8Helpers } from './priority.ts';

/** What the API process says to its job thread. */
export type ToJobThread =
  | { readonly type: 'stop' }
  | { readonly type: 'metrics'; readonly id: number }
  | { readonly type: 'task'; readonly id: number; readonly name: string; readonly input: unknown };

/** How a task ended without its output: the database was down, it threw, or the thread ended. */
export type TaskFailure = 'unavailable' | 'failed' | 'gone';

/** A task's answer (core/jobs/offload.ts). */
export type TaskAnswer = { readonly output: unknown } | { readonly failure: TaskFailure };

/** What the job thread answers. */
export type FromJobThread =
  | { readonly type: 'metrics'; readonly id: number; readonly text: string }
  | ({ readonly type: 'task'; readonly id: number } & TaskAnswer);

/** The job thread as the API process sees it. */
export interface JobThread {
  /** Its metrics in Prometheus' text format; empty while it is down or slow to answer. */
  metrics(): Promise<string>;
  /** Whether it is up to take tasks. */
  running(): boolean;
  /** Runs a task there (`ThreadTask.name`); `gone` when the thread ends first. */
  call(name: string, input: unknown): Promise<TaskAnswer>;
  /** Asks it to finish the jobs under way, and ends it after `timeoutMs` at the latest. */
  stop(timeoutMs: number): Promise<void>;
}

/** Waits before starting a thread that ended, longer after each quick end. */
const RESTART_MS = [1000, 5000, 30_000] as const;
/** A thread that ran this long ended for a new reason: the next restart waits the shortest time. */
const STEADY_MS = 60_000;
const METRICS_TIMEOUT_MS = 2000;

/**
 * Runs `entry` on a worker thread and keeps it running: one that ends (an error, out of memory) is
 * started again, and the jobs it held are taken again once their leases expire (the job layer's
 * at-least-once). Its own event loop, so its work never queues ahead of the API's requests; it and
 * V8's helper threads run at a lower OS priority (priority.ts).
 */
export function startJobThread(
  entry: URL,
  opts: { logger: Logger; workerData: unknown; resourceLimits?: ResourceLimits },
): JobThread {
  let worker: Worker | undefined;
  let stopping = false;
  let quickEnds = 0;
  let nextId = 0;
  const waiting = new Map<number, (text: string) => void>();
  const tasks = new Map<number, (answer: TaskAnswer) => void>();

  if (opts.resourceLimits?.maxYoungGenerationSizeMb !== undefined)
    // V8 flags are the process's, and `--max-semi-space-size` (the start command's, for the
    // requests' loop) would overrule the thread's young generation: unset for isolates made from
    // now on, the main one keeps the size it was made with.
    setFlagsFromString('--max-semi-space-size=0');
  const spawn = (): void => {
    const startedAt = Date.now();
    const w = new Worker(entry, {
      name: 'plinth-jobs',
      workerData: opts.workerData,
      ...(opts.resourceLimits && { resourceLimits: opts.resourceLimits }),
    });
    w.on('message', (m: FromJobThread) => {
      if (m.type === 'task') {
        tasks.get(m.id)?.('output' in m ? { output: m.output } : { failure: m.failure });
        tasks.delete(m.id);
        return;
      }
      waiting.get(m.id)?.(m.text);
      waiting.delete(m.id);
    });
    // Its message only: a driver's error may carry statement parameters.
    w.on('error', (err) => opts.logger.error({ err: errorInfo(err) }, 'the job thread failed'));
    w.on('exit', (code) => {
      worker = undefined;
      for (const answer of waiting.values()) answer('');
      waiting.clear();
      for (const answer of tasks.values()) answer({ failure: 'gone' });
      tasks.clear();
      if (stopping) return;
      if (Date.now() - startedAt >= STEADY_MS) quickEnds = 0;
      const delay = RESTART_MS[Math.min(quickEnds++, RESTART_MS.length - 1)]!;
      opts.logger.error({ code, restart_in_ms: delay }, 'the job thread ended; starting it again');
      setTimeout(() => stopping || spawn(), delay).unref();
    });
    worker = w;
  };
  spawn();
  // The thread's garbage is collected by the process's V8 helpers: at the requests' priority they
  // would take back from the requests what the thread's lower priority gave them.
  opts.logger.debug(
    { threads: lowerV8Helpers() },
    "V8's helper threads lowered to the job thread's priority",
  );

  return {
    metrics() {
      const w = worker;
      if (!w) return Promise.resolve('');
      const id = nextId++;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve('');
        }, METRICS_TIMEOUT_MS);
        waiting.set(id, (text) => {
          clearTimeout(timer);
          resolve(text);
        });
        w.postMessage({ type: 'metrics', id } satisfies ToJobThread);
      });
    },
    running: () => worker !== undefined && !stopping,
    call(name, input) {
      const w = worker;
      if (!w) return Promise.resolve({ failure: 'gone' });
      const id = nextId++;
      return new Promise((resolve) => {
        tasks.set(id, resolve);
        w.postMessage({ type: 'task', id, name, input } satisfies ToJobThread);
      });
    },
    async stop(timeoutMs) {
      stopping = true;
      const w = worker;
      if (!w) return;
      const ended = once(w, 'exit');
      w.postMessage({ type: 'stop' } satisfies ToJobThread);
      const timer = setTimeout(() => void w.terminate(), timeoutMs);
      await ended;
      clearTimeout(timer);
    },
  };
}
