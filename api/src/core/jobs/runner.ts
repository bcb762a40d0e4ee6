import type { Database } from '../db/client.ts';
import { errorInfo } from '../error-info.ts';
import type { Logger } from '../logger.ts';
import { claim, giveUpDead } from './claim.ts';
import { complete, fail, LeaseLost, pruneFinished, renew } from './queue.ts';
import type { Lease } from './queue.ts';

/** What a handler gets besides the job: a check-and-extend of its lease, to call between steps. */
export interface JobContext {
  readonly lease: Lease;
  /** Extends the lease; throws `LeaseLost` once another runner took the job over. */
  renew(): Promise<void>;
}

/**
 * A job kind's work. Throwing fails the attempt (retried with backoff); a `PermanentJobError`
 * fails the job at once. Work must be idempotent: after a crash, the next holder runs it again.
 */
export type JobHandler = (ctx: JobContext) => Promise<void>;

/** Thrown by a handler when retrying cannot help (the error's `code` is recorded). */
export class PermanentJobError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
    this.name = 'PermanentJobError';
  }
}

/** Thrown by a handler to try again after `seconds` (its own schedule), while attempts remain. */
export class RetryLater extends Error {
  readonly code: string;
  readonly seconds: number;
  constructor(code: string, seconds: number) {
    super(code);
    this.code = code;
    this.seconds = seconds;
    this.name = 'RetryLater';
  }
}

/**
 * Thrown by a handler to end its job as done while still failing its caller: the work was undone
 * or became moot, and nothing is left for a retry. `reason` is what the caller is told.
 */
export class JobSettled extends Error {
  readonly reason: unknown;
  constructor(reason: unknown) {
    super('the job ended without its result');
    this.name = 'JobSettled';
    this.reason = reason;
  }
}

/**
 * Runs `work` while holding `lease`, renewing it every third of its length, and records the
 * outcome: done on success (or `JobSettled`), failed on `PermanentJobError`, queued again with
 * backoff on anything else; nothing when the lease was lost. Rejects with the work's error
 * (`JobSettled`'s reason).
 */
export async function withLease<T>(
  db: Database,
  lease: Lease,
  work: (ctx: JobContext) => Promise<T>,
): Promise<T> {
  let lost = false;
  const ctx: JobContext = {
    lease,
    renew: async () => {
      if (lost) throw new LeaseLost(lease.job.id);
      await renew(db, lease).catch((err: unknown) => {
        if (err instanceof LeaseLost) lost = true;
        throw err;
      });
    },
  };
  const heartbeat = setInterval(
    () => {
      ctx.renew().catch(() => {});
    },
    (lease.leaseSeconds * 1000) / 3,
  );
  try {
    const result = await work(ctx);
    clearInterval(heartbeat);
    await complete(db, lease);
    return result;
  } catch (err) {
    clearInterval(heartbeat);
    if (err instanceof JobSettled) {
      await complete(db, lease).catch(() => {});
      throw err.reason;
    }
    if (!(err instanceof LeaseLost)) {
      const code =
        err instanceof PermanentJobError || err instanceof RetryLater
          ? err.code
          : ((err as Error).name ?? 'Error');
      const delay = err instanceof RetryLater ? err.seconds : undefined;
      await fail(db, lease, code, !(err instanceof PermanentJobError), delay).catch(() => {});
    }
    throw err;
  }
}

/**
 * How long a claim lasts without renewal, for the runner and for the work a request claims itself
 * (a bucket's saga): a replica that dies holding a job is taken over this long after its last renewal.
 */
export const JOB_LEASE_SECONDS = 15;

export interface RunnerOptions {
  db: Database;
  logger: Logger;
  /** How long a claim lasts without renewal; a heartbeat renews it every third of it. */
  leaseSeconds?: number;
  pollMs?: number;
  /** Jobs run at once by this runner (one runner per process). */
  concurrency?: number;
  /** Jobs of one tenant running at once, in every runner of these kinds; unset: no limit. */
  tenantLimit?: number;
  /**
   * Of `concurrency`, slots only a tenant with no job running may take (claim.ts `claim`,
   * `idleOnly`): work that holds its slot for seconds (a slow receiver's deliveries) fills the
   * others, and a tenant whose jobs take milliseconds waits a poll for one, not a slow job's end.
   * Default: a quarter of `concurrency` when `tenantLimit` is set (such pools hold slots on
   * another's time), else none.
   */
  idleSlots?: number;
  /**
   * Slots beyond `concurrency` kept for security work of a tenant with no job running (queue.ts
   * `claim`), so that no backlog, however slow its jobs, delays it past the next poll. Default 1.
   */
  securitySlots?: number;
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * One per process: polls the jobs table for due jobs of its registered kinds, runs them with a
 * heartbeat on their lease, and records the outcome, all fenced by the claim's token.
 */
export class JobRunner {
  readonly owner = crypto.randomUUID();
  readonly leaseSeconds: number;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly runningSecurity = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private lastPrune = 0;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly securitySlots: number;
  private readonly tenantLimit: number | undefined;
  private readonly idleSlots: number;

