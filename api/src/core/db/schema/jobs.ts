import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';

/**
 * A job's life: `queued` (waiting for `run_at`), `running` (a runner holds its lease), then `done`
 * or `failed` (attempts used up). A `running` job whose lease expired is claimed again by anyone.
 */
export const jobState = pgEnum('job_state', ['queued', 'running', 'done', 'failed']);
export type JobState = (typeof jobState.enumValues)[number];

/** Durable background work (ADR 0004): one row per job, claimed with a lease and a fencing token. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    /** What to run, e.g. `usage.refresh` or `bucket.create`; a runner has one handler per kind. */
    kind: text().notNull(),
    /** At most one live (queued or running) job per kind and key: the bucket ID, a time slot. */
    key: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Whose work it is: the organization of a bucket's jobs, null for the system's (the usage
     * refresh). Claims prefer tenants with no job running, so one tenant's backlog cannot take
     * every runner's slots (claim.ts `claim`).
     */
    tenant: uuid(),
    /** Lower runs first: `JOB_PRIORITY.security` (0) before `normal` (1), whatever the tenant's backlog. */
    priority: smallint().notNull().default(1),
    state: jobState().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** The runner (one per process) holding the lease, and until when. */
    leaseOwner: uuid(),
    leaseUntil: timestamp({ withTimezone: true }),
    /**
     * Bumped by every claim: a holder's writes carry the fence they claimed with, and are refused
     * once another runner has taken the job over.
     */
    fence: bigint({ mode: 'number' }).notNull().default(0),
    /** A short code (error name or domain code), never a message: messages may carry SQL parameters. */
    lastErrorCode: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('jobs_live_kind_key_key')
      .on(t.kind, t.key)
      .where(sql`${t.state} in ('queued', 'running')`),
    // A claim reads queued jobs due now in this order, one range per priority, a seek at a time
    // (claim.ts).
    index('jobs_claim_idx')
      .on(t.priority, t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    // The tenants with a job running, read by every claim: few rows.
    index('jobs_running_tenant_idx')
      .on(t.tenant)
      .where(sql`${t.state} = 'running'`),
    // The tenants with jobs queued and each one's first due job, for a claim past a busy tenant's
    // backlog (claim.ts); also a tenant's queued jobs (a rotation drops its bucket's older expiry jobs).
    index('jobs_queued_tenant_idx')
      .on(t.tenant, t.runAt)
      .where(sql`${t.state} = 'queued'`),
  ],
);

export type Job = typeof jobs.$inferSelect;
