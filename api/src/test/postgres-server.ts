import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

/**
 * A throwaway PostgreSQL cluster from Debian's server binaries, for tests: `initdb` into a temp
 * directory, the server on a free loopback port with its socket in that directory, no system
 * service. As root (CI), the server runs as the `postgres` user, since it refuses to run as root.
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

/** Whether `port` can be listened on at 127.0.0.1 now. */
function canListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(undefined));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : undefined));
    });
  });
}

/**
 * The ports the kernel hands out for outgoing connections and `listen(0)`
 * (`ip_local_port_range`; 32768-60999 by default).
 */
const EPHEMERAL: [number, number] = (() => {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low !== undefined && high !== undefined && low > 0) return [low, high];
  } catch {
    // not Linux: the default range
  }
  return [32768, 60999];
})();

/**
 * A free loopback port for a server a test starts, picked at random below the ephemeral range:
 * a port from `listen(0)` is one the kernel may give an outgoing connection (a package download,
 * a database client) before the server binds it, and the server then fails with "in use".
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = EPHEMERAL[0] - 1;
  for (let attempt = 0; high - low > 1000 && attempt < 50; attempt++) {
    const port = await canListen(low + Math.floor(Math.random() * (high - low)));
    if (port !== undefined) return port;
  }
  const port = await canListen(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root needs the postgres system user (apt-get install -y postgresql)');
  return { uid, gid };
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${log()}`);
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await sql`select 1`;
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`postgres did not become ready in 30 s:\n${log()}`);
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-pg-'));
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
    { ...owner, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
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
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitReady(url, child, () => output);
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGINT'); // fast shutdown: disconnect clients, then stop
    });
  };

  await start();
  return {
    url,
    port,
    start,
    stop,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    createDatabase: (prefix) => createDatabaseOn(url, prefix),
  };
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
