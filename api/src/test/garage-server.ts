import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageConfig } from '../areas/buckets/storage/config.ts';
import { freePort, runToolScript, withScratchDir } from './process.ts';

/**
 * A throwaway single-node Garage for tests: the binary from `scripts/tools/garage.sh` (built from
 * crates.io on first use), a temp directory for metadata (SQLite) and data, free loopback ports for
 * RPC, S3 and the admin API, a random RPC secret and admin token (passed in the environment, never
 * written to disk or printed), `replication_factor = 1`, and the one-node layout applied through
 * the admin API before it is handed out. Its log is `garage.log` in that directory.
 */
export interface GarageServer {
  /** `http://127.0.0.1:<port>`, the S3 API. */
  readonly s3Endpoint: string;
  /** `http://127.0.0.1:<port>`, the admin API (v2). */
  readonly adminEndpoint: string;
  /** Bearer token of the admin API. */
  readonly adminToken: string;
  /** The server's `s3_region`: what every signature must name. */
  readonly region: string;
  /** Stops the node and starts it again on the same data and ports (what survives a restart). */
  restart(): Promise<void>;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
}

/** One admin API call; throws with the status and Garage's JSON error (never the token). */
async function admin<T>(
  server: { adminEndpoint: string; adminToken: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.adminEndpoint}/v2/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${server.adminToken}`,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`garage admin ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Starts a fresh Garage node with its layout applied; always `stop()` it, even when a test fails. */
export function startGarageServer(opts: { region?: string } = {}): Promise<GarageServer> {
  return withScratchDir('plinth-garage-', async (dir) => {
    const bin = await runToolScript('garage.sh');
    const [rpcPort, s3Port, adminPort] = [await freePort(), await freePort(), await freePort()];
    const region = opts.region ?? 'garage';
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const adminEndpoint = `http://127.0.0.1:${adminPort}`;
    const adminToken = randomBytes(32).toString('base64url');
    const configPath = join(dir.path, 'garage.toml');
    writeFileSync(
      configPath,
      [
        `metadata_dir = "${join(dir.path, 'meta')}"`,
        `data_dir = "${join(dir.path, 'data')}"`,
        // Both engines are in the default build; SQLite needs no memory map sized up front.
        'db_engine = "sqlite"',
        'replication_factor = 1',
        `rpc_bind_addr = "127.0.0.1:${rpcPort}"`,
        `rpc_public_addr = "127.0.0.1:${rpcPort}"`,
        '',
        '[s3_api]',
        `s3_region = "${region}"`,
        `api_bind_addr = "127.0.0.1:${s3Port}"`,
        '',
        '[admin]',
        `api_bind_addr = "127.0.0.1:${adminPort}"`,
        '',
      ].join('\n'),
    );
    const spec = {
      name: 'garage',
      command: bin,
      args: ['-c', configPath, 'server'],
      env: {
        ...process.env,
        // Secrets through the environment: the config file holds none.
        GARAGE_RPC_SECRET: randomBytes(32).toString('hex'),
        GARAGE_ADMIN_TOKEN: adminToken,
        RUST_LOG: process.env.RUST_LOG ?? 'garage=info',
        RUST_BACKTRACE: '0',
      },
    };
    // The same data, ports and secrets on a restart; each start appends to garage.log.
    let node = await dir.start(spec);
    const endpoints = { adminEndpoint, adminToken };
    const healthy = () =>
      node.waitFor('a healthy cluster', async () => {
        const health = await admin<{ status: string }>(endpoints, 'GET', 'GetClusterHealth');
        return health.status === 'healthy';
      });

    // The admin API answers before the node has a role; the layout gives it one.
    const status = await node.waitFor('admin API', () =>
      admin<{ nodes: { id: string }[] }>(endpoints, 'GET', 'GetClusterStatus'),
    );
    const id = status.nodes[0]?.id;
    if (!id || status.nodes.length !== 1)
      throw new Error(`garage: expected one node, got ${JSON.stringify(status.nodes)}`);
    const staged = await admin<{ version: number }>(endpoints, 'POST', 'UpdateClusterLayout', {
      roles: [{ id, zone: 'dc1', capacity: 1_000_000_000, tags: [] }],
    });
    await admin(endpoints, 'POST', 'ApplyClusterLayout', { version: staged.version + 1 });
    await healthy();

    return {
      s3Endpoint,
      adminEndpoint,
      adminToken,
      region,
      async restart() {
        await node.stop();
        node = await dir.start(spec);
        await healthy();
      },
      stop: () => dir.remove(),
    };
  });
}

/** In-process storage configuration: one cluster `garage-test` on `garage`, serving `regions`. */
export function garageStorageConfig(garage: GarageServer, regions = ['eu-central']): StorageConfig {
  return {
    clusters: new Map([['garage-test', garageClusterConfig(garage)]]),
    regions: new Map(regions.map((r) => [r, 'garage-test'])),
  };
}

/** The cluster entry `garageStorageConfig` uses, for configurations with several clusters. */
export function garageClusterConfig(garage: GarageServer, name = 'garage-test') {
  return {
    name,
    driver: 'garage' as const,
    endpoint: garage.s3Endpoint,
    publicEndpoint: garage.s3Endpoint,
    pathStyle: true,
    signingRegion: garage.region,
    adminEndpoint: garage.adminEndpoint,
    adminToken: garage.adminToken,
    apiKeyName: 'plinth-api',
  };
}

/**
 * A `PLINTH_CONFIG` file for an API process: one Garage cluster (`garage-local`, path-style,
 * signing with the server's `s3_region`) and one region named like that `s3_region`
 * (docs/configuration.md), the admin token read from the variable `tokenEnv` (the file holds no
 * secret). Returns its path.
 */
export function writeGarageStorageConfig(
  dir: string,
  garage: Pick<GarageServer, 's3Endpoint' | 'adminEndpoint' | 'region'>,
  env: { tokenEnv: string },
): string {
  const path = join(dir, 'plinth.yaml');
  writeFileSync(
    path,
    [
      'clusters:',
      '  - name: garage-local',
      '    driver: garage',
      `    endpoint: ${garage.s3Endpoint}`,
      '    path_style: true',
      `    signing_region: ${garage.region}`,
      `    admin_endpoint: ${garage.adminEndpoint}`,
      `    admin_token_env: ${env.tokenEnv}`,
      'regions:',
      `  - name: ${garage.region}`,
      '    cluster: garage-local',
      '',
    ].join('\n'),
  );
  return path;
}
