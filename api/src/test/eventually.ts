import { inspect } from 'node:util';

/** Thrown by `stop()`: ends the wait at once instead of polling again. */
class Stopped extends Error {}

export interface EventuallyOptions<T> {
  /** How long to keep trying (30 s unless said). */
  timeoutMs?: number;
  /** The pause between tries (100 ms unless said). */
  intervalMs?: number;
  /**
   * Whether the value is the one awaited (a response with the right status, say), so that the
   * failure shows the last one. Without it, anything but `undefined` and `false` is: a check may
   * be a condition (`true`) or return the value it found.
   */
  until?: (value: T) => boolean;
  /**
   * What a throw from `check` means: not yet (`retry`, the default, so an `expect` works as a
   * condition), or a failure at once (`fail`, for a check whose `expect`s must hold on every try).
   */
  onError?: 'retry' | 'fail';
  /** More to say when time runs out: a process's log, a resource's status. */
  diagnostics?: () => string | Promise<string>;
}

/**
 * The one wait of the tests: tries `check` until its value is the one awaited, every `intervalMs`
 * for `timeoutMs`, and returns that value. A throw counts as not yet unless `onError` says
 * otherwise. Past the deadline it fails with `what`, the last value or error, and the
 * diagnostics. `check` may call `stop(reason)` to fail at once, when waiting longer cannot help (a
 * process that exited).
 */
export async function eventually<T>(
  what: string,
  check: (stop: (reason: string) => never) => T | undefined | false | Promise<T | undefined | false>,
  opts: EventuallyOptions<T> = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const stop = (reason: string): never => {
    throw new Stopped(`${what}: ${reason}`);
  };
  const deadline = Date.now() + timeoutMs;
  let last: string;
  for (;;) {
    try {
      const value = await check(stop);
      if (opts.until ? opts.until(value as T) : value !== undefined && value !== false) return value as T;
      last = `last value: ${describe(value)}`;
    } catch (err) {
      if (err instanceof Stopped || opts.onError === 'fail') throw err;
      last = `last error: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (Date.now() > deadline) {
      const extra = opts.diagnostics ? `\n${await opts.diagnostics()}` : '';
      throw new Error(`${what}: not within ${timeoutMs} ms (${last})${extra}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}

/** A value as a failure message shows it: one line, a few levels deep, not too long. */
function describe(value: unknown): string {
  const text = inspect(value, { depth: 4, breakLength: Infinity });
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
