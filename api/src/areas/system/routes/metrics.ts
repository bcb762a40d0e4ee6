import { Hono } from 'hono';
import type { Metrics } from '../../../core/metrics.ts';

/**
 * The metrics listener's app: `GET /metrics` (Prometheus text) and nothing else. It runs on a port
 * of its own (PLINTH_METRICS_PORT) that no Ingress routes, never on the public port: the series name
 * every tenant's buckets and their sizes. `more`: the job thread's series, if it runs.
 */
export function createMetricsApp(metrics: Metrics, more: () => Promise<string> | string = () => ''): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.get('/metrics', async (c) => {
    c.header('Content-Type', metrics.registry.contentType);
    // The job thread's series (core/jobs/thread.ts) have names of their own: appended as they are.
    const [own, thread] = await Promise.all([metrics.registry.metrics(), more()]);
    return c.body(thread ? `${own}${own.endsWith('\n') ? '' : '\n'}${thread}` : own);
  });
  app.notFound((c) => c.json({ detail: 'Not found.', code: 'not_found' }, 404));
  return app;
}
