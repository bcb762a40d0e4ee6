/**
 * `npm run bench:operator`: BENCH_OPERATOR_BUCKETS (500) S3Buckets created at once on a real
 * control plane, with the API (on PostgreSQL) and MinIO, and the operator as production runs it
 * (`npm run start:operator` flags, default workers and API rate limit).
 *
 * Prints, from one run: the API's own creation rate for as many buckets through the API alone
 * (BENCH_API_CONCURRENCY, 32 in flight as the operator's 32 workers; half before the operator's, half after); the operator's rate from the first S3Bucket created to
 * the last Ready, and their ratio; where a bucket's time went (watch, queue, each write, the API
 * call); Plinth API calls per bucket; calls on a full resync and on a restart of the unchanged
 * Ready S3Buckets; the operator's peak RSS (VmHWM). Targets (issue 32): at least 80% of the API's
 * rate, at most 1.1 calls per bucket, no call on resync or restart, RSS under 200 MB at 500 and
 * under 300 MB at 5,000.
 *
 * Then the drift checks' rate (issue 18): with an interval of N/5 s (5 checks/s wanted) and a cap
 * of 2/s, the rate stays at the cap; after a restart with an interval of N/2 s (2/s) and a cap of
 * 10/s, at 2/s from the first second, with no burst.
 */
import { readFileSync } from 'node:fs';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { startOperatorStack } from '../operator/src/test/stack.ts';
import type { OperatorProcess } from '../operator/src/test/stack.ts';
import { availableParallelism } from 'node:os';
import { cpuByProcess, cpuPerItem, pinStack } from './cpu.ts';
import { apiCreation, createBuckets, scrape, stageBreakdown, watchTimeline } from './operator-stages.ts';

const COUNT = Number(process.env.BENCH_OPERATOR_BUCKETS ?? 500);
const API_CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 32);
/** S3Bucket creations in flight: "at once", as a restore or a GitOps sync of many files. */
const CREATE_CONCURRENCY = 32;
const RESYNC_SECONDS = 20;
const HEALTH = { operation: 'GET /api/v1/s3/buckets/{id}/health/' };
/** How long each drift rate is watched, and the window its peak is taken over. */
const DRIFT_WATCH_SECONDS = 60;
const DRIFT_WINDOW_SECONDS = 10;
const RSS_TARGET_MB = COUNT <= 500 ? 200 : 300;
/**
 * The API side (API, PostgreSQL, MinIO) on half the CPUs and the cluster side (control plane,
 * operator, the client creating S3Buckets) on the other half, as in production; `BENCH_SPLIT_CPUS=0`
 * lets every part share every CPU.
 */
const SPLIT = process.env.BENCH_SPLIT_CPUS !== '0' && availableParallelism() >= 2;
const HALF = Math.floor(availableParallelism() / 2);
const API_CPUS = `0-${HALF - 1}`;
const CLUSTER_CPUS = `${HALF}-${availableParallelism() - 1}`;

