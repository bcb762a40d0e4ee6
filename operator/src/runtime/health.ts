import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface HealthServerOptions {
  host: string;
  port: number;
  registry: Registry;
  /** `undefined` when ready, else why not (shown in the 503 body). */
  notReadyReason: () => string | undefined;
}

/**
 * `/healthz` (the process answers), `/readyz` (caches synced and, with election on, leading) and
 * `/metrics`. Plain node:http: three fixed routes need no framework.
 */
export async function startHealthServer(
  opts: HealthServerOptions,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok\n');
    } else if (path === '/readyz') {
      const reason = opts.notReadyReason();
      res
        .writeHead(reason ? 503 : 200, { 'Content-Type': 'text/plain' })
        .end(reason ? `not ready: ${reason}\n` : 'ok\n');
    } else if (path === '/metrics') {
      opts.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': opts.registry.contentType }).end(text),
        () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'),
      );
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : opts.port };
}
