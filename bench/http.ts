/**
 * `npm run bench:http`: throughput and latency of the API on a real PostgreSQL server.
 *
 * Starts a throwaway PostgreSQL cluster and the API exactly as it runs in production
 * (`node api/src/index.ts`, in its own process so the load generator does not share its event loop),
 * then drives `/healthz` (no I/O) and `/readyz` (one database round trip per request) with
 * autocannon, sampling the server's RSS throughout. Prints requests/s, p50 and p99 per route and
 * checks the targets: the database-backed route at least 40% of `/healthz` throughput, server RSS
 * under 150 MB. Exits non-zero when a target is missed.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

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

/** Runs autocannon against one URL while sampling `pid`'s RSS; returns figures and the peak RSS. */
export async function load(
  name: string,
  url: string,
  pid: number,
  opts: {
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    overallRate?: number;
    /** Bearer tokens handed to the connections in turn, so each connection is its own caller. */
    tokens?: readonly string[];
  } = {},
): Promise<{ result: RouteResult; peakRss: number }> {
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
  try {
    const r = await autocannon({
      url,
      connections: opts.connections ?? CONNECTIONS,
      duration: opts.duration ?? DURATION_S,
      headers: opts.headers,
      ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
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
      peakRss,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** An autocannon `setupClient` giving each new connection the next token of `tokens`. */
function tokenPerConnection(tokens: readonly string[]): (client: autocannon.Client) => void {
  let next = 0;
  return (client) => client.setHeaders({ Authorization: `Bearer ${tokens[next++ % tokens.length]}` });
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
