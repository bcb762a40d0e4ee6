/**
 * `npm run bench:events`: workspace events fanned out to webhook receivers, against the issue's
 * target: 1,000 events a minute to three receivers per workspace, one answering after 5 s and one
 * failing; deliveries to the healthy one stay under 1 s at p99 from event to receipt, and the
 * workspace list keeps its idle p99 within 1.5×.
 *
 * Starts a throwaway PostgreSQL and the API as production runs it (`npm start`'s flags; the
 * delivery pool's defaults and the job thread unless PLINTH_DELIVERY_*, PLINTH_JOB_THREAD,
 * PLINTH_WEBHOOK_RETRY_SCHEDULE or PLINTH_DB_POOL_SIZE are set here), the API on half the CPUs and the rest on the other half
 * (BENCH_SPLIT_CPUS=0: shared), and three loopback receivers in this process: healthy (200 at
 * once), slow (200 after 5 s), failing (500). Seeds 10 workspaces in 4 organizations
 * (events-world.ts), each with a handler per receiver (BENCH_EVENTS_RECEIVERS, e.g. `healthy` or
 * `none`, to tell their costs apart). Events come from the workspaces' members (keys and login
 * tokens), a client's run each (start, run for 0.2–2 s, finish), at Poisson arrivals averaging
 * BENCH_EVENTS_PER_MINUTE (1,000), a few busy workspaces making most, for BENCH_EVENTS_SECONDS (120).
 *
 * Event-to-receipt, judged: when the healthy receiver has read the delivery minus when the finish
 * call's answer reached its caller (one clock, this process's): the wait a user sees; negative
 * when the delivery came first. From the event's `date` (set in the finish transaction, before
 * its commit) it is printed beside. The workspace list (GET /api/v1/workspaces/) is called at
 * BENCH_EVENTS_LIST_RATE (20/s) by every seeded user in turn, open loop: BENCH_EVENTS_IDLE_SECONDS
 * (20) before any event, then during the load once the slow receiver has filled its slots.
 * Probes (events-probes.ts) say where a miss comes from; BENCH_EVENTS_STATEMENTS=1 adds a census of
 * PostgreSQL's statements, BENCH_API_CPU_PROF=<dir> a CPU profile of the API. Misses exit non-zero
 * only with BENCH_STRICT=1: the machine is shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { answer, startReceiver } from '../api/src/test/webhook-receiver.ts';
import type { Receiver } from '../api/src/test/webhook-receiver.ts';
import { quantile } from './api-load.ts';
import { rng } from './api-world.ts';
import { cpuByProcess, pinByLabel } from './cpu.ts';
import type { LoopAndGc } from './events-probes.ts';
import {
  enableStatements,
  loopAndGc,
  jobsTableLine,
  poolLines,
  sampleJobsTable,
  samplePool,
  servedQuantile,
  statementCensus,
} from './events-probes.ts';
import { seedEventsWorld } from './events-world.ts';
import type { EventsWorld } from './events-world.ts';
import { benchApiNodeFlags, loadAtRate, rssMb, watchHostStalls } from './http.ts';

const SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 120);
const PER_MINUTE = Number(process.env.BENCH_EVENTS_PER_MINUTE ?? 1000);
const LIST_RATE = Number(process.env.BENCH_EVENTS_LIST_RATE ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_EVENTS_IDLE_SECONDS ?? 20);
/** The list is measured from this far into the load: after the slow receiver took its slots. */
const LIST_AFTER_S = Math.min(10, Math.floor(SECONDS / 3));
/** Which receivers the workspaces have handlers for (a subset, to tell their costs apart). */
const RECEIVERS = (process.env.BENCH_EVENTS_RECEIVERS ?? 'healthy,slow,failing')
  .split(',')
  .filter((r) => ['healthy', 'slow', 'failing'].includes(r));
/** Counts PostgreSQL's statements during the load (pg_stat_statements, a server restart). */
const STATEMENTS = process.env.BENCH_EVENTS_STATEMENTS === '1';
/**
 * The API on half the CPUs, everything else (PostgreSQL, callers, receivers) on the other half, as
 * production gives the API machines of its own; `BENCH_SPLIT_CPUS=0` lets every part share every CPU.
 */
