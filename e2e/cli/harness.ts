import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT, startApiProcess, TEST_KEYS } from '../../api/src/test/api-process.ts';
import type { ApiProcess } from '../../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../../api/src/test/minio-server.ts';

export const CLI_ENTRY = join(REPO_ROOT, 'cli/src/main.ts');
export const ADMIN_PASSWORD = 'cli-bootstrap-password';

/** What a user sees of one run: the exit code and both streams. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An API on a fresh PostgreSQL database with a real MinIO behind `eu-central`. */
export interface CliApi {
  readonly api: ApiProcess;
  readonly url: string;
  stop(): Promise<void>;
}

export async function startCliApi(env: Record<string, string> = {}): Promise<CliApi> {
  const minio = await startMinioServer();
  const work = mkdtempSync(join(tmpdir(), 'plinth-cli-api-'));
  try {
    const api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PLINTH_CONFIG: writeStorageConfig(work, minio, {
        userEnv: 'CLI_MINIO_USER',
        passwordEnv: 'CLI_MINIO_PASSWORD',
      }),
      CLI_MINIO_USER: minio.accessKey,
      CLI_MINIO_PASSWORD: minio.secretKey,
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

/**
 * A user's machine: a home and `XDG_CONFIG_HOME` of its own, and `plinth` run as a child process
 * (the sources with Node, or `command` when given: the single-file build).
 */
export class Machine {
  readonly home = mkdtempSync(join(tmpdir(), 'plinth-cli-home-'));
  readonly configHome = join(this.home, 'config');
  private readonly command: string[];
  constructor(command: string[] = [process.execPath, CLI_ENTRY]) {
    this.command = command;
    mkdirSync(this.configHome);
  }

  get configDir(): string {
    return join(this.configHome, 'plinth');
  }

  run(
    args: string[],
    opts: { input?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
  ): Promise<Run> {
    const [bin, ...pre] = this.command;
    const child = spawn(bin!, [...pre, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: this.home,
        XDG_CONFIG_HOME: this.configHome,
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.end(opts.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
  }

  /** Runs and expects exit 0, returning stdout. */
  async ok(args: string[], opts: Parameters<Machine['run']>[1] = {}): Promise<string> {
    const result = await this.run(args, opts);
    expect(result.code, `plinth ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
    return result.stdout;
  }

  async json<T = any>(args: string[], opts: Parameters<Machine['run']>[1] = {}): Promise<T> {
    return JSON.parse(await this.ok([...args, '-o', 'json'], opts)) as T;
  }

  remove(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}

/** Replaces what differs between runs with placeholders of the same length, so columns still line up. */
export function normalise(text: string): string {
  return (
    text
      .replace(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
        'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
      )
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z/g, (m) =>
        '2000-01-01T00:00:00.000Z'.slice(0, m.length),
      )
      .replace(/127\.0\.0\.1:\d{5}/g, '127.0.0.1:PPPPP')
      // A bucket's access key ID: the first column of a credentials table (MinIO: capitals and digits).
      .replace(/^[A-Z0-9]{16,128}(?= {3})/gm, (key) => 'A'.repeat(key.length))
  );
}

/** Compares with e2e/cli/golden/<name>; `UPDATE_GOLDEN=1` writes the file instead. */
export function expectGolden(name: string, actual: string): void {
  const path = join(REPO_ROOT, 'e2e/cli/golden', name);
  const text = normalise(actual);
  if (process.env.UPDATE_GOLDEN) {
    writeFileSync(path, text);
    return;
  }
  if (!existsSync(path)) throw new Error(`missing golden file ${path}: run the test with UPDATE_GOLDEN=1`);
  expect(text, `golden file e2e/cli/golden/${name} (UPDATE_GOLDEN=1 rewrites it)`).toBe(
    readFileSync(path, 'utf8'),
  );
}
