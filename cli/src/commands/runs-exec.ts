import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Command } from 'commander';
import { parseImage } from '../../../api/src/areas/runs/runners/oci-image.ts';
import { createOciRunner } from '../../../api/src/areas/runs/runners/oci.ts';
import { RunnerError } from '../../../api/src/areas/runs/runners/runner.ts';
import type { RunHandle, RunOutcome } from '../../../api/src/areas/runs/runners/runner.ts';
import { commandLine } from '../../../api/src/areas/runs/redact.ts';
import { actionArgv, findAction, runEnv } from '../../../api/src/areas/runs/spec.ts';
import { globalsOf, uses, workspaceScoped } from '../command.ts';
import { CliError, EXIT, notFound } from '../errors.ts';
import { note } from '../output.ts';
import { workspaceOf } from '../resolve.ts';
import { openSession } from '../session.ts';
import type { Session } from '../session.ts';
import { CLI_VERSION } from '../version.ts';

/** How often the run is looked at, so a `plinth runs cancel` from elsewhere stops it here too. */
const POLL_MS = 2000;
/** What a run reports when the runner could not start it (docker run's code for its own failure). */
const RUNNER_FAILED = 125;
/** A process killed with SIGKILL, as a shell reports it: the deadline's kill. */
const KILLED = 137;
const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** The server takes at most this much of a client's output (RunFinishSchema). */
export const OUTPUT_LIMIT_BYTES = 1024 * 1024;

/** At most `limit` bytes of `text` (a character cut in two is dropped), without NUL. */
export function capOutput(text: string, limit = OUTPUT_LIMIT_BYTES): { output: string; cut: boolean } {
  // PostgreSQL text holds no NUL, and the API refuses it.
  const clean = text.replaceAll('\u0000', '');
  if (Buffer.byteLength(clean) <= limit) return { output: clean, cut: false };
  const output = Buffer.from(clean)
    .subarray(0, limit)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { output, cut: true };
}

/** `$XDG_DATA_HOME/plinth/images`, else `~/.local/share/plinth/images`. */
export function defaultImagesDir(env: NodeJS.ProcessEnv = process.env): string {
  const data = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(data, 'plinth', 'images');
}

const onPath = (tool: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      return dir !== '' && statSync(join(dir, tool)).isFile();
    } catch {
      return false;
    }
  });