const CPUS = availableParallelism();
const SPLIT = process.env.BENCH_SPLIT_CPUS !== '0' && CPUS >= 2;
// Fixed before pinning: pinned, this process sees only its own CPUs.
const API_CPUS = `0-${Math.floor(CPUS / 2) - 1}`;
const REST_CPUS = `${Math.floor(CPUS / 2)}-${CPUS - 1}`;
const SLOW_MS = 5000;
const ANSWERS: Record<string, string> = {
  healthy: '200 at once',
  slow: `200 after ${SLOW_MS / 1000} s`,
  failing: '500',
};
const DRAIN_MS = 30_000;
const TARGET = { healthyP99Ms: 1000, listRatio: 1.5 };
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const PASSED_THROUGH = [
  'PLINTH_DELIVERY_CONCURRENCY',
  'PLINTH_DELIVERY_PER_RECEIVER',
  'PLINTH_WEBHOOK_RETRY_SCHEDULE',
  'PLINTH_DB_POOL_SIZE',
  'PLINTH_JOB_THREAD',
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** What the receivers saw, by the event's transaction (the run's ID). */
interface Seen {
  /** First receipt at the healthy receiver: performance.now(), and the event's `date` lag in ms. */
  healthy: Map<string, { at: number; fromDate: number }>;
  healthyDuplicates: number;
  slowReceived: Set<string>;
  slowAnswered: number;
  failingAttempts: Map<string, number>;
}

async function startReceivers(seen: Seen): Promise<Receiver[]> {
  const transaction = (body: string) => {
    const event = JSON.parse(body) as { transaction: string; date: string };
    return { id: event.transaction, date: Date.parse(event.date) };
  };
  const ok = answer(200);
  const healthy = await startReceiver((req, res) => {
    const at = performance.now();
    const { id, date } = transaction(req.body);
    if (seen.healthy.has(id)) seen.healthyDuplicates++;
    else seen.healthy.set(id, { at, fromDate: performance.timeOrigin + at - date });
    ok(req, res);
  });
  const slow = await startReceiver((req, res) => {
    seen.slowReceived.add(transaction(req.body).id);
    setTimeout(() => {
      seen.slowAnswered++;
      ok(req, res);
    }, SLOW_MS);
  });
  const failing = await startReceiver((req, res) => {
    const { id } = transaction(req.body);
    seen.failingAttempts.set(id, (seen.failingAttempts.get(id) ?? 0) + 1);
    answer(500, { error: 'database is locked' })(req, res);
  });
  return [healthy, slow, failing];
}

interface Produced {
  /** Transaction → when its finish call's answer arrived (performance.now()). */
  events: Map<string, number>;
  errors: Map<string, number>;
  /** How late this process sent events past their due time (its own lag), in ms, sorted. */
  lateness: number[];
}

/**
 * Client runs started at Poisson arrivals (`perMinute` on average) for `seconds`, each by a member
 * of a workspace drawn by its weight, finished 0.2–2 s later (5% failing with exit 1).
 */
async function produce(
  apiUrl: string,
  world: EventsWorld,
  perMinute: number,
  seconds: number,
  random: () => number,
): Promise<Produced> {
  const out: Produced = { events: new Map(), errors: new Map(), lateness: [] };
  const error = (what: string): void => void out.errors.set(what, (out.errors.get(what) ?? 0) + 1);
  const one = async (ws: number) => {
    const mine = world.producers[ws]!;
    const p = mine[Math.floor(random() * mine.length)]!;
    const runMs = 200 + random() * 1800;
    const exitCode = random() < 0.05 ? 1 : 0;
    const start = await jsonRequest(apiUrl, 'POST', '/api/v1/action-runs/', {
      token: p.token,
      body: { workspace: p.workspace, block: 'app', action: 'deploy', run_by: 'client' },
    });
    if (start.status !== 201) return error(`start ${start.status}`);
    await sleep(runMs);
    const id = start.body.id as string;
    const finish = await jsonRequest(apiUrl, 'POST', `/api/v1/action-runs/${id}/finish/`, {
      token: p.token,
      body: { exit_code: exitCode },
    });
    if (finish.status !== 200) return error(`finish ${finish.status}`);
    out.events.set(id, performance.now());
  };
  const perMs = perMinute / 60_000;
  const pending = new Set<Promise<void>>();
  const begin = performance.now();
  for (let due = begin; ;) {
    due += -Math.log(1 - random()) / perMs;
    if (due - begin > seconds * 1000) break;
    await sleep(due - performance.now());
    out.lateness.push(performance.now() - due);
    let x = random();
    const ws = Math.max(
      0,
      world.weights.findIndex((w) => (x -= w) < 0),
    );
    const p = one(ws).catch((err: unknown) => error((err as Error).message));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }
  await Promise.all(pending);
  out.lateness.sort((a, b) => a - b);
  return out;
}