/** Drift checks per second over the watch, and the most in any window, from the operator's metrics. */
async function driftRate(
  operator: Pick<OperatorProcess, 'metric'>,
): Promise<{ perSecond: number; peakPerSecond: number }> {
  const sample = async () => ({
    at: performance.now(),
    n: await operator.metric('plinth_operator_api_requests_total', HEALTH),
  });
  const samples = [await sample()];
  for (let t = 0; t < DRIFT_WATCH_SECONDS; t += DRIFT_WINDOW_SECONDS) {
    await new Promise((r) => setTimeout(r, DRIFT_WINDOW_SECONDS * 1000));
    samples.push(await sample());
  }
  // Per second over each window's measured length (a scrape takes a few milliseconds too).
  const rate = (a: { at: number; n: number }, b: { at: number; n: number }) =>
    (b.n - a.n) / ((b.at - a.at) / 1000);
  return {
    perSecond: rate(samples[0]!, samples.at(-1)!),
    peakPerSecond: Math.max(...samples.slice(1).map((b, i) => rate(samples[i]!, b))),
  };
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Every API call but the drift checks, which run on their own schedule (measured apart). */
async function nonDriftCalls(operator: Pick<OperatorProcess, 'port'>): Promise<number> {
  const metric = await scrape(operator.port);
  return metric('plinth_operator_api_requests_total') - metric('plinth_operator_api_requests_total', HEALTH);
}

/** Waits until the operator has reconciled every key `passes` more times than `before`. */
async function fullPass(
  operator: Pick<OperatorProcess, 'metric'>,
  before: number,
  timeoutMs: number,
): Promise<void> {
  await eventually(
    'a full pass over every S3Bucket',
    async () => (await operator.metric('plinth_operator_reconcile_total')) >= before + COUNT,
    { timeoutMs, intervalMs: 500 },
  );
}

/** Set before the bench stops an operator itself. */
let stopping = false;

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const stack = await startOperatorStack({
    databaseUrl: await pg.createDatabase('bench'),
    apiLogLevel: 'warn',
    // Production's default: the test stack's 10 s would have the usage refresh list every bucket
    // on MinIO every 10 s, a load on the API side that grows with the run.
    apiEnv: { PLINTH_USAGE_INTERVAL_SECONDS: '300' },
  });
  if (SPLIT) {
    pinStack(API_CPUS, CLUSTER_CPUS);
    console.log(`CPUs: ${API_CPUS} for the API, PostgreSQL and MinIO; ${CLUSTER_CPUS} for the rest.`);
  } else {
    console.log(`CPUs: all ${availableParallelism()} shared by every part.`);
  }
  const drift = (intervalSeconds: number, perSecond: number) => ({
    // Production's lease timings (the test stack's are short, for fast failover tests): under a
    // mass creation on one core, a 3 s renew deadline can be missed, and the leader exits.
    PLINTH_OPERATOR_LEASE_DURATION_SECONDS: '15',
    PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS: '10',
    PLINTH_OPERATOR_RETRY_PERIOD_SECONDS: '2',
    // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where the operator's CPU goes.
    ...(process.env.BENCH_OPERATOR_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_OPERATOR_NODE_OPTIONS }),
    PLINTH_OPERATOR_RESYNC_SECONDS: String(RESYNC_SECONDS),
    PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: String(intervalSeconds),
    PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: String(perSecond),
    LOG_LEVEL: 'info',
  });
  try {
    // The API alone makes half its buckets before the operator's and half after: a storage
    // cluster's admin calls slow down as it holds more users, so both rates are then measured
    // over the same range of cluster sizes (N/2 to 3N/2 on average).
    const half = Math.floor(COUNT / 2);
    console.log(`The API alone: ${half} buckets, ${API_CONCURRENCY} requests in flight…`);
    const direct = await stack.tenant('direct');
    let apiCpuBefore = cpuByProcess();
    let apiSeconds = await apiCreation(stack.api.url, direct, 0, half, API_CONCURRENCY);
    const apiCpuSums = new Map<string, number>();
    const addCpu = (before: Map<string, number>) => {
      for (const [label, s] of cpuByProcess()) {
        apiCpuSums.set(label, (apiCpuSums.get(label) ?? 0) + s - (before.get(label) ?? 0));
      }
    };
    addCpu(apiCpuBefore);
    console.log(`  ${(half / apiSeconds).toFixed(1)} buckets/s`);

    const tenant = await stack.tenant('bench');
    await stack.annotatedNamespace('bench', tenant);
    const operator = await stack.startOperator({
      PLINTH_API_TOKEN: tenant.orgKey,
      ...drift(COUNT / 5, 2),
    });
    await operator.waitReady();

    // An operator that dies mid-run fails the run at once, with its last words.
    void operator.exited.then((code) => {
      if (stopping) return;
      console.error(`\nThe operator exited (${code}) during the run:\n${operator.output().slice(-4000)}`);
      process.exit(1);
    });

    const kc = stack.controlPlane.kubeConfig();
    const timeline = await watchTimeline(kc, 'bench');
    console.log(`Creating ${COUNT} S3Buckets at once (${CREATE_CONCURRENCY} in flight)…`);
    const operatorCpuBefore = cpuByProcess();
    const start = performance.now();
    await createBuckets(kc, 'bench', COUNT, CREATE_CONCURRENCY, timeline);
    const createdSeconds = (performance.now() - start) / 1000;
    let last = 0;
    await eventually(
      `${COUNT} Ready`,
      () => {
        const n = timeline.ready.size;
        if (n !== last) {
          last = n;
          process.stdout.write(
            `\r  ${n}/${COUNT} Ready after ${((performance.now() - start) / 1000).toFixed(1)} s`,
          );
        }
        return Promise.resolve(n === COUNT);
      },
      { timeoutMs: 60_000 + COUNT * 500, intervalMs: 250, diagnostics: () => stack.diagnostics() },
    );
    const operatorCpu = cpuPerItem(operatorCpuBefore, cpuByProcess(), COUNT);
    const seconds = (Math.max(...timeline.ready.values()) - start) / 1000;
    process.stdout.write('\n');
    timeline.stop();
    const operatorRate = COUNT / seconds;
    const calls = await nonDriftCalls(operator);
    const stages = await stageBreakdown((name, labels) => operator.metric(name, labels), timeline, COUNT);

    // A full resync of the unchanged objects: every key reconciled again, no API call expected.
    await fullPass(
      operator,
      await operator.metric('plinth_operator_reconcile_total'),
      (RESYNC_SECONDS * 1.1 + 60) * 1000,
    );
    const resyncCalls = (await nonDriftCalls(operator)) - calls;
    const rss = peakRssMb(operator.child.pid!);

    console.log(`Watching the drift checks for ${DRIFT_WATCH_SECONDS} s (${COUNT / 5} s interval, cap 2/s)…`);
    const capped = await driftRate(operator);
    const driftFailures = await operator.metric('plinth_operator_drift_checks_total', { result: 'failed' });
    stopping = true;
    await operator.stop();
    console.log(
      `Restarted with a ${COUNT / 2} s interval and a cap of 10/s; watching ${DRIFT_WATCH_SECONDS} s…`,
    );
    const restarted = await stack.startOperator({ PLINTH_API_TOKEN: tenant.orgKey, ...drift(COUNT / 2, 10) });
    await restarted.waitReady();
    await eventually(
      'the restarted operator to lead',
      async () => (await restarted.metric('plinth_operator_leader')) === 1,
      {
        timeoutMs: 60_000,
        intervalMs: 250,
      },
    );
    const spread = await driftRate(restarted);
    // The restart's first pass (every key, at once) is long over after the drift watch.
    await fullPass(restarted, 0, 60_000);
    const restartCalls = await nonDriftCalls(restarted);
    const restartRss = peakRssMb(restarted.child.pid!);
    const unhealthy =
      (await restarted.metric('plinth_operator_drift_checks_total')) -
      (await restarted.metric('plinth_operator_drift_checks_total', { result: 'healthy' }));
    await restarted.stop();

    console.log(`The API alone again: ${COUNT - half} buckets, ${API_CONCURRENCY} requests in flight…`);
    apiCpuBefore = cpuByProcess();
    const secondSeconds = await apiCreation(stack.api.url, direct, half, COUNT - half, API_CONCURRENCY);
    addCpu(apiCpuBefore);
    console.log(`  ${((COUNT - half) / secondSeconds).toFixed(1)} buckets/s`);
    apiSeconds += secondSeconds;
    const apiRate = COUNT / apiSeconds;
    const apiCpu = cpuPerItem(new Map(), apiCpuSums, COUNT);

    console.log(`\nWhere the time went (${COUNT} S3Buckets created in ${createdSeconds.toFixed(1)} s):`);
    console.log('| stage | per bucket | mean | p95 |\n|---|---|---|---|');
    for (const s of stages) {
      console.log(
        `| ${s.stage} | ${s.perBucket.toFixed(2)} | ${s.meanMs.toFixed(1)} ms | ${s.p95Ms === undefined ? '' : `${s.p95Ms.toFixed(0)} ms`} |`,
      );
    }

    console.log('\nCPU per bucket, by process (ms):');
    console.log('| process | the API alone | through the operator |\n|---|---|---|');
    const labels = [...new Set([...apiCpu, ...operatorCpu].map(([l]) => l))];
    const cpuOf = (rows: [string, number][], label: string) => rows.find(([l]) => l === label)?.[1] ?? 0;
    for (const label of labels) {
      console.log(
        `| ${label} | ${cpuOf(apiCpu, label).toFixed(1)} | ${cpuOf(operatorCpu, label).toFixed(1)} |`,
      );
    }
    const sum = (rows: [string, number][]) => rows.reduce((t, [, ms]) => t + ms, 0);
    console.log(`| all | ${sum(apiCpu).toFixed(1)} | ${sum(operatorCpu).toFixed(1)} |`);

    const perBucket = calls / COUNT;
    const ratio = operatorRate / apiRate;
    const rows: [string, string, string, boolean | undefined][] = [
      [`the API alone, ${API_CONCURRENCY} in flight`, `${apiRate.toFixed(1)} buckets/s`, '', undefined],
      [
        'the operator, first created to last Ready',
        `${operatorRate.toFixed(1)} buckets/s (${seconds.toFixed(1)} s)`,
        '',
        undefined,
      ],
      ['operator / API', `${(ratio * 100).toFixed(0)}%`, '>= 80%', ratio >= 0.8],
      ['Plinth API calls per bucket', perBucket.toFixed(2), '<= 1.1', perBucket <= 1.1],
      ['API calls on a resync (unchanged)', String(resyncCalls), '0', resyncCalls === 0],
      [
        'API calls on a restart (unchanged), drift checks apart',
        String(restartCalls),
        '0',
        restartCalls === 0,
      ],
      ['operator peak RSS', `${rss.toFixed(0)} MB`, `< ${RSS_TARGET_MB} MB`, rss < RSS_TARGET_MB],
      [
        '  after a restart with every S3Bucket Ready',
        `${restartRss.toFixed(0)} MB`,
        `< ${RSS_TARGET_MB} MB`,
        restartRss < RSS_TARGET_MB,
      ],
      [
        `drift checks/s, ${COUNT / 5} s interval (5/s wanted), cap 2/s`,
        capped.perSecond.toFixed(2),
        '2.00 ± 5%',
        Math.abs(capped.perSecond - 2) <= 0.1,
      ],
      [
        `  the most in ${DRIFT_WINDOW_SECONDS} s, per second`,
        capped.peakPerSecond.toFixed(2),
        '<= 2.5 (cap + 25%)',
        capped.peakPerSecond <= 2.5,
      ],
      [
        `drift checks/s after a restart, ${COUNT / 2} s interval (2/s), cap 10/s`,
        spread.perSecond.toFixed(2),
        '2.00 ± 20%',
        Math.abs(spread.perSecond - 2) <= 0.4,
      ],
      [
        `  the most in ${DRIFT_WINDOW_SECONDS} s, per second (a burst would reach the cap)`,
        spread.peakPerSecond.toFixed(2),
        '<= 4',
        spread.peakPerSecond <= 4,
      ],
      [
        'drift checks not healthy or unanswered',
        String(unhealthy + driftFailures),
        '0',
        unhealthy + driftFailures === 0,
      ],
    ];
    console.log(`\nbench:operator, ${COUNT} S3Buckets`);
    console.log('| figure | value | target | met |\n|---|---|---|---|');
    for (const [name, value, target, met] of rows) {
      console.log(`| ${name} | ${value} | ${target} | ${met === undefined ? '' : met ? 'yes' : 'NO'} |`);
    }
  } finally {
    await stack.stop();
    await pg.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
