/**
 * `npm run bench:agents`: monitoring agents reporting check results, against the issue's targets:
 * at least 5,000 results/s sustained on this machine, at least half of a floor that inserts the
 * same rows with postgres-js directly, p99 batch acknowledgement under 200 ms, and the workspace
 * list's p99 during ingestion within 1.5× of its idle p99. Prints the bytes stored per result
 * (raw rows and rollups).
 *
 * A throwaway PostgreSQL and the API as production runs it (`npm start`'s flags), the API on half
 * the CPUs and the rest on the other half (BENCH_SPLIT_CPUS=0: shared). The world (agents-world.ts):
 * 4 organizations with 4,000, 3,000, 2,000 and 1,000 endpoints (10,000), 5 agents each (one per
 * location, 20 distinct tokens), every endpoint checked every 10 s from every location of its
 * organization: 5,000 results/s. Each agent keeps its results and, every second, sends what it has
 * in batches of up to 200, one request at a time, as the agent program does (agent/): a slow answer
 * leaves its results waiting, which counts. 1% of the endpoints fail from every location and 1%
 * from one (so alerts fire and streaks move); durations are log-normal around 40 ms.
 *
 * Phases: the workspace list alone (BENCH_AGENTS_IDLE_SECONDS, 20); the open load for
 * BENCH_AGENTS_SECONDS (60) with the list beside it; the API's capacity (every agent sending
 * back to back, 15 s, then the rollup job until it has counted them all: their time together);
 * the floor (the same rows, batches and table, written by as many postgres-js connections as the
 * API's pool has, 15 s). The capacity phase prints each process's CPU and each core's busy share
 * (kernel included): the core near 100% is the side that limits it. BENCH_AGENTS_RATE_FACTOR scales
 * the open load; PLINTH_DB_POOL_SIZE, PLINTH_RESULT_BATCH_WRITERS and PLINTH_ROLLUP_INTERVAL_SECONDS
 * reach the API; BENCH_AGENTS_STATEMENTS=1 prints the capacity
 * phase's statements (calls per batch, time).
 * Misses exit non-zero only with BENCH_STRICT=1: the machine is shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import { RESULT_COLUMNS } from '../api/src/areas/monitoring/ingest.ts';
import { rollUpAll } from '../api/src/areas/monitoring/testing.ts';
import { openDatabase } from '../api/src/core/db/client.ts';
import type { Database } from '../api/src/core/db/client.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { quantile } from './api-load.ts';
import { rng } from './api-world.ts';
import { seedAgentsWorld } from './agents-world.ts';
import type { BenchAgent } from './agents-world.ts';
import { busyShare, cpuByProcess, cpuTimes, pinByLabel } from './cpu.ts';
import { benchApiNodeFlags, loadAtRate, watchHostStalls } from './http.ts';
import { agentFootprint } from './agents-footprint.ts';
import { uuid7Generator } from '../agent/src/runtime/uuid7.ts';
import type { Uuid7Generator } from '../agent/src/runtime/uuid7.ts';
import { enableStatements, statementCensus } from './events-probes.ts';

const SECONDS = Number(process.env.BENCH_AGENTS_SECONDS ?? 60);
const IDLE_SECONDS = Number(process.env.BENCH_AGENTS_IDLE_SECONDS ?? 20);
const BURST_SECONDS = 15;
const RATE_FACTOR = Number(process.env.BENCH_AGENTS_RATE_FACTOR ?? 1);
const LIST_RATE = 20;
const FREQUENCY_S = 10;
const BATCH = 200;
const POOL = Number(process.env.PLINTH_DB_POOL_SIZE ?? 10);
/** Prints PostgreSQL's statements of the capacity phase (pg_stat_statements, a server restart). */
const STATEMENTS = process.env.BENCH_AGENTS_STATEMENTS === '1';
const TARGET = { perSecond: 5000, ofFloor: 0.5, ackP99Ms: 200, listRatio: 1.5 };
const ADMIN = { username: 'admin', password: 'bench-admin-password' };
const CPUS = availableParallelism();
const SPLIT = process.env.BENCH_SPLIT_CPUS !== '0' && CPUS >= 2;
const API_CPUS = `0-${Math.floor(CPUS / 2) - 1}`;
const REST_CPUS = `${Math.floor(CPUS / 2)}-${CPUS - 1}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const random = rng(11);

/** Each agent's result IDs, made as the agent program makes them (UUID v7, in time order). */
const idsOf = new Map<BenchAgent, Uuid7Generator>();
const nextId = (agent: BenchAgent): string =>
  (idsOf.get(agent) ?? idsOf.set(agent, uuid7Generator()).get(agent)!)();

/** One check's result as an agent reports it (the original product's field names). */
function result(agent: BenchAgent, endpoint: string, index: number, at: number) {
  const down = index % 100 === 0 || (index % 100 === 50 && agent.location === 'region-0');
  const ms = Math.exp(
    Math.log(40) + 0.6 * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()),
  );
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return down
    ? {
        result_id: nextId(agent),
        endpoint_id: endpoint,
        success: false,
        checked_at: new Date(at).toISOString(),
        duration_ms: 5000,
        error_code: 'ETIMEDOUT',
        error_message: 'no answer within 5000 ms',
        http_error_category: 'timeout',
        http_dns_lookup_ms: r3(ms * 0.05),
      }
    : {
        result_id: nextId(agent),
        endpoint_id: endpoint,
        success: true,
        checked_at: new Date(at).toISOString(),
        duration_ms: r3(ms),
        status_code: 200,
        resolved_ip: `10.0.${index % 250}.${(index >> 8) % 250}`,
        http_dns_lookup_ms: r3(ms * 0.05),
        http_tcp_connect_ms: r3(ms * 0.15),
        http_tls_handshake_ms: r3(ms * 0.3),
        http_time_to_first_byte_ms: r3(ms * 0.9),
        http_response_size_bytes: 512 + (index % 2048),
        http_tls_version: 'TLSv1.3',
        http_tls_valid: true,
        http_tls_days_until_expiry: 30 + (index % 60),
      };
}

type Result = ReturnType<typeof result>;

interface Sent {
  results: number;
  batches: number;
  ackMs: number[];
  errors: Map<string, number>;
  /** Results made but not yet acknowledged when the load ended. */
  backlog: number;
}

const post = (apiUrl: string, agent: BenchAgent, results: Result[]) =>
  jsonRequest(apiUrl, 'POST', '/api/v1/agent/results/', { token: agent.token, body: { results } });

/** Every agent checks its endpoints every FREQUENCY_S (scaled) and sends what it has each second. */
async function openLoad(apiUrl: string, agents: BenchAgent[], seconds: number): Promise<Sent> {
  const out: Sent = { results: 0, batches: 0, ackMs: [], errors: new Map(), backlog: 0 };
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    agents.map(async (agent) => {
      const queue: Result[] = [];
      let next = Math.floor(random() * agent.endpoints.length);
      let carry = random();
      const perSecond = (agent.endpoints.length / FREQUENCY_S) * RATE_FACTOR;
      // Agents do not tick together.
      await sleep(random() * 1000);
      for (let tick = performance.now(); tick < end; tick += 1000) {
        carry += perSecond;
        const now = Date.now();
        for (; carry >= 1; carry--) {
          queue.push(result(agent, agent.endpoints[next]!, next, now - random() * 1000));
          next = (next + 1) % agent.endpoints.length;
        }
        while (queue.length > 0 && performance.now() < end + 2000) {
          const batch = queue.splice(0, BATCH);
          const t = performance.now();
          const res = await post(apiUrl, agent, batch);
          if (res.status !== 200) {
            out.errors.set(String(res.status), (out.errors.get(String(res.status)) ?? 0) + 1);
            queue.unshift(...batch);
            await sleep(500);
            continue;
          }
          out.ackMs.push(performance.now() - t);
          out.batches++;
          out.results += batch.length;
        }
        await sleep(tick + 1000 - performance.now());
      }
      out.backlog += queue.length;
    }),
  );
  return out;
}

/** Every agent sending full batches back to back: what the API can take. */
async function capacity(apiUrl: string, agents: BenchAgent[], seconds: number): Promise<number> {
  let n = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    agents.map(async (agent, a) => {
      for (let i = a * 7; performance.now() < end;) {
        const now = Date.now();
        const batch = Array.from({ length: BATCH }, () => {
          i = (i + 1) % agent.endpoints.length;
          return result(agent, agent.endpoints[i]!, i, now);
        });
        if ((await post(apiUrl, agent, batch)).status === 200) n += batch.length;
      }
    }),
  );
  return n / seconds;
}

/** The same rows, batches and table, straight from postgres-js over POOL connections. */
async function floor(databaseUrl: string, agents: BenchAgent[], seconds: number): Promise<number> {
  const sql = postgres(databaseUrl, { max: POOL, onnotice: () => {} });
  let n = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: POOL }, async (_, w) => {
      const agent = agents[w % agents.length]!;
      for (let i = w * 13; performance.now() < end;) {
        const now = Date.now();
        const rows = Array.from({ length: BATCH }, () => {
          i = (i + 1) % agent.endpoints.length;
          const r: Record<string, unknown> = result(agent, agent.endpoints[i]!, i, now);
          const details = Object.fromEntries(Object.entries(r).filter(([k]) => !RESULT_COLUMNS.has(k)));
          return {
            id: r.result_id as string,
            endpoint_id: r.endpoint_id as string,
            agent_id: agent.id,
            checked_at: new Date(r.checked_at as string),
            success: r.success as boolean,
            duration_ms: r.duration_ms as number,
            status_code: (r.status_code as number | undefined) ?? null,
            error_category: (r.http_error_category as string | undefined) ?? null,
            details: sql.json(details as never),
          };
        });
        await sql`insert into check_results ${sql(rows)} on conflict (id) do nothing`;
        n += rows.length;
      }
    }),
  );
  await sql.end({ timeout: 2 });
  return n / seconds;
}

/** Runs the rollup job (as the API's schedule does) until every result is counted: its seconds. */
async function rollUpPending(db: Database): Promise<number> {
  const t0 = performance.now();
  await rollUpAll(db, 600_000);
  return (performance.now() - t0) / 1000;
}

const ms = (x: number) => `${Math.round(x)} ms`.padStart(7);

async function main(): Promise<void> {
  const t0 = performance.now();
  const pg = await startPostgresServer();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-agents-'));
  const databaseUrl = await pg.createDatabase('bench');
  if (STATEMENTS)
    await enableStatements(pg, databaseUrl, (url) => postgres(url, { max: 1, onnotice: () => {} }));
  const api = await startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_DATA_DIR: join(dir, 'data'),
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      PLINTH_LOGIN_TOKEN_TTL_SECONDS: '7200',
      LOG_LEVEL: 'warn',
      ...(process.env.PLINTH_DB_POOL_SIZE && { PLINTH_DB_POOL_SIZE: process.env.PLINTH_DB_POOL_SIZE }),
      ...(process.env.PLINTH_RESULT_BATCH_WRITERS && {
        PLINTH_RESULT_BATCH_WRITERS: process.env.PLINTH_RESULT_BATCH_WRITERS,
      }),
      ...(process.env.PLINTH_ROLLUP_INTERVAL_SECONDS && {
        PLINTH_ROLLUP_INTERVAL_SECONDS: process.env.PLINTH_ROLLUP_INTERVAL_SECONDS,
      }),
    },
    {
      nodeArgs: benchApiNodeFlags(),
    },
  );
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const rollups = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await api.waitReady();
    if (SPLIT) pinByLabel((label) => (label === 'API' ? API_CPUS : REST_CPUS));
    const pid = api.child.pid!;
    const world = await seedAgentsWorld(api.url, sql, ADMIN, {
      endpointsPerOrg: [4000, 3000, 2000, 1000],
      locationsPerOrg: 5,
      frequencySeconds: FREQUENCY_S,
    });
    const list = (seconds: number) =>
      loadAtRate('GET /api/v1/workspaces/', `${api.url}/api/v1/workspaces/`, pid, {
        rate: LIST_RATE,
        duration: seconds,
        tokens: world.listTokens,
      });
    // Warm-up: both paths' code, and the tables past their first pages.
    await openLoad(api.url, world.agents, 5);
    await list(3);
    await sleep(2000);

    let stalls = watchHostStalls();
    const idle = await list(IDLE_SECONDS);
    const idleStalls = await stalls.stop();

    stalls = watchHostStalls();
    const cpu0 = cpuByProcess();
    const started = performance.now();
    const loading = openLoad(api.url, world.agents, SECONDS);
    await sleep(5000);
    const loaded = await list(SECONDS - 7);
    const sent = await loading;
    const loadSeconds = (performance.now() - started) / 1000;
    const cpu1 = cpuByProcess();
    const loadStalls = await stalls.stop();

    // What the open load left to the rollup job, counted before the sizes (untimed); the capacity
    // below counts the job's work for the results of its own phase.
    await rollUpPending(rollups.db);
    const [sizes] = await sql<{ results: number; raw: number; rollups: number; states: number }[]>`
      select (select count(*)::int from check_results) as results,
        pg_total_relation_size('check_results')::float8 as raw,
        pg_total_relation_size('check_rollups')::float8 as rollups,
        pg_total_relation_size('check_states')::float8 as states`;
    const [alerts] = await sql<
      { firing: number }[]
    >`select count(*)::int as firing from alerts where state = 'firing'`;

    const cpu2 = cpuByProcess();
    const cores0 = cpuTimes();
    const census = STATEMENTS ? statementCensus(sql, 'batch') : undefined;
    await census?.reset();
    const stored = await capacity(api.url, world.agents, BURST_SECONDS);
    const rollupSeconds = await rollUpPending(rollups.db);
    const capacitySeconds = BURST_SECONDS + rollupSeconds;
    const apiMax = (stored * BURST_SECONDS) / capacitySeconds;
    const statements = (await census?.report(Math.round((stored * BURST_SECONDS) / BATCH))) ?? [];
    const cores = busyShare(cores0, cpuTimes());
    const cpu3 = cpuByProcess();
    const floorCores0 = cpuTimes();
    const floorMax = await floor(databaseUrl, world.agents, BURST_SECONDS);
    const floorCores = busyShare(floorCores0, cpuTimes());
    const footprint =
      process.env.BENCH_AGENT_FOOTPRINT === '0'
        ? { line: 'not measured (BENCH_AGENT_FOOTPRINT=0)', ok: undefined, verdict: '' }
        : await agentFootprint(api.url, sql, world.admin);

    const acks = [...sent.ackMs].sort((a, b) => a - b);
    // What the agents made over the load, all of it acknowledged unless `backlog` says otherwise.
    const perSecond = sent.results / SECONDS;
    const ratio = loaded.result.p99 / idle.result.p99;
    const cpu = (label: string) => (cpu1.get(label) ?? 0) - (cpu0.get(label) ?? 0);
    console.log(
      `\nbench:agents — ${world.endpoints} endpoints in ${world.organizations} organizations, ${world.agents.length} agents ` +
        `(distinct tokens, 5 locations each), every ${FREQUENCY_S} s × ${RATE_FACTOR}: ${Math.round((world.agents.reduce((n, a) => n + a.endpoints.length, 0) / FREQUENCY_S) * RATE_FACTOR)} results/s due; ` +
        `${SECONDS} s\n` +
        (SPLIT ? `CPUs: the API on ${API_CPUS}, the rest on ${REST_CPUS}\n` : 'CPUs: shared\n'),
    );
    const errors = [...sent.errors].map(([k, n]) => `${k}×${n}`).join(' ') || 'none';
    console.log(
      `ingested (open load)     ${sent.results} results in ${sent.batches} batches = ${Math.round(perSecond)}/s; ` +
        `waiting at the end ${sent.backlog}; errors ${errors}`,
    );
    console.log(
      `batch acknowledgement    p50 ${ms(quantile(acks, 0.5))}  p95 ${ms(quantile(acks, 0.95))}  p99 ${ms(quantile(acks, 0.99))}  max ${ms(acks.at(-1) ?? NaN)}`,
    );
    const during = (label: string) =>
      (((cpu3.get(label) ?? 0) - (cpu2.get(label) ?? 0)) / capacitySeconds) * 100;
    console.log(
      `capacity (back to back)  CPU: API ${during('API').toFixed(0)}%, PostgreSQL ${during('PostgreSQL').toFixed(0)}%, this process ${during('bench').toFixed(0)}% of a core\n` +
        `                         busy: ${cores} (${SPLIT ? `the API on ${API_CPUS}` : 'shared'})\n` +
        `                         API ${Math.round(stored)}/s, ${Math.round(apiMax)}/s with the rollup job's ${rollupSeconds.toFixed(1)} s after it; floor (postgres-js, ${POOL} connections, raw rows only) ${Math.round(floorMax)}/s (busy: ${floorCores}): ${((apiMax / floorMax) * 100).toFixed(0)}% of the floor`,
    );
    const line = (name: string, r: typeof idle.result) =>
      `workspace list ${name.padEnd(9)} p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  (${r.rps} req/s, ${r.errors + r.non2xx} errors)`;
    for (const l of statements) console.log(l);
    console.log(line('idle', idle.result));
    console.log(line('loaded', loaded.result));
    console.log(`  p99 loaded / idle: ${ratio.toFixed(2)}× (target ≤ ${TARGET.listRatio}×)`);
    console.log(
      `CPU during the load      API ${((cpu('API') / loadSeconds) * 100).toFixed(0)}% of a core (${((cpu('API') * 1e6) / sent.results).toFixed(0)} µs per result), ` +
        `PostgreSQL ${((cpu('PostgreSQL') / loadSeconds) * 100).toFixed(0)}%, this process ${((cpu('bench') / loadSeconds) * 100).toFixed(0)}%`,
    );
    console.log(
      `stored per result        raw ${(sizes!.raw / sizes!.results).toFixed(0)} B (rows and indexes, ${sizes!.results} rows), ` +
        `rollups ${(sizes!.rollups / sizes!.results).toFixed(1)} B, streaks ${(sizes!.states / sizes!.results).toFixed(1)} B; alerts firing ${alerts!.firing}`,
    );
    console.log(`agent program            ${footprint.line}`);
    console.log(`host stalls > 10 ms      idle ${idleStalls.length}, loaded ${loadStalls.length}`);
    const verdict = (ok: boolean, what: string) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
    console.log('');
    verdict(
      perSecond >= TARGET.perSecond * RATE_FACTOR * 0.98 && sent.backlog < BATCH * world.agents.length,
      `sustained ${Math.round(perSecond)} results/s (target ≥ ${TARGET.perSecond})`,
    );
    verdict(
      apiMax >= TARGET.ofFloor * floorMax,
      `API capacity ${((apiMax / floorMax) * 100).toFixed(0)}% of the floor (target ≥ ${TARGET.ofFloor * 100}%)`,
    );
    verdict(
      quantile(acks, 0.99) < TARGET.ackP99Ms,
      `batch acknowledgement p99 ${Math.round(quantile(acks, 0.99))} ms (target < ${TARGET.ackP99Ms} ms)`,
    );
    verdict(
      ratio <= TARGET.listRatio,
      `workspace list p99 during ingestion ${ratio.toFixed(2)}× idle (target ≤ ${TARGET.listRatio}×)`,
    );
    if (footprint.ok !== undefined) verdict(footprint.ok, `agent with 1,000 endpoints: ${footprint.verdict}`);
    console.log(`(total ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  } catch (err) {
    console.log(`API output (tail):\n${api.output().slice(-3000)}`);
    throw err;
  } finally {
    await sql.end({ timeout: 2 });
    await rollups.close();
    await api.stop();
    await pg.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
