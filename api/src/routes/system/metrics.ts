import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env.ts';
import type { Metrics } from '../../lib/metrics.ts';

/** Prometheus text exposition of the API's registry. */
export function registerMetrics(app: OpenAPIHono<AppEnv>, metrics: Metrics): void {
  app.get('/metrics', async (c) => {
    c.header('Content-Type', metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });
}
