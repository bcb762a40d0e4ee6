import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** A request a test receiver got, read whole. */
export interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  /** The TLS server name the client sent (SNI), for an https receiver. */
  servername: string | false | undefined;
}

export interface Receiver {
  /** `http://127.0.0.1:<port>` (or the host it listens on), without a trailing slash. */
  origin: string;
  port: number;
  requests: Received[];
  close(): Promise<void>;
}

type Handler = (request: Received, response: ServerResponse) => void;

/**
 * A real HTTP (or, given a key and certificate, HTTPS) server on a loopback address that records
 * every request and answers with `handle`; `close` also cuts connections left hanging.
 */
export async function startReceiver(
  handle: Handler,
  options: { host?: string; tls?: { key: string; cert: string } } = {},
): Promise<Receiver> {
  const host = options.host ?? '127.0.0.1';
  const requests: Received[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: Received = {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        servername: (request.socket as { servername?: string | false }).servername,
      };
      requests.push(received);
      handle(received, response);
    });
  };
  const server = options.tls ? https.createServer(options.tls, onRequest) : http.createServer(onRequest);
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `${options.tls ? 'https' : 'http'}://${hostPart}:${port}`,
    port,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Answers `status` with a body (JSON unless a string is given). */
export const answer =
  (status: number, body: unknown = { received: true }, headers: Record<string, string> = {}): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