/** Peak RSS of `pid` until `stop()`, sampled every 250 ms. */
function peakRss(pid: number): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

const ms = (x: number) => `${Math.round(x)} ms`.padStart(8);
const dist = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${ms(quantile(s, 0.5))}  p95 ${ms(quantile(s, 0.95))}  p99 ${ms(quantile(s, 0.99))}  max ${ms(s.at(-1) ?? NaN)}`;
};
const stallLine = (stalls: number[]) =>
  `${stalls.length}${stalls.length ? ` (max ${Math.max(...stalls)} ms)` : ''}`;

async function main(): Promise<void> {
  const t0 = performance.now();
  const seen: Seen = {
    healthy: new Map(),
    healthyDuplicates: 0,
    slowReceived: new Set(),
    slowAnswered: 0,
    failingAttempts: new Map(),
  };
  const receivers = await startReceivers(seen);
  const [healthy, slow, failing] = receivers as [Receiver, Receiver, Receiver];
  const pg = await startPostgresServer();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-events-'));
  const databaseUrl = await pg.createDatabase('bench');
  if (STATEMENTS)
    await enableStatements(pg, databaseUrl, (url) => postgres(url, { max: 1, onnotice: () => {} }));
  const passed = Object.fromEntries(
    PASSED_THROUGH.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]),
  );
  const api = await startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_DATA_DIR: join(dir, 'data'),
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      PLINTH_LOGIN_TOKEN_TTL_SECONDS: '7200',
      // The receivers are on loopback, which deliveries refuse unless allowed.
      PLINTH_WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
      LOG_LEVEL: 'warn',
      ...passed,
    },
    {
      nodeArgs: benchApiNodeFlags(),
    },
  );
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await api.waitReady();
    if (SPLIT) pinByLabel((label) => (label === 'API' ? API_CPUS : REST_CPUS));
    const pid = api.child.pid!;
    const origins = { healthy: healthy.origin, slow: slow.origin, failing: failing.origin };
    const world = await seedEventsWorld(
      api.url,
      ADMIN,
      Object.fromEntries(Object.entries(origins).filter(([k]) => RECEIVERS.includes(k))),
    );
    const random = rng(7);
    const listUrl = `${api.url}/api/v1/workspaces/`;
    const list = (seconds: number) =>
      loadAtRate('GET /api/v1/workspaces/', listUrl, pid, {
        rate: LIST_RATE,
        duration: seconds,
        tokens: world.listTokens,
      });

    // Warm-up: the event and list paths' code, then quiet until the slow and failing ones settle.
    const warm = await produce(api.url, world, 600, 3, random);
    await list(3);
    const slowOn = RECEIVERS.includes('slow');
    for (let t = 0; t < 40 && slowOn && seen.slowAnswered < warm.events.size; t++) await sleep(500);
    await sleep(SLOW_MS + 1500);

    let stalls = watchHostStalls();
    const idleLoop0 = await loopAndGc(api.metricsUrl);
    const idle = await list(IDLE_SECONDS);
    const idleLoop = await loopAndGc(api.metricsUrl);
    const idleStalls = await stalls.stop();

    stalls = watchHostStalls();
    const rss = peakRss(pid);
    const pool = samplePool(sql);
    const jobsTable = sampleJobsTable(sql);
    const cpuBefore = cpuByProcess();
    const loadLoop0 = await loopAndGc(api.metricsUrl);
    const census = STATEMENTS ? statementCensus(sql) : undefined;
    await census?.reset();
    const loadStart = performance.now();
    const producing = produce(api.url, world, PER_MINUTE, SECONDS, random);
    await sleep(LIST_AFTER_S * 1000);
    // Ends before the last events are sent (loadAtRate adds a second of warm-up, and its thread
    // takes about half a second to start).
    const listLoop0 = await loopAndGc(api.metricsUrl);
    const loaded = await list(SECONDS - LIST_AFTER_S - 2);
    const listLoop = await loopAndGc(api.metricsUrl);
    const produced = await producing;
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const cpuAfter = cpuByProcess();
    const loadLoop = await loopAndGc(api.metricsUrl);
    const statements = (await census?.report(produced.events.size)) ?? [];
    const loadStalls = await stalls.stop();
    const poolSamples = await pool.stop();
    const tableSamples = await jobsTable.stop();
    const ids = [...produced.events.keys()];
    const atEnd = {
      slowReceived: ids.filter((id) => seen.slowReceived.has(id)).length,
      failingAttempts: ids.reduce((n, id) => n + (seen.failingAttempts.get(id) ?? 0), 0),
    };
    const drainStart = performance.now();
    const healthyOn = RECEIVERS.includes('healthy');
    while (healthyOn && performance.now() - drainStart < DRAIN_MS && ids.some((id) => !seen.healthy.has(id)))
      await sleep(200);
    const peak = rss.stop();
    const deliveries = await sql<{ handler: string; state: string; n: number }[]>`
      select handler, state, count(*)::int as n from event_deliveries group by 1, 2 order by 1, 2`;

    // Figures.
    const received = ids.filter((id) => seen.healthy.has(id));
    const fromAnswer = received.map((id) => seen.healthy.get(id)!.at - produced.events.get(id)!);
    const fromDate = received.map((id) => seen.healthy.get(id)!.fromDate);
    const p99 = quantile(
      [...fromAnswer].sort((a, b) => a - b),
      0.99,
    );
    const ratio = loaded.result.p99 / idle.result.p99;
    const cpu = (label: string) => (cpuAfter.get(label) ?? 0) - (cpuBefore.get(label) ?? 0);
    const poolConfig = `concurrency ${process.env.PLINTH_DELIVERY_CONCURRENCY ?? '32 (default)'}, per receiver ${process.env.PLINTH_DELIVERY_PER_RECEIVER ?? '8 (default)'}, retries ${process.env.PLINTH_WEBHOOK_RETRY_SCHEDULE ?? 'default (5 s, 5 min, …)'}`;
    console.log(
      `\nbench:events — ${world.workspaces.length} workspaces in ${world.organizations} organizations, ${world.users} users ` +
        `(${world.producers.flat().length} run actions), ${PER_MINUTE} events/min (Poisson) for ${SECONDS} s; ` +
        `receivers: ${RECEIVERS.map((r) => `${r} (${ANSWERS[r]})`).join(', ') || 'none'}\ndelivery pool: ${poolConfig}\n` +
        (SPLIT ? `CPUs: the API on ${API_CPUS}, the rest on ${REST_CPUS}\n` : 'CPUs: shared\n'),
    );
    const errors = [...produced.errors].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    console.log(
      `events produced          ${ids.length} (${((ids.length / SECONDS) * 60).toFixed(0)}/min; failed calls: ${errors}; ` +
        `sender lag p99 ${Math.round(quantile(produced.lateness, 0.99))} ms)`,
    );
    if (healthyOn) {
      console.log(
        `healthy receiver         ${received.length}/${ids.length} delivered (${seen.healthyDuplicates} duplicates), ` +
          `the last ${((performance.now() - drainStart) / 1000).toFixed(1)} s after the load`,
      );
      console.log(`  event→receipt, from the finish answer (judged)  ${dist(fromAnswer)}`);
      console.log(
        `    (${fromAnswer.filter((x) => x < 0).length} arrived before the finish call's answer reached its caller)`,
      );
      console.log(`  event→receipt, from the event's date          ${dist(fromDate)}`);
    }
    if (slowOn) {
      console.log(
        `slow receiver            at the load's end: ${atEnd.slowReceived} received, ${ids.length - atEnd.slowReceived} ` +
          `backlog (${((atEnd.slowReceived / loadSeconds) * 60).toFixed(0)}/min drained of ${((ids.length / loadSeconds) * 60).toFixed(0)}/min)`,
      );
    }
    if (RECEIVERS.includes('failing')) {
      console.log(
        `failing receiver         at the load's end: ${atEnd.failingAttempts} attempts for ${ids.length} events`,
      );
    }
    console.log(
      `deliveries in the DB     ${deliveries.map((d) => `${d.handler}/${d.state} ${d.n}`).join(', ')} (warm-up included)`,
    );
    console.log(`delivery jobs during the load (1 s samples, mean):\n${poolLines(poolSamples).join('\n')}`);
    console.log(jobsTableLine(tableSamples));
    const listLine = (name: string, r: typeof idle.result) =>
      `workspace list ${name.padEnd(9)} p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ` +
      `(${r.rps} req/s, ${r.errors + r.non2xx} errors)`;
    console.log(listLine('idle', idle.result));
    console.log(listLine('loaded', loaded.result));
    console.log(`  p99 loaded / idle: ${ratio.toFixed(2)}× (target ≤ ${TARGET.listRatio}×)`);
    const servedLine = (a: LoopAndGc, b: LoopAndGc) =>
      `p50 ≤ ${servedQuantile(a, b, 0.5)} ms, p99 ≤ ${servedQuantile(a, b, 0.99)} ms`;
    console.log(
      `  handled in the API (its histogram, once read): idle ${servedLine(idleLoop0, idleLoop)}, ` +
        `loaded ${servedLine(listLoop0, listLoop)}`,
    );
    console.log(
      `CPU during the load      API ${cpu('API').toFixed(1)} s = ${((cpu('API') / loadSeconds) * 100).toFixed(0)}% of a core ` +
        `(${((cpu('API') * 1000) / ids.length).toFixed(1)} ms per event with its list calls), PostgreSQL ` +
        `${((cpu('PostgreSQL') / loadSeconds) * 100).toFixed(0)}%, this process (callers, receivers) ` +
        `${((cpu('bench') / loadSeconds) * 100).toFixed(0)}%`,
    );
    console.log(`API RSS                  peak ${peak.toFixed(0)} MB`);
    const gcPauses = (now: LoopAndGc, before: LoopAndGc) => {
      const n = now.gcs - before.gcs;
      const mean = n ? ((now.gc - before.gc) * 1000) / n : 0;
      return `${n} pauses, mean ${mean.toFixed(1)} ms, ${now.gcsOver10ms - before.gcsOver10ms} over 10 ms, ${now.majorGcs - before.majorGcs} major`;
    };
    // The lag since the scrape before (prom-client resets it): the list's windows.
    const loopLine = (lag: LoopAndGc, now: LoopAndGc, before: LoopAndGc, seconds: number) =>
      `lag p99 ${Math.round(lag.lagP99)} ms, max ${Math.round(lag.lagMax)} ms, GC ${(((now.gc - before.gc) / seconds) * 100).toFixed(1)}% ` +
      `of the time (${gcPauses(now, before)}), heap ${now.heapMb.toFixed(0)} MB`;
    console.log(`API event loop           idle: ${loopLine(idleLoop, idleLoop, idleLoop0, IDLE_SECONDS)}`);
    console.log(`                         loaded: ${loopLine(listLoop, loadLoop, loadLoop0, loadSeconds)}`);
    console.log(`host stalls > 10 ms      idle ${stallLine(idleStalls)}, loaded ${stallLine(loadStalls)}`);

    for (const line of statements) console.log(line);
    const allArrived = received.length === ids.length && ids.length > 0;
    const deliveryOk = !healthyOn || (allArrived && p99 < TARGET.healthyP99Ms);
    const listOk = ratio <= TARGET.listRatio && loaded.result.errors + loaded.result.non2xx === 0;
    console.log(
      `\n${healthyOn ? (deliveryOk ? 'PASS' : 'FAIL') : 'SKIP'}  healthy deliveries: ${received.length}/${ids.length} arrived, p99 ${Math.round(p99)} ms (target < ${TARGET.healthyP99Ms} ms, all arrive)`,
    );
    console.log(
      `${listOk ? 'PASS' : 'FAIL'}  workspace list p99 under load ${ratio.toFixed(2)}× idle (target ≤ ${TARGET.listRatio}×)`,
    );
    console.log(`(total ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    if ((!deliveryOk || !listOk) && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } catch (err) {
    console.log(`API output (tail):\n${api.output().slice(-3000)}`);
    throw err;
  } finally {
    await sql.end({ timeout: 2 });
    await api.stop();
    await pg.destroy();
    await Promise.all(receivers.map((r) => r.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
