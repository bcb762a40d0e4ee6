/**
 * `npm run bench:operator`: BENCH_OPERATOR_BUCKETS (500) S3Buckets applied at once with kubectl to
 * a real control plane, with the API (on PostgreSQL) and MinIO, and the operator as production runs
 * it (`npm run start:operator` flags, default workers and API rate limit).
 *
 * Prints: the time from `kubectl apply` until every S3Bucket is Ready; Plinth API calls per bucket
 * (from the operator's own metrics); API calls made by a full resync of the unchanged objects; and
 * the operator's peak RSS (VmHWM). Targets: under 2 minutes, at most 3 calls per bucket, no calls
 * on resync, RSS under 200 MB.
 */
import { readFileSync } from 'node:fs';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import { eventually, startOperatorStack } from '../operator/src/test/stack.ts';

const COUNT = Number(process.env.BENCH_OPERATOR_BUCKETS ?? 500);
const RESYNC_SECONDS = 20;

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
    const calls = await operator.metric('plinth_operator_api_requests_total');

    // A full resync of the unchanged objects: every key reconciled again, no API call expected.
    const reconcilesBefore = await operator.metric('plinth_operator_reconcile_total');
    await eventually(
      'a full resync',
      async () => (await operator.metric('plinth_operator_reconcile_total')) >= reconcilesBefore + COUNT,
      { timeoutMs: (RESYNC_SECONDS * 1.1 + 60) * 1000, intervalMs: 500 },
    );
    const resyncCalls = (await operator.metric('plinth_operator_api_requests_total')) - calls;
    const rss = peakRssMb(operator.child.pid!);

    const perBucket = calls / COUNT;
    const rows: [string, string, string, boolean][] = [
      ['time until all Ready', `${seconds.toFixed(1)} s`, '< 120 s', seconds < 120],
      ['Plinth API calls per bucket', perBucket.toFixed(2), '<= 3', perBucket <= 3],
      ['API calls on resync (unchanged)', String(resyncCalls), '0', resyncCalls === 0],
      ['operator peak RSS', `${rss.toFixed(0)} MB`, '< 200 MB', rss < 200],
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
