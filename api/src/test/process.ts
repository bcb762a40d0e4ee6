import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one launcher of the servers tests run (MinIO, Garage, Keycloak, PostgreSQL, etcd,
 * kube-apiserver, kube-controller-manager): a binary found by its `scripts/tools/*.sh` lookup, run
 * in a scratch directory that also keeps its log, waited for until ready, and stopped (TERM, KILL
 * after a grace) with the directory removed, also when the test process exits without stopping it.
 * Each server's module keeps only what is its own: configuration, layout, certificates, realm.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The scripts build the binaries from source when they are missing: 10 to 25 minutes cold. */
export const TOOL_LOOKUP_TIMEOUT_MS = 45 * 60_000;

/** Runs a `scripts/tools/*.sh` lookup (building the tool once) and resolves with the path it prints. */
export function runToolScript(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout also stops the build it may have started. A first run's
    // build progress goes straight to the test output.
    const child = spawn('bash', [join(REPO_ROOT, 'scripts/tools', script)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, TOOL_LOOKUP_TIMEOUT_MS);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const path = out.trim();
      if (code === 0 && path) resolve(path);
      else reject(new Error(`scripts/tools/${script} failed (${code ?? signal}); its stderr is above`));
    });
  });
}

/** Whether `port` can be listened on at 127.0.0.1 now. */
function canListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(undefined));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : undefined));
    });
  });
}

/**
 * The ports the kernel hands out for outgoing connections and `listen(0)`
 * (`ip_local_port_range`; 32768-60999 by default).
 */
const EPHEMERAL: [number, number] = (() => {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && high !== undefined && low > 0) return [low, high];
  } catch {
    // not Linux: the default range
  }
  return [32768, 60999];
})();

/**
 * The Fetch standard's "bad ports" from 10,000 up (the range `freePort` picks from): `fetch` refuses
 * them ("fetch failed", cause "bad port") before connecting, so a test could never reach its server.
 */
const FETCH_BAD_PORTS = new Set([10080]);

/** Whether `fetch` would connect to `port` (the ports `freePort` may hand out). */
export const fetchReaches = (port: number): boolean => !FETCH_BAD_PORTS.has(port);

/**
 * A free loopback port for a server a test starts, picked at random below the ephemeral range:
 * a port from `listen(0)` is one the kernel may give an outgoing connection (a package download,
 * a database client) before the server binds it, and the server then fails with "in use".
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = EPHEMERAL[0] - 1;
  for (let attempt = 0; high - low > 1000 && attempt < 50; attempt++) {
    const candidate = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(candidate)) continue;
    const port = await canListen(candidate);
    if (port !== undefined) return handOut(port);
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await canListen(0);
    if (port === undefined) break;
    if (!handedOut.has(port)) return handOut(port);
  }
  throw new Error('no free port');
}

/**
 * How `child` ended (`exited with 2`, `killed by SIGKILL`), or undefined while it runs: one ended
 * by a signal has no exit code.
 */
export function endOf(child: ChildProcess): string | undefined {
  if (child.exitCode !== null) return `exited with ${child.exitCode}`;
  if (child.signalCode !== null) return `killed by ${child.signalCode}`;
  return undefined;
}

/**
 * Ports this process already handed out: two picked back to back for one server (its API and
 * metrics ports) are free until it binds them, so the second pick must not repeat the first.
 */
const handedOut = new Set<number>();
function handOut(port: number): number {
  handedOut.add(port);
  return port;
}

/** Starts something on `count` fresh free ports, again (up to 3 times) if another process took one. */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    try {
      return await start(ports);
    } catch (err) {
      if (attempt >= 3 || !/address already in use/i.test(String(err))) throw err;
    }
  }
}

