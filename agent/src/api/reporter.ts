import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { ErrorLog } from '../error-log.ts';
import type { AgentStatus, ErrorReport } from '../protocol.ts';
import { healthReport, sampleOf } from '../status.ts';
import type { AgentSnapshot, Sample } from '../status.ts';
import type { ApiClient } from './client.ts';

export const HEALTH_PATH = '/api/v1/agent/health/';
export const ERRORS_PATH = '/api/v1/agent/errors/';

export interface ReporterOptions {
  client: ApiClient;
  logger: Logger;
  errors: ErrorLog;
  snapshot: () => AgentSnapshot;
  healthIntervalMs?: number;
  errorsIntervalMs?: number;
}

/**
 * The agent's reports: its health at start and every minute, and the errors since the last
 * report every 5 minutes when there were any. A report that fails is not retried on its own: the
 * next health report says the same, fresher; the errors stay until a report delivers them.
 */
export class Reporter {
  /** The status of the last health report made (sent or not). */
  lastStatus: AgentStatus | 'starting' = 'starting';
  readonly #opts: ReporterOptions;
  #previous: Sample | undefined;
  #timers: NodeJS.Timeout[] = [];

  constructor(opts: ReporterOptions) {
    this.#opts = opts;
  }

  start(): void {
    void this.sendHealth();
    this.#timers.push(
      setInterval(() => void this.sendHealth(), this.#opts.healthIntervalMs ?? 60_000),
      setInterval(() => void this.sendErrors(), this.#opts.errorsIntervalMs ?? 300_000),
    );
  }

  stop(): void {
    for (const t of this.#timers) clearInterval(t);
    this.#timers = [];
  }

  async sendHealth(): Promise<boolean> {
    const snapshot = this.#opts.snapshot();
    const report = healthReport(snapshot, this.#previous);
    this.#previous = sampleOf(snapshot);
    this.lastStatus = report.status;
    if (report.status !== 'healthy') this.#opts.logger.warn({ status: report.status }, 'agent not healthy');
    return this.#post(HEALTH_PATH, report, 'health report');
  }

  async sendErrors(): Promise<boolean> {
    if (this.#opts.errors.empty) return true;
    const delivered = this.#opts.errors.snapshot();
    const report: ErrorReport = {
      ...delivered,
      system_info: {
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        hostname: hostname(),
      },
    };
    const ok = await this.#post(ERRORS_PATH, report, 'error report');
    if (ok) this.#opts.errors.clear(delivered);
    return ok;
  }

  async #post(path: string, body: unknown, what: string): Promise<boolean> {
    try {
      const res = await this.#opts.client.request('POST', path, {
        body: JSON.stringify(body),
        timeoutMs: 10_000,
      });
      if (res.status >= 200 && res.status < 300) return true;
      this.#opts.logger.warn({ status: res.status }, `the API refused the ${what}`);
    } catch (err) {
      this.#opts.logger.warn({ err: (err as Error).message }, `cannot send the ${what}`);
    }
    return false;
  }
}
