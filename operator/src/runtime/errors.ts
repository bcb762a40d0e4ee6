/** The HTTP status of a Kubernetes API error (client-node's ApiException, or a watch error). */
export function kubeStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; statusCode?: unknown };
  if (typeof e.code === 'number') return e.code;
  if (typeof e.statusCode === 'number') return e.statusCode;
  return undefined;
}

/**
 * A one-line description of an error for logs and conditions. client-node's ApiException message
 * embeds the whole response (headers included); only the status and the server's message are kept.
 */
export function errorMessage(err: unknown): string {
  if (typeof err !== 'object' || err === null) return String(err);
  const e = err as { code?: unknown; body?: unknown; message?: unknown; name?: unknown };
  if (typeof e.code === 'number' && e.body !== undefined) {
    let detail = '';
    try {
      const body = (typeof e.body === 'string' ? JSON.parse(e.body) : e.body) as { message?: unknown };
      if (typeof body.message === 'string') detail = body.message;
    } catch {
      // not JSON: keep the status only
    }
    return `Kubernetes API ${e.code}${detail ? `: ${detail}` : ''}`;
  }
  return typeof e.message === 'string'
    ? e.message.split('\n')[0]!
    : typeof e.name === 'string'
      ? e.name
      : 'error';
}