/** Refuses before anything is recorded: no tools, or no image where the runner will look. */
function checkMachine(image: string, imagesDir: string): void {
  const missing = ['runc', 'umoci'].filter((tool) => !onPath(tool));
  if (missing.length)
    throw new CliError(`runs exec needs ${missing.join(' and ')} on PATH (and root for runc).`);
  let name: string;
  try {
    name = parseImage(image).name;
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (!existsSync(join(imagesDir, name)) && !existsSync(join(imagesDir, `${name}.tar`)))
    throw notFound(
      `Image ${image} is not in ${imagesDir} (no ${name}/ OCI layout or ${name}.tar): pass --images-dir.`,
    );
}

/** Looks at the run until `stop`; a run ended elsewhere (cancelled) cancels the container. */
function watchRun(session: Session, id: string, handle: RunHandle) {
  const state: { endedAs?: string } = {};
  const timer = setInterval(() => {
    void session.client.apiV1ActionRunsRetrieve({ id }).then(
      (run) => {
        if (run.status === 'running' || state.endedAs) return;
        state.endedAs = run.status;
        void handle.cancel();
      },
      // An unreachable server must not stop the action: the finish says the rest.
      () => undefined,
    );
  }, POLL_MS);
  return { state, stop: () => clearInterval(timer) };
}

/**
 * Ctrl-C (or a TERM) cancels the container, also one still starting (`started` hands it over);
 * the run reports the shell's code for that signal.
 */
function onSignals() {
  const state: { code?: number; handle?: RunHandle } = {};
  const listeners = Object.entries(SIGNAL_CODES).map(([signal, code]) => {
    const listener = () => {
      if (state.code !== undefined) return;
      state.code = code;
      note(`Stopping the action (${signal})…`);
      void state.handle?.cancel();
    };
    process.on(signal, listener);
    return () => process.off(signal, listener);
  });
  return {
    state,
    started(handle: RunHandle) {
      state.handle = handle;
      if (state.code !== undefined) void handle.cancel();
    },
    stop: () => listeners.forEach((off) => off()),
  };
}

/** The code reported and the CLI's own exit code, from how the action ended. */
function codesOf(outcome: RunOutcome, signalled: number | undefined): { report: number; exit: number } {
  if (signalled !== undefined) return { report: signalled, exit: signalled };
  if (outcome.kind === 'killed') return { report: outcome.exitCode ?? KILLED, exit: EXIT.error };
  return { report: outcome.exitCode, exit: outcome.exitCode };
}

export function registerRunsExec(runs: Command): void {
  uses(
    workspaceScoped(
      runs
        .command('exec')
        .description("Run an action here, in its block's image with runc, and report it as your run"),
    )
      .requiredOption('--block <block>', 'the block whose image runs')
      .requiredOption('--action <action>', "the block's action")
      .option('--images-dir <dir>', 'the OCI images (default: $XDG_DATA_HOME/plinth/images)')
      .action(
        async (
          flags: { org?: string; workspace?: string; block: string; action: string; imagesDir?: string },
          cmd: Command,
        ) => {
          const session = await openSession(globalsOf(cmd));
          const resolved = await workspaceOf(session, flags);
          // The configuration as it is now (a list's copy may be older), checked by the API when written.
          const ws = await session.client.apiV1WorkspacesRetrieve({ id: resolved.id });
          const found = findAction(ws.config, flags.block, flags.action);
          if (!found)
            throw notFound(
              `Workspace ${ws.name} has no action ${flags.action} of a block ${flags.block} (\`plinth ws config get ${ws.name}\`).`,
            );
          const imagesDir = flags.imagesDir ?? defaultImagesDir();
          checkMachine(found.block.image, imagesDir);

          const run = await session.client.apiV1ActionRunsCreate({
            requestBody: {
              workspace: ws.id,
              block: flags.block,
              action: flags.action,
              run_by: 'client',
              command: commandLine(['plinth', ...process.argv.slice(2)]).slice(0, 4096),
              client_version: CLI_VERSION,
            },
          });
          await execute(session, run.id, run.deadline_seconds, ws.id, found, imagesDir);
        },
      ),
    'api_v1_workspaces_retrieve',
    'api_v1_action_runs_create',
    'api_v1_action_runs_retrieve',
    'api_v1_action_runs_finish_create',
  );
}

/** Runs the recorded run with the OCI runner, its output to stdout, then reports its end. */
async function execute(
  session: Session,
  id: string,
  deadlineSeconds: number,
  workspace: string,
  found: NonNullable<ReturnType<typeof findAction>>,
  imagesDir: string,
): Promise<void> {
  const { block, action } = found;
  const workDir = await mkdtemp(join(tmpdir(), 'plinth-exec-'));
  let output = '';
  let held = 0;
  const finish = (exitCode: number, text: string) =>
    session.client.apiV1ActionRunsFinishCreate({
      id,
      requestBody: { exit_code: exitCode, output: capOutput(text).output },
    });
  const signals = onSignals();
  try {
    const runner = createOciRunner({ imagesDir, workDir });
    let handle: RunHandle;
    try {
      handle = await runner.start(
        {
          transaction: id,
          image: block.image,
          command: actionArgv(action),
          env: runEnv({
            transaction: id,
            workspace,
            block: block.name,
            action: action.name,
            variables: block.variables,
          }),
          deadlineSeconds,
        },
        (chunk) => {
          process.stdout.write(chunk);
          // What is reported is capped: a chatty action does not fill this process's memory.
          if (held > OUTPUT_LIMIT_BYTES) return;
          output += chunk;
          held += Buffer.byteLength(chunk);
        },
      );
    } catch (err) {
      const message = err instanceof RunnerError ? `${err.code}: ${err.message}` : (err as Error).message;
      // A Ctrl-C at a terminal reaches umoci too: the start failed because of it.
      const interrupted = signals.state.code;
      await finish(interrupted ?? RUNNER_FAILED, `plinth: ${message}\n`);
      if (interrupted === undefined) throw new CliError(`Run ${id} could not start: ${message}`);
      note(`Run ${id} was interrupted while starting (exit ${interrupted}).`);
      process.exitCode = interrupted;
      return;
    }

    signals.started(handle);
    const watch = watchRun(session, id, handle);
    const outcome = await handle.done;
    watch.stop();
    if (watch.state.endedAs) {
      note(`Run ${id} was ended elsewhere (${watch.state.endedAs}); the action was stopped.`);
      process.exitCode = EXIT.error;
      return;
    }
    const codes = codesOf(outcome, signals.state.code);
    if (outcome.kind === 'killed' && outcome.reason === 'deadline') {
      const line = `plinth: killed at its deadline (${deadlineSeconds} s)`;
      output += `${output && !output.endsWith('\n') ? '\n' : ''}${line}\n`;
      note(line);
    }
    const ended = await finish(codes.report, output);
    note(`Run ${id} ${ended.status} (exit ${codes.report}).`);
    process.exitCode = codes.exit;
  } finally {
    signals.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
