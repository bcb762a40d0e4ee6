import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
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
  /** The caller's tenant (an organization): at most MAX_PER_TENANT of its tasks wait at once. */
  readonly tenant?: string;
  /** Its input's size in characters (what the text holds in memory), against the byte limits. */
  readonly bytes?: number;
}

/** Runs tasks where they belong. */
export interface Offload<D> {
  run<I, O>(task: ThreadTask<D, I, O>, input: I, share?: TaskShare): Promise<O>;
  /** From now on, tasks go to this thread (index.ts, once it is started). */
  attach(thread: JobThread): void;
  /** What waits on the thread now, and how many tasks were refused by which limit. */
  stats(): OffloadStats;
}

export interface OffloadStats {
  readonly tasks: number;
  readonly bytes: number;
  readonly refused: Readonly<Record<RefusalReason, number>>;
}

type RefusalReason = 'caller' | 'tenant' | 'busy';

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
 * At most this many tasks (and this share of the input) of one tenant wait, so one organization
 * with many agents cannot take every slot either: others' reports still get in.
 */
export const MAX_PER_TENANT = 16;
export const MAX_PER_TENANT_BYTES = 4 * 1024 * 1024;

export interface OffloadLimits {
  readonly tasks: number;
  readonly bytes: number;
  readonly perKey: number;
  readonly perTenant: number;
  readonly perTenantBytes: number;
}

const DEFAULT_LIMITS: OffloadLimits = {
  tasks: MAX_IN_FLIGHT,
  bytes: MAX_IN_FLIGHT_BYTES,
  perKey: MAX_PER_KEY,
  perTenant: MAX_PER_TENANT,
  perTenantBytes: MAX_PER_TENANT_BYTES,
};

/** Tasks and input waiting, per caller or per tenant. */
class Shares {
  readonly #held = new Map<string, { tasks: number; bytes: number }>();
  get(key: string | undefined) {
    return (key !== undefined && this.#held.get(key)) || { tasks: 0, bytes: 0 };
  }
  add(key: string | undefined, bytes: number) {
    if (key === undefined) return;
    const held = this.get(key);
    this.#held.set(key, { tasks: held.tasks + 1, bytes: held.bytes + bytes });
  }
  remove(key: string | undefined, bytes: number) {
    if (key === undefined) return;
    const held = this.get(key);
    if (held.tasks <= 1) this.#held.delete(key);
    else this.#held.set(key, { tasks: held.tasks - 1, bytes: held.bytes - bytes });
  }
}

/**
 * Tasks in this event loop with `deps` until a thread is attached, then on it. While the thread is
 * down (it is started again after a crash) they run here: slower for other requests, never lost.
 */
export function createOffload<D>(deps: D, limits: OffloadLimits = DEFAULT_LIMITS): Offload<D> {
  let thread: JobThread | undefined;
  let inFlight = 0;
  let inFlightBytes = 0;
  const byKey = new Shares();
  const byTenant = new Shares();
  const refused: Record<RefusalReason, number> = { caller: 0, tenant: 0, busy: 0 };
  const refuse = (reason: RefusalReason, message: string) => {
    refused[reason]++;
    return unavailable(message, undefined, 1);
  };
  return {
    async run(task, input, share = {}) {
      if (!thread?.running()) return task.run(deps, input);
      const bytes = share.bytes ?? 0;
      if (byKey.get(share.key).tasks >= limits.perKey)
        throw refuse(
          'caller',
          'Earlier reports of this caller are still being stored; send this once they are answered.',
        );
      // One task is always let in (of the API, of a tenant), whatever its size: the body limit
      // bounds it.
      const tenant = byTenant.get(share.tenant);
      if (
        tenant.tasks >= limits.perTenant ||
        (tenant.tasks > 0 && tenant.bytes + bytes > limits.perTenantBytes)
      )
        throw refuse(
          'tenant',
          'This organization’s reports fill its share of the API; send this again shortly.',
        );
      if (inFlight >= limits.tasks || (inFlight > 0 && inFlightBytes + bytes > limits.bytes))
        throw refuse('busy', 'The API is busy with other reports; send this again shortly.');
      inFlight++;
      inFlightBytes += bytes;
      byKey.add(share.key, bytes);
      byTenant.add(share.tenant, bytes);
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
        byKey.remove(share.key, bytes);
        byTenant.remove(share.tenant, bytes);
      }
    },
    attach(t) {
      thread = t;
    },
    stats: () => ({ tasks: inFlight, bytes: inFlightBytes, refused: { ...refused } }),
  };
}

/** The offload's figures on the API's metrics port: a thread that falls behind shows here first. */
export function registerOffloadMetrics(registry: Registry, offload: Pick<Offload<never>, 'stats'>): void {
  new Gauge({
    name: 'plinth_thread_tasks_waiting',
    help: 'Requests’ tasks waiting on the job thread (results batches).',
    registers: [registry],
    collect() {
      this.set(offload.stats().tasks);
    },
  });
  new Gauge({
    name: 'plinth_thread_task_input_waiting',
    help: 'Characters of input the waiting tasks hold.',
    registers: [registry],
    collect() {
      this.set(offload.stats().bytes);
    },
  });
  new Counter({
    name: 'plinth_thread_tasks_refused_total',
    help: 'Tasks answered 503 by the limit they hit: one caller’s, one tenant’s, or the thread’s.',
    labelNames: ['limit'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [limit, n] of Object.entries(offload.stats().refused)) this.inc({ limit }, n);
    },
  });
}

/** A task that threw on the thread (logged there, without its input): a 500 here. */
export class TaskFailed extends Error {
  constructor(task: string) {
    super(`the job thread's task ${task} failed`);
    this.name = 'TaskFailed';
  }
}