  constructor(options: RunnerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.leaseSeconds = options.leaseSeconds ?? JOB_LEASE_SECONDS;
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 2;
    this.securitySlots = options.securitySlots ?? 1;
    this.tenantLimit = options.tenantLimit;
    this.idleSlots = Math.min(
      this.concurrency - 1,
      options.idleSlots ?? (this.tenantLimit === undefined ? 0 : Math.ceil(this.concurrency / 4)),
    );
  }

  register(kind: string, handler: JobHandler): this {
    this.handlers.set(kind, handler);
    return this;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.poll(), this.pollMs);
    void this.poll();
  }

  /** Stops polling and waits for the jobs in hand; their leases are released by completing them. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.running, ...this.runningSecurity]);
  }

  /**
   * Claims and starts due jobs up to the concurrency limit, fairly between tenants, then security
   * work into the reserved slots; resolves once they are claimed.
   */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        await pruneFinished(this.db, 7);
      }
      const kinds = [...this.handlers.keys()];
      // Once per poll, not per claim: a busy pool claims many jobs a poll.
      await giveUpDead(this.db);
      while (this.running.size < this.concurrency) {
        const lease = await claim(this.db, this.owner, this.leaseSeconds, {
          kinds,
          swept: true,
          ...(this.tenantLimit !== undefined && { tenantLimit: this.tenantLimit }),
          ...(this.running.size >= this.concurrency - this.idleSlots && { idleOnly: true }),
        });
        if (!lease) break;
        this.launch(lease, this.running);
      }
      while (this.runningSecurity.size < this.securitySlots) {
        const lease = await claim(this.db, this.owner, this.leaseSeconds, {
          kinds,
          securityOnly: true,
          swept: true,
        });
        if (!lease) break;
        this.launch(lease, this.runningSecurity);
      }
    } catch (err) {
      this.logger.warn({ err: errorInfo(err) }, 'could not claim background jobs; will retry');
    } finally {
      this.polling = false;
    }
  }

  /** Runs a claimed job in one of the slots; the outcome is recorded and logged by run(). */
  private launch(lease: Lease, slots: Set<Promise<void>>): void {
    const run = this.run(lease)
      .catch(() => {})
      .finally(() => slots.delete(run));
    slots.add(run);
  }

  /**
   * Runs a job this process holds, whether claimed by the poller or by a request (`enqueueClaimed`),
   * and records its outcome. Rejects with the handler's error; resolves when it succeeded.
   */
  async run(lease: Lease): Promise<void> {
    const handler = this.handlers.get(lease.job.kind);
    const log = { job_id: lease.job.id, kind: lease.job.kind, attempt: lease.job.attempts };
    try {
      await withLease(this.db, lease, (ctx) =>
        handler ? handler(ctx) : Promise.reject(new PermanentJobError('unknown_kind')),
      );
    } catch (err) {
      if (err instanceof LeaseLost)
        this.logger.warn(log, 'a job was taken over by another runner; this one stopped');
      // A retry the job asked for (a receiver that answered 500) is its outcome, recorded by the
      // job itself: one tenant's broken receiver must not fill the operators' warnings.
      else if (err instanceof RetryLater)
        this.logger.debug(
          { ...log, code: err.code, retry_in_seconds: err.seconds },
          'a job will be tried again',
        );
      else this.logger.warn({ ...log, err: errorInfo(err) }, 'a background job failed');
      throw err;
    }
  }
}

/** Job kinds with a runner of their own over deps `D` (areas/area.ts `JobPool`). */
export interface PoolSpec<D> {
  readonly concurrency: (deps: D) => number;
  /** Jobs of one tenant (whose work it is) running at once across replicas; unset: no limit. */
  readonly tenantLimit?: (deps: D) => number;
  readonly pollMs?: number;
  readonly jobs: (deps: D) => Readonly<Record<string, JobHandler>>;
}

/** The runner of a pool: its own slots, no security slots, its kinds registered. */
export function poolRunner<D extends { readonly db: Database; readonly logger: Logger }>(
  pool: PoolSpec<D>,
  deps: D,
): JobRunner {
  const tenantLimit = pool.tenantLimit?.(deps);
  const runner = new JobRunner({
    db: deps.db,
    logger: deps.logger,
    concurrency: pool.concurrency(deps),
    securitySlots: 0,
    ...(pool.pollMs !== undefined && { pollMs: pool.pollMs }),
    ...(tenantLimit !== undefined && { tenantLimit }),
  });
  for (const [kind, handler] of Object.entries(pool.jobs(deps))) runner.register(kind, handler);
  return runner;
}
