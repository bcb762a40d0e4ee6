import { unavailable } from '../errors.ts';
import type { JobThread } from './thread.ts';

/**
 * A request's CPU-heavy part that runs on the job thread (at a lower OS priority, ADR 0010) where
 * there is one, so it never queues ahead of other requests on the API's event loop; in that event
 * loop where there is none (PGlite, `PLINTH_JOB_THREAD=false`). Its input and output cross threads
 * by structured clone: plain data only.
 */
export interface ThreadTask<D, I, O> {
  /** Unique among the tasks: the thread finds it by this. */
  readonly name: string;
  /** The module that exports it as `task`, which the job thread imports alone. */
  readonly thread: string;
  // A method: a list of tasks holds tasks of any input.
  run(deps: D, input: I): Promise<O>;
}

/** Who a task is for and how big its input is, for the thread's limits (below). */
export interface TaskShare {
  /** The caller (an agent): at most MAX_PER_KEY of its tasks wait at once. */
  readonly key?: string;
  /** Its input's size, counted against MAX_IN_FLIGHT_BYTES. */
  readonly bytes?: number;
}

/** Runs tasks where they belong. */
export interface Offload<D> {
  run<I, O>(task: ThreadTask<D, I, O>, input: I, share?: TaskShare): Promise<O>;
  /** From now on, tasks go to this thread (index.ts, once it is started). */
  attach(thread: JobThread): void;
}

/**
 * At most this many tasks wait on the thread at once. Each holds its input (a results batch is up
 * to a few hundred kB) until the thread takes it; past this (or the limits below) the thread is
 * behind, and the caller is told to come back (503, Retry-After: 1) rather than the API's memory
 * filling.
 */
export const MAX_IN_FLIGHT = 64;
/** At most this much input waits on the thread: 64 bodies at the body limit would be too much. */
export const MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** At most this many of one caller's tasks wait, so one caller cannot take every slot. */
export const MAX_PER_KEY = 4;

/**
 * Tasks in this event loop with `deps` until a thread is attached, then on it. While the thread is
 * down (it is started again after a crash) they run here: slower for other requests, never lost.
 */
export function createOffload<D>(
  deps: D,
  limits = { tasks: MAX_IN_FLIGHT, bytes: MAX_IN_FLIGHT_BYTES, perKey: MAX_PER_KEY },
): Offload<D> {
  let thread: JobThread | undefined;
  let inFlight = 0;
  let inFlightBytes = 0;
  const byKey = new Map<string, number>();
  return {
    async run(task, input, share = {}) {
      if (!thread?.running()) return task.run(deps, input);
      const bytes = share.bytes ?? 0;
      const mine = share.key === undefined ? 0 : (byKey.get(share.key) ?? 0);
      if (mine >= limits.perKey)
        throw unavailable(
          'Earlier reports of this caller are still being stored; send this once they are answered.',
          undefined,
          1,
        );
      // One task is always let in, whatever its size: the body limit bounds it.
      if (inFlight >= limits.tasks || (inFlight > 0 && inFlightBytes + bytes > limits.bytes))
        throw unavailable('The API is busy with other reports; send this again shortly.', undefined, 1);
      inFlight++;
      inFlightBytes += bytes;
      if (share.key !== undefined) byKey.set(share.key, mine + 1);
      try {
        const answer = await thread.call(task.name, input);
        if ('output' in answer) return answer.output as Awaited<ReturnType<typeof task.run>>;
        // Ended under way: the task may or may not have done its work, so it is not run again here.
        if (answer.failure === 'gone')
          throw unavailable('The API is restarting a part; try again shortly.', undefined, 1);
        throw answer.failure === 'unavailable'
          ? unavailable('The database is unavailable; try again shortly.')
          : new TaskFailed(task.name);
      } finally {
        inFlight--;
        inFlightBytes -= bytes;
        if (share.key !== undefined) {
          const left = (byKey.get(share.key) ?? 1) - 1;
          if (left === 0) byKey.delete(share.key);
          else byKey.set(share.key, left);
        }
      }
    },
    attach(t) {
      thread = t;
    },
  };
}

/** A task that threw on the thread (logged there, without its input): a 500 here. */
export class TaskFailed extends Error {
  constructor(task: string) {
    super(`the job thread's task ${task} failed`);
    this.name = 'TaskFailed';
  }
}
