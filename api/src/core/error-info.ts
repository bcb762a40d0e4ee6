/**
 * What may be logged about an error: its class and the driver's code (a SQLSTATE such as 23505, or
 * ECONNREFUSED), found on it or in its `cause` chain. Never the message: database drivers put query
 * parameters there.
 */
export function errorInfo(err: unknown): { name: string; code?: string } {
  const name = err instanceof Error ? err.name : typeof err;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return { name, code };
  }
  return { name };
}

/**
 * The frames of an error's stack (its `    at …` lines, at most `max`), for finding where a server
 * error came from. Never its message, which heads the stack: a failed statement's message is
 * "Failed query: <sql>\nparams: <parameters>", password and token hashes included, and a
 * parameter's own lines could even look like frames, so the message's lines are skipped by count.
 */
export function stackFrames(err: unknown, max = 8): string | undefined {
  if (!(err instanceof Error) || !err.stack) return undefined;
  const messageLines = err.message.split('\n').length;
  const frames = err.stack
    .split('\n')
    .slice(messageLines)
    .filter((line) => /^ {4}at /.test(line))
    .slice(0, max);
  return frames.length > 0 ? frames.join('\n') : undefined;
}
