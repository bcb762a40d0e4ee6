import { parentPort, workerData } from 'node:worker_threads';
import type { LevelWithSilent } from 'pino';
import { Counter, Registry } from 'prom-client';
import type { AreaTask, ThreadJobDeps, ThreadPool } from './areas/area.ts';
import { createEventsRuntime } from './areas/events/runtime.ts';
import type { Config } from './config.ts';
import { AuditLog } from './core/audit/writer.ts';
import { isDatabaseUnavailable, openDatabase } from './core/db/client.ts';
import type { DatabaseOptions } from './core/db/client.ts';
import { errorInfo } from './core/error-info.ts';
import { lowerThisThread } from './core/jobs/priority.ts';
import { poolRunner } from './core/jobs/runner.ts';
import type { FromJobThread, TaskAnswer, ToJobThread } from './core/jobs/thread.ts';
import { createLogger } from './core/logger.ts';

/**
 * The job thread (index.ts starts it on PostgreSQL; core/jobs/thread.ts keeps it running): the
 * thread pools (areas/area.ts `ThreadPool`) with a database pool of their own, on an event loop of
 * their own at a lower OS priority, so hundreds of deliveries a minute never queue ahead of the
 * API's requests. It imports the pools' modules alone, not the whole API.
 */

/** What the API passes: its configuration's parts the pools use, and the keys it resolved. */
export interface JobThreadData {
  readonly pools: readonly string[];
  /** The modules of the areas' thread tasks (core/jobs/offload.ts), each exporting `task`. */
  readonly tasks: readonly string[];
  readonly database: DatabaseOptions;
  readonly logLevel: LevelWithSilent;
  readonly events: Config['events'];
  readonly monitoring: Config['monitoring'];
  readonly encryptionKey: Uint8Array;
}

const port = parentPort;
if (!port) throw new Error('job-thread.ts runs on the API process’s worker thread (index.ts)');
const data = workerData as JobThreadData;
const logger = createLogger(data.logLevel).child({ thread: 'jobs' });
try {
  lowerThisThread();
} catch (err) {
  logger.warn({ err: errorInfo(err) }, 'the job thread runs at the API’s priority: lowering it was refused');
}
const pools = await Promise.all(
  data.pools.map(async (url) => ((await import(url)) as { pool: ThreadPool }).pool),
);
const tasks = new Map(
  (await Promise.all(data.tasks.map(async (url) => ((await import(url)) as { task: AreaTask }).task))).map(
    (task) => [task.name, task],
  ),
);
const database = await openDatabase(data.database);
const audit = new AuditLog(database.db, logger);
const deps: ThreadJobDeps = {
  db: database.db,
  audit,
  events: createEventsRuntime(data.events, Buffer.from(data.encryptionKey)),
  monitoring: data.monitoring,
  logger,
};
const registry = new Registry();
for (const pool of pools) pool.metrics?.(registry);
const tasksRun = new Counter({
  name: 'plinth_thread_tasks_total',
  help: "Requests' tasks run on the job thread, by task and outcome (ok, unavailable, failed).",
  labelNames: ['task', 'outcome'] as const,
  registers: [registry],
});
const runners = pools.map((pool) => poolRunner(pool, deps));
for (const runner of runners) runner.start();
// Loading modules leaves garbage a heap sized for growth would keep (as in index.ts).
(globalThis as { gc?: () => void }).gc?.();

/** The tasks under way, finished before the thread ends. */
const underWay = new Set<Promise<void>>();

/** Runs a task for a request; what it threw is logged here (its name, never its input). */
async function runTask(name: string, input: unknown): Promise<TaskAnswer> {
  const task = tasks.get(name);
  if (!task) {
    logger.error({ task: name }, 'the job thread has no such task');
    return { failure: 'failed' };
  }
  try {
    return { output: await task.run(deps, input) };
  } catch (err) {
    if (isDatabaseUnavailable(err)) return { failure: 'unavailable' };
    logger.error({ task: name, err: errorInfo(err) }, 'a task failed on the job thread');
    return { failure: 'failed' };
  }
}

port.on('message', (m: ToJobThread) => {
  if (m.type === 'task') {
    // No callback here refers to the message, only to its name and ID: its input (a results
    // batch's body) would otherwise live until the task ends, through every collection on the way.
    const { id, name } = m;
    const done = runTask(name, m.input).then((answer) => {
      tasksRun.inc({ task: name, outcome: 'output' in answer ? 'ok' : answer.failure });
      port.postMessage({ type: 'task', id, ...answer } satisfies FromJobThread);
    });
    underWay.add(done);
    void done.finally(() => underWay.delete(done));
    return;
  }
  if (m.type === 'metrics') {
    const { id } = m;
    void registry
      .metrics()
      .then((text) => port.postMessage({ type: 'metrics', id, text } satisfies FromJobThread));
    return;
  }
  void (async () => {
    await Promise.all([...runners.map((runner) => runner.stop()), ...underWay]);
    await audit.close();
    await database.close();
    port.close();
  })();
});
