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
    const deadline = Date.now() + 30_000;
    while (!first.output().includes('paused after saga step')) {
      if (Date.now() > deadline) throw new Error(`the hook never paused:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [stuck] = await db`select id, state, attempts from jobs where kind = 'usage.refresh'`;
      expect(stuck).toMatchObject({ state: 'running', attempts: 1 });
      const second = await startApiProcess(env);
      running.push(second);
      await second.waitReady();
      const until = Date.now() + 60_000;
      for (;;) {
        const rows = await db`select id, state, attempts from jobs where kind = 'usage.refresh'`;
        if (rows.length === 1 && rows[0]!.state === 'done') {
          expect(rows[0]).toMatchObject({ id: stuck!.id, attempts: 2 });
          break;
        }
        if (Date.now() > until)
          throw new Error(`usage job not done (${JSON.stringify(rows)}):\n${second.output()}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      await second.stop();
    } finally {
      await db.end();
    }
  });
});
