import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jsonParameter, prepared, transactionStatement } from '../db/prepared.ts';
import { jobs } from '../db/schema/index.ts';
import type { Job } from '../db/schema/index.ts';

/** A claimed job: the row as claimed, and the identity its writes are fenced with. */
export interface Lease {
  readonly job: Job;
  readonly owner: string;
  readonly leaseSeconds: number;
}

/** The lease was taken over (or the job finished elsewhere): the holder must stop writing. */
export class LeaseLost extends Error {
  readonly jobId: string;
  constructor(jobId: string) {
    super('the job lease was lost to another runner');
    this.jobId = jobId;
    this.name = 'LeaseLost';
  }
}

/**
 * How urgent a job is: `security` work (ending a rotated-out key, finishing an interrupted
 * rotation) is claimed before `normal` work, and has a runner slot of its own (runner.ts).
 */
export const JOB_PRIORITY = { security: 0, normal: 1 } as const;
export type JobPriority = (typeof JOB_PRIORITY)[keyof typeof JOB_PRIORITY];

export interface NewJob {
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** The organization whose work it is (claims are fair between tenants); unset: the system's. */
  tenant?: string | null;
  /** Default `JOB_PRIORITY.normal`. */
  priority?: JobPriority;
  /**
   * `live` (default): no second job while one of this kind and key is queued or running.
   * `ever`: none while any row of it exists, finished or not (a time slot runs once).
   */
  unique?: 'live' | 'ever';
}

export const leaseInterval = (seconds: number | SQL) => sql`now() + make_interval(secs => ${seconds})`;
const liveTarget = { target: [jobs.kind, jobs.key], where: sql`${jobs.state} in ('queued', 'running')` };

/** The row a new job is inserted as. */
const rowOf = (job: Omit<NewJob, 'unique'>) => ({
  kind: job.kind,
  key: job.key,
  payload: job.payload ?? {},
  ...(job.runAt && { runAt: job.runAt }),
  ...(job.maxAttempts !== undefined && { maxAttempts: job.maxAttempts }),
  tenant: job.tenant ?? null,
  priority: job.priority ?? JOB_PRIORITY.normal,
});

/**
 * Adds a job; undefined when a live one (or with `unique: 'ever'`, any one) has the same kind and
 * key. Call it inside the transaction that records the intent, so the two commit together.
 */
export async function enqueue(db: Database, job: NewJob): Promise<Job | undefined> {
  if (job.unique === 'ever') {
    const [seen] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, job.kind), eq(jobs.key, job.key)))
      .limit(1);
    if (seen) return undefined;
  }
  const [row] = await db.insert(jobs).values(rowOf(job)).onConflictDoNothing(liveTarget).returning();
  return row;
}

/**
 * Adds several jobs in one statement (`unique: 'live'` each); those with a live twin are skipped.
 * Prepared once, the jobs as one JSON parameter whatever their number: an event's deliveries are
 * queued with it, in the transaction that ends each run.
 */
export async function enqueueAll(db: Database, list: readonly Omit<NewJob, 'unique'>[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((job) => ({
    kind: job.kind,
    key: job.key,
    payload: job.payload ?? {},
    run_at: job.runAt?.toISOString() ?? null,
    max_attempts: job.maxAttempts ?? null,
    tenant: job.tenant ?? null,
    priority: job.priority ?? JOB_PRIORITY.normal,
  }));
  await enqueueAllStatement.execute(db, { rows: JSON.stringify(rows) });
}

const enqueueAllStatement = transactionStatement(
  'jobs_enqueue_all',
  () =>
    sql`insert into ${jobs} (kind, key, payload, run_at, max_attempts, tenant, priority)
        select t.kind, t.key, t.payload, coalesce(t.run_at, now()),
          coalesce(t.max_attempts, ${sql.raw(String(Number(jobs.maxAttempts.default)))}), t.tenant, t.priority
        from jsonb_to_recordset(${jsonParameter('rows')}) as t(kind text, key text, payload jsonb,
          run_at timestamptz, max_attempts integer, tenant uuid, priority smallint)
        on conflict (kind, key) where ${liveTarget.where} do nothing`,
);

/**
 * Adds a job already claimed by `owner`: the caller runs it now (a request that answers with the
 * result), and other runners take it only once the lease expires. Throws on a duplicate live job.
 */
export async function enqueueClaimed(
  db: Database,
  job: Omit<NewJob, 'unique' | 'runAt'>,
  owner: string,
  leaseSeconds: number,
): Promise<Lease> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      ...(job.maxAttempts !== undefined && { maxAttempts: job.maxAttempts }),
      tenant: job.tenant ?? null,
      priority: job.priority ?? JOB_PRIORITY.normal,
      state: 'running',
      attempts: 1,
      fence: 1,
      leaseOwner: owner,
      leaseUntil: leaseInterval(leaseSeconds),
    })
    .returning();
  return { job: row!, owner, leaseSeconds };
}

/**
 * `updated_at` of a prepared update: the column's own default would be the time the statement was
 * prepared (drizzle evaluates it when building), and `pruneFinished` reads it.
 */
export const stateChange = { updatedAt: sql`now()` };

