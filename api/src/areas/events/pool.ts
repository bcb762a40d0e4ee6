import type { ThreadPool } from '../area.ts';
import { deliver, registerDeliveryMetrics } from './deliver.ts';
import { DELIVER_JOB } from './record.ts';

/**
 * The deliveries: hundreds a minute, their retries and slow receivers, on the job thread on
 * PostgreSQL (job-thread.ts imports this module alone, not the area's routes and pages).
 */
export const pool: ThreadPool = {
  name: 'deliveries',
  concurrency: (deps) => deps.events.concurrency,
  tenantLimit: (deps) => deps.events.perReceiver,
  pollMs: 200,
  jobs: (deps) => ({ [DELIVER_JOB]: (ctx) => deliver(deps, ctx) }),
  metrics: registerDeliveryMetrics,
  thread: import.meta.url,
};
