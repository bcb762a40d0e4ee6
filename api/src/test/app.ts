import { randomBytes } from 'node:crypto';
import { createApp } from '../app.ts';
import type { ServiceAccountVerifier } from '../auth/service-accounts.ts';
import type { App } from '../app.ts';
import type { Area } from '../areas/area.ts';
import type { DatabaseHandle } from '../core/db/client.ts';
import { createMetrics } from '../core/metrics.ts';
import { createMetricsApp } from '../areas/system/routes/metrics.ts';
import { AuditLog, KeyUsage } from '../core/audit/writer.ts';
import { LoginTokens } from '../auth/login.ts';
import { NO_STORAGE } from '../areas/buckets/storage/config.ts';
import { createStorageRuntime } from '../areas/buckets/storage/runtime.ts';
import type { StorageRuntime } from '../areas/buckets/storage/runtime.ts';
import { capturedLogger } from './log-capture.ts';
import { NO_RUNNER } from '../areas/runs/runtime.ts';
import type { RunsRuntime } from '../areas/runs/runtime.ts';
import { defaultEventsRuntime } from '../areas/events/runtime.ts';
import type { EventsRuntime } from '../areas/events/runtime.ts';
import { SecretBox } from '../core/secret-box.ts';
import type { OidcProviders } from '../auth/sso/providers.ts';

export const TEST_JWT_KEY = 'test-jwt-signing-key-for-in-process-apps-0123456789';

/**
 * The real app on a given database, with captured logs, its own metrics registry (served by
 * `metricsApp`), and the real audit and key-usage writers (flushing every 50 ms so tests see
 * entries quickly). The client IP is taken from X-Forwarded-For, which in-process requests use to
 * say where they come from.
 */
export function testApp(
  database: DatabaseHandle,
  opts: {
    bodyLimitBytes?: number;
    loginTokenTtlSeconds?: number;
    storage?: StorageRuntime;
    hstsMaxAgeSeconds?: number;
    serviceAccounts?: ServiceAccountVerifier;
    providers?: OidcProviders;
    publicUrl?: string;
    sessions?: { idleSeconds: number; absoluteSeconds: number };
    runs?: RunsRuntime;
    events?: EventsRuntime;
    /** The areas it serves; unset: `AREAS`. */
    areas?: readonly Area[];
  } = {},
) {
  const logs = capturedLogger();
  const metrics = createMetrics({ processMetrics: false });
  const audit = new AuditLog(database.db, logs.logger, { flushMs: 50 });
  const keyUsage = new KeyUsage(database.db, logs.logger, { flushMs: 50 });
  const loginTokens = new LoginTokens(TEST_JWT_KEY, opts.loginTokenTtlSeconds ?? 900);
  const storage = opts.storage ?? createStorageRuntime(NO_STORAGE, randomBytes(32));
  const runs = opts.runs ?? NO_RUNNER;
  const events = opts.events ?? defaultEventsRuntime();
  const app: App = createApp({
    logger: logs.logger,
    database,
    metrics,
    bodyLimitBytes: opts.bodyLimitBytes ?? 1024 * 1024,
    audit,
    keyUsage,
    loginTokens,
    trustProxyHops: 1,
    storage,
    runs,
    events,
    hstsMaxAgeSeconds: opts.hstsMaxAgeSeconds ?? 0,
    serviceAccounts: opts.serviceAccounts ?? null,
    ...(opts.areas && { areas: opts.areas }),
    web: {
      box: new SecretBox(randomBytes(32)),
      sessions: opts.sessions ?? { idleSeconds: 28_800, absoluteSeconds: 86_400 },
      providers: opts.providers ?? null,
      publicUrl: opts.publicUrl,
    },
  });
  return {
    app,
    /** What the metrics listener serves (`GET /metrics`), on its own port in the real process. */
    metricsApp: createMetricsApp(metrics),
    logs,
    metrics,
    audit,
    keyUsage,
    loginTokens,
    storage,
    runs,
    events,
    async close() {
      await Promise.all([audit.close(), keyUsage.close()]);
    },
  };
}
