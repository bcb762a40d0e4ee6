import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageConfig } from '../areas/buckets/storage/config.ts';
import { freePort } from './postgres-server.ts';

/**
 * A throwaway MinIO server for tests: the binary from `scripts/tools/minio.sh` (built from source
 * on first use), a temp data directory, free loopback ports, random root credentials, and the
 * usage scanner at full speed so `datausageinfo` catches up within a test's patience.
 */
export interface MinioServer {
  /** `http://127.0.0.1:<port>`, the S3 and admin API. */
  readonly endpoint: string;
  /** Root credentials. */
  readonly accessKey: string;
  readonly secretKey: string;
  /** Stops the server process (an outage), keeping its data, ports and credentials. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same data, ports and credentials; resolves once ready. */
  resume(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function findMinioBin(): string {
  const found = spawnSync('bash', [join(repoRoot, 'scripts/tools/minio.sh')], {
    encoding: 'utf8',
    // The first run builds MinIO from source: its progress goes straight to the test output.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const bin = found.stdout.trim();
  if (found.status !== 0 || !bin) throw new Error(`scripts/tools/minio.sh failed (exit ${found.status})`);
  return bin;
}

async function waitReady(endpoint: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`minio exited with ${child.exitCode ?? child.signalCode}:\n${log()}`);
    try {
      const res = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`minio did not become ready in 60 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a fresh MinIO server; always `stop()` it, even when the test fails. */
export async function startMinioServer(): Promise<MinioServer> {
  const bin = findMinioBin();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-minio-'));
  const [port, consolePort] = [await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${port}`;
  const accessKey = `root-${randomBytes(4).toString('hex')}`;
  const secretKey = randomBytes(24).toString('base64url');
  let output = '';
  const launch = () => {
    const child = spawn(
      bin,
      [
        'server',
        join(dir, 'data'),
        '--address',
        `127.0.0.1:${port}`,
        '--console-address',
        `127.0.0.1:${consolePort}`,
      ],
      {
        env: {
          ...process.env,
          MINIO_ROOT_USER: accessKey,
          MINIO_ROOT_PASSWORD: secretKey,
          MINIO_SCANNER_SPEED: 'fastest',
          MINIO_UPDATE: 'off',
          // Its own config and certs directory, not the user's ~/.minio.
          HOME: dir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Keep only the tail: the log is for error messages, and the server runs for a whole suite.
    const collect = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('error', (err) => (output += `\n${String(err)}`));
    return child;
  };
  let child = launch();

  // A test process that dies without calling stop() (an uncaught error) still takes the server
  // and its data with it; only a SIGKILLed one leaves them behind.
  const killOnExit = () => {
    child.kill('SIGKILL');
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // best effort while exiting: a dying server may still be writing
    }
  };
  process.once('exit', killOnExit);

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    }
  };
  const stop = async () => {
    process.off('exit', killOnExit);
    await halt();
    rmSync(dir, { recursive: true, force: true });
  };
  const resume = async () => {
    child = launch();
    await waitReady(endpoint, child, () => output);
  };

  try {
    await waitReady(endpoint, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { endpoint, accessKey, secretKey, halt, resume, stop };
}

/** In-process storage configuration: one cluster `minio-test` on `minio`, serving `regions`. */
export function minioStorageConfig(minio: MinioServer, regions = ['eu-central']): StorageConfig {
  return {
    clusters: new Map([
      [
        'minio-test',
        {
          name: 'minio-test',
          driver: 'minio',
          endpoint: minio.endpoint,
          publicEndpoint: minio.endpoint,
          pathStyle: true,
          signingRegion: 'us-east-1',
          accessKey: minio.accessKey,
          secretKey: minio.secretKey,
        },
      ],
    ]),
    regions: new Map(regions.map((r) => [r, 'minio-test'])),
  };
}

/**
 * A `PLINTH_CONFIG` file with one MinIO cluster (`local`, path-style) and the region
 * `eu-central`, its admin credentials read from the variables `userEnv` and `passwordEnv`. Returns
 * its path.
 */
export function writeStorageConfig(
  dir: string,
  minio: Pick<MinioServer, 'endpoint'>,
  env: { userEnv: string; passwordEnv: string; publicEndpoint?: string },
): string {
  const path = join(dir, 'plinth.yaml');
  writeFileSync(
    path,
    [
      'clusters:',
      '  - name: local',
      '    driver: minio',
      `    endpoint: ${minio.endpoint}`,
      ...(env.publicEndpoint ? [`    public_endpoint: ${env.publicEndpoint}`] : []),
      '    path_style: true',
      `    admin_access_key_env: ${env.userEnv}`,
      `    admin_secret_key_env: ${env.passwordEnv}`,
      'regions:',
      '  - name: eu-central',
      '    cluster: local',
      '',
    ].join('\n'),
  );
  return path;
}
