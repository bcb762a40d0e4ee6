import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../src/test/minio-server.ts';
import type { MinioServer } from '../src/test/minio-server.ts';
import { eventually } from '../src/test/eventually.ts';

/**
 * The usage job survives SIGKILL: a process paused mid-run (reports gathered, not yet written) is
 * killed; after a restart the job is taken over once its lease expires, and completes.
 */
describe('usage job survives SIGKILL during a run', () => {
  let minio: MinioServer;
  let dir: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    minio = await startMinioServer();
    dir = mkdtempSync(join(tmpdir(), 'plinth-usage-crash-'));
    writeStorageConfig(dir, minio, { userEnv: 'TEST_MINIO_USER', passwordEnv: 'TEST_MINIO_PASSWORD' });
  });
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    await minio?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is completed by the restarted process', async () => {
    const url = await freshDatabaseUrl();
    const env = {
      DATABASE_URL: url,
      ...TEST_KEYS,
      PLINTH_CONFIG: join(dir, 'plinth.yaml'),
      TEST_MINIO_USER: minio.accessKey,
      TEST_MINIO_PASSWORD: minio.secretKey,
      // One interval for the whole test: the restarted process adds no job of its own.
      PLINTH_USAGE_INTERVAL_SECONDS: '86400',
    };
    const first = await startApiProcess({
      ...env,
      PLINTH_TEST_PAUSE_AFTER_STEP: 'usage',
      PLINTH_TEST_HOOKS: 'true',
    });
    running.push(first);
    await first.waitReady();
    await eventually('the hook to pause', () => first.output().includes('paused after saga step'), {
      intervalMs: 50,
      diagnostics: () => first.output(),
    });
    first.child.kill('SIGKILL');
    await first.exited;

    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [stuck] = await db`select id, state, attempts from jobs where kind = 'usage.refresh'`;
      expect(stuck).toMatchObject({ state: 'running', attempts: 1 });
      const second = await startApiProcess(env);
      running.push(second);
      await second.waitReady();
      const rows = await eventually(
        'the usage job done',
        async () =>
          await db<{ state: string }[]>`select id, state, attempts from jobs where kind = 'usage.refresh'`,
        {
          timeoutMs: 60_000,
          intervalMs: 500,
          until: (found) => found.length === 1 && found[0]!.state === 'done',
          diagnostics: () => second.output(),
        },
      );
      expect(rows[0]).toMatchObject({ id: stuck!.id, attempts: 2 });
      await second.stop();
    } finally {
      await db.end();
    }
  });
});
