import type { Server as HttpServer } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';
import { createServer } from 'node:net';

/** Listens on 127.0.0.1 on a port the kernel picks, and says which. */
export async function listen(server: NetServer | HttpServer): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return address.port;
}

const sockets = new WeakMap<NetServer | HttpServer, Set<Socket>>();

/** Closes a server and every connection still open on it. */
export function close(server: NetServer | HttpServer): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
    for (const socket of sockets.get(server) ?? []) socket.destroy();
  });
}

/** Keeps track of a plain TCP server's connections so `close` can end them. */
export function tracked<T extends NetServer>(server: T): T {
  const set = new Set<Socket>();
  sockets.set(server, set);
  server.on('connection', (s) => {
    set.add(s);
    s.once('close', () => set.delete(s));
  });
  return server;
}

/** A port nothing listens on: bound and released, so a connect to it is refused. */
export async function refusedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}
