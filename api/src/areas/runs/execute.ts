import { and, eq, sql } from 'drizzle-orm';
import { actionRuns } from '../../core/db/schema/index.ts';
import type { ActionRunRow } from '../../core/db/schema/index.ts';
import { holds } from '../../core/jobs/queue.ts';
import type { JobContext } from '../../core/jobs/runner.ts';
import type { JobDeps } from '../area.ts';
import { readSettings } from '../workspaces/public.ts';
import { endRun, statusOf } from './lifecycle.ts';
import { RunnerError } from './runners/runner.ts';
import { runEnv } from './spec.ts';
import type { RunHandle, RunOutcome } from './runners/runner.ts';

/** How often a run's output is written and its cancel request looked for. */
const FLUSH_MS = 500;

/**
 * Output kept in memory until flushed, within the server's limit: past it, the rest is dropped and
 * the run marked truncated (a chatty action cannot fill the database).
 */
class OutputBuffer {
  private pending = '';
  private kept: number;
  private readonly limitBytes: number;
  truncated = false;
  constructor(limitBytes: number, already: number) {
    this.limitBytes = limitBytes;
    this.kept = already;
  }
  push(raw: string): void {
    if (this.truncated) return;
    // PostgreSQL text holds no NUL: an action printing one must not lose the rest of its output.
    const chunk = raw.replaceAll('\u0000', '\uFFFD');
    const room = this.limitBytes - this.kept;
    const bytes = Buffer.byteLength(chunk);
    if (bytes <= room) {
      this.pending += chunk;
      this.kept += bytes;
      return;
    }
    this.pending += Buffer.from(chunk)
      .subarray(0, room)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    this.kept = this.limitBytes;
    this.truncated = true;
  }
  take(): string {
    const out = this.pending;
    this.pending = '';
    return out;
  }
}

/**
 * Job `action_run.execute`: runs a server run with the API's runner. The run is `running` while
 * its output is appended every half second (any replica streams it from the row) and a cancel
 * request is looked for; its end is recorded with its event, fenced by the job's lease. A second
 * claim means the runner holding it died: an OCI run died with it (killed, `runner_lost`); a
 * Kubernetes Job is still there and is waited for again.
 */
export async function execute(deps: JobDeps, ctx: JobContext): Promise<void> {
  const { db } = deps;
  const id = String(ctx.lease.job.payload['run']);
  const [run] = await db.select().from(actionRuns).where(eq(actionRuns.id, id));
  if (!run || (run.status !== 'created' && run.status !== 'running')) return;
  const fence = holds(ctx.lease);
  const runner = deps.runs.runner;
  const fail = (reason: string, status: 'failed' | 'killed' = 'failed') =>
    endRun(deps, id, { status, exitCode: null, reason }, ctx.lease);
  if (run.cancelRequestedAt) return void (await fail('cancelled', 'killed'));
  if (!runner) return void (await fail('no runner is configured on the server (PLINTH_ACTION_RUNNER)'));
  if (run.status === 'running' && !(run.runner === 'kubernetes' && runner.name === 'kubernetes'))
    return void (await fail('runner_lost', 'killed'));

  await db
    .update(actionRuns)
    .set({ status: 'running', runner: runner.name, startedAt: sql`coalesce(${actionRuns.startedAt}, now())` })
    .where(and(eq(actionRuns.id, id), fence));
  const output = new OutputBuffer(deps.runs.outputLimitBytes, Buffer.byteLength(run.output));
  const spec = specOf(deps, run);
  if (runner.name === 'kubernetes' && !namespaceAllowed(deps, spec.namespace))
    return void (await fail(
      `the namespace ${spec.namespace} is not one runs may use (PLINTH_RUNNER_NAMESPACE, PLINTH_RUNNER_NAMESPACES)`,
    ));
  let handle: RunHandle;
  try {
    handle = await runner.start(spec, (chunk) => output.push(chunk));
  } catch (err) {
    const reason = err instanceof RunnerError ? `${err.code}: ${err.message}` : 'runner_failed';
    await flush(deps, id, output, fence);
    return void (await fail(reason));
  }
  const state: { ended?: RunOutcome } = {};
  void handle.done.then((o) => (state.ended = o));
  while (!state.ended) {
    await Promise.race([handle.done, new Promise((r) => setTimeout(r, FLUSH_MS))]);
    const [now] = await flush(deps, id, output, fence).catch(() => [undefined]);
    if (now?.cancelRequestedAt) await handle.cancel();
  }
  const outcome = state.ended;
  const [last] = await flush(deps, id, output, fence);
  await endRun(
    deps,
    id,
    {
      status: statusOf({ exitCode: outcome.exitCode, killed: outcome.kind === 'killed' }),
      exitCode: outcome.exitCode,
      reason: outcome.kind === 'killed' ? outcome.reason : null,
      ...(last && { output: last.output }),
      truncated: output.truncated,
    },
    ctx.lease,
  );
}

/** Appends the output since the last flush; answers the row's cancel request and output. */
function flush(deps: JobDeps, id: string, output: OutputBuffer, fence: ReturnType<typeof holds>) {
  const chunk = output.take();
  return deps.db
    .update(actionRuns)
    .set({
      output: sql`${actionRuns.output} || ${chunk}`,
      ...(output.truncated && { outputTruncated: true }),
    })
    .where(and(eq(actionRuns.id, id), fence))
    .returning({ cancelRequestedAt: actionRuns.cancelRequestedAt, output: actionRuns.output });
}

const namespaceAllowed = (deps: JobDeps, namespace: string) =>
  namespace === deps.runs.defaultNamespace || deps.runs.allowedNamespaces.includes(namespace);

function specOf(deps: JobDeps, run: ActionRunRow) {
  const settings = readSettings(run.snapshot);
  return {
    transaction: run.id,
    image: run.image,
    command: run.spec.argv,
    env: runEnv({
      transaction: run.id,
      workspace: run.workspaceId,
      block: run.block,
      action: run.action,
      variables: run.spec.env,
    }),
    deadlineSeconds: run.deadlineSeconds,
    namespace: settings.runner?.namespace ?? deps.runs.defaultNamespace,
    labels: { 'plinth.dev/workspace': run.workspaceId, 'plinth.dev/block': run.block },
  };
}
