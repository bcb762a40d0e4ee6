/**
 * What `npm run bench:api` runs against: a throwaway PostgreSQL and MinIO, and the API started as
 * production starts it (`npm start`'s Node flags, the image's environment), in its own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { startMinioServer, writeStorageConfig } from '../api/src/test/minio-server.ts';
import { startPostgresServer } from '../api/src/test/postgres-server.ts';
import type { PostgresServer } from '../api/src/test/postgres-server.ts';
import { benchApiNodeFlags } from './http.ts';

export const ADMIN = { username: 'admin', password: 'bench-admin-password' };

export interface Stack {
  pg: PostgresServer;
  databaseUrl: string;
  api: ApiProcess;
  stop(): Promise<void>;
}

export async function startStack(): Promise<Stack> {
  const pg = await startPostgresServer();
  const minio = await startMinioServer();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-bench-api-'));
  const databaseUrl = await pg.createDatabase('bench');
  const api = await startApiProcess(
    {
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_CONFIG: writeStorageConfig(dir, minio, {
        userEnv: 'BENCH_MINIO_USER',
        passwordEnv: 'BENCH_MINIO_PASSWORD',
      }),
      BENCH_MINIO_USER: minio.accessKey,
      BENCH_MINIO_PASSWORD: minio.secretKey,
      PLINTH_DATA_DIR: join(dir, 'data'),
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      // The run outlasts the default 15 minutes on a busy machine; seeded login tokens must not expire.
      PLINTH_LOGIN_TOKEN_TTL_SECONDS: '7200',
      LOG_LEVEL: 'warn',
    },
    {
      nodeArgs: benchApiNodeFlags(),
    },
  );
  try {
    await api.waitReady();
  } catch (err) {
    await api.stop();
    await minio.stop();
    await pg.destroy();
    throw err;
  }
  return {
    pg,
    databaseUrl,
    api,
    async stop() {
      await api.stop();
      await minio.stop();
      await pg.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
