import { createApp } from './app.ts';
import { AREAS } from './areas/index.ts';
import { backgroundWork, threadPools, threadTasks } from './areas/area.ts';
import { loadConfig } from './config.ts';
import { ConfigError } from './core/config-error.ts';
import type { Config } from './config.ts';
import { openDatabase } from './core/db/client.ts';
import { errorInfo } from './core/error-info.ts';
import { resolveSecrets } from './core/local-secrets.ts';
import { createLogger } from './core/logger.ts';
import { createMetrics } from './core/metrics.ts';
import { API_VERSION } from './core/version.ts';
import { createMetricsApp } from './areas/system/routes/metrics.ts';
import { startServer } from './server.ts';
import { AuditLog, KeyUsage } from './core/audit/writer.ts';
import { issuerFailureReason, ServiceAccountVerifier } from './auth/service-accounts.ts';
import { LoginTokens } from './auth/login.ts';
import {
  checkPortsFree,
  databaseTarget,
  isOutageLeftover,
  listenFailure,
  StartupError,
} from './core/startup.ts';
import { createStorageRuntime, pauseAfterStepHook } from './areas/buckets/storage/runtime.ts';
import { ensureBootstrapAdmin } from './areas/users/bootstrap.ts';
import { OidcProviders } from './auth/sso/providers.ts';
import { SecretBox } from './core/secret-box.ts';
import { createRunsRuntime } from './areas/runs/runtime.ts';
import { createEventsRuntime } from './areas/events/runtime.ts';
import { join } from 'node:path';
import { createOffload, registerOffloadMetrics } from './core/jobs/offload.ts';
import { startJobThread } from './core/jobs/thread.ts';
import type { JobThread } from './core/jobs/thread.ts';
import type { JobThreadData } from './job-thread.ts';

/**
 * The API process: configuration, database, app, listen; then migrations and the first admin in the
 * background (with retries, `/readyz` says 503 until done); graceful shutdown on SIGTERM/SIGINT.
 */

/** A bad variable, a busy port or data directory: one line and exit code 2, no stack. */
function failStart(err: unknown): never {
  if (!(err instanceof ConfigError || err instanceof StartupError)) throw err;
  process.stderr.write(`plinth-api: ${err.message}\n`);
  process.exit(2);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  failStart(err);
}
// Before anything is created (data directory, keys): a busy port leaves no trace.
await checkPortsFree(config).catch(failStart);

const logger = createLogger(config.logLevel);
const secrets = resolveSecrets(config, logger);
const database = await openDatabase(config.database).catch(failStart);
const metrics = createMetrics({ processMetrics: true });
const audit = new AuditLog(database.db, logger);
const storage = createStorageRuntime(config.storage, secrets.encryptionKey, {
  afterStep: pauseAfterStepHook(config.testPauseAfterStep, logger),
  credentialGrace: config.credentialGrace,
  usageIntervalMs: config.usageIntervalMs,
  admission: config.storageAdmission,
});
const runs = await createRunsRuntime({ ...config.actions, workDir: join(config.dataDir, 'runs') });
const events = createEventsRuntime(config.events, secrets.encryptionKey);
const keyUsage = new KeyUsage(database.db, logger);
// On PostgreSQL the thread pools (deliveries) and the areas' thread tasks (results batches) run on
// the job thread; PGlite lives in this thread only.
const onThread = database.kind === 'postgres' && config.jobThread ? threadPools(AREAS) : [];
const placement = onThread.length > 0 ? 'main' : 'all';
// The areas' job kinds and periodic work, started once the database is ready.
const work = backgroundWork(
  AREAS,
  { db: database.db, audit, storage, runs, events, monitoring: config.monitoring, logger },
  placement,
);
let jobThread: JobThread | undefined;
// The requests' thread tasks run here until the job thread is up (on PostgreSQL), then there.
const offload = createOffload({ db: database.db, audit, events, monitoring: config.monitoring, logger });
registerOffloadMetrics(metrics.registry, offload);
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
  serviceAccounts: config.serviceAccounts
    ? new ServiceAccountVerifier(config.serviceAccounts, (msg, err) =>
        logger.warn({ err: errorInfo(err), reason: issuerFailureReason(err) }, msg),
      )
    : null,
  trustProxyHops: config.trustProxyHops,
  storage,
  runs,
  events,
  offload,
  placement,
  hstsMaxAgeSeconds: config.hstsMaxAgeSeconds,
  mcp: config.mcp,
  web: {
    box: new SecretBox(secrets.encryptionKey),
    sessions: config.sessions,
    providers:
      config.oidcProviders.length > 0
        ? new OidcProviders(config.oidcProviders, config.publicUrl!, logger)
        : null,
    publicUrl: config.publicUrl,
  },
});
const server = await startServer(app, { port: config.port, host: config.host }).catch((err: unknown) =>
  failStart(listenFailure(err, 'PORT', config.host, config.port) ?? err),
);
// /metrics on a listener of its own: its series name every tenant's buckets.
const metricsServer = await startServer(
  createMetricsApp(metrics, () => jobThread?.metrics() ?? ''),
  {
    port: config.metricsPort,
    host: config.metricsHost,
  },
).catch((err: unknown) =>
  failStart(listenFailure(err, 'PLINTH_METRICS_PORT', config.metricsHost, config.metricsPort) ?? err),
);
logger.info(
  { port: server.port, metrics_port: metricsServer.port, database: database.kind, version: API_VERSION },
  'plinth-api listening',
);

