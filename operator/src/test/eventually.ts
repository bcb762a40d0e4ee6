/**
 * Polls `check` until it returns something other than `undefined` or `false`, and returns that.
 * After `timeoutMs` it fails with `what`, the last error `check` threw, and `diagnostics()`.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  opts: { timeoutMs?: number; intervalMs?: number; diagnostics?: () => string | Promise<string> } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = String(err);
    }
    if (Date.now() > deadline) {
      const extra = opts.diagnostics ? `\n${await opts.diagnostics()}` : '';
      throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${last})` : ''}${extra}`);
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}
