import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesListObject, V1Namespace, V1Secret } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import { GROUP, KIND, PLURAL, VERSION } from './api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from './api/v1alpha1/s3bucket.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { OperatorConfig } from './config.ts';
import { createKubeClient, timedKubeClient } from './controller/kube.ts';
import { DriftSchedule } from './controller/drift.ts';
import { keyOf, S3BucketReconciler } from './controller/reconcile.ts';
import { MANAGED_BY, MANAGED_BY_LABEL } from './controller/secret.ts';
import { OwnedSecretIndex } from './controller/secret-index.ts';
import { createOperatorMetrics } from './metrics.ts';
import { createBucketApi } from './plinth-api/buckets.ts';
import { errorMessage } from './runtime/errors.ts';
import { startHealthServer } from './runtime/health.ts';
import { Informer } from './runtime/informer.ts';
import { loadKubeConfig } from './runtime/kubeconfig.ts';
import { jittered } from './runtime/jitter.ts';
import { LeaderElector } from './runtime/leader-election.ts';
import { createLogger } from './runtime/logger.ts';
import { tokenFromFile } from './plinth-api/token-file.ts';
import { defaultControllerRateLimiter, TokenBucket } from './runtime/rate-limiter.ts';
import { runWorkers } from './runtime/workers.ts';
import type { Workers } from './runtime/workers.ts';
import { WorkQueue } from './runtime/workqueue.ts';

/** How long shutdown waits for running reconciles before it exits anyway. */
const DRAIN_TIMEOUT_MS = 20_000;

