import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { ADMINS, authorize, requireScope, roleIn, visibleWorkspaceIdsSql } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import { prepared } from '../../core/db/prepared.ts';
import { actionRuns } from '../../core/db/schema/index.ts';
import type { ActionRunRow } from '../../core/db/schema/index.ts';
import { conflict, DomainError, forbidden, notFound, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import { paginateTable } from '../../core/db/paginate.ts';
import type { JobDeps } from '../area.ts';
import { runEvents } from '../events/public.ts';
import { actingUser } from '../users/public.ts';
import { readSettings, workspaceFor } from '../workspaces/public.ts';
import { createRun, endRun } from './lifecycle.ts';
import type { Starter } from './lifecycle.ts';
import type { RunListQuery, RunStart, RunView } from './schema.ts';
import { findAction } from './spec.ts';

type RunDeps = Pick<JobDeps, 'db' | 'events' | 'runs'>;

export const toView = (r: ActionRunRow): RunView => ({
  id: r.id,
  organization: r.organizationId,
  workspace: r.workspaceId,
  block: r.block,
  action: r.action,
  workflow: r.workflow,
  workflow_run: r.workflowRun,
  step: r.step,
  command: r.command,
  client_version: r.clientVersion,
  run_by: r.runBy,
  runner: r.runner,
  image: r.image,
  user: r.userId,
  user_email: r.userEmail,
  user_name: r.userName,
  status: r.status,
  exit_code: r.exitCode,
  reason: r.reason,
  snapshot_id: r.snapshotId,
  deadline_seconds: r.deadlineSeconds,
  output_kept: r.keepOutput,
  output_truncated: r.outputTruncated,
  created_at: r.createdAt.toISOString(),
  started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null,
});

/** Who the principal is, for the event: a person's e-mail and name from their account only. */
async function starterOf(ctx: ServiceContext): Promise<Starter> {
  const { principal } = ctx;
  const user = await actingUser(ctx);
  if (user) return { userId: user.id, apiKeyId: principal.apiKeyId, email: user.email, name: user.name };
  return { userId: null, apiKeyId: principal.apiKeyId, email: null, name: `${principal.kind} key` };
}

function audited(tx: Database, ctx: ServiceContext, event: AuditEventType, run: ActionRunRow, details = {}) {
  const { audit, principal, req } = ctx;
  return audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: run.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: {
        workspace: run.workspaceId,
        transaction: run.id,
        block: run.block,
        action: run.action,
        ...(run.workflow && { workflow: run.workflow, step: run.step }),
        ...details,
      },
    },
    tx,
  );
}

/**
 * Starts an action, or a workflow's first step: a transaction with the configuration in effect as
 * its snapshot. A server run is queued for the API's runner; a client's run is `running` at once
 * and ends when the client reports it (`finishRun`).
 */
export async function startRun(ctx: ServiceContext, deps: RunDeps, input: RunStart): Promise<RunView> {
  const ws = await workspaceFor(ctx, input.workspace, 'action_run.run').catch((err: unknown) => {
    // A workspace the caller cannot see is an invalid field, not a hint that it exists.
    if (err instanceof DomainError && err.kind === 'not_found')
      throw validationError([{ attr: 'workspace', code: 'does_not_exist', detail: 'Workspace not found.' }]);
    throw err;
  });
  const runBy = input.run_by ?? 'server';
  if (runBy === 'server' && !deps.runs.runner)
    throw conflict(
      'This server runs no actions (PLINTH_ACTION_RUNNER is unset); run it with the client and report it (run_by: client).',
      'no_runner',
    );
  const settings = readSettings(ws.config);
  let target: { block: string; action: string; workflow?: { name: string; run: string; step: number } };
  if (input.workflow !== undefined) {
    const wf = settings.workflows?.find((w) => w.name === input.workflow);
    if (!wf)
      throw validationError([
        { attr: 'workflow', code: 'does_not_exist', detail: 'The workspace has no workflow of this name.' },
      ]);
    target = { ...wf.steps[0]!, workflow: { name: wf.name, run: randomUUID(), step: 1 } };
  } else target = { block: input.block!, action: input.action! };
  const found = findAction(settings, target.block, target.action);
  if (!found) {
    const attr = settings.blocks?.some((b) => b.name === target.block) ? 'action' : 'block';
    throw validationError([
      { attr, code: 'does_not_exist', detail: `The workspace configuration has no such ${attr}.` },
    ]);
  }
  const starter = await starterOf(ctx);
  const run = await ctx.db.transaction(async (tx) => {
    const run = await createRun(tx, {
      organizationId: ws.organizationId,
      workspaceId: ws.id,
      config: ws.config,
      settings,
      ...found,
      runBy,
      runner: runBy === 'server' ? deps.runs.runner!.name : null,
      ...(input.command !== undefined && { command: input.command }),
      ...(input.client_version !== undefined && { clientVersion: input.client_version }),
      starter,
      ...(target.workflow && { workflow: target.workflow }),
    });
    await audited(tx, ctx, 'action_run.started', run, { run_by: runBy });
    return run;
  });
  return toView(run);
}

const runById = (db: Database) =>
  prepared(db, 'action_run_by_id', (d, name) =>
    d
      .select()
      .from(actionRuns)
      .where(eq(actionRuns.id, sql.placeholder('id')))
      .prepare(name),
  );

/** The run, once the caller may `action` in its workspace (another tenant's: 404). */
export async function findRun(
  ctx: ServiceContext,
  id: string,
  action: 'action_run.view' | 'event.view' = 'action_run.view',
): Promise<ActionRunRow> {
  const [run] = await runById(ctx.db).execute({ id });
  if (!run) throw notFound();
  await authorize(ctx, action, { organizationId: run.organizationId, workspaceId: run.workspaceId });
  return run;
}

