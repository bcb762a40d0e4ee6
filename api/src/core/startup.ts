import { createServer } from 'node:net';
import type { DatabaseOptions } from './db/client.ts';

/**
 * A start-up failure the user can fix (a port or data directory taken): printed as one line,
 * `plinth-api: <message>`, with exit code 2, like a bad variable. No stack: nothing in it would help.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** What a listener error means to the person starting the API, or undefined when it is not theirs to fix. */
export function listenFailure(
  err: unknown,
  variable: 'PORT' | 'PLINTH_METRICS_PORT',
  host: string,
  port: number,
): StartupError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const where = `${variable} ${port} (on ${host})`;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `${where} is already in use; stop the process using it or set another ${variable}`,
    );
  if (code === 'EACCES')
    return new StartupError(`${where} may not be bound by this user; set another ${variable}`);
  if (code === 'EADDRNOTAVAIL') return new StartupError(`${where}: the address is not on this machine`);
  return undefined;
}

/** Binds and releases `host:port`, failing with a {@link StartupError} when it cannot be bound. */
function probe(variable: 'PORT' | 'PLINTH_METRICS_PORT', host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err) => reject(listenFailure(err, variable, host, port) ?? err));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Checks that both listeners' ports are free before anything is created (data directory, keys),
 * so a busy port leaves no trace. A port taken between this check and the listen still gets the
 * one-line message (see {@link listenFailure}).
 */
/** The listeners a process is about to open. */
export interface Listeners {
  readonly host: string;
  readonly port: number;
  readonly metricsHost: string;
  readonly metricsPort: number;
}

export async function checkPortsFree(config: Listeners) {
  if (config.port !== 0) await probe('PORT', config.host, config.port);
  if (config.metricsPort !== 0) await probe('PLINTH_METRICS_PORT', config.metricsHost, config.metricsPort);
}

/**
 * Where the database is, for log lines: `host:port` of `DATABASE_URL` (never its user, password or
 * options), or the embedded database's directory.
 */
export function databaseTarget(database: DatabaseOptions): string {
  if (database.kind === 'pglite') return `embedded database in ${database.dataDir}`;
  try {
    const url = new URL(database.url);
    const host = url.hostname || 'localhost';
    return `PostgreSQL at ${host}:${url.port || '5432'}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL could not be parsed for a host)';
  }
}

/** Sockets that failed (Node's system errors, which name their syscall). */
const NETWORK_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT', 'ENOTCONN']);
/** postgres.js's own errors for a connection lost or ended (they name the server's address). */
const DRIVER_CONNECTION_ERRORS = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']);

/**
 * True for a rejection nobody awaited that a database outage leaves behind: a socket error, or
 * postgres.js's connection-lost error for a query no caller waits on (porsager/postgres#600). The
 * process survives these (its /readyz turns 503); anything else still ends it.
 */
export function isOutageLeftover(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, syscall, address } = err as { code?: unknown; syscall?: unknown; address?: unknown };
  if (typeof code !== 'string') return false;
  if (NETWORK_ERRORS.has(code)) return typeof syscall === 'string';
  return DRIVER_CONNECTION_ERRORS.has(code) && address !== undefined;
}
