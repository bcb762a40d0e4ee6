import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../columns.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * A run's life (the specification's transaction statuses): `created`, `running`, then `stopped`
 * (exit 0), `failed` (any other exit, or it could not start) or `killed` (deadline or cancel).
 */
export const runStatus = pgEnum('run_status', ['created', 'running', 'stopped', 'failed', 'killed']);
export type RunStatus = (typeof runStatus.enumValues)[number];

/** Who runs the action: a runner of the API (`server`), or the client that started it (`client`). */
export const runBy = pgEnum('run_by', ['server', 'client']);

/** One executed action: its transaction. The ID is the transaction ID every event carries. */
export const actionRuns = pgTable(
  'action_runs',
  {
    id: uuid().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    block: text().notNull(),
    action: text().notNull(),
    /** Set on a workflow's steps: the workflow, the ID all its steps share, and the step (from 1). */
    workflow: text(),
    workflowRun: uuid(),
    step: integer(),
    /** The command line, secret-looking values redacted. */
    command: text().notNull(),
    clientVersion: text(),
    runBy: runBy().notNull(),
    /** The runner that ran it (`oci`, `kubernetes`); null for a client's run. */
    runner: text(),
    image: text().notNull(),
    /** What the runner runs, as configured when it started (argv and the block's variables). */
    spec: jsonb().$type<{ argv: string[]; env: Record<string, string> }>().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: uuid(),
    /** Who started it, as the event names them: from the authenticated principal only. */
    userEmail: text(),
    userName: text(),
    status: runStatus().notNull().default('created'),
    exitCode: integer(),
    /** Why it failed or was killed (`deadline`, `cancelled`, `runner_lost`, a runner's message). */
    reason: text(),
    /** The configuration in effect, secrets redacted; `snapshotId` is its content hash. */
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    snapshotId: text().notNull(),
    deadlineSeconds: integer().notNull(),
    /** The workspace's `transactions.logging` when it started: keep the output afterwards. */
    keepOutput: boolean().notNull(),
    /** Output so far (capped); emptied when it ends unless `keepOutput`. */
    output: text().notNull().default(''),
    outputTruncated: boolean().notNull().default(false),
    cancelRequestedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('action_runs_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    index('action_runs_workflow_run_idx')
      .on(t.workflowRun)
      .where(sql`${t.workflowRun} is not null`),
    // Client runs past their deadline are swept by a schedule.
    index('action_runs_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('created', 'running')`),
    // Ended runs whose output is not kept, dropped by the same schedule: no scan of every run.
    index('action_runs_output_drop_idx')
      .on(t.finishedAt)
      .where(sql`${t.keepOutput} = false and ${t.output} <> ''`),
  ],
);

export type ActionRunRow = typeof actionRuns.$inferSelect;
