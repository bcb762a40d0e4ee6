import type { Logger } from 'pino';
import { parseAssignments } from '../assignments.ts';
import type { Assignments } from '../assignments.ts';
import type { ErrorLog } from '../error-log.ts';
import { Backoff } from '../runtime/backoff.ts';
import type { BackoffOptions } from '../runtime/backoff.ts';
import { jittered } from '../runtime/jitter.ts';
import { ApiUnreachableError } from './client.ts';
import type { ApiClient } from './client.ts';

export const ENDPOINTS_PATH = '/api/v1/agent/endpoints/';

export interface PollerOptions {
  client: ApiClient;
  logger: Logger;
  onAssignments: (assignments: Assignments) => void;
  errors?: ErrorLog;
  backoff?: BackoffOptions;
  /** The shortest interval, whatever the API says (tests lower it). */
  minIntervalMs?: number;
}

export type PollOutcome = 'changed' | 'unchanged' | 'failed';

/**
 * Fetches the agent's assignments every `poll_interval_s` (±10 %), with `If-None-Match` so that
 * an unchanged list costs a 304. On any failure the last assignments keep running and it tries
 * again with backoff; a refused token is logged as such (the token itself never is).
 */
export class Poller {
  /** The version of the assignments running, once there are any. */
  configVersion: string | undefined;
  readonly #opts: PollerOptions;
  readonly #backoff: Backoff;
  #etag: string | undefined;
  #intervalMs = 30_000;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(opts: PollerOptions) {
    this.#opts = opts;
    this.#backoff = new Backoff(opts.backoff);
  }

  /** Polls now, then on schedule; resolves after the first attempt, whatever its outcome. */
  async start(): Promise<PollOutcome> {
    const outcome = await this.pollOnce();
    this.#schedule(outcome);
    return outcome;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async pollOnce(): Promise<PollOutcome> {
    const { client, logger } = this.#opts;
    try {
      const headers: Record<string, string> = this.#etag ? { 'If-None-Match': this.#etag } : {};
      const res = await client.request('GET', ENDPOINTS_PATH, { headers });
      if (res.status === 304) return 'unchanged';
      if (res.status === 200) {
        const { assignments, invalid } = parseAssignments(JSON.parse(res.body));
        for (const bad of invalid)
          logger.warn({ endpoint: bad.id, reason: bad.reason }, 'assigned endpoint left out');
        client.agentId = assignments.agent.id;
        this.#intervalMs = assignments.pollIntervalMs;
        const etag = res.headers.etag;
        this.#etag = typeof etag === 'string' ? etag : `"${assignments.configVersion}"`;
        this.configVersion = assignments.configVersion;
        logger.info(
          {
            configVersion: assignments.configVersion,
            endpoints: assignments.endpoints.length,
            agent: assignments.agent.name,
          },
          'assignments received',
        );
        this.#opts.onAssignments(assignments);
        return 'changed';
      }
      this.#failed(`HTTP_${res.status}`, this.#describe(res.status));
    } catch (err) {
      const code = err instanceof ApiUnreachableError ? err.code : 'BAD_ANSWER';
      this.#failed(code, `cannot fetch the assignments: ${(err as Error).message}`);
    }
    return 'failed';
  }

  #describe(status: number): string {
    if (status === 401 || status === 403) {
      return `the API refused the agent's token (${status}): check PLINTH_AGENT_TOKEN or PLINTH_AGENT_TOKEN_FILE`;
    }
    return `cannot fetch the assignments: the API answered ${status}`;
  }

  #failed(code: string, message: string): void {
    this.#opts.errors?.record(null, code, message);
    this.#opts.logger[code === 'HTTP_401' || code === 'HTTP_403' ? 'error' : 'warn'](
      { code, configVersion: this.configVersion ?? null },
      `${message}; running the last assignments meanwhile`,
    );
  }

  #schedule(last: PollOutcome): void {
    if (this.#stopped) return;
    let delay: number;
    if (last === 'failed') delay = this.#backoff.delay();
    else {
      this.#backoff.reset();
      delay = jittered(Math.max(this.#intervalMs, this.#opts.minIntervalMs ?? 1000), 0.1);
    }
    this.#timer = setTimeout(() => {
      void this.pollOnce().then((outcome) => this.#schedule(outcome));
    }, delay);
  }
}
