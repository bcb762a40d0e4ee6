/**
 * What `npm run bench:events` looks at inside the stack besides the receivers: the delivery jobs in
 * the database and the jobs table's dead rows, the API's event loop and GC, and
 * (BENCH_EVENTS_STATEMENTS=1) PostgreSQL's statement counts, to say where a miss comes from.
 */
import type postgres from 'postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => `${Math.round(x)} ms`.padStart(8);

export interface PoolSample {
  handler: string;
  running: number;
  due: number;
  oldestMs: number;
}

/** `read()` every second until `stop()`, which answers the samples. */
function everySecond<T>(read: () => Promise<T>): { stop: () => Promise<T[]> } {
  const samples: T[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      samples.push(await read());
      await sleep(1000);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return samples;
    },
  };
}

/**
 * The delivery jobs every second, by handler: running under a live lease, and due but not claimed
 * (with the oldest one's wait). Where a healthy delivery's time goes: waiting for a slot or a poll.
 */
export function samplePool(sql: postgres.Sql): { stop: () => Promise<PoolSample[][]> } {
  return everySecond(
    () => sql<PoolSample[]>`
      select d.handler,
        count(*) filter (where j.state = 'running' and j.lease_until >= now())::int as running,
        count(*) filter (where j.state = 'queued' and j.run_at <= now())::int as due,
        coalesce(extract(epoch from max(now() - j.run_at)
          filter (where j.state = 'queued' and j.run_at <= now())) * 1000, 0)::int as "oldestMs"
      from jobs j join event_deliveries d on d.id = j.key::uuid
      where j.kind = 'event.deliver' and j.state in ('queued', 'running')
      group by 1`,
  );
}

export interface TableSample {
  live: number;
  dead: number;
  vacuums: number;
}

/**
 * The jobs table's live and dead rows and its vacuums so far, every second (PostgreSQL's
 * statistics, a second late at most): every claim walks past the dead rows still in its indexes.
 */
export function sampleJobsTable(sql: postgres.Sql): { stop: () => Promise<TableSample[]> } {
  return everySecond(async () => {
    const [row] = await sql<TableSample[]>`
      select n_live_tup::int as live, n_dead_tup::int as dead, (vacuum_count + autovacuum_count)::int as vacuums
      from pg_stat_user_tables where relname = 'jobs'`;
    return row ?? { live: 0, dead: 0, vacuums: 0 };
  });
}

/** Dead rows at the samples (mean, most), live ones at the end, and the vacuums in between. */
export function jobsTableLine(samples: TableSample[]): string {
  if (samples.length === 0) return 'jobs table               no samples';
  const dead = samples.map((s) => s.dead);
  const mean = dead.reduce((a, b) => a + b, 0) / dead.length;
  return (
    `jobs table               dead rows mean ${mean.toFixed(0)}, most ${Math.max(...dead)} ` +
    `(live ${samples.at(-1)!.live} at the end); vacuumed ${samples.at(-1)!.vacuums - samples[0]!.vacuums}× during the load`
  );
}

/** Per handler: mean running, mean due, and the longest a due job had waited at a sample. */
export function poolLines(samples: PoolSample[][]): string[] {
  const handlers = [...new Set(samples.flat().map((s) => s.handler))].sort();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return handlers.map((h) => {
    const of = samples.map((ss) => ss.find((s) => s.handler === h));
    return (
      `  ${h.padEnd(12)} running ${mean(of.map((s) => s?.running ?? 0))
        .toFixed(1)
        .padStart(5)}  ` +
      `due, not claimed ${mean(of.map((s) => s?.due ?? 0))
        .toFixed(1)
        .padStart(6)}  ` +
      `oldest due ${ms(Math.max(0, ...of.map((s) => s?.oldestMs ?? 0)))}`
    );
  });
}

/**
 * The API's event-loop lag (p99 and max since the last scrape: prom-client resets it), its
 * requests' thread's GC seconds and pauses so far, and its heap in use, from its process metrics;
 * and its own histogram of the list's handling (`listServed`, cumulative counts by upper bound in
 * seconds). That one starts once the request was read: the client's time minus it is the wait to
 * be read (the event loop, the network), it is the handling (its queries included).
 */
