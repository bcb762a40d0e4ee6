import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ENTRY, REPO_ROOT, startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';
import { startPostgresServer } from '../src/test/postgres-server.ts';

/** The API as its users run it: `node api/src/index.ts` with environment variables. */
describe('the API process', () => {
  const running: ApiProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'plinth-data-'));
    dirs.push(d);
    return d;
  };
  const start = async (env: Record<string, string>) => {
    const p = await startApiProcess(env);
    running.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses bad configuration with one line naming the variable and a non-zero exit', () => {
    const result = spawnSync(process.execPath, [API_ENTRY], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, PORT: 'abc' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT must be an integer from 1 to 65535/);
  });

  it('keeps its data across restarts on the embedded database', async () => {
    const dataDir = tempDir();
    const first = await start({ PLINTH_DATA_DIR: dataDir });
    await first.waitReady();
    expect(first.output()).toMatch(/generated password [A-Za-z0-9]{24}/);
    expect(await first.stop()).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');

    const second = await start({ PLINTH_DATA_DIR: dataDir });
    await second.waitReady();
    // Same admin, same generated keys: nothing was created anew.
    expect(second.output()).not.toContain('generated password');
    expect(second.output()).not.toContain('generated PLINTH_ENCRYPTION_KEY');
    expect(await second.stop()).toBe(0);
  });

  it('refuses to open an embedded data directory another process is using', async () => {
    const dataDir = tempDir();
    const owner = await start({ PLINTH_DATA_DIR: dataDir });
    await owner.waitReady();
    const intruder = await start({ PLINTH_DATA_DIR: dataDir });
    expect(await intruder.exited).not.toBe(0);
    expect(intruder.output()).toContain('is in use by process');
    expect((await fetch(`${owner.url}/readyz`)).status).toBe(200);
    await owner.stop();
  });

  it('starts two replicas on one PostgreSQL database at the same time without a migration error', async () => {
    const url = await freshDatabaseUrl();
    const env = { DATABASE_URL: url, ...TEST_KEYS };
    const [a, b] = await Promise.all([start(env), start(env)]);
    await Promise.all([a.waitReady(), b.waitReady()]);
    const output = a.output() + b.output();
    expect(output).not.toContain('database not ready');
    expect(output).not.toMatch(/"level":"(error|fatal)"/);
    expect(output.match(/generated password/g) ?? []).toHaveLength(1);
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
  });

  it('turns /readyz 503 while PostgreSQL is down and 200 again when it is back, without a restart', async () => {
    const pg = await startPostgresServer();
    try {
      const api = await start({ DATABASE_URL: await pg.createDatabase(), ...TEST_KEYS });
      await api.waitReady(200);
      await pg.stop();
      await api.waitReady(503, 15_000);
      const body = (await (await fetch(`${api.url}/readyz`)).json()) as { checks: { database: string } };
      expect(body.checks.database).toBe('unreachable');
      expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
      await pg.start();
      await api.waitReady(200, 30_000);
      expect(api.child.exitCode).toBeNull();
      expect(await api.stop()).toBe(0);
    } finally {
      await pg.destroy();
    }
  });
});
