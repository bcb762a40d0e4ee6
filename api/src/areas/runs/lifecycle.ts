import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { preparedInTransaction } from '../../core/db/prepared.ts';
import { actionRuns, workspaces } from '../../core/db/schema/index.ts';
import type { ActionRunRow, RunStatus } from '../../core/db/schema/index.ts';
import { enqueue, holdsByPlaceholders, leaseParams } from '../../core/jobs/queue.ts';
import type { Lease } from '../../core/jobs/queue.ts';
import { API_VERSION } from '../../core/version.ts';
import type { JobDeps } from '../area.ts';
import { recordRunEvent } from '../events/public.ts';
import { ACTION_TIMEOUT, parseDuration, readSettings } from '../workspaces/public.ts';
import type { ActionConfig, BlockConfig, WorkspaceSettings } from '../workspaces/public.ts';
import { commandLine, redactCommand, redactSnapshot, snapshotId } from './redact.ts';
import { actionArgv, findAction } from './spec.ts';

export const EXECUTE_JOB = 'action_run.execute';

/** Who started a run, as its event names them: from the authenticated principal only. */
export interface Starter {
  readonly userId: string | null;
  readonly apiKeyId: string | null;
  readonly email: string | null;
  readonly name: string | null;
}

/**
 * Writes a run (a transaction) in `tx`: the configuration in effect as its redacted snapshot, the
 * command line redacted, and, when a runner of the API runs it, its job.
 */
export async function createRun(
  tx: Database,
  input: {
    organizationId: string;
    workspaceId: string;
    config: Record<string, unknown>;
    /** `readSettings(config)`, which the caller has read already. */
    settings: WorkspaceSettings;
    block: BlockConfig;
    action: ActionConfig;
    runBy: 'server' | 'client';
    runner: string | null;
    command?: string;
    clientVersion?: string;
    starter: Starter;
    workflow?: { name: string; run: string; step: number };
  },
): Promise<ActionRunRow> {
  const snapshot = redactSnapshot(input.config);
  const deadlineMs = input.action.timeout ? parseDuration(input.action.timeout)! : ACTION_TIMEOUT.defaultMs;
  const [run] = await insertRun.execute(tx, {
    id: randomUUID(),
    organization_id: input.organizationId,
    workspace_id: input.workspaceId,
    block: input.block.name,
    action: input.action.name,
    workflow: input.workflow?.name ?? null,
    workflow_run: input.workflow?.run ?? null,
    step: input.workflow?.step ?? null,
    command: redactCommand(input.command ?? commandLine(actionArgv(input.action))),
    client_version: input.clientVersion ?? null,
    run_by: input.runBy,
    runner: input.runner,
    image: input.block.image,
    spec: { argv: actionArgv(input.action), env: { ...input.block.variables } },
    user_id: input.starter.userId,
    api_key_id: input.starter.apiKeyId,
    user_email: input.starter.email,
    user_name: input.starter.name,
    // A client's run is under way as soon as it is recorded: the client runs it now.
    status: input.runBy === 'client' ? 'running' : 'created',
    started: input.runBy === 'client',
    snapshot,
    snapshot_id: snapshotId(snapshot),
    deadline_seconds: Math.ceil(deadlineMs / 1000),
    keep_output: input.settings.transactions?.logging === true,
  });
  if (input.runBy === 'server')
    await enqueue(tx, {
      kind: EXECUTE_JOB,
      key: run!.id,
      payload: { run: run!.id },
      tenant: input.organizationId,
      // A run is not repeated: a second claim means its runner died (execute.ts).
      maxAttempts: 2,
    });
  return run!;
}

/** A run's row, built once: a run's start is one of the API's busiest writes. */
const insertRun = preparedInTransaction('action_run_insert', (d) => {
  const p = (name: string) => sql.placeholder(name);
  return d
    .insert(actionRuns)
    .values({
      id: p('id'),
      organizationId: p('organization_id'),
      workspaceId: p('workspace_id'),
      block: p('block'),
      action: p('action'),
      workflow: p('workflow'),
      workflowRun: p('workflow_run'),
      step: p('step'),
      command: p('command'),
      clientVersion: p('client_version'),
      runBy: p('run_by'),
      runner: p('runner'),
      image: p('image'),
      spec: p('spec'),
      userId: p('user_id'),
      apiKeyId: p('api_key_id'),
      userEmail: p('user_email'),
      userName: p('user_name'),
      status: p('status'),
      startedAt: sql`case when ${p('started')}::boolean then now() end`,
      snapshot: p('snapshot'),
      snapshotId: p('snapshot_id'),
      deadlineSeconds: p('deadline_seconds'),
      keepOutput: p('keep_output'),
    })
    .returning();
});

