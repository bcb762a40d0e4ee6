import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { locateImage, parseImage } from './oci-image.ts';
import { RunnerError } from './runner.ts';
import type { RunHandle, RunOutcome, Runner, RunSpec } from './runner.ts';
import { runTool, tail } from './tool.ts';

export interface OciRunnerOptions {
  /** Where the images are: OCI layouts `<name>/` and OCI archives `<name>.tar`. */
  readonly imagesDir: string;
  /** Each run's bundle (and extracted archive) lives in `<workDir>/<transaction>`, removed at the end. */
  readonly workDir: string;
  /** The runc binary (default `runc` on the PATH). */
  readonly runc?: string;
  /** The umoci binary (default `umoci` on the PATH). */
  readonly umoci?: string;
}

/** A transaction is a path component and part of a runc ID: a UUID, or anything as tame. */
const TRANSACTION = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;
const HOSTNAME = 'plinth-action';
/** How often a kill is sent again: the container may not exist yet when the first one goes. */
const KILL_RETRY_MS = 250;
/** After this long a killed container's runc still runs: runc itself is killed. */
const KILL_GRACE_MS = 10_000;

interface ProcessConfig {
  terminal?: boolean;
  args?: string[];
  env?: string[];
}

/** The image's environment with the run's on top (the run's value wins). */
export function mergeEnv(image: readonly string[], run: Readonly<Record<string, string>>): string[] {
  const merged = new Map<string, string>();
  for (const entry of image) {
    const eq = entry.indexOf('=');
    if (eq > 0) merged.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  for (const [key, value] of Object.entries(run)) {
    if (key === '' || key.includes('=') || key.includes('\0') || value.includes('\0')) {
      throw new RunnerError('runner_failed', `invalid environment variable ${JSON.stringify(key)}`);
    }
    merged.set(key, value);
  }
  return [...merged].map(([k, v]) => `${k}=${v}`);
}

/** Turns umoci's generated config (made for an interactive shell) into the action's. */
async function configureBundle(bundle: string, spec: RunSpec): Promise<void> {
  const path = join(bundle, 'config.json');
  const config = JSON.parse(await readFile(path, 'utf8')) as { process?: ProcessConfig; hostname?: string };
  const proc = (config.process ??= {});
  // No terminal: runc then hands the process our pipes, so stdout and stderr stay apart.
  proc.terminal = false;
  // An empty command keeps the image's own entrypoint, as a Pod's empty `command` does.
  if (spec.command.length > 0) proc.args = [...spec.command];
  proc.env = mergeEnv(proc.env ?? [], spec.env);
  config.hostname = HOSTNAME;
  // The network namespace umoci configures stays: loopback only, no way out (isolation default).
  await writeFile(path, JSON.stringify(config));
}

/** Waits until the child has started (or failed to). */
function spawned(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
}

/** Runs actions as OCI containers with runc, each in its own bundle unpacked by umoci. */
export function createOciRunner(options: OciRunnerOptions): Runner {
  const runc = options.runc ?? 'runc';
  const umoci = options.umoci ?? 'umoci';
  // Two starts of one transaction in this process would share a container ID and a directory.
  const active = new Set<string>();

  const removeContainer = (id: string) => runTool(runc, ['delete', '--force', id], 30_000);

  async function start(spec: RunSpec, onOutput: (chunk: string) => void): Promise<RunHandle> {
    const tx = spec.transaction;
    if (!TRANSACTION.test(tx)) {
      throw new RunnerError('runner_failed', `transaction ${JSON.stringify(tx)} cannot name a container`);
    }
    const ref = parseImage(spec.image);
    if (active.has(tx)) throw new RunnerError('runner_failed', `run ${tx} is already running`);
    active.add(tx);
    const id = `plinth-${tx}`;
    const runDir = join(options.workDir, tx);
    const cleanUp = async () => {
      await removeContainer(id).catch(() => undefined);
      await rm(runDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
      active.delete(tx);
    };

    let child: ChildProcess;
    try {
      // A crashed process may have left this run's container and directory behind.
      const stale = await removeContainer(id);
      if (stale.code !== 0) {
        throw new RunnerError('runner_failed', `runc delete ${id} failed: ${tail(stale.stderr)}`);
      }
      await rm(runDir, { recursive: true, force: true, maxRetries: 3 });
      await mkdir(runDir, { recursive: true });
      const layout = await locateImage(options.imagesDir, ref, join(runDir, 'image'));
      const bundle = join(runDir, 'bundle');
      // Unpacked per run: concurrent runs of one image never share (or dirty) a root filesystem.
      const rootless = process.getuid?.() === 0 ? [] : ['--rootless'];
      const unpack = await runTool(
        umoci,
        ['unpack', ...rootless, '--image', `${layout}:${ref.tag}`, bundle],
        10 * 60_000,
      );
      if (unpack.code !== 0) {
        throw new RunnerError('runner_failed', `umoci unpack ${spec.image} failed: ${tail(unpack.stderr)}`);
      }
      await configureBundle(bundle, spec);
      child = spawn(runc, ['run', '--bundle', bundle, id], { stdio: ['ignore', 'pipe', 'pipe'] });
      await spawned(child).catch((err: NodeJS.ErrnoException) => {
        throw new RunnerError('runner_unavailable', `cannot run ${runc}: ${err.code ?? err.message}`);
      });
    } catch (err) {
      await cleanUp();
      if (err instanceof RunnerError) throw err;
      throw new RunnerError('runner_failed', `starting ${spec.image}: ${(err as Error).message}`);
    }

    // A late error (a kill of an exited runc) must not crash the process: the exit tells the end.
    child.on('error', () => undefined);
    const emit = (text: string) => {
      if (text === '') return;
      try {
        onOutput(text);
      } catch {
        // The consumer's failure must not end the run nor lose the outcome.
      }
    };
    // One decoder per stream: a multi-byte character split across chunks is joined again.
    for (const stream of [child.stdout, child.stderr]) {
      const decoder = new StringDecoder('utf8');
      stream?.on('data', (chunk: Buffer) => emit(decoder.write(chunk)));
      stream?.on('end', () => emit(decoder.end()));
    }

    let reason: 'deadline' | 'cancelled' | undefined;
    let ended = false;
    const kill = async (why: 'deadline' | 'cancelled') => {
      if (ended || reason) return;
      reason = why;
      const giveUpAt = Date.now() + KILL_GRACE_MS;
      // Until runc returns: the container may still be being created when the first kill goes.
      while (!ended) {
        if (Date.now() > giveUpAt) {
          child.kill('SIGKILL');
          return;
        }
        await runTool(runc, ['kill', id, 'KILL'], 10_000).catch(() => undefined);
        await new Promise((r) => setTimeout(r, KILL_RETRY_MS));
      }
    };
    // Capped at setTimeout's largest delay (24.8 days): a longer one would fire at once.
    const deadlineMs = Math.min(Math.max(0, spec.deadlineSeconds * 1000), 2 ** 31 - 1);
    const deadline = setTimeout(() => void kill('deadline'), deadlineMs);

    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const closedWithin = (ms: number) =>
      Promise.race([closed, new Promise<void>((r) => setTimeout(r, ms).unref())]);
    const done = new Promise<RunOutcome>((resolve) => {
      child.once('exit', (code, signal) => {
        ended = true;
        clearTimeout(deadline);
        // runc exits with the container's code; a runc killed itself has a signal instead.
        const exitCode = code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : null);
        const outcome: RunOutcome = reason
          ? { kind: 'killed', reason, exitCode: code }
          : { kind: 'exited', exitCode: exitCode ?? 1 };
        void (async () => {
          // The output still in the pipes comes first. Pipes held open by a container that outlived
          // its runc (killed above) close once the delete has killed it.
          await closedWithin(2_000);
          await cleanUp();
          await closedWithin(2_000);
          child.stdout?.destroy();
          child.stderr?.destroy();
          resolve(outcome);
        })();
      });
    });

    return {
      done,
      async cancel() {
        await kill('cancelled');
        await done;
      },
    };
  }

  return { name: 'oci', start };
}
