/**
 * `npm run bench:api`: the API under realistic traffic, against a floor.
 *
 * Starts a throwaway PostgreSQL and MinIO and the API as production runs it (api-stack.ts), seeds
 * 8 organizations with 300 workspaces spread unevenly, 64 users with organization and workspace
 * memberships of every role, 120 buckets and 100,000 audit entries (api-world.ts), and calls it as
 * 82 distinct callers: people with login tokens, user keys (plu_), admin and viewer organization
 * keys (plo_), a system key, the Super Admin. The mix (api-load.ts): workspace lists with and
 * without ?organization= 30%, bucket detail 20%, organization list 15%, key lists 10%, audit-log
 * page 10%, workspace detail 8%, key create and revoke 5%, login 0.5%; each request's caller is one
 * allowed to make it.
 *
 * Measured, for the API and for the floor (api-floor.ts: the same SQL from a bare node:http
 * handler, its own process, same database): saturation throughput (closed loop,
 * BENCH_API_CONCURRENCY requests in flight), p50/p99 at fixed rates of 100 and 300 requests/s (open
 * loop, timed from when each request was due), the API's peak RSS. Targets: the API at least 60%
 * of the floor's throughput and a p99 under 25 ms at 300 requests/s. Misses exit non-zero only with
 * BENCH_STRICT=1: the benchmark machine has 2 cores shared with other work.
 *
 * (The `workspaces.list_item` comparison that retired the stored JSON is recorded in ADR 0003.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { rssMb, watchHostStalls } from './http.ts';
import { apiMix, Driver, quantile } from './api-load.ts';
import type { MixEntry, Stats } from './api-load.ts';
import { ADMIN, startStack } from './api-stack.ts';
import { seedWorld } from './api-world.ts';
import type { World } from './api-world.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 64);
const RATE_SECONDS = Number(process.env.BENCH_API_RATE_SECONDS ?? 15);
const RATES = [100, 300];
const FLOOR_ENTRY = fileURLToPath(new URL('./api-floor.ts', import.meta.url));

/** The peak RSS of `pid` until `stop()`, sampled every 100 ms. */
function peakRss(pid: number): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

const rps = (s: Stats) => Math.round(s.requests / s.seconds);
/** Latencies of every route but `route`, sorted. */
const without = (s: Stats, route: string) =>
  [...s.byRoute]
    .filter(([r]) => r !== route)
    .flatMap(([, e]) => e.latencies)
    .sort((a, b) => a - b);

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const summary = (s: Stats) =>
  `${String(rps(s)).padStart(6)} req/s  p50 ${String(quantile(s.latencies, 0.5)).padStart(6)} ms  p99 ${String(quantile(s.latencies, 0.99)).padStart(6)} ms  ` +
  `(without login: p99 ${String(quantile(without(s, 'POST login'), 0.99)).padStart(6)} ms)  errors ${s.errors}`;

function routeTable(title: string, s: Stats): void {
  console.log(`\n${title}`);
  console.log(
    'route'.padEnd(30),
    'share'.padStart(6),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
    '>20ms'.padStart(6),
    '  statuses',
  );
  for (const [route, e] of [...s.byRoute].sort((a, b) => b[1].latencies.length - a[1].latencies.length)) {
    console.log(
      route.padEnd(30),
      `${((e.latencies.length / s.requests) * 100).toFixed(1)}%`.padStart(6),
      String(quantile(e.latencies, 0.5)).padStart(8),
      String(quantile(e.latencies, 0.99)).padStart(8),
      String(e.errors).padStart(7),
      String(e.latencies.filter((l) => l > 20).length).padStart(6),
      ' ',
      [...e.statuses].map(([st, n]) => `${st}×${n}`).join(' '),
    );
  }
}

async function startFloor(databaseUrl: string, storageEndpoint: string): Promise<ApiProcess> {
  // Started like the API (same Node flags and image environment), so only the code differs.
  const floor = await startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      BENCH_STORAGE_ENDPOINT: storageEndpoint,
    },
    { entry: FLOOR_ENTRY },
  );
  await floor.waitReady();
  return floor;
}

interface Measured {
  saturation: Stats;
  /** The server process's CPU per request at saturation, in ms. */
  cpuPerRequest: number;
  rates: Stats[];
  peakRss: number;
}

/** Runs `f` with a fresh driver (its own connections) on `url`. */
async function driven<T>(
  url: string,
  world: World,
  mix: MixEntry[],
  f: (d: Driver) => Promise<T>,
): Promise<T> {
  const d = new Driver(url, world, mix);
  try {
    return await f(d);
  } finally {
    d.close();
  }
}

/**
 * Warm-up, saturation, then each fixed rate, the servers taking turns at each step so that a
 * change in the machine's load (it is shared) affects them alike.
 */
