/**
 * `npm run bench:operator`: BENCH_OPERATOR_BUCKETS (500) S3Buckets applied at once with kubectl to
 * a real control plane, with the API (on PostgreSQL) and MinIO, and the operator as production runs
 * it (`npm run start:operator` flags, default workers and API rate limit).
 *
 * Prints: the time from `kubectl apply` until every S3Bucket is Ready; Plinth API calls per bucket
 * (from the operator's own metrics); API calls made by a full resync of the unchanged objects; and
 * the operator's peak RSS (VmHWM). Targets: under 2 minutes, at most 3 calls per bucket, no calls
 * on resync, RSS under 200 MB.
 *
 * Then the drift checks' rate over the 500 Ready buckets (issue 18): with a 100 s interval (500 /
 * 100 s = 5 checks/s wanted) and a cap of 2/s, the rate must stay at the cap; after a restart with
 * a 250 s interval and a cap of 10/s, at 500 / 250 s = 2/s from the first second, with no burst.
 */
import { readFileSync } from 'node:fs';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { startOperatorStack } from '../operator/src/test/stack.ts';

const COUNT = Number(process.env.BENCH_OPERATOR_BUCKETS ?? 500);
const RESYNC_SECONDS = 20;
const HEALTH = { operation: 'GET /api/v1/s3/buckets/{id}/health/' };
/** How long each drift rate is watched, and the window its peak is taken over. */
const DRIFT_WATCH_SECONDS = 60;
const DRIFT_WINDOW_SECONDS = 10;

/** Drift checks per second over the watch, and the most in any window, from the operator's metrics. */
async function driftRate(operator: {
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}): Promise<{ perSecond: number; peakPerSecond: number }> {
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

async function main(): Promise<void> {
  const pg = await startPostgresServer();
  const stack = await startOperatorStack({
    databaseUrl: await pg.createDatabase('bench'),
    apiLogLevel: 'warn',
  });
  try {
    const tenant = await stack.tenant('bench');
    await stack.annotatedNamespace('bench', tenant);
    const operator = await stack.startOperator({
      PLINTH_API_TOKEN: tenant.orgKey,
      PLINTH_OPERATOR_RESYNC_SECONDS: String(RESYNC_SECONDS),
      PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: '100',
      PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: '2',
      LOG_LEVEL: 'info',
    });
    await operator.waitReady();

    const manifests = Array.from({ length: COUNT }, (_, i) =>
      JSON.stringify({
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name: `bench-${String(i).padStart(4, '0')}`, namespace: 'bench' },
        spec: { region: 'eu-central' },
      }),
    ).join('\n');
    const countReady = async () =>
      (
        await stack.kubectl([
          'get',
          's3buckets',
          '-n',
          'bench',
          '-o',
          'jsonpath={range .items[*]}{.status.conditions[?(@.type=="Ready")].status}{"\\n"}{end}',
        ])
      )
        .split('\n')
        .filter((s) => s === 'True').length;

    console.log(`Applying ${COUNT} S3Buckets…`);
    const start = performance.now();
    await stack.kubectl(['apply', '-f', '-'], manifests);
    let last = 0;
    await eventually(
      `${COUNT} Ready`,
      async () => {
        const n = await countReady();
        if (n !== last) {
          last = n;
          process.stdout.write(
            `\r  ${n}/${COUNT} Ready after ${((performance.now() - start) / 1000).toFixed(1)} s`,
          );
        }
        return n === COUNT;
      },
      { timeoutMs: 600_000, intervalMs: 500, diagnostics: () => stack.diagnostics() },
    );
    const seconds = (performance.now() - start) / 1000;
    process.stdout.write('\n');
    // Every API call but the drift checks, which run on their own schedule (measured below).
    const nonDriftCalls = async () =>
      (await operator.metric('plinth_operator_api_requests_total')) -
      (await operator.metric('plinth_operator_api_requests_total', HEALTH));
    const calls = await nonDriftCalls();

    // A full resync of the unchanged objects: every key reconciled again, no API call expected.
    const reconcilesBefore = await operator.metric('plinth_operator_reconcile_total');
    await eventually(
      'a full resync',
      async () => (await operator.metric('plinth_operator_reconcile_total')) >= reconcilesBefore + COUNT,
      { timeoutMs: (RESYNC_SECONDS * 1.1 + 60) * 1000, intervalMs: 500 },
    );
    const resyncCalls = (await nonDriftCalls()) - calls;
    const rss = peakRssMb(operator.child.pid!);

    console.log(`Watching the drift checks for ${DRIFT_WATCH_SECONDS} s (100 s interval, cap 2/s)…`);
    const capped = await driftRate(operator);
    const driftFailures = await operator.metric('plinth_operator_drift_checks_total', { result: 'failed' });
    await operator.stop();
    console.log(`Restarted with a 250 s interval and a cap of 10/s; watching ${DRIFT_WATCH_SECONDS} s…`);
    const restarted = await stack.startOperator({
      PLINTH_API_TOKEN: tenant.orgKey,
      PLINTH_OPERATOR_RESYNC_SECONDS: String(RESYNC_SECONDS),
      PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: '250',
      PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: '10',
      LOG_LEVEL: 'info',
    });
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
    const unhealthy =
      (await restarted.metric('plinth_operator_drift_checks_total')) -
      (await restarted.metric('plinth_operator_drift_checks_total', { result: 'healthy' }));

    const perBucket = calls / COUNT;
    const rows: [string, string, string, boolean][] = [
      ['time until all Ready', `${seconds.toFixed(1)} s`, '< 120 s', seconds < 120],
      ['Plinth API calls per bucket', perBucket.toFixed(2), '<= 3', perBucket <= 3],
      ['API calls on resync (unchanged)', String(resyncCalls), '0', resyncCalls === 0],
      ['operator peak RSS', `${rss.toFixed(0)} MB`, '< 200 MB', rss < 200],
      [
        'drift checks/s, 100 s interval (5/s wanted), cap 2/s',
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
        'drift checks/s after a restart, 250 s interval (2/s), cap 10/s',
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
    console.log(`\nbench:operator, ${COUNT} S3Buckets (${(COUNT / seconds).toFixed(1)} buckets/s)`);
    console.log('| figure | value | target | met |\n|---|---|---|---|');
    for (const [name, value, target, met] of rows)
      console.log(`| ${name} | ${value} | ${target} | ${met ? 'yes' : 'NO'} |`);
  } finally {
    await stack.stop();
    await pg.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
