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