/** The transaction status an outcome gives. */
export function statusOf(outcome: { exitCode: number | null; killed: boolean }): RunStatus {
  if (outcome.killed) return 'killed';
  return outcome.exitCode === 0 ? 'stopped' : 'failed';
}

/**
 * Ends a run that is still open, in one transaction: its status, exit code and output (hidden
 * at once and dropped a minute later unless the workspace keeps it, so a stream gets its tail), its event with the deliveries, and for a workflow's step that
 * stopped, the next step. Answers the ended row, or undefined when it had already ended.
 */
export async function endRun(
  deps: Pick<JobDeps, 'db' | 'events' | 'runs'>,
  runId: string,
  end: {
    status: RunStatus;
    exitCode: number | null;
    reason: string | null;
    output?: string;
    truncated?: boolean;
  },
  lease?: Lease,
): Promise<ActionRunRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const [run] = await endStatement.execute(tx, {
      id: runId,
      status: end.status,
      exit_code: end.exitCode,
      reason: end.reason,
      output: end.output ?? null,
      truncated: end.output === undefined ? null : (end.truncated ?? false),
      ...(lease ? leaseParams(lease) : { job: null, fence: null }),
    });
    if (!run) return undefined;
    const [config] = await workspaceOf.execute(tx, { id: run.workspaceId });
    await recordRunEvent(tx, deps.events, run, config?.config ?? {}, {
      transaction: run.id,
      workspace: config?.name ?? '',
      block: run.block,
      action: run.action,
      command: run.command,
      userEmail: run.userEmail,
      userName: run.userName,
      date: run.finishedAt!,
      version: run.clientVersion ?? API_VERSION,
      status: run.status,
      exitCode: run.exitCode,
      workflow: run.workflow,
      step: run.step,
      snapshotId: run.snapshotId,
    });
    if (run.workflow && run.status === 'stopped' && config) await nextStep(tx, deps, run, config.config);
    return { ...run, output: run.keepOutput ? run.output : '' };
  });
}

/**
 * Ends a run still open, with the database's clock; the output only when given. Fenced by the job's
 * lease when a runner ends it (placeholders `job` and `fence`, null for a client's report).
 */
const endStatement = preparedInTransaction('action_run_end', (d) =>
  d
    .update(actionRuns)
    .set({
      status: sql`${sql.placeholder('status')}`,
      exitCode: sql`${sql.placeholder('exit_code')}`,
      reason: sql`${sql.placeholder('reason')}`,
      finishedAt: sql`now()`,
      startedAt: sql`coalesce(${actionRuns.startedAt}, now())`,
      output: sql`coalesce(${sql.placeholder('output')}::text, ${actionRuns.output})`,
      outputTruncated: sql`coalesce(${sql.placeholder('truncated')}::boolean, ${actionRuns.outputTruncated})`,
      // Its own time: a prepared statement would keep the column's build-time one.
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(actionRuns.id, sql.placeholder('id')),
        inArray(actionRuns.status, ['created', 'running']),
        sql`(${sql.placeholder('job')}::uuid is null or ${holdsByPlaceholders})`,
      ),
    )
    .returning(),
);

const workspaceOf = preparedInTransaction('action_run_workspace', (d) =>
  d
    .select({ name: workspaces.name, config: workspaces.config })
    .from(workspaces)
    .where(eq(workspaces.id, sql.placeholder('id'))),
);

/** Starts a workflow's next step with the configuration in effect now; none after the last. */
async function nextStep(
  tx: Database,
  deps: Pick<JobDeps, 'runs'>,
  run: ActionRunRow,
  config: Record<string, unknown>,
): Promise<void> {
  const settings = readSettings(config);
  const workflow = settings.workflows?.find((w) => w.name === run.workflow);
  const step = workflow?.steps[run.step!];
  if (!workflow || !step) return;
  const found = findAction(settings, step.block, step.action);
  if (!found) return;
  await createRun(tx, {
    organizationId: run.organizationId,
    workspaceId: run.workspaceId,
    config,
    settings,
    ...found,
    runBy: 'server',
    runner: deps.runs.runner?.name ?? null,
    ...(run.clientVersion !== null && { clientVersion: run.clientVersion }),
    starter: { userId: run.userId, apiKeyId: run.apiKeyId, email: run.userEmail, name: run.userName },
    workflow: { name: workflow.name, run: run.workflowRun!, step: run.step! + 1 },
  });
}
