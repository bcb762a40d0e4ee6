import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The API's Prometheus registry and the HTTP metrics every request feeds. */
export interface Metrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
}

/**
 * One registry per process (tests create several apps, each with its own). Process metrics
 * (CPU, memory, event-loop lag, GC) are on in the real process and off in tests.
 */
export function createMetrics(opts: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'plinth_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'plinth_http_requests_total',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'plinth_http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
