import { errorInfo } from '../error-info.ts';
import type { Logger } from '../logger.ts';

/**
 * Periodic work an area does in every replica (docs/development.md "Background jobs"): cheap and
 * idempotent, such as giving an unfinished saga its job, enqueueing the job of a time slot, or
 * deleting expired rows. Work that must run once cluster-wide is a job the schedule enqueues.
 */
export interface Schedule<D> {
  readonly name: string;
  /** How often, in milliseconds; from the deps where a setting decides it. */
  readonly everyMs: number | ((deps: D) => number);
  readonly run: (deps: D) => Promise<void>;
}

/**
 * Runs each schedule now and then every `everyMs`, never two runs of one schedule at once (a slow
 * database can make a run outlast the interval); a failure is logged and the next run tries again.
 * The returned `stop` ends the timers and waits for the runs under way.
 */
export function startSchedules<D>(
  schedules: readonly Schedule<D>[],
  deps: D,
  logger: Logger,
): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = schedules.map((s) => {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const run = s
        .run(deps)
        .catch((err: unknown) =>
          logger.warn({ schedule: s.name, err: errorInfo(err) }, 'periodic work failed; will retry'),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    tick();
    return setInterval(tick, typeof s.everyMs === 'function' ? s.everyMs(deps) : s.everyMs);
  });
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...running]);
  };
}
