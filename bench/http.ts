/**
 * `npm run bench:http`: throughput and latency of the API on a real PostgreSQL server.
 *
 * A micro-benchmark: two public routes, no authentication, one route at a time. It measures the
 * HTTP stack's own cost, not the API under real traffic; that figure comes from `npm run bench:api`
 * (bench/api.ts: many callers, a weighted mix of routes, against a framework-free floor).
 *
 * Starts a throwaway PostgreSQL cluster and the API exactly as it runs in production
 * (`node api/src/index.ts`, in its own process so the load generator does not share its event loop),
 * then drives `/healthz` (no I/O) and `/readyz` (one database round trip per request) with
 * autocannon, sampling the server's RSS throughout. Prints requests/s, p50 and p99 per route and
 * checks the targets: the database-backed route at least 40% of `/healthz` throughput, server RSS
 * under 150 MB. Exits non-zero when a target is missed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { API_NODE_FLAGS, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/**
 * The API's Node flags for a bench: the start command's, plus BENCH_API_CPU_PROF=<dir> (a CPU
 * profile written there when the API stops) and BENCH_API_NODE_ARGS (more flags, split at spaces:
 * `--trace-gc`, `--heap-prof --heap-prof-dir=<dir>`, `--import <a probe module>`).
 */
export function benchApiNodeFlags(): string[] {
  const cpu = process.env.BENCH_API_CPU_PROF;
  const more = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return [...API_NODE_FLAGS, ...(cpu ? ['--cpu-prof', `--cpu-prof-dir=${cpu}`] : []), ...more];
}

export interface RouteResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** RSS of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The peak RSS of `pid`, sampled every 100 ms until `stop()`. */
function sampleRss(pid: number): { peak: () => number; stop: () => void } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

/** Runs autocannon against one URL while sampling `pid`'s RSS; returns figures and the peak RSS. */
export async function load(
  name: string,
  url: string,
  pid: number,
  opts: {
    duration?: number;
    /** Bearer tokens handed to the connections in turn, so each connection is its own caller. */
    tokens?: readonly string[];
  } = {},
): Promise<{ result: RouteResult; peakRss: number }> {
  const rss = sampleRss(pid);
  try {
    const r = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: opts.duration ?? DURATION_S,
      ...(opts.tokens ? { setupClient: tokenPerConnection(opts.tokens) } : {}),
    });
    return {
      result: {
        name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      },
      peakRss: rss.peak(),
    };
  } finally {
    rss.stop();
  }
}

/** An autocannon `setupClient` giving each new connection the next token of `tokens`. */
function tokenPerConnection(tokens: readonly string[]): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => client.setHeaders({ Authorization: `Bearer ${tokens[next++ % tokens.length]}` });
}

/**
 * Watches for the host pausing this machine: a separate, otherwise idle process with a 5 ms timer
 * records every tick that comes more than 10 ms late. Nothing in it waits on the API or the
 * database, so its stalls are the machine's (a busy host, CPU steal), and they show whether a
 * latency figure met a quiet machine or a noisy one. `stop()` returns the stalls in ms.
 */
export function watchHostStalls(): { stop(): Promise<number[]> } {
  const script = `
    const stalls = [];
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last - 5 > 10) stalls.push(Math.round(now - last - 5));
      last = now;
    }, 5);
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify(stalls)); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return out ? (JSON.parse(out) as number[]) : [];
    },
  };
}

/**
 * A keep-alive HTTP/1.1 connection that sends prepared GET requests one at a time and reads each
 * response to its `Content-Length`. Written for `loadAtRate`: Node's HTTP client cost about 1 ms of
 * CPU per request here, a third of a core at 300 req/s on a 2-core machine that also runs the API
 * and PostgreSQL, and the load generator's CPU is not the server's latency.
 */
export class Connection {
  readonly #socket: Socket;
  #pending:
    { resolve: (res: { status: number; body: Buffer }) => void; reject: (err: Error) => void } | undefined;
  #buffer: Buffer = Buffer.alloc(0);
  #closed = false;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', (err) => this.#fail(err));
    socket.on('close', () => {
      this.#closed = true;
      this.#fail(new Error('connection closed'));
    });
  }

  /** True once the socket closed: the server ends keep-alive connections idle past its timeout. */
  get closed(): boolean {
    return this.#closed;
  }

  static open(url: URL): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Sends `request` (a whole request, headers included); resolves with the response's status and body. */
  send(request: Buffer): Promise<{ status: number; body: Buffer }> {
    if (this.#pending) throw new Error('one request at a time');
    // A write on a closed socket neither fails nor answers: the request would wait forever.
    if (this.#closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#socket.write(request);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.#buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    // A 204 has no body and may say no length.
    if (!length && status !== 204)
      return this.#fail(new Error(`response without Content-Length: ${head.split('\r\n')[0]}`));
    const total = end + 4 + Number(length?.[1] ?? 0);
    if (this.#buffer.length < total) return;
    if (this.#buffer.length > total) return this.#fail(new Error('unexpected bytes after a response'));
    const body = this.#buffer.subarray(end + 4, total);
    this.#buffer = Buffer.alloc(0);
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.resolve({ status, body });
  }

  #fail(err: Error): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(err);
  }
}

/**
 * Requests at a steady `rate` (an open load: request n is due at n / rate seconds, whether or
 * not earlier ones have answered), each timed from when it was due, so a stall counts against
 * every request it delays, the generator's own lateness included. autocannon's `overallRate`
 * instead sends each second's quota in a burst at the start of the second, which measures a
 * saturated server rather than one at that rate. Requests go over a pool of keep-alive
 * connections (see `Connection`), one request per connection at a time.
 */
export function loadAtRate(
  name: string,
  url: string,
  pid: number,
  opts: PacedOptions,
): Promise<{ result: RouteResult & { max: number }; peakRss: number }> {
  // On a thread of its own: the bench's other work (agents' batches, webhook receivers) in this
  // thread delayed its timers and reads by up to tens of ms, which counted against the API.
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./paced-worker.ts', import.meta.url), {
      workerData: { name, url, pid, opts },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the paced load's thread ended (${code}) without figures`)),
    );
  });
}

