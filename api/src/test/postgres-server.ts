import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, withScratchDir } from './process.ts';

export { freePort };

/**
 * A throwaway PostgreSQL cluster from Debian's server binaries, for tests: `initdb` into a temp
 * directory, the server on a free loopback port with its socket in that directory, no system
 * service, its log `postgres.log` in that directory. As root (CI), the server runs as the `postgres`
 * user, since it refuses to run as root.
 */
export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (fast shutdown); the data directory is kept. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes the data. */
  destroy(): Promise<void>;
  /** Creates a fresh empty database and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
}

export function findPostgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL server binaries not found (looked in /usr/lib/postgresql/*/bin): apt-get install -y postgresql, or set DATABASE_URL to a server for tests',
    );
  }
  return join(root, versions[0]!, 'bin');
}

function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root needs the postgres system user (apt-get install -y postgresql)');
  return { uid, gid };
}

/** Whether a server answers `select 1` at `url`. */
async function answers(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const owner = runAs();
  return withScratchDir('plinth-pg-', async (dir) => {
    if (owner.uid !== undefined) chownSync(dir.path, owner.uid, owner.gid!);
    const data = join(dir.path, 'data');
    const init = spawnSync(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
      { ...owner, encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const port = await freePort();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const spec = {
      name: 'postgres',
      command: join(bin, 'postgres'),
      args: [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir.path,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
      ],
      ...owner,
      ready: { what: 'select 1', until: () => answers(url) },
      readyTimeoutMs: 30_000,
      stopSignal: 'SIGINT' as const, // fast shutdown: disconnect clients, then stop
      graceMs: 30_000,
    };
    // The same data directory and port on each start; each appends to postgres.log.
    let server = await dir.start(spec);
    return {
      url,
      port,
      async start() {
        server = await dir.start(spec);
      },
      stop: () => server.stop(),
      destroy: () => dir.remove(),
      createDatabase: (prefix) => createDatabaseOn(url, prefix),
    };
  });
}

/** Creates a fresh database on an existing server (`DATABASE_URL` given to the test run). */
export async function createDatabaseOn(serverUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 2 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
