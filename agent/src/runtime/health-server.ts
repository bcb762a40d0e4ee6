import { createServer } from 'node:http';
import type { Server } from 'node:http';

/**
 * `GET /healthz` for Kubernetes' probes: 200 while the process answers, with the agent's status in
 * the body for a human. Always 200: a restart cures neither an unreachable API nor a full disk,
 * and would lose the checks in flight. Plain node:http: one fixed route needs no framework.
 */
export async function startHealthServer(
  port: number,
  status: () => string,
  host = '0.0.0.0',
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
    } else if (path === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`ok ${status()}\n`);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
    }
  });
  // Probes open a connection each time; no reason to hold idle ones.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}
