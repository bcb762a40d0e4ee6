import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { envOf, finalStage, readDockerfile } from '../../../e2e/dockerfile.ts';
import { endOf, freePort } from './process.ts';
import { eventually } from './eventually.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const API_ENTRY = fileURLToPath(new URL('../index.ts', import.meta.url));

/** The `--` Node flags of an npm script in package.json (how production starts a process). */
export function nodeFlagsOf(script: string): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = pkg.scripts[script];
  if (!command) throw new Error(`package.json has no script "${script}"`);
  return command.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

/**
 * The Node flags the API runs with in production, read from `npm start` so tests and benchmarks
 * measure the process users run (why these flags: docs/operations.md "Memory").
 */
export const API_NODE_FLAGS: string[] = nodeFlagsOf('start');

/**
 * The environment the image gives the API (Dockerfile.api's ENV: the allocator setting among it,
 * docs/operations.md "Memory"), minus what each test chooses itself (port, data directory).
 */
export const API_IMAGE_ENV: Record<string, string> = (() => {
  const {
    PORT: _port,
    PLINTH_DATA_DIR: _dataDir,
    ...env
  } = envOf(finalStage(readDockerfile(fileURLToPath(new URL('../../../Dockerfile.api', import.meta.url)))));
  return env;
})();

export const TEST_KEYS = {
  PLINTH_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  PLINTH_JWT_SIGNING_KEY: 'test-signing-key-that-is-long-enough-0123456789',
};

/** A real API process (`node api/src/index.ts`) with its output kept for assertions. */
export interface ApiProcess {
  readonly port: number;
  readonly url: string;
  /** Base URL of the metrics listener (`/metrics`), on a port of its own. */
  readonly metricsUrl: string;
  readonly child: ChildProcess;
  output(): string;
  /** Waits until the output holds `text`: a log line can arrive after an answer sent later. */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** Polls `/readyz` until it answers `status`, or fails with the process output. */
  waitReady(status?: number, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function startApiProcess(
  env: Record<string, string>,
  opts: { entry?: string; cwd?: string; nodeArgs?: string[] } = {},
): Promise<ApiProcess> {
  // Ports it picks itself are picked again if another process takes one before the API listens
  // (its start takes seconds, and other suites start servers meanwhile); ports it is given are not.
  const ownPort = !env.PORT;
  const ownMetricsPort = !env.PLINTH_METRICS_PORT;
  const spawnOn = async () => {
    const port = ownPort ? await freePort() : Number(env.PORT);
    // Never the default 9090: processes started side by side would collide on it.
    const metricsPort = ownMetricsPort ? await freePort() : Number(env.PLINTH_METRICS_PORT);
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? API_NODE_FLAGS), opts.entry ?? API_ENTRY], {
      cwd: opts.cwd ?? REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        LOG_LEVEL: 'info',
        ...API_IMAGE_ENV,
        ...env,
        PORT: String(port),
        PLINTH_METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Resolved once stdout and stderr are drained too ('close'), so the output is whole by then;
    // a descendant holding the pipes open delays that by at most 2 s.
    const exited = new Promise<number | null>((resolve) => {
      child.once('close', (code) => resolve(code));
      child.once('exit', (code) => setTimeout(() => resolve(code), 2000).unref());
    });
    const run = { port, metricsPort, child, exited, out: '' };
    child.stdout.on('data', (d: Buffer) => (run.out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (run.out += d.toString()));
    return run;
  };
  let run = await spawnOn();
  let respawns = 0;
  const portTaken = () =>
    (ownPort || ownMetricsPort) &&
    respawns < 3 &&
    /is already in use/.test(run.out) &&
    run.child.exitCode !== null;
  return {
    get port() {
      return run.port;
    },
    get url() {
      return `http://127.0.0.1:${run.port}`;
    },
    get metricsUrl() {
      return `http://127.0.0.1:${run.metricsPort}`;
    },
    get child() {
      return run.child;
    },
    output: () => run.out,
    async waitForOutput(text, timeoutMs = 10_000) {
      await eventually(`the output holding ${JSON.stringify(text)}`, () => run.out.includes(text), {
        timeoutMs,
        diagnostics: () => run.out,
      });
    },
    get exited() {
      return run.exited;
    },
    async waitReady(status = 200, timeoutMs = 60_000) {
      await eventually(
        `/readyz answering ${status}`,
        async (stop) => {
          if (portTaken()) {
            respawns++;
            run = await spawnOn();
            return undefined;
          }
          const end = endOf(run.child);
          if (end) stop(`the API ${end}:\n${run.out}`);
          const res = await fetch(`http://127.0.0.1:${run.port}/readyz`, {
            signal: AbortSignal.timeout(3000),
          }).catch((err: unknown) => {
            // `fetch failed` alone does not say whether nothing listened, or the connection broke.
            const cause = (err as { cause?: { code?: string; message?: string } }).cause;
            throw new Error(`${(err as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`);
          });
          return { status: res.status, body: await res.text() };
        },
        { timeoutMs, until: (answer) => answer.status === status, diagnostics: () => run.out },
      );
    },
    async stop(signal = 'SIGTERM') {
      if (run.child.exitCode === null) run.child.kill(signal);
      return run.exited;
    },
  };
}

/** One JSON request to an API at `baseUrl`, with an optional bearer token; never throws on a status. */
export async function jsonRequest(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string | undefined; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.token && { Authorization: `Bearer ${opts.token}` }),
      ...(opts.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body: unknown = await res.json().catch(() => null);
  return { status: res.status, body };
}