export interface PacedOptions {
  rate: number;
  duration?: number;
  tokens?: readonly string[];
}

/** `loadAtRate`'s requests, run in the thread that calls it (paced-worker.ts). */
export async function pacedLoad(
  name: string,
  url: string,
  pid: number,
  opts: PacedOptions,
): Promise<{ result: RouteResult & { max: number }; peakRss: number }> {
  const duration = opts.duration ?? DURATION_S;
  const target = new URL(url);
  const requests = (opts.tokens ?? [undefined]).map((token) =>
    Buffer.from(
      `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n` +
        (token ? `Authorization: Bearer ${token}\r\n` : '') +
        '\r\n',
      'latin1',
    ),
  );
  const idle: Connection[] = [];
  const all: Connection[] = [];
  const rss = sampleRss(pid);
  const run = async (seconds: number) => {
    const total = Math.round(opts.rate * seconds);
    const latencies: number[] = [];
    let errors = 0;
    let non2xx = 0;
    const pending = new Set<Promise<void>>();
    const one = async (n: number, dueAt: number) => {
      // Connections left idle past the server's keep-alive timeout were closed by it.
      let conn = idle.pop();
      while (conn?.closed) conn = idle.pop();
      if (!conn) all.push((conn = await Connection.open(target)));
      const { status } = await conn.send(requests[n % requests.length]!);
      latencies.push(performance.now() - dueAt);
      idle.push(conn);
      if (status < 200 || status >= 300) non2xx++;
    };
    const start = performance.now();
    for (let sent = 0; sent < total;) {
      const now = performance.now();
      for (; sent < total && start + (sent * 1000) / opts.rate <= now; sent++) {
        const p = one(sent, start + (sent * 1000) / opts.rate).catch(() => void errors++);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      // Sleep until the next request is due (one wake-up per request, not a polling loop).
      const next = start + (sent * 1000) / opts.rate;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(pending);
    return { latencies, errors, non2xx };
  };
  try {
    // Connections are opened before and kept between requests; a burst after a stall may open more.
    for (let i = 0; i < 32; i++) all.push(await Connection.open(target));
    idle.push(...all);
    // The first second is not counted: it warms this process's code.
    await run(1);
    const { latencies, errors, non2xx } = await run(duration);
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
    return {
      result: {
        name,
        rps: Math.round(latencies.length / duration),
        p50: at(0.5),
        p99: at(0.99),
        max: at(1),
        errors,
        non2xx,
      },
      peakRss: rss.peak(),
    };
  } finally {
    rss.stop();
    for (const conn of all) conn.close();
  }
}

export function printTable(rows: RouteResult[]): void {
  console.log(
    'route'.padEnd(44),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(44),
      String(r.rps).padStart(8),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.errors + r.non2xx).padStart(7),
    );
  }
}

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const api = await startApiProcess({
    DATABASE_URL: await pg.createDatabase('bench'),
    ...TEST_KEYS,
    LOG_LEVEL: 'warn',
  });
  try {
    await api.waitReady();
    const pid = api.child.pid!;
    // Warm-up: JIT and connection pool.
    await load('warm-up', `${api.url}/readyz`, pid, { duration: 2 });
    const health = await load('GET /healthz', `${api.url}/healthz`, pid);
    const ready = await load('GET /readyz (database round trip)', `${api.url}/readyz`, pid);
    const rows = [health.result, ready.result];
    const peak = Math.max(health.peakRss, ready.peakRss);
    console.log(`\nbench:http — ${DURATION_S}s per route, ${CONNECTIONS} connections, real PostgreSQL\n`);
    printTable(rows);
    const ratio = ready.result.rps / health.result.rps;
    console.log(`\ndatabase-backed / healthz throughput: ${(ratio * 100).toFixed(0)}% (target ≥ 40%)`);
    console.log(`server peak RSS under load: ${peak.toFixed(0)} MB (target < 150 MB)`);
    const failures = rows.filter((r) => r.errors + r.non2xx > 0).map((r) => `${r.name} had errors`);
    if (ratio < 0.4) failures.push('throughput ratio below 40%');
    if (peak >= 150) failures.push('RSS at or above 150 MB');
    if (failures.length > 0) {
      console.log(`\nMISSED: ${failures.join('; ')}`);
      process.exitCode = 1;
    } else console.log('\nall targets met');
  } finally {
    await api.stop();
    await pg.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
