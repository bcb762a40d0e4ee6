import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { jobs } from '../db/schema/index.ts';
import { JOB_PRIORITY, leaseInterval, stateChange } from './queue.ts';
import type { Lease } from './queue.ts';

/**
 * Which jobs a claim may take: due jobs of some kinds (`securityOnly`: only security work of a
 * tenant with no job running, for the runner's reserved slot; `idleOnly`: only work of a tenant
 * with no job running), or one job by ID or by kind and key.
 */
export type ClaimTarget =
  | {
      kinds: readonly string[];
      securityOnly?: boolean;
      idleOnly?: boolean;
      tenantLimit?: number;
      /** The caller gave up dead jobs itself for this round of claims (`giveUpDead`). */
      swept?: boolean;
    }
  | { id: string }
  | { kind: string; key: string };

/** A job that died holding its lease as often as it may run is given up, not claimed again. */
export async function giveUpDead(db: Database): Promise<void> {
  // Every runner's every poll: prepared, like the other statements a runner makes per job.
  await prepared(db, 'jobs_give_up_dead', (d, name) =>
    d
      .update(jobs)
      .set({
        ...stateChange,
        state: 'failed',
        leaseOwner: null,
        leaseUntil: null,
        lastErrorCode: 'lease_expired',
      })
      .where(
        and(
          eq(jobs.state, 'running'),
          sql`${jobs.leaseUntil} < now()`,
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      )
      .prepare(name),
  ).execute();
}

/**
 * Takes the job whose row `chosen` selects by its `ctid` (locked): running, owner and lease from
 * placeholders. By `ctid`, not by ID: a statement prepared while the queue was small kept a plan
 * that found the ID by reading the whole table, dead rows included, until the next ANALYZE however
 * much the table grew. A locked row keeps its `ctid` until the statement ends.
 */
const claimQuery = (db: Database, chosen: SQL) =>
  db
    .update(jobs)
    .set({
      ...stateChange,
      state: 'running',
      leaseOwner: sql`${sql.placeholder('owner')}::uuid`,
      leaseUntil: leaseInterval(sql`${sql.placeholder('lease')}::double precision`),
      fence: sql`${jobs.fence} + 1`,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(sql`${jobs}.ctid = (${chosen})`)
    .returning();

/** `any_limited`: any tenant's job but one of a tenant at its limit (placeholder `tenantLimit`). */
type ClaimShape = 'any' | 'any_limited' | 'idle' | 'security';

/**
 * How many due jobs per priority, oldest first, a claim reads before it looks tenant by tenant:
 * more than the jobs a few concurrent claims hold locked, few enough that a busy tenant's backlog
 * in front costs little before the per-tenant look takes over.
 */
const WINDOW = 8;

/** Candidates a claim tries to lock: more than the runners that could claim the same ones at once. */
const TRIES = 8;

const kindsParam = sql`${sql.placeholder('kinds')}::text[]`;

const securityOnly = (shape: ClaimShape, alias: string) =>
  shape === 'security'
    ? sql` and ${sql.raw(alias)}.priority = ${sql.raw(String(JOB_PRIORITY.security))}`
    : sql``;

/** The columns a candidate carries: enough to order and filter it before it is locked. */
const cols = (alias: string) => sql.raw(`${alias}.id, ${alias}.priority, ${alias}.run_at, ${alias}.tenant`);

const prioritiesOf = (shape: ClaimShape) =>
  shape === 'security' ? [JOB_PRIORITY.security] : Object.values(JOB_PRIORITY);

/**
 * The window: the first `WINDOW` queued jobs of the shape's kinds due now, per priority, oldest
 * first (CTEs `w<priority>`). One range per priority: a single walk in (priority, run_at) order
 * would also pass every job queued for later (a dead receiver's retries) before it knew none was
 * due. Read one index seek at a time: as one ordered read of several rows, the planner read the
 * whole table whenever its statistics said the table was small, which a young queue's are.
 */
function windowCtes(shape: ClaimShape): SQL {
  const due = (p: number) =>
    sql`q.state = 'queued' and q.priority = ${sql.raw(String(p))} and q.run_at <= now() and q.kind = any(${kindsParam})`;
  return sql.join(
    prioritiesOf(shape).map(
      (p) => sql`${sql.raw(`w${p}`)}(id, priority, run_at, tenant, n) as (
        (select ${cols('q')}, 1 from ${jobs} q where ${due(p)} order by q.run_at, q.id limit 1)
        union all
        (select ${cols('s')}, w.n + 1 from ${sql.raw(`w${p}`)} w cross join lateral
          (select ${cols('q')} from ${jobs} q where ${due(p)} and (q.run_at, q.id) > (w.run_at, w.id)
            order by q.run_at, q.id limit 1) s
          where w.n < ${sql.raw(String(WINDOW))}))`,
    ),
    sql`, `,
  );
}

const windowRows = (shape: ClaimShape) =>
  sql.join(
    prioritiesOf(shape).map((p) => sql`select ${cols('w')} from ${sql.raw(`w${p}`)} w`),
    sql` union all `,
  );

/**
 * The oldest queued job of the shape's kinds due now whose tenant is `tenant` (a condition on
 * alias `q`). Ordered by time alone, so only the tenant index serves it: ordered by priority first,
 * the planner walked the claim index past other tenants' backlogs.
 */
const oldestDue = (shape: ClaimShape, tenant: SQL) =>
  sql`(select ${cols('q')} from ${jobs} q where q.state = 'queued' and ${tenant} and q.run_at <= now()
    and q.kind = any(${kindsParam})${securityOnly(shape, 'q')} order by q.run_at limit 1)`;

/** Running jobs whose holder's lease expired (it died or stalled): few, every runner's slots at most. */
const expired = (shape: ClaimShape) =>
  sql`(select ${cols('x')} from ${jobs} x where x.state = 'running' and x.lease_until < now()
    and x.kind = any(${kindsParam})${securityOnly(shape, 'x')})`;

/** Row `j` may be claimed now: queued and past `run_at`, or running under an expired lease. */
const dueRow = sql.raw(
  `((j.state = 'queued' and j.run_at <= now()) or (j.state = 'running' and j.lease_until < now()))`,
);

/** Tenants with a job running under a live lease (in this process or any other). */
const busyTenants = sql`(select r.tenant from ${jobs} r
  where r.state = 'running' and r.lease_until >= now() and r.tenant is not null)`;

/**
 * Whether `tenant` (a column) may have a job now. A tenant with no job running is under any limit
 * (at least 1), so only `any_limited` counts; the tenants to leave out are found once per claim
 * (a hashed subplan): counted per candidate, a slow receiver's backlog made every claim cost its
 * length times the running jobs.
 */
function tenantMay(shape: ClaimShape, tenant: SQL): SQL {
  if (shape === 'any') return sql`true`;
  const out =
    shape === 'any_limited'
      ? sql`(select r.tenant from ${jobs} r where r.state = 'running' and r.lease_until >= now()
          and r.tenant is not null group by r.tenant having count(*) >= ${sql.placeholder('tenantLimit')}::integer)`
      : busyTenants;
  return sql`(${tenant} is null or ${tenant} not in ${out})`;
}

/** `candidates` (rows of `cols`) whose tenant may run a job, most urgent then oldest, a few. */
const eligible = (shape: ClaimShape, candidates: SQL) =>
  sql`(select c.id from (${candidates}) c where ${tenantMay(shape, sql`c.tenant`)}
    order by c.priority, c.run_at limit ${sql.raw(String(TRIES))})`;

/**
 * A pool's claim (its kinds in placeholder `kinds`), prepared per shape: a busy pool makes one per
 * job, and building the statement cost more than running it.
 *
 * The candidates are first those in the window (the first due jobs in claim order), then, only if
 * none of them could be taken (tenants at their limit in front), each tenant's oldest due job: a
 * union's second part runs only when the first ran out, and its cost grows with the tenants that
 * have jobs queued, not with their backlogs. The candidates are locked through the primary key, in
 * order, until one is free and still due: the conditions are on the locked row itself, so a job
 * another runner claimed meanwhile is checked again at its new version and passed over, never
 * claimed twice.
 */
function claimStatement(db: Database, shape: ClaimShape) {
  return prepared(db, `jobs_claim_${shape}`, (d, name) => {
    let candidates = eligible(shape, sql`${windowRows(shape)} union all ${expired(shape)}`);
    let ctes = windowCtes(shape);
    // With no tenant left out, the window holds the first due job whenever one is.
    if (shape !== 'any') {
      // A loose index scan: each step finds the next tenant with a job queued in one index descent.
      ctes = sql`${ctes}, t(tenant) as (
          (select q.tenant from ${jobs} q where q.state = 'queued' and q.tenant is not null order by q.tenant limit 1)
          union all
          select (select q.tenant from ${jobs} q where q.state = 'queued' and q.tenant > t.tenant order by q.tenant limit 1)
          from t where t.tenant is not null)`;
      const heads = sql`select h.* from t cross join lateral ${oldestDue(shape, sql`q.tenant = t.tenant`)} h
          where t.tenant is not null union all ${oldestDue(shape, sql`q.tenant is null`)}`;
      // Only past a full window: a shorter one held every due job, and tenants with jobs queued
      // for later only (dead receivers' retries) would cost an idle poll a descent each.
      const full = sql.join(
        prioritiesOf(shape).map(
          (p) => sql`select 1 from ${sql.raw(`w${p}`)} w where w.n = ${sql.raw(String(WINDOW))}`,
        ),
        sql` union all `,
      );
      candidates = sql`${candidates} union all (select h.id from ${eligible(shape, heads)} h where exists (${full}))`;
    }
    return claimQuery(
      d,
      sql`with recursive ${ctes} select l.ctid from (${candidates}) c
        cross join lateral (select j.ctid from ${jobs} j where j.id = c.id and j.kind = any(${kindsParam})
          and ${dueRow}
          and ${tenantMay(shape, sql`j.tenant`)} for update of j skip locked) l
        limit 1`,
    ).prepare(name);
  });
}

/**
 * Claims one due job, or none. Every claim bumps the fence. `skip locked` lets concurrent runners
 * pass over a row another is claiming. Among due jobs of `kinds`, fairly: first the most urgent,
 * then oldest, job of a tenant with no job running (or of the system), so a tenant's backlog holds
 * at most the slots nobody else needs; only when there is none, the most urgent, then oldest, of
 * any tenant.
 */
export async function claim(
  db: Database,
  owner: string,
  leaseSeconds: number,
  which: ClaimTarget,
): Promise<Lease | undefined> {
  if ('kinds' in which && which.kinds.length === 0) return undefined;
  if (!('kinds' in which && which.swept)) await giveUpDead(db);
  const leased = (row: Lease['job'] | undefined) => row && { job: row, owner, leaseSeconds };
  const params = { owner, lease: leaseSeconds };
  const one = (filter: SQL) =>
    sql`select j.ctid from ${jobs} j where ${filter}
      and ${dueRow}
      limit 1 for update of j skip locked`;
  if ('id' in which) return leased((await claimQuery(db, one(sql`j.id = ${which.id}`)).execute(params))[0]);
  if ('key' in which)
    return leased(
      (await claimQuery(db, one(sql`j.kind = ${which.kind} and j.key = ${which.key}`)).execute(params))[0],
    );
  const take = async (shape: ClaimShape) => {
    const values = {
      ...params,
      kinds: [...which.kinds],
      ...(shape === 'any_limited' && { tenantLimit: which.tenantLimit }),
    };
    return leased((await claimStatement(db, shape).execute(values))[0]);
  };
  if (which.securityOnly) return take('security');
  if (which.idleOnly) return take('idle');
  return (await take('idle')) ?? take(which.tenantLimit === undefined ? 'any' : 'any_limited');
}