let stopping = false;

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
  const workStopped = Promise.all([work.stop(), jobThread?.stop(deadline)]);
  await server.close(deadline);
  await workStopped;
  // Scraped until the API has drained, so the last moments of a rollout are still measured.
  await metricsServer.close(1000);
  // Buffered audit entries and key-usage times are written before the pool closes.
  await Promise.all([audit.close(), keyUsage.close()]);
  await database.close();
  logger.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A database that goes away can leave the driver (postgres.js) with a socket error no query awaits
// (porsager/postgres#600: `read ECONNRESET`, or `write CONNECTION_CLOSED` as PostgreSQL stops, as
// unhandled rejections). An outage must turn /readyz 503, not end the process: such errors are
// logged and survived; anything else still ends it, as Node would.
process.on('unhandledRejection', (err) => {
  if (isOutageLeftover(err)) {
    const { name, code } = errorInfo(err);
    logger.warn({ err: { name, code } }, 'a connection failed with no request waiting on it; carrying on');
    return;
  }
  throw err;
});
process.on('SIGINT', () => void shutdown('SIGINT'));

class MigrationsPending extends Error {
  constructor() {
    super('migrations are pending and PLINTH_MIGRATE_ON_START=false; run npm run db:migrate');
    this.name = 'MigrationsPending';
  }
}

async function prepareDatabase(): Promise<void> {
  const bootstrap = () =>
    ensureBootstrapAdmin(database.db, config.bootstrapAdmin, logger, {
      interactive: process.stdout.isTTY === true,
      dataDir: config.dataDir,
    });
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
      logger.warn(
        { attempt, retry_in_ms: delay, database: databaseTarget(config.database), err: info },
        `database not ready (${databaseTarget(config.database)}); retrying`,
      );
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

await prepareDatabase();

// Each area's jobs (interrupted sagas, usage refreshes, key expiries) and periodic work (giving
// sagas their jobs, enqueueing each usage slot's job, pruning expired rows), in every replica.
if (!stopping) {
  work.start();
  if (placement === 'main') {
    jobThread = startJobThread(new URL('./job-thread.ts', import.meta.url), {
      logger,
      workerData: {
        pools: onThread,
        tasks: threadTasks(AREAS),
        database: config.database,
        logLevel: config.logLevel,
        events: config.events,
        monitoring: config.monitoring,
        encryptionKey: secrets.encryptionKey,
      } satisfies JobThreadData,
      // Its share of the API's memory (the start command's heap is 192 MB); a small young
      // generation, as deliveries and results batches make little that lives.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    offload.attach(jobThread);
  }
}
