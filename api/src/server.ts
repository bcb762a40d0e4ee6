import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

/** What `serve` needs of an app: the API's, or the metrics listener's. */
type Fetchable = { fetch: Parameters<typeof serve>[0]['fetch'] };

export interface RunningServer {
  readonly port: number;
  /**
   * Stops accepting connections, lets in-flight requests finish, and after `timeoutMs` cuts the
   * connections that are still open. Resolves once the listener is closed.
   */
  close(timeoutMs: number): Promise<void>;
}

/** Listens on `host:port` (port 0 picks a free one) and resolves once accepting connections. */
export function startServer(app: Fetchable, opts: { port: number; host: string }): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host }, (info) => {
      resolve({ port: info.port, close: (timeoutMs) => closeServer(server, timeoutMs) });
    }) as Server;
    server.once('error', reject);
    // Slow-loris guard; keep-alive longer than typical load balancer idle timeouts (60 s).
    server.headersTimeout = 30_000;
    server.requestTimeout = 60_000;
    server.keepAliveTimeout = 65_000;
  });
}

function closeServer(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    // Keep-alive sockets with no request in flight would otherwise hold close() open.
    server.closeIdleConnections();
  });
}
