import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { ApiClient } from './api/client.ts';
import { Poller } from './api/poller.ts';
import { Reporter } from './api/reporter.ts';
import { Sender } from './api/sender.ts';
import { fingerprint } from './assignments.ts';
import type { Assignments } from './assignments.ts';
import { ResultBuffer } from './buffer/buffer.ts';
import { compileCheck } from './checks/compile.ts';
import type { Check } from './checks/outcome.ts';
import type { AgentConfig } from './config.ts';
import { ErrorLog } from './error-log.ts';
import type { CheckResult } from './protocol.ts';
import { startHealthServer } from './runtime/health-server.ts';
import { tokenProvider } from './runtime/token.ts';
import { uuid7Generator } from './runtime/uuid7.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import type { AgentSnapshot } from './status.ts';
import { AGENT_VERSION, USER_AGENT } from './version.ts';

/** How long shutdown lets checks in flight finish, and how long its last send may take. */
const CHECKS_GRACE_MS = 1000;
const LAST_SEND_MS = 5000;

interface Job {
  endpointId: string;
  check: Check;
}

export interface RunningAgent {
  /** Stops scheduling, flushes the buffer, tries one last send (5 s at most), closes everything. */
  stop(): Promise<void>;
  snapshot(): AgentSnapshot;
  healthPort: number | undefined;
}

/**
 * The agent put together: the assignments poller feeds the scheduler, the scheduler runs checks
 * (at most `concurrency` at once), every result is buffered on disk with its own id, and the
 * sender empties the buffer into the API. The reporter tells the API how all this is going.
 */
export async function startAgent(config: AgentConfig, logger: Logger): Promise<RunningAgent> {
  const startedAtMs = Date.now();
  const errors = new ErrorLog();
  const buffer = await ResultBuffer.open({ dir: config.bufferDir, maxBytes: config.bufferMaxBytes, logger });
  const client = new ApiClient({
    baseUrl: config.apiUrl,
    token: tokenProvider(config.token),
    userAgent: USER_AGENT,
  });
  const newId = uuid7Generator();
  const counts = { successful: 0, failed: 0 };

  const runCheck = async ({ endpointId, check }: Job) => {
    const startedAt = Date.now();
    const outcome = await check();
    // The id is made with the result, so ids sort in the order results enter the buffer.
    const result: CheckResult = {
      result_id: newId(),
      endpoint_id: endpointId,
      checked_at: new Date(startedAt).toISOString(),
      ...outcome,
    };
    buffer.append(result);
    if (outcome.success) counts.successful++;
    else {
      counts.failed++;
      errors.record(endpointId, outcome.error_code ?? 'FAILED', outcome.error_message ?? '');
    }
  };
  const scheduler = new Scheduler<Job>({ concurrency: config.concurrency, run: runCheck });

  const onAssignments = (a: Assignments) => {
    const summary = scheduler.update(
      a.endpoints.map((e) => ({
        id: e.id,
        fingerprint: fingerprint(e),
        periodMs: e.frequency_s * 1000,
        payload: () => ({ endpointId: e.id, check: compileCheck(e, USER_AGENT) }),
      })),
    );
    logger.info({ ...summary, endpoints: scheduler.stats.jobs }, 'schedule updated');
  };
  const poller = new Poller({ client, logger, errors, onAssignments });
  const sender = new Sender({ client, buffer, logger, errors, batchSize: config.batchSize });

  const snapshot = (): AgentSnapshot => {
    const s = scheduler.stats;
    const b = buffer.stats;
    const cpu = process.cpuUsage();
    return {
      nowMs: Date.now(),
      startedAtMs,
      version: AGENT_VERSION,
      apiConnected: client.connected,
      apiLastAnsweredAtMs: client.lastAnsweredAt,
      storageHealthy: b.healthy,
      configVersion: poller.configVersion ?? null,
      monitored: s.jobs,
      queued: s.queued,
      expectedPerMinute: s.expectedPerMinute,
      skipped: s.skipped,
      successful: counts.successful,
      failed: counts.failed,
      buffered: b.buffered,
      dropped: b.dropped,
      rssBytes: process.memoryUsage.rss(),
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  };
  const reporter = new Reporter({ client, logger, errors, snapshot });

  let health: { server: Server; port: number } | undefined;
  if (config.healthPort !== undefined) {
    health = await startHealthServer(config.healthPort, () => reporter.lastStatus);
    logger.info({ port: health.port }, 'health server listening');
  }
  logger.info(
    {
      version: AGENT_VERSION,
      api: config.apiUrl,
      bufferDir: config.bufferDir,
      buffered: buffer.stats.buffered,
    },
    'agent starting',
  );
  // Results a previous process left are sent at once, whatever the assignments.
  sender.start();
  await poller.start();
  reporter.start();

  return {
    healthPort: health?.port,
    snapshot,
    async stop() {
      poller.stop();
      reporter.stop();
      const checksDone = scheduler.stop();
      await Promise.race([checksDone, new Promise((r) => setTimeout(r, CHECKS_GRACE_MS))]);
      const deadline = Date.now() + LAST_SEND_MS;
      await sender.stop(LAST_SEND_MS);
      await buffer.flush();
      await sender.finalSend(deadline);
      await buffer.close();
      client.close();
      health?.server.close();
      logger.info({ buffered: buffer.stats.buffered }, 'agent stopped');
    },
  };
}