/**
 * Removes the queued (not running) jobs of a kind and tenant whose payload contains `payload`:
 * work made moot, e.g. the expiry of a key already removed. Returns how many.
 */
export async function cancelQueued(
  db: Database,
  which: { kind: string; tenant: string; payload: Record<string, unknown> },
): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, which.kind),
        eq(jobs.state, 'queued'),
        eq(jobs.tenant, which.tenant),
        sql`${jobs.payload} @> ${JSON.stringify(which.payload)}::jsonb`,
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

/** SQL true while `lease` still holds its job: add it to every write the job makes. */
export const holds = (lease: Lease): SQL =>
  sql`exists (select 1 from ${jobs} where ${jobs.id} = ${lease.job.id} and ${jobs.fence} = ${lease.job.fence} and ${jobs.state} = 'running')`;

const jobPlaceholder = sql`${sql.placeholder('job')}::uuid`;
const fencePlaceholder = sql`${sql.placeholder('fence')}::bigint`;
/** The job still held: placeholders `job` and `fence` (a lease's own writes are prepared). */
const heldByPlaceholders = and(
  eq(jobs.id, jobPlaceholder),
  eq(jobs.fence, fencePlaceholder),
  eq(jobs.state, 'running'),
);

/** `holds` in a prepared statement: the lease from placeholders `job` and `fence` (`leaseParams`). */
export const holdsByPlaceholders: SQL = sql`exists (select 1 from ${jobs} where ${jobs.id} = ${jobPlaceholder}
  and ${jobs.fence} = ${fencePlaceholder} and ${jobs.state} = 'running')`;

/** The values of `holdsByPlaceholders`' placeholders for `lease`. */
export const leaseParams = (lease: Lease) => ({ job: lease.job.id, fence: lease.job.fence });

/** Extends the lease; throws `LeaseLost` when another runner has taken the job over. */
export async function renew(db: Database, lease: Lease): Promise<void> {
  const [row] = await prepared(db, 'jobs_renew', (d, name) =>
    d
      .update(jobs)
      .set({ ...stateChange, leaseUntil: leaseInterval(sql`${sql.placeholder('lease')}::double precision`) })
      .where(heldByPlaceholders)
      .returning({ id: jobs.id })
      .prepare(name),
  ).execute({ ...leaseParams(lease), lease: lease.leaseSeconds });
  if (!row) throw new LeaseLost(lease.job.id);
}

/** Replaces the job's payload (what its next holder will do); throws `LeaseLost` if not held. */
export async function setPayload(
  db: Database,
  lease: Lease,
  payload: Record<string, unknown>,
): Promise<void> {
  const [row] = await db
    .update(jobs)
    .set({ payload })
    .where(and(eq(jobs.id, lease.job.id), eq(jobs.fence, lease.job.fence), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  if (!row) throw new LeaseLost(lease.job.id);
}

/** Marks the job done; throws `LeaseLost` when it is no longer this holder's. */
export async function complete(db: Database, lease: Lease): Promise<void> {
  const [row] = await prepared(db, 'jobs_complete', (d, name) =>
    d
      .update(jobs)
      .set({ ...stateChange, state: 'done', leaseOwner: null, leaseUntil: null, lastErrorCode: null })
      .where(heldByPlaceholders)
      .returning({ id: jobs.id })
      .prepare(name),
  ).execute(leaseParams(lease));
  if (!row) throw new LeaseLost(lease.job.id);
}

/** Backoff before attempt n+1: 2^n seconds, at most 5 minutes. */
export const backoffSeconds = (attempts: number): number => Math.min(2 ** attempts, 300);

/**
 * Records a failed attempt: queued again after a backoff (`delaySeconds`, else exponential), or `failed` once its attempts are used
 * up (or at once when `retry` is false). A holder that lost the lease changes nothing.
 */
export async function fail(
  db: Database,
  lease: Lease,
  code: string,
  retry = true,
  delaySeconds?: number,
): Promise<void> {
  const { attempts, maxAttempts } = lease.job;
  const again = retry && attempts < maxAttempts;
  await prepared(db, 'jobs_fail', (d, name) =>
    d
      .update(jobs)
      .set({
        ...stateChange,
        state: sql`(case when ${sql.placeholder('again')}::boolean then 'queued' else 'failed' end)::job_state`,
        runAt: sql`case when ${sql.placeholder('again')}::boolean
          then ${leaseInterval(sql`${sql.placeholder('delay')}::double precision`)} else ${jobs.runAt} end`,
        leaseOwner: null,
        leaseUntil: null,
        lastErrorCode: sql`${sql.placeholder('code')}::text`,
      })
      .where(heldByPlaceholders)
      .prepare(name),
  ).execute({
    ...leaseParams(lease),
    again,
    delay: delaySeconds ?? backoffSeconds(attempts),
    code: code.slice(0, 100),
  });
}

/** Removes finished jobs older than `days`; the table holds live work and recent history only. */
export async function pruneFinished(db: Database, days: number): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.state, ['done', 'failed']),
        sql`${jobs.updatedAt} < now() - make_interval(days => ${days})`,
      ),
    );
}
