import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startApiProcess, TEST_KEYS } from '../../api/src/test/api-process.ts';
import type { ApiProcess } from '../../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../../api/src/test/minio-server.ts';

const run = promisify(execFile);

/** Runs a command; on failure the error carries its output. */
export async function sh(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  try {
    return await run(cmd, args, { maxBuffer: 1 << 26, ...opts });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, {
      cause: err,
    });
  }
}

/** The bootstrap Super Admin of a live API: `admin` with this password. */
export const ADMIN_PASSWORD = 'clients-bootstrap-password';

export interface LiveApi {
  readonly api: ApiProcess;
  /** The API's base address, `http://127.0.0.1:<port>`. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A real API process on a fresh PostgreSQL database with a real MinIO behind its `eu-central`
 * region, as the generated clients' live tests call it. The bootstrap user is `admin` /
 * {@link ADMIN_PASSWORD}; everything else the tests create through the API. `env` adds settings.
 */
export async function startLiveApi(env: Record<string, string> = {}): Promise<LiveApi> {
  const minio = await startMinioServer();
  const work = mkdtempSync(join(tmpdir(), 'plinth-clients-'));
  try {
    const api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PLINTH_CONFIG: writeStorageConfig(work, minio, {
        userEnv: 'CLIENTS_MINIO_USER',
        passwordEnv: 'CLIENTS_MINIO_PASSWORD',
      }),
      CLIENTS_MINIO_USER: minio.accessKey,
      CLIENTS_MINIO_PASSWORD: minio.secretKey,
      LOG_LEVEL: 'warn',
      ...env,
    });
    await api.waitReady();
    return {
      api,
      url: api.url,
      async stop() {
        await api.stop('SIGKILL');
        await minio.stop();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await minio.stop();
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