/** The cluster's identity for owner references: the uid of `kube-system`, stable for a cluster's life. */
async function clusterIdOf(kc: KubeConfig, logger: Logger): Promise<string> {
  const core = kc.makeApiClient(CoreV1Api);
  for (let attempt = 1; ; attempt++) {
    try {
      const ns = await core.readNamespace({ name: 'kube-system' });
      if (ns.metadata?.uid) return ns.metadata.uid;
      throw new Error('namespace kube-system has no uid');
    } catch (err) {
      if (attempt >= 15) throw err;
      logger.warn({ err: errorMessage(err) }, 'cannot read the cluster id yet; retrying');
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function main(): Promise<void> {
  let config: OperatorConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`plinth-operator: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const kc = loadKubeConfig();
  const metrics = createOperatorMetrics({ processMetrics: true });
  // Health first, so the process answers /healthz while it waits for the API server below.
  let elector: LeaderElector | undefined;
  const informers: { hasSynced(): boolean; stop(): Promise<void>; start(): Promise<void> }[] = [];
  const health = await startHealthServer({
    host: config.host,
    port: config.port,
    registry: metrics.registry,
    notReadyReason: () => {
      if (informers.length === 0 || !informers.every((i) => i.hasSynced())) return 'caches not synced';
      if (elector && !elector.isLeader()) return 'not the leader';
      return undefined;
    },
  });
  logger.info({ port: health.port }, 'health server listening');
  const clusterId = config.clusterId ?? (await clusterIdOf(kc, logger));

  const apiBucket = new TokenBucket({ qps: config.apiQps, burst: config.apiBurst });
  const api = createBucketApi({
    baseUrl: config.apiUrl,
    // In a cluster, the projected ServiceAccount token; outside, a static key (docs/operator.md).
    token: config.apiTokenFile !== undefined ? tokenFromFile(config.apiTokenFile) : config.apiToken!,
    rateLimit: {
      take: async () => {
        const started = performance.now();
        await apiBucket.take();
        metrics.apiRateLimitWait.observe((performance.now() - started) / 1000);
      },
    },
    timeoutMs: config.apiTimeoutMs,
    onRequest: ({ operation, status, durationMs }) => {
      metrics.apiRequests.inc({ operation, code: String(status) });
      metrics.apiDuration.observe({ operation }, durationMs / 1000);
    },
  });

  const core = kc.makeApiClient(CoreV1Api);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const onRestart = (name: string) => () => metrics.informerRestarts.inc({ informer: name });
  const buckets = new Informer<S3Bucket>({
    name: PLURAL,
    kubeConfig: kc,
    path: `/apis/${GROUP}/${VERSION}/${PLURAL}`,
    list: async () =>
      (await custom.listClusterCustomObject({
        group: GROUP,
        version: VERSION,
        plural: PLURAL,
      })) as KubernetesListObject<S3Bucket>,
    logger,
    onRestart: onRestart(PLURAL),
  });
  const selector = `${MANAGED_BY_LABEL}=${MANAGED_BY}`;
  const secrets = new Informer<V1Secret>({
    name: 'secrets',
    kubeConfig: kc,
    path: '/api/v1/secrets',
    labelSelector: selector,
    list: () => core.listSecretForAllNamespaces({ labelSelector: selector }),
    logger,
    onRestart: onRestart('secrets'),
  });
  const namespaces = new Informer<V1Namespace>({
    name: 'namespaces',
    kubeConfig: kc,
    path: '/api/v1/namespaces',
    list: () => core.listNamespace(),
    // Only the labels and annotations map a namespace to a workspace.
    slim: (ns) => {
      delete ns.spec;
      delete ns.status;
    },
    logger,
    onRestart: onRestart('namespaces'),
  });

  const queue = new WorkQueue({
    rateLimiter: defaultControllerRateLimiter({ baseMs: config.backoffBaseMs, maxMs: config.backoffMaxMs }),
    hooks: {
      onAdd: () => metrics.queueAdds.inc(),
      onRetry: () => metrics.queueRetries.inc(),
      onDepth: (depth) => metrics.queueDepth.set(depth),
      onQueueWait: (_key, ms) => metrics.queueWait.observe(ms / 1000),
    },
  });
  const enqueue = (obj: S3Bucket) => queue.add(keyOf(obj));
  buckets.onAdd(enqueue);
  buckets.onUpdate(enqueue);
  buckets.onDelete(enqueue);
  // A change to a managed Secret (edited, deleted) brings its S3Bucket back to be reconciled.
  const enqueueOwner = (s: V1Secret) => {
    const owner = s.metadata?.ownerReferences?.find((r) => r.controller === true && r.kind === KIND);
    if (owner) queue.add(`${s.metadata?.namespace ?? ''}/${owner.name}`);
  };
  secrets.onUpdate(enqueueOwner);
  secrets.onDelete(enqueueOwner);
  const ownedSecrets = new OwnedSecretIndex(secrets.cache);
  secrets.onAdd(ownedSecrets.upsert);
  secrets.onUpdate(ownedSecrets.upsert);
  secrets.onDelete(ownedSecrets.remove);
  // An annotation change can map a namespace to another workspace: its S3Buckets look again.
  const enqueueNamespace = (ns: V1Namespace) => {
    for (const b of buckets.cache.list(ns.metadata?.name ?? '')) enqueue(b);
  };
  namespaces.onAdd(enqueueNamespace);
  namespaces.onUpdate(enqueueNamespace);

  const reconciler = new S3BucketReconciler({
    buckets: buckets.cache,
    secrets: ownedSecrets,
    namespaces: namespaces.cache,
    kube: timedKubeClient(createKubeClient(kc), ({ operation, status, durationMs }) => {
      metrics.kubeRequests.inc({ operation, code: String(status) });
      metrics.kubeDuration.observe({ operation }, durationMs / 1000);
    }),
    api,
    clusterId,
    defaults: config.defaults,
    logger,
    drift:
      config.driftCheckMs > 0
        ? new DriftSchedule({ intervalMs: config.driftCheckMs, checksPerSecond: config.driftChecksPerSecond })
        : undefined,
    onDriftCheck: (result) => metrics.driftChecks.inc({ result }),
  });

  informers.push(buckets, secrets, namespaces);
  logger.info(
    {
      clusterId,
      workers: config.workers,
      driftCheckSeconds: config.driftCheckMs / 1000,
      defaultNamespaces: config.defaults.namespaces ? String(config.defaults.namespaces) : 'none',
    },
    'operator starting',
  );

  let workers: Workers | undefined;
  let resyncTimer: NodeJS.Timeout | undefined;
  const scheduleResync = () => {
    resyncTimer = setTimeout(() => {
      for (const b of buckets.cache.list()) enqueue(b);
      scheduleResync();
    }, jittered(config.resyncMs));
    resyncTimer.unref();
  };
  const startWorkers = () => {
    metrics.leader.set(1);
    logger.info('leading: reconciling');
    for (const b of buckets.cache.list()) enqueue(b);
    workers = runWorkers(queue, config.workers, (key) => reconciler.reconcile(key), {
      onResult: ({ key, outcome, durationMs, error }) => {
        metrics.reconciles.inc({ result: outcome });
        metrics.reconcileDuration.observe({ result: outcome }, durationMs / 1000);
        if (outcome === 'error')
          logger.warn({ key, err: errorMessage(error) }, 'reconcile failed; will retry');
        else if (outcome === 'terminal') logger.info({ key, err: errorMessage(error) }, 'reconcile stopped');
        else logger.debug({ key, outcome, durationMs: Math.round(durationMs) }, 'reconciled');
      },
    });
    scheduleResync();
  };

  let shuttingDown = false;
  const shutdown = async (signal: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    clearTimeout(resyncTimer);
    const drained = workers ? workers.stop() : Promise.resolve();
    await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_TIMEOUT_MS).unref())]);
    apiBucket.close();
    if (elector) await elector.release().catch(() => undefined);
    await Promise.all(informers.map((i) => i.stop()));
    health.server.close();
    logger.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  await Promise.all(informers.map((i) => i.start()));
  logger.info({ buckets: buckets.cache.list().length }, 'caches synced');
  // Start-up garbage (module loading, the initial lists) goes now rather than at the first
  // pressure, which keeps the resident size near what the caches need (flags: docs/operator.md).
  (globalThis as { gc?: () => void }).gc?.();

  if (config.leaderElection.enabled) {
    const le = config.leaderElection;
    elector = new LeaderElector({
      kubeConfig: kc,
      namespace: le.namespace,
      name: le.name,
      identity: le.identity,
      leaseDurationMs: le.leaseDurationMs,
      renewDeadlineMs: le.renewDeadlineMs,
      retryPeriodMs: le.retryPeriodMs,
      logger,
      onStartedLeading: startWorkers,
      onStoppedLeading: (reason) => {
        metrics.leader.set(0);
        if (reason === 'lost' && !shuttingDown) {
          // Another replica may already be leading: stop writing at once, as controller-runtime does.
          logger.error('leader lease lost; exiting');
          process.exit(1);
        }
      },
    });
    void elector.run();
  } else {
    startWorkers();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`plinth-operator: ${errorMessage(err)}\n`);
  process.exit(1);
});
