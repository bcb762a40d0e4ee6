import { createApp } from '../app.ts';
import type { App } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createMetrics } from '../lib/metrics.ts';
import { capturedLogger } from './log-capture.ts';

/** The real app on a given database, with captured logs and its own metrics registry. */
export function testApp(database: DatabaseHandle, opts: { bodyLimitBytes?: number } = {}) {
  const logs = capturedLogger();
  const metrics = createMetrics({ processMetrics: false });
  const app: App = createApp({
    logger: logs.logger,
    database,
    metrics,
    bodyLimitBytes: opts.bodyLimitBytes ?? 1024 * 1024,
  });
  return { app, logs, metrics };
}
