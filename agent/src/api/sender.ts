import type { Logger } from 'pino';
import type { Batch, ResultBuffer } from '../buffer/buffer.ts';
import type { ErrorLog } from '../error-log.ts';
import type { ResultsResponse } from '../protocol.ts';
import { Backoff } from '../runtime/backoff.ts';
import type { BackoffOptions } from '../runtime/backoff.ts';
import { ApiUnreachableError, retryAfterMs } from './client.ts';
import type { ApiClient } from './client.ts';

export const RESULTS_PATH = '/api/v1/agent/results/';

export interface SenderOptions {
  client: ApiClient;
  buffer: ResultBuffer;
  logger: Logger;
  batchSize: number;
  errors?: ErrorLog;
  backoff?: BackoffOptions;
}

/** Answers after which the same batch is simply tried again later. */
const TRANSIENT = new Set([408, 429]);

/**
 * Sends the buffer's results, oldest first, one batch at a time; a batch leaves the buffer only
 * after a 200. Any other outcome keeps it and backs off (1 s doubling to 60 s, jittered, or the
 * API's Retry-After when longer): the API unreachable, 5xx, 408 and 429 as a matter of course,
 * any other 4xx logged as an error, since waiting alone will not cure it; nothing is dropped for
 * it. Results the 200 lists as rejected (their endpoint is no longer assigned) are dropped.
 */
export class Sender {
  /** Results the API took (accepted or duplicate), and those it rejected. */
  readonly stats = { sent: 0, rejected: 0 };
  readonly #opts: SenderOptions;
  readonly #backoff: Backoff;
  #stopped = false;
  #dataReady = true;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(opts: SenderOptions) {
    this.#opts = opts;
    this.#backoff = new Backoff({ baseMs: 1000, maxMs: 60_000, ...opts.backoff });
    opts.buffer.onReadable(() => {
      this.#dataReady = true;
      this.#wake?.();
    });
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  /** Stops sending; resolves once a request in flight has ended, or after `waitMs`. */
  async stop(waitMs = 5000): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#loop, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  /** At shutdown: sends what is left until done, a failure, or `deadline` (a Date.now() time). */
  async finalSend(deadline: number): Promise<void> {
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return;
      const batch = await this.#opts.buffer.next(this.#opts.batchSize);
      if (!batch || !(await this.#send(batch, remaining)).ok) return;
    }
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      this.#dataReady = false;
      const batch = await this.#opts.buffer.next(this.#opts.batchSize);
      if (this.#stopped) return;
      if (!batch) {
        // Woken by the next sync; the timeout is a safety net, not the schedule.
        if (!this.#dataReady) await this.#sleep(5000);
        continue;
      }
      const outcome = await this.#send(batch);
      if (outcome.ok) this.#backoff.reset();
      else await this.#sleep(Math.max(this.#backoff.delay(), outcome.retryAfterMs ?? 0), true);
    }
  }

  async #send(batch: Batch, timeoutMs?: number): Promise<{ ok: boolean; retryAfterMs?: number }> {
    const { client, logger, buffer } = this.#opts;
    try {
      const res = await client.request('POST', RESULTS_PATH, { body: batch.body, timeoutMs });
      if (res.status === 200) {
        const answer = JSON.parse(res.body) as Partial<ResultsResponse>;
        const rejected = Array.isArray(answer.rejected) ? answer.rejected.length : 0;
        if (rejected > 0) {
          logger.warn(
            { rejected, reason: answer.rejected![0]?.reason },
            'results rejected by the API; dropped',
          );
        }
        this.stats.sent += batch.count - rejected;
        this.stats.rejected += rejected;
        await buffer.ack(batch);
        logger.debug(
          { results: batch.count, accepted: answer.accepted, duplicates: answer.duplicates },
          'results sent',
        );
        return { ok: true };
      }
      const code = `HTTP_${res.status}`;
      if (res.status >= 500 || TRANSIENT.has(res.status)) {
        this.#failed('warn', code, `the API answered ${res.status} to ${batch.count} results; keeping them`);
      } else if (res.status === 401 || res.status === 403) {
        this.#failed('error', code, `the API refused the agent's token (${res.status}); keeping the results`);
      } else {
        this.#failed(
          'error',
          code,
          `the API refused a batch of ${batch.count} results (${res.status}); keeping it`,
        );
      }
      return { ok: false, retryAfterMs: retryAfterMs(res) };
    } catch (err) {
      const code = err instanceof ApiUnreachableError ? err.code : 'BAD_ANSWER';
      this.#failed('warn', code, `cannot send results: ${(err as Error).message}; keeping them`);
      return { ok: false };
    }
  }

  #failed(level: 'warn' | 'error', code: string, message: string): void {
    this.#opts.errors?.record(null, code, message);
    this.#opts.logger[level]({ code, buffered: this.#opts.buffer.stats.buffered }, message);
  }

  /** Waits `ms`, or until stopped, or (unless `backingOff`) until results are ready. */
  #sleep(ms: number, backingOff = false): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = () => {
        if (this.#stopped || !backingOff) done();
      };
    });
  }
}