export interface ProcessSpec {
  /** Names it in messages and its log file, `<dir>/<name>.log`. */
  name: string;
  /** The executable (a path a `runToolScript` lookup printed). */
  command: string;
  args: readonly string[];
  /** Its whole environment; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** Where it runs and its log is kept. */
  dir: string;
  /** Its working directory; default `dir`. */
  cwd?: string;
  /** Runs it as this user (PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  /**
   * Ready when this URL answers 2xx, or when `until` holds; polled every 100 ms until
   * `readyTimeoutMs`. Without it, `start` returns once the process is spawned.
   */
  ready?: string | { what: string; until: (p: TestProcess) => Promise<boolean> | boolean };
  /** Default 60 s. */
  readyTimeoutMs?: number;
  /** What `stop()` sends first; default SIGTERM (PostgreSQL's fast shutdown is SIGINT). */
  stopSignal?: NodeJS.Signals;
  /** How long `stop()` waits before SIGKILL; default 10 s. */
  graceMs?: number;
  /**
   * Its own process group, every signal sent to all of it: for a launcher script that starts the
   * real server as a child (Keycloak's kc.sh and its JVM).
   */
  processGroup?: boolean;
}

/** A started process, its log in its directory. */
export interface TestProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** `<dir>/<name>.log`: stdout and stderr of every start in that directory. */
  readonly logFile: string;
  /** Resolves when it has exited (or failed to spawn). */
  readonly exited: Promise<void>;
  running(): boolean;
  /** `running, pid N`, `exited with CODE` or `failed to start`. */
  status(): string;
  /** The last `maxBytes` of what this start wrote (not earlier starts'). */
  log(maxBytes?: number): string;
  /** `err` with this process's log tail appended: for failures of what a start does next. */
  withLog(err: unknown): Error;
  /**
   * Polls `probe` every 100 ms until it returns something other than `undefined` or `false`, and
   * resolves with that. Fails, with the log tail, when the process exits or `timeoutMs` passes.
   */
  waitFor<T>(
    what: string,
    probe: () => Promise<T | undefined | false> | T | undefined | false,
    timeoutMs?: number,
  ): Promise<T>;
  /** The stop signal, then SIGKILL after `graceMs` (default the spec's); resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Processes still running and scratch directories still there, for the `exit` handler. */
const liveProcesses = new Set<TestProcess & { kill(signal: NodeJS.Signals): void }>();
const liveDirs = new Set<string>();

// A test process that exits without stopping its servers (an uncaught error, a timeout) still takes
// them and their data with it. Only a SIGKILLed one cannot run this; setpriv covers that below.
process.on('exit', () => {
  for (const p of liveProcesses) p.kill('SIGKILL');
  for (const dir of liveDirs) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // best effort while exiting: a dying server may still be writing
    }
  }
});

/**
 * `setpriv --pdeathsig KILL` makes the kernel kill a server when the test process dies, however it
 * dies (the `exit` handler does not run on SIGKILL or an uncaught signal).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
const LOG_TAIL = 6_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function readTail(file: string, from: number, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return '(no log)';
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(from, size - maxBytes);
    const buf = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buf, 0, buf.length, start);
    return buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Starts `spec.command` in `spec.dir`, its output appended to `<dir>/<name>.log`, and waits until it
 * is ready. A process that exits or is not ready in time is killed, and the error carries its log
 * tail. Always `stop()` it (or remove its `scratchDir`).
 */