export interface LoopAndGc {
  lagP99: number;
  lagMax: number;
  gc: number;
  /** GC pauses so far: all, major ones, and those over 10 ms (a list call caught in one waits). */
  gcs: number;
  majorGcs: number;
  gcsOver10ms: number;
  heapMb: number;
  listServed: Map<number, number>;
}

export async function loopAndGc(metricsUrl: string): Promise<LoopAndGc> {
  const lines = (await (await fetch(`${metricsUrl}/metrics`)).text()).split('\n');
  const listServed = new Map<number, number>();
  for (const line of lines) {
    if (!line.startsWith('plinth_http_request_duration_seconds_bucket{')) continue;
    if (!line.includes('route="/api/v1/workspaces/"') || !line.includes('method="GET"')) continue;
    const le = /le="([^"]+)"/.exec(line)?.[1];
    const bound = le === '+Inf' ? Infinity : Number(le);
    listServed.set(bound, (listServed.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  const sum = (name: string) =>
    lines
      .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  // One series per kind (`..._count{kind="minor"} 12`), so matched by prefix and label.
  const gcSeries = (suffix: string, has: string) =>
    lines
      .filter((l) => l.startsWith(`plinth_nodejs_gc_duration_seconds_${suffix}{`) && l.includes(has))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  const gcs = gcSeries('count', '');
  return {
    lagP99: sum('plinth_nodejs_eventloop_lag_p99_seconds') * 1000,
    lagMax: sum('plinth_nodejs_eventloop_lag_max_seconds') * 1000,
    gc: sum('plinth_nodejs_gc_duration_seconds_sum'),
    gcs,
    majorGcs: gcSeries('count', 'kind="major"'),
    gcsOver10ms: gcs - gcSeries('bucket', 'le="0.01"'),
    heapMb: sum('plinth_nodejs_heap_size_used_bytes') / 2 ** 20,
    listServed,
  };
}

/**
 * Loads pg_stat_statements (a restart of the server) and creates it in `databaseUrl`, for
 * `statementCensus`; before the API connects.
 */
export async function enableStatements(
  server: { url: string; stop(): Promise<void>; start(): Promise<void> },
  databaseUrl: string,
  connect: (url: string) => postgres.Sql,
): Promise<void> {
  const admin = connect(server.url);
  await admin`alter system set shared_preload_libraries = 'pg_stat_statements'`;
  await admin.end({ timeout: 2 });
  await server.stop();
  await server.start();
  const db = connect(databaseUrl);
  await db`create extension if not exists pg_stat_statements`;
  await db.end({ timeout: 2 });
}

/** The statements run since `reset`, most called first: calls per `unit` (an event) and time. */
export function statementCensus(
  sql: postgres.Sql,
  unit = 'event',
): {
  reset(): Promise<void>;
  report(units: number): Promise<string[]>;
} {
  return {
    reset: async () => void (await sql`select pg_stat_statements_reset()`),
    report: async (units) => {
      const rows = await sql<{ calls: number; ms: number; query: string }[]>`
        select calls::int, total_exec_time as ms, regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by calls desc limit 20`;
      const total = rows.reduce((n, r) => n + r.calls, 0);
      return [
        `statements (top 20, ${(total / units).toFixed(1)} calls per ${unit} among them; the bench's own sampler included):`,
        ...rows.map(
          (r) =>
            `  ${(r.calls / units).toFixed(2).padStart(6)}/${unit} ${ms(r.ms)}  ${r.query.slice(0, 150)}`,
        ),
      ];
    },
  };
}

/** The bucket bound (ms) a quantile of the list's handling between two scrapes falls under. */
export function servedQuantile(before: LoopAndGc, after: LoopAndGc, q: number): number {
  const [a, b] = [before.listServed, after.listServed];
  const total = (b.get(Infinity) ?? 0) - (a.get(Infinity) ?? 0);
  const bounds = [...b.keys()].sort((x, y) => x - y);
  return (bounds.find((x) => (b.get(x) ?? 0) - (a.get(x) ?? 0) >= q * total) ?? Infinity) * 1000;
}
