import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { actionRuns, workspaces } from '../../core/db/schema/index.ts';
import type { ActionRunRow, RunStatus } from '../../core/db/schema/index.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { API_VERSION } from '../../core/version.ts';
import type { JobDeps } from '../area.ts';
import { recordRunEvent } from '../events/public.ts';
import { ACTION_TIMEOUT, parseDuration, readSettings } from '../workspaces/public.ts';
import type { ActionConfig, BlockConfig } from '../workspaces/public.ts';
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
  const now = new Date();
  const [run] = await tx
    .insert(actionRuns)
    .values({
      id: randomUUID(),
      organizationId: input.organizationId,
      workspaceId: input.workspaceId,
      block: input.block.name,
      action: input.action.name,
      workflow: input.workflow?.name ?? null,
      workflowRun: input.workflow?.run ?? null,
      step: input.workflow?.step ?? null,
      command: redactCommand(input.command ?? commandLine(actionArgv(input.action))),
      clientVersion: input.clientVersion ?? null,
      runBy: input.runBy,
      runner: input.runner,
      image: input.block.image,
      spec: { argv: actionArgv(input.action), env: { ...input.block.variables } },
      userId: input.starter.userId,
      apiKeyId: input.starter.apiKeyId,
      userEmail: input.starter.email,
      userName: input.starter.name,
      // A client's run is under way as soon as it is recorded: the client runs it now.
      status: input.runBy === 'client' ? 'running' : 'created',
      startedAt: input.runBy === 'client' ? now : null,
      snapshot,
      snapshotId: snapshotId(snapshot),
      deadlineSeconds: Math.ceil(deadlineMs / 1000),
      keepOutput: readSettings(input.config).transactions?.logging === true,
    })
    .returning();
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
  fence?: SQL,
): Promise<ActionRunRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const [run] = await tx
      .update(actionRuns)
      .set({
        status: end.status,
        exitCode: end.exitCode,
        reason: end.reason,
        finishedAt: now,
        // postgres-js takes no Date as an untyped parameter: the ISO text, cast.
        startedAt: sql`coalesce(${actionRuns.startedAt}, ${now.toISOString()}::timestamptz)`,
        ...(end.output !== undefined && { output: end.output, outputTruncated: end.truncated ?? false }),
      })
      .where(and(eq(actionRuns.id, runId), inArray(actionRuns.status, ['created', 'running']), fence))
      .returning();
    if (!run) return undefined;
    const config = await workspaceOf(tx, run.workspaceId);
    await recordRunEvent(tx, deps.events, run, config?.config ?? {}, {
      transaction: run.id,
      workspace: config?.name ?? '',
      block: run.block,
      action: run.action,
      command: run.command,
      userEmail: run.userEmail,
      userName: run.userName,
      date: now,
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

async function workspaceOf(tx: Database, id: string) {
  const [ws] = await tx
    .select({ name: workspaces.name, config: workspaces.config })
    .from(workspaces)
    .where(eq(workspaces.id, id));
  return ws;
}

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
    ...found,
    runBy: 'server',
    runner: deps.runs.runner?.name ?? null,
    ...(run.clientVersion !== null && { clientVersion: run.clientVersion }),
    starter: { userId: run.userId, apiKeyId: run.apiKeyId, email: run.userEmail, name: run.userName },
    workflow: { name: workflow.name, run: run.workflowRun!, step: run.step! + 1 },
  });
}