export async function startProcess(spec: ProcessSpec): Promise<TestProcess> {
  const logFile = join(spec.dir, `${spec.name}.log`);
  const fd = openSync(logFile, 'a');
  const logStart = fstatSync(fd).size;
  const [cmd, argv] = SETPRIV
    ? [SETPRIV, ['--pdeathsig', 'KILL', '--', spec.command, ...spec.args]]
    : [spec.command, [...spec.args]];
  let child: ChildProcess;
  try {
    child = spawn(cmd, argv, {
      env: spec.env ?? process.env,
      cwd: spec.cwd ?? spec.dir,
      uid: spec.uid,
      gid: spec.gid,
      detached: spec.processGroup ?? false,
      stdio: ['ignore', fd, fd],
    });
  } finally {
    closeSync(fd);
  }
  let spawnError: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // spawn failed (ENOENT): there will be no exit event
    child.once('error', (err) => {
      spawnError = err;
      appendFileSync(logFile, `\n${String(err)}\n`);
      resolve();
    });
  });
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (spec.processGroup && child.pid) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const log = (maxBytes = LOG_TAIL) => readTail(logFile, logStart, maxBytes);
  const running = () => child.pid !== undefined && endOf(child) === undefined && !spawnError;
  const status = () => {
    if (child.pid === undefined || spawnError) return 'failed to start';
    return endOf(child) ?? `running, pid ${child.pid}`;
  };
  const withLog = (err: unknown): Error => {
    const message = err instanceof Error ? err.message : String(err);
    return new Error(`${message}\n--- ${spec.name} log (tail) ---\n${log()}`, { cause: err });
  };
  const gone = () => new Error(`${spec.name} ${status()}`);

  const proc: TestProcess & { kill(signal: NodeJS.Signals): void } = {
    name: spec.name,
    child,
    logFile,
    exited,
    running,
    status,
    log,
    withLog,
    kill,
    async waitFor(what, probe, timeoutMs = spec.readyTimeoutMs ?? 60_000) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      for (;;) {
        if (!running()) throw withLog(gone());
        try {
          const value = await probe();
          if (value !== undefined && value !== false) return value;
        } catch (err) {
          last = String(err);
        }
        if (!running()) throw withLog(gone());
        if (Date.now() > deadline)
          throw withLog(`${spec.name}: ${what} not within ${timeoutMs} ms (last error: ${last || 'none'})`);
        await sleep(100);
      }
    },
    async stop(graceMs = spec.graceMs ?? 10_000) {
      if (running()) {
        kill(spec.stopSignal ?? 'SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // What else the group started may outlive its leader.
      if (spec.processGroup) kill('SIGKILL');
      liveProcesses.delete(proc);
    },
  };
  liveProcesses.add(proc);

  const { ready } = spec;
  if (ready !== undefined) {
    try {
      if (typeof ready === 'string') {
        await proc.waitFor(`GET ${ready}`, async () => {
          const res = await fetch(ready, { signal: AbortSignal.timeout(2_000) });
          await res.body?.cancel();
          return res.ok;
        });
      } else {
        await proc.waitFor(ready.what, () => ready.until(proc));
      }
    } catch (err) {
      await proc.stop(1_000);
      throw err;
    }
  }
  return proc;
}

/** A temp directory for one server's processes, data and logs. */
export interface ScratchDir {
  readonly path: string;
  /** `startProcess` in this directory. */
  start(spec: Omit<ProcessSpec, 'dir'>): Promise<TestProcess>;
  /**
   * Stops the processes it started that still run, newest first, each with its own grace, and
   * deletes the directory. Later calls return the first one's promise.
   */
  remove(): Promise<void>;
}

/** Makes `$TMPDIR/<prefix>XXXXXX`, deleted by `remove()` or when the test process exits. */
export function scratchDir(prefix: string): ScratchDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  liveDirs.add(path);
  const started: TestProcess[] = [];
  let removing: Promise<void> | undefined;
  return {
    path,
    async start(spec) {
      const p = await startProcess({ ...spec, dir: path });
      started.push(p);
      return p;
    },
    remove() {
      removing ??= (async () => {
        for (const p of [...started].reverse()) await p.stop();
        rmSync(path, { recursive: true, force: true, maxRetries: 3 });
        liveDirs.delete(path);
      })();
      return removing;
    },
  };
}

/** Runs `use` with a fresh `scratchDir`, removed (its processes stopped) when `use` throws. */
export async function withScratchDir<T>(prefix: string, use: (dir: ScratchDir) => Promise<T>): Promise<T> {
  const dir = scratchDir(prefix);
  try {
    return await use(dir);
  } catch (err) {
    await dir.remove();
    throw err;
  }
}