async function measure(servers: { url: string; pid: number }[], world: World): Promise<Measured[]> {
  const rss = servers.map((s) => peakRss(s.pid));
  for (const s of servers) await driven(s.url, world, apiMix(world), (d) => d.closed(16, 3));
  const saturation: { stats: Stats; cpuPerRequest: number }[] = [];
  for (const s of servers) {
    const cpu = cpuSeconds(s.pid);
    const stats = await driven(s.url, world, apiMix(world), (d) => d.closed(CONCURRENCY, SECONDS));
    saturation.push({ stats, cpuPerRequest: ((cpuSeconds(s.pid) - cpu) * 1000) / stats.requests });
  }
  const rates: Stats[][] = servers.map(() => []);
  for (const rate of RATES) {
    for (const [i, s] of servers.entries())
      rates[i]!.push(await driven(s.url, world, apiMix(world), (d) => d.open(rate, RATE_SECONDS)));
  }
  return servers.map((_, i) => ({
    saturation: saturation[i]!.stats,
    cpuPerRequest: saturation[i]!.cpuPerRequest,
    rates: rates[i]!,
    peakRss: rss[i]!.stop(),
  }));
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const stack = await startStack();
  const floors: ApiProcess[] = [];
  try {
    const world = await seedWorld(stack.api.url, stack.databaseUrl, ADMIN);
    const kinds = new Map<string, number>();
    for (const c of world.callers) kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
    console.log(
      `bench:api — seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${world.organizations.length} organizations, ` +
        `${world.workspaces} workspaces, ${world.usernames.length} users, ${world.buckets} buckets, ${world.auditRows} audit entries; ` +
        `${world.callers.length} callers (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')})`,
    );
    const endpoint = await bucketEndpoint(stack.api.url, world);

    const floor = await startFloor(stack.databaseUrl, endpoint);
    floors.push(floor);
    const stalls = watchHostStalls();
    const [api, base] = (await measure(
      [
        { url: stack.api.url, pid: stack.api.child.pid! },
        { url: floor.url, pid: floor.child.pid! },
      ],
      world,
    )) as [Measured, Measured];
    const hostStalls = await stalls.stop();

    routeTable(`API at saturation (${CONCURRENCY} in flight, ${SECONDS} s), by route`, api.saturation);
    routeTable(`floor at saturation, by route`, base.saturation);
    routeTable(`API at 300 req/s, by route`, api.rates[RATES.indexOf(300)]!);
    routeTable(`floor at 300 req/s, by route`, base.rates[RATES.indexOf(300)]!);

    console.log(
      `\nbench:api — ${world.callers.length} callers, real PostgreSQL, ${CONCURRENCY} in flight for saturation\n`,
    );
    console.log(`${'saturation'.padEnd(22)} API   ${summary(api.saturation)}`);
    console.log(`${''.padEnd(22)} floor ${summary(base.saturation)}`);
    for (const [i, rate] of RATES.entries()) {
      console.log(`${`at ${rate} req/s`.padEnd(22)} API   ${summary(api.rates[i]!)}`);
      console.log(`${''.padEnd(22)} floor ${summary(base.rates[i]!)}`);
    }
    const ratio = rps(api.saturation) / rps(base.saturation);
    const p99 = quantile(api.rates[RATES.indexOf(300)]!.latencies, 0.99);
    console.log(`\nAPI / floor throughput: ${(ratio * 100).toFixed(0)}% (target ≥ 60%)`);
    console.log(`API p99 at 300 req/s: ${p99} ms (target < 25 ms)`);
    console.log(`API peak RSS: ${api.peakRss.toFixed(0)} MB (floor: ${base.peakRss.toFixed(0)} MB)`);
    console.log(
      `server CPU per request at saturation: API ${api.cpuPerRequest.toFixed(2)} ms, floor ${base.cpuPerRequest.toFixed(2)} ms (PostgreSQL not counted)`,
    );
    console.log(
      `host stalls > 10 ms during the runs: ${hostStalls.length}${hostStalls.length ? ` (max ${Math.max(...hostStalls)} ms)` : ''}`,
    );

    const errors = [api.saturation, ...api.rates, base.saturation, ...base.rates].reduce(
      (n, s) => n + s.errors,
      0,
    );
    if (errors > 0) {
      // What the servers said about them (the API logs at warn and above).
      console.log(
        `\nAPI output (tail):\n${stack.api.output().slice(-3000)}\nfloor output (tail):\n${floor.output().slice(-3000)}`,
      );
    }
    const missed = [
      ...(ratio < 0.6 ? ['API below 60% of the floor'] : []),
      ...(p99 >= 25 ? ['p99 at 300 req/s not under 25 ms'] : []),
      ...(errors > 0 ? [`${errors} non-2xx answers`] : []),
    ];
    console.log(missed.length ? `\nMISSED: ${missed.join('; ')}` : '\nall targets met');
    console.log(`(total ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    if (missed.length && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    for (const f of floors) await f.stop();
    await stack.stop();
  }
}

/** The `endpoint` the API shows in a bucket view, so the floor renders the same JSON. */
async function bucketEndpoint(apiUrl: string, world: World): Promise<string> {
  const c = world.callers.find((x) => x.visibleBuckets.length > 0)!;
  const res = await fetch(`${apiUrl}/api/v1/s3/buckets/${c.visibleBuckets[0]}/`, {
    headers: { Authorization: `Bearer ${c.token}` },
  });
  return ((await res.json()) as { endpoint: string }).endpoint;
}

await main();