export const getRun = async (ctx: ServiceContext, id: string) => toView(await findRun(ctx, id));

export async function listRuns(ctx: ServiceContext, url: URL, query: RunListQuery): Promise<Page<RunView>> {
  let scope;
  if (query.workspace === undefined) {
    requireScope(ctx.principal, 'action_run.view');
    scope = sql`${actionRuns.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`;
  } else {
    const ws = await workspaceFor(ctx, query.workspace, 'action_run.view');
    scope = eq(actionRuns.workspaceId, ws.id);
  }
  const where = and(
    scope,
    query.status ? eq(actionRuns.status, query.status) : undefined,
    query.workflow_run ? eq(actionRuns.workflowRun, query.workflow_run) : undefined,
  );
  return paginateTable(ctx.db, url, query, {
    table: actionRuns,
    where,
    orderBy: [desc(actionRuns.createdAt), desc(actionRuns.id)],
    map: toView,
  });
}

/**
 * Reports how a client's run ended: its starter (any token of the same user, or the same key), or
 * a Workspace Admin and up (a client that died cannot report). Its event goes to the handlers as a server run's does.
 */
export async function finishRun(
  ctx: ServiceContext,
  deps: RunDeps,
  id: string,
  input: { exit_code: number; output?: string | undefined },
): Promise<RunView> {
  const run = await findRun(ctx, id);
  await authorize(ctx, 'action_run.run', {
    organizationId: run.organizationId,
    workspaceId: run.workspaceId,
  });
  if (run.runBy !== 'client')
    throw conflict('The server runs this action; it reports its own end.', 'run_not_client');
  const same =
    run.userId !== null ? run.userId === ctx.principal.userId : run.apiKeyId === ctx.principal.apiKeyId;
  const role = same
    ? null
    : await roleIn(ctx, { organizationId: run.organizationId, workspaceId: run.workspaceId });
  if (!same && !(role && ADMINS.includes(role)))
    throw forbidden('Only who started a run, or a Workspace Admin, reports its end.');
  // Not kept: never written (nobody streams a client's run).
  const output = run.keepOutput ? (input.output ?? '') : '';
  const limit = deps.runs.outputLimitBytes;
  const truncated = Buffer.byteLength(output) > limit;
  const ended = await endRun(deps, id, {
    status: input.exit_code === 0 ? 'stopped' : 'failed',
    exitCode: input.exit_code,
    reason: null,
    output: truncated ? Buffer.from(output).subarray(0, limit).toString('utf8') : output,
    truncated,
  });
  if (!ended) throw conflict(`The run has already ended (${(await findRun(ctx, id)).status}).`, 'run_ended');
  return toView(ended);
}

/**
 * Cancels a run: one not yet running ends `killed` now; a running server run is killed by its
 * runner within a second; a client's run ends `killed` (the client is told by its finish answer).
 */
export async function cancelRun(ctx: ServiceContext, deps: RunDeps, id: string): Promise<RunView> {
  const run = await findRun(ctx, id);
  await authorize(ctx, 'action_run.cancel', {
    organizationId: run.organizationId,
    workspaceId: run.workspaceId,
  });
  if (run.status !== 'created' && run.status !== 'running')
    throw conflict(`The run has already ended (${run.status}).`, 'run_ended');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(actionRuns)
      .set({ cancelRequestedAt: new Date() })
      .where(and(eq(actionRuns.id, id), inArray(actionRuns.status, ['created', 'running'])));
    await audited(tx, ctx, 'action_run.cancelled', run);
  });
  if (run.runBy === 'client')
    await endRun(deps, id, { status: 'killed', exitCode: null, reason: 'cancelled' });
  return toView((await ctx.db.select().from(actionRuns).where(eq(actionRuns.id, id)))[0]!);
}

export async function eventsOfRun(ctx: ServiceContext, id: string) {
  return runEvents(ctx, await findRun(ctx, id, 'event.view'));
}

/** A run's output as callers may read it: an ended run's only when the workspace keeps it. */
export const visibleOutput = (run: Pick<ActionRunRow, 'status' | 'keepOutput' | 'output'>): string =>
  run.keepOutput || run.status === 'created' || run.status === 'running' ? run.output : '';

/** How long an ended run's output not kept stays, for streams to send its tail. */
const OUTPUT_TAIL_SECONDS = 60;

/**
 * Client runs past their deadline (and a minute's grace) end `killed`: the client went away. Ended
 * runs' output the workspace does not keep is dropped.
 */
export async function expireClientRuns(deps: RunDeps): Promise<void> {
  await deps.db
    .update(actionRuns)
    .set({ output: '' })
    .where(
      and(
        eq(actionRuns.keepOutput, false),
        inArray(actionRuns.status, ['stopped', 'failed', 'killed']),
        sql`${actionRuns.output} <> ''`,
        sql`${actionRuns.finishedAt} < now() - make_interval(secs => ${OUTPUT_TAIL_SECONDS})`,
      ),
    );
  const stale = await deps.db
    .select({ id: actionRuns.id })
    .from(actionRuns)
    .where(
      and(
        inArray(actionRuns.status, ['created', 'running']),
        eq(actionRuns.runBy, 'client'),
        sql`${actionRuns.startedAt} + make_interval(secs => ${actionRuns.deadlineSeconds} + 60) < now()`,
      ),
    )
    .limit(100);
  for (const { id } of stale)
    await endRun(deps, id, { status: 'killed', exitCode: null, reason: 'deadline' });
}
