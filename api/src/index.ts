import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { errorInfo } from './lib/error-info.ts';
import { resolveSecrets } from './lib/local-secrets.ts';
import { createLogger } from './lib/logger.ts';
import { createMetrics } from './lib/metrics.ts';
import { API_VERSION } from './lib/version.ts';
import { createMetricsApp } from './routes/system/metrics.ts';
import { startServer } from './server.ts';
import { AuditLog, KeyUsage } from './services/audit.ts';
import { LoginTokens } from './services/auth.ts';
import { BUCKET_SAGA, bucketSagaJob, ensureSagaJobs, LEASE_SECONDS } from './services/buckets.ts';
import { JobRunner } from './jobs/runner.ts';
import { scheduleUsageRefresh, USAGE_JOB, usageJob } from './services/usage.ts';
import { createStorageRuntime, pauseAfterStepHook } from './storage/runtime.ts';
import { ensureBootstrapAdmin } from './services/bootstrap.ts';

/**
 * The API process: configuration, database, app, listen; then migrations and the first admin in the
 * background (with retries, `/readyz` says 503 until done); graceful shutdown on SIGTERM/SIGINT.
 */

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`plinth-api: ${err.message}\n`);
  process.exit(2);
}

const logger = createLogger(config.logLevel);
const secrets = resolveSecrets(config, logger);
const database = await openDatabase(config.database);
const metrics = createMetrics({ processMetrics: true });
const audit = new AuditLog(database.db, logger);
const storage = createStorageRuntime(config.storage, secrets.encryptionKey, {
  afterStep: pauseAfterStepHook(config.testPauseAfterStep, logger),
});
const keyUsage = new KeyUsage(database.db, logger);
// One job runner per process; it starts polling once the database is ready.
const jobRunner = new JobRunner({ db: database.db, logger, leaseSeconds: LEASE_SECONDS })
  .register(BUCKET_SAGA, bucketSagaJob(database.db, storage, logger))
  .register(USAGE_JOB, usageJob(database.db, storage, logger));
let started = false;
const app = createApp({
  logger,
  database,
  metrics,
  bodyLimitBytes: config.bodyLimitBytes,
  isStarted: () => started,
  audit,
  keyUsage,
  loginTokens: new LoginTokens(secrets.jwtSigningKey, config.loginTokenTtlSeconds),
  trustProxy: config.trustProxy,
  storage,
  hstsMaxAgeSeconds: config.hstsMaxAgeSeconds,
});
const server = await startServer(app, { port: config.port, host: config.host });
// /metrics on a listener of its own: its series name every tenant's buckets.
const metricsServer = await startServer(createMetricsApp(metrics), {
  port: config.metricsPort,
  host: config.metricsHost,
});
logger.info(
  { port: server.port, metrics_port: metricsServer.port, database: database.kind, version: API_VERSION },
  'plinth-api listening',
);

let stopping = false;
// Set once the database is ready; shutdown may come first.
const background: { timer?: NodeJS.Timeout } = {};

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const deadline = config.shutdownTimeoutMs;
  logger.info({ signal, timeout_ms: deadline }, 'shutting down: draining in-flight requests');
  const hardStop = setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, deadline + 5000);
  hardStop.unref();
  clearInterval(background.timer);
  await server.close(deadline);
  await jobRunner.stop();
  // Scraped until the API has drained, so the last moments of a rollout are still measured.
  await metricsServer.close(1000);
  // Buffered audit entries and key-usage times are written before the pool closes.
  await Promise.all([audit.close(), keyUsage.close()]);
  await database.close();
  logger.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

class MigrationsPending extends Error {
  constructor() {
    super('migrations are pending and PLINTH_MIGRATE_ON_START=false; run npm run db:migrate');
    this.name = 'MigrationsPending';
  }
}

async function prepareDatabase(): Promise<void> {
  const bootstrap = () => ensureBootstrapAdmin(database.db, config.bootstrapAdmin, logger);
  for (let attempt = 1, delay = 500; !stopping; attempt++, delay = Math.min(delay * 2, 15_000)) {
    try {
      if (config.migrateOnStart) await database.migrate(bootstrap);
      else if (!(await database.migrationsPending())) await bootstrap();
      else throw new MigrationsPending();
      started = true;
      // Loading modules leaves ~100 MB of garbage that V8, sizing its heap from the host's memory,
      // would otherwise keep; one full collection once start-up is done gives it back
      // (the start command exposes gc for this).
      (globalThis as { gc?: () => void }).gc?.();
      logger.info({ attempt }, 'database ready');
      return;
    } catch (err) {
      // Driver messages may carry SQL and parameters: only our own message is logged whole.
      const info =
        err instanceof MigrationsPending ? { name: err.name, message: err.message } : errorInfo(err);
      logger.warn({ attempt, retry_in_ms: delay, err: info }, 'database not ready; retrying');
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

await prepareDatabase();

/**
 * Background work once the database is ready: the job runner finishes bucket sagas interrupted by a
 * crash (their jobs' leases expire), the tick gives a saga job to any unfinished bucket row without
 * one, and enqueues the usage job of each PLINTH_USAGE_INTERVAL_SECONDS slot (once
 * cluster-wide; the job runner of whichever replica claims it runs it). Failures are logged and
 * retried on the next tick.
 */
let ticking = false;
async function backgroundTick(): Promise<void> {
  // A slow cluster can make a tick outlast the interval; ticks never overlap.
  if (stopping || !started || ticking) return;
  ticking = true;
  try {
    await ensureSagaJobs(database.db);
    if (config.storage.clusters.size > 0) await scheduleUsageRefresh(database.db, config.usageIntervalMs);
  } catch (err) {
    logger.warn({ err: errorInfo(err) }, 'background storage work failed; will retry');
  } finally {
    ticking = false;
  }
}
background.timer = setInterval(
  () => void backgroundTick(),
  Math.min(LEASE_SECONDS * 1000, config.usageIntervalMs),
);
void backgroundTick();
if (!stopping) jobRunner.start();
