import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageConfig } from '../areas/buckets/storage/config.ts';
import { freePort, runToolScript, withScratchDir } from './process.ts';

/**
 * A throwaway MinIO server for tests: the binary from `scripts/tools/minio.sh` (built from source
 * on first use), a temp data directory (its log `minio.log` there), free loopback ports, random root
 * credentials, and the usage scanner at full speed so `datausageinfo` catches up within a test's
 * patience.
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

/** Starts a fresh MinIO server; always `stop()` it, even when the test fails. */
export function startMinioServer(): Promise<MinioServer> {
  return withScratchDir('plinth-minio-', async (dir) => {
    const bin = await runToolScript('minio.sh');
    const [port, consolePort] = [await freePort(), await freePort()];
    const endpoint = `http://127.0.0.1:${port}`;
    const accessKey = `root-${randomBytes(4).toString('hex')}`;
    const secretKey = randomBytes(24).toString('base64url');
    const spec = {
      name: 'minio',
      command: bin,
      args: [
        'server',
        join(dir.path, 'data'),
        '--address',
        `127.0.0.1:${port}`,
        '--console-address',
        `127.0.0.1:${consolePort}`,
      ],
      env: {
        ...process.env,
        MINIO_ROOT_USER: accessKey,
        MINIO_ROOT_PASSWORD: secretKey,
        MINIO_SCANNER_SPEED: 'fastest',
        MINIO_UPDATE: 'off',
        // Its own config and certs directory, not the user's ~/.minio.
        HOME: dir.path,
      },
      // `ready` answers 200 before the object layer is up (S3 calls then get XMinioServerNotInitialized
      // on a loaded machine); the cluster probe answers 503 until it has quorum.
      ready: `${endpoint}/minio/health/cluster`,
    };
    let server = await dir.start(spec);
    return {
      endpoint,
      accessKey,
      secretKey,
      halt: () => server.stop(),
      resume: async () => {
        server = await dir.start(spec);
      },
      stop: () => dir.remove(),
    };
  });
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
