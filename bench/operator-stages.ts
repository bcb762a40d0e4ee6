/**
 * The measuring parts of `npm run bench:operator`: the API's own creation rate, S3Buckets created
 * at once and watched to Ready, and where a bucket's time went, from the operator's metrics.
 */
import { CustomObjectsApi, Watch } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import { jsonRequest } from '../api/src/test/api-process.ts';
import { parseMetrics, sumOf } from '../operator/src/test/stack.ts';
import type { Tenant } from '../operator/src/test/stack.ts';

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight. */
export async function inParallel(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * The API alone: buckets `first` to `first + count - 1` created through `POST /api/v1/s3/buckets/`
 * with `concurrency` requests in flight, each with an owner reference as the operator sends. The
 * seconds it took.
 */
export async function apiCreation(
  apiUrl: string,
  tenant: Tenant,
  first: number,
  count: number,
  concurrency: number,
): Promise<number> {
  const start = performance.now();
  await inParallel(count, concurrency, async (i) => {
    const name = `direct-${String(first + i).padStart(5, '0')}`;
    const uid = crypto.randomUUID();
    // As any client (and the operator) does: a 429 or 503 is tried again after its Retry-After.
    for (let attempt = 1; ; attempt++) {
      const res = await jsonRequest(apiUrl, 'POST', '/api/v1/s3/buckets/', {
        token: tenant.orgKey,
        body: {
          name,
          region: 'eu-central',
          organization: tenant.org.id,
          workspace: tenant.workspace.id,
          owner_reference: { cluster_id: 'bench', namespace: 'direct', name, uid },
        },
      });
      if (res.status === 201 || res.status === 200) return;
      if ((res.status !== 429 && res.status !== 503) || attempt >= 10) {
        throw new Error(`create ${name}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  return (performance.now() - start) / 1000;
}

/**
 * One scrape of the operator's metrics: sums of series by name and labels, all from the same
 * moment (two scrapes could count a drift check made between them).
 */
export async function scrape(
  port: number,
): Promise<(name: string, labels?: Record<string, string>) => number> {
  const series = parseMetrics(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text());
  return (name, labels) => sumOf(series, name, labels);
}

/** When the bench saw each S3Bucket: created (its POST answered), first watched, first Ready. */
export interface Timeline {
  readonly created: Map<string, number>;
  readonly seen: Map<string, number>;
  readonly ready: Map<string, number>;
  stop(): void;
}

/**
 * Watches the namespace's S3Buckets from the bench's own connection, recording when each was first
 * seen (a stand-in for the operator's watch, which runs on the same API server) and first Ready.
 */
export async function watchTimeline(kc: KubeConfig, namespace: string): Promise<Timeline> {
  const seen = new Map<string, number>();
  const ready = new Map<string, number>();
  let stopped = false;
  let current: AbortController | undefined;
  let resourceVersion: string | undefined;
  type Obj = {
    metadata: { name: string; resourceVersion?: string };
    status?: { conditions?: { type: string; status: string }[] };
  };
  const start = async (): Promise<void> => {
    current = await new Watch(kc).watch(
      `/apis/plinth.dev/v1alpha1/namespaces/${namespace}/s3buckets`,
      // From where the last watch ended: an API server under load may end a watch early.
      resourceVersion ? { resourceVersion, allowWatchBookmarks: true } : { allowWatchBookmarks: true },
      (phase, obj: Obj) => {
        const now = performance.now();
        if (phase === 'ERROR') {
          // A 410 (too old): the next watch starts fresh, and sends every object as ADDED again.
          resourceVersion = undefined;
          return;
        }
        resourceVersion = obj.metadata.resourceVersion ?? resourceVersion;
        if (phase === 'BOOKMARK') return;
        const name = obj.metadata.name;
        if (!seen.has(name)) seen.set(name, now);
        const isReady = obj.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
        if (isReady && !ready.has(name)) ready.set(name, now);
      },
      () => {
        if (stopped) return;
        start().catch(() => setTimeout(() => void start().catch(() => undefined), 500));
      },
    );
  };
  await start();
  return {
    created: new Map(),
    seen,
    ready,
    stop: () => {
      stopped = true;
      current?.abort();
    },
  };
}

/**
 * Creates `count` S3Buckets at once, as a restore or a GitOps sync does (`concurrency` POSTs in
 * flight; `kubectl apply` of one file sends them one by one and would measure kubectl instead).
 */
export async function createBuckets(
  kc: KubeConfig,
  namespace: string,
  count: number,
  concurrency: number,
  timeline: Timeline,
): Promise<void> {
  const custom = kc.makeApiClient(CustomObjectsApi);
  await inParallel(count, concurrency, async (i) => {
    const name = `bench-${String(i).padStart(5, '0')}`;
    await custom.createNamespacedCustomObject({
      group: 'plinth.dev',
      version: 'v1alpha1',
      namespace,
      plural: 's3buckets',
      body: {
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name, namespace },
        spec: { region: 'eu-central' },
      },
    });
    timeline.created.set(name, performance.now());
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

type Metric = (name: string, labels?: Record<string, string>) => Promise<number>;

/** One line of the breakdown: how often the stage ran per bucket and its mean duration. */
export interface Stage {
  readonly stage: string;
  readonly perBucket: number;
  readonly meanMs: number;
  readonly p95Ms?: number;
}

/** Where the buckets' time went, from the bench's timeline and the operator's histograms. */
export async function stageBreakdown(metric: Metric, timeline: Timeline, count: number): Promise<Stage[]> {
  const from = (a: Map<string, number>, b: Map<string, number>) =>
    [...b].filter(([name]) => a.has(name)).map(([name, t]) => t - a.get(name)!);
  const lags = from(timeline.created, timeline.seen).map((ms) => Math.max(0, ms));
  const total = from(timeline.created, timeline.ready);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const histogram = async (name: string, stage: string, labels?: Record<string, string>): Promise<Stage> => {
    const n = await metric(`${name}_count`, labels);
    const sum = await metric(`${name}_sum`, labels);
    return { stage, perBucket: n / count, meanMs: n === 0 ? 0 : (sum / n) * 1000 };
  };
  const kube = (operation: string, stage: string) =>
    histogram('plinth_operator_kube_request_duration_seconds', stage, { operation });
  return [
    { stage: 'watch: created → seen', perBucket: 1, meanMs: mean(lags), p95Ms: quantile(lags, 0.95) },
    await histogram('plinth_operator_workqueue_queue_duration_seconds', 'queue wait (every pass)'),
    await histogram('plinth_operator_reconcile_duration_seconds', 'reconcile (every pass)'),
    await kube('addFinalizer', '  finalizer write'),
    await histogram('plinth_operator_api_rate_limit_wait_seconds', '  API rate-limit wait'),
    await histogram('plinth_operator_api_request_duration_seconds', '  API create call', {
      operation: 'POST /api/v1/s3/buckets/',
    }),
    await kube('createSecret', '  Secret write'),
    await kube('patchStatus', '  status writes'),
    { stage: 'end to end: created → Ready', perBucket: 1, meanMs: mean(total), p95Ms: quantile(total, 0.95) },
  ];
}
