import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The operator's Prometheus metrics (docs/operator.md lists them). */
export interface OperatorMetrics {
  readonly registry: Registry;
  readonly reconciles: Counter<'result'>;
  readonly reconcileDuration: Histogram<'result'>;
  readonly queueDepth: Gauge;
  readonly queueAdds: Counter;
  readonly queueRetries: Counter;
  readonly queueWait: Histogram;
  readonly apiRequests: Counter<'operation' | 'code'>;
  readonly apiDuration: Histogram<'operation'>;
  readonly apiRateLimitWait: Histogram;
  readonly kubeRequests: Counter<'operation' | 'code'>;
  readonly kubeDuration: Histogram<'operation'>;
  readonly informerRestarts: Counter<'informer'>;
  readonly leader: Gauge;
  readonly driftChecks: Counter<'result'>;
}

export function createOperatorMetrics(opts: { processMetrics: boolean }): OperatorMetrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'plinth_operator_' });
  const registers = [registry];
  const latency = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    reconciles: new Counter({
      name: 'plinth_operator_reconcile_total',
      help: 'Reconciles by result: success, requeue, error (retried with backoff) or terminal.',
      labelNames: ['result'],
      registers,
    }),
    reconcileDuration: new Histogram({
      name: 'plinth_operator_reconcile_duration_seconds',
      help: 'Reconcile latency by result.',
      labelNames: ['result'],
      buckets: latency,
      registers,
    }),
    queueDepth: new Gauge({
      name: 'plinth_operator_workqueue_depth',
      help: 'Keys waiting in the work queue.',
      registers,
    }),
    queueAdds: new Counter({
      name: 'plinth_operator_workqueue_adds_total',
      help: 'Keys added to the work queue.',
      registers,
    }),
    queueRetries: new Counter({
      name: 'plinth_operator_workqueue_retries_total',
      help: 'Keys re-added with backoff after a failed reconcile.',
      registers,
    }),
    queueWait: new Histogram({
      name: 'plinth_operator_workqueue_queue_duration_seconds',
      help: 'How long a key waited in the queue before a worker took it.',
      buckets: latency,
      registers,
    }),
    apiRequests: new Counter({
      name: 'plinth_operator_api_requests_total',
      help: 'Requests to the Plinth API by operation and HTTP status (error: no answer).',
      labelNames: ['operation', 'code'],
      registers,
    }),
    apiDuration: new Histogram({
      name: 'plinth_operator_api_request_duration_seconds',
      help: 'Plinth API request latency by operation.',
      labelNames: ['operation'],
      buckets: latency,
      registers,
    }),
    apiRateLimitWait: new Histogram({
      name: 'plinth_operator_api_rate_limit_wait_seconds',
      help: "How long a Plinth API request waited for the operator's own rate limit (PLINTH_OPERATOR_API_QPS).",
      buckets: latency,
      registers,
    }),
    kubeRequests: new Counter({
      name: 'plinth_operator_kube_requests_total',
      help: 'Kubernetes writes (and uncached reads) the reconciler made, by operation and HTTP status (error: no answer).',
      labelNames: ['operation', 'code'],
      registers,
    }),
    kubeDuration: new Histogram({
      name: 'plinth_operator_kube_request_duration_seconds',
      help: 'Kubernetes write (and uncached read) latency by operation.',
      labelNames: ['operation'],
      buckets: latency,
      registers,
    }),
    informerRestarts: new Counter({
      name: 'plinth_operator_informer_restarts_total',
      help: 'Watches restarted after an error, by informer.',
      labelNames: ['informer'],
      registers,
    }),
    leader: new Gauge({
      name: 'plinth_operator_leader',
      help: '1 while this replica holds the leader lease (or election is off), else 0.',
      registers,
    }),
    driftChecks: new Counter({
      name: 'plinth_operator_drift_checks_total',
      help: "Drift checks of a bucket's storage by result: healthy, bucket_missing, access_key_missing, gone (deleted in Plinth; created again) or failed (no answer).",
      labelNames: ['result'],
      registers,
    }),
  };
}
