import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../api/src/test/api-process.ts';
import { freePort } from '../api/src/test/postgres-server.ts';
import { eventually } from '../api/src/test/eventually.ts';

/** The README's "A first bucket" shell lines: the fenced block between its markers, verbatim. */
function readmeBlock(marker = 'first-bucket'): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = new RegExp(
    `<!-- ${marker}:start -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${marker}:end -->`,
  ).exec(readme);
  if (!section) throw new Error(`README.md has no \`\`\`sh block between the ${marker} markers`);
  return section[1]!;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The README's "A first bucket" section, from its heading to the next. */
function readmeSection(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  return /## A first bucket[\s\S]*?(?=\n## )/.exec(readme)![0];
}

/** Runs the README's lines with bash (-euo pipefail) in `cwd`, as a reader in the checkout would. */
function runBlock(cwd: string) {
  return spawnSync('bash', ['-euo', 'pipefail', '-c', readmeBlock()], {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/**
 * `npm run dev` (API, local MinIO, ready PLINTH_CONFIG) and the README's lines against it: sign in,
 * organization, workspace, bucket, an object uploaded with the bucket's own credentials and read back.
 */
describe('the README: a first bucket with npm run dev', () => {
  let dev: ChildProcess;
  let work: string;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'plinth-first-bucket-'));
    dev = spawn('npm', ['run', 'dev'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PLINTH_DEV_DIR: join(work, '.data-dev'),
        PORT: String(await freePort()),
        PLINTH_METRICS_PORT: String(await freePort()),
      },
      // Its own process group, so the test can stop npm, the script, MinIO and the API at once.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    dev.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => dev.once('exit', (code) => resolve(code)));
    await eventually(
      'npm run dev ready',
      (stop) => {
        if (dev.exitCode !== null) stop(`it exited with ${dev.exitCode}:\n${output}`);
        return output.includes('plinth-dev: ready');
      },
      { timeoutMs: 110_000, intervalMs: 200, diagnostics: () => output },
    );
  });
  afterAll(() => {
    if (dev?.pid && groupAlive(dev.pid)) process.kill(-dev.pid, 'SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it("creates a bucket and uploads to it with the README's exact lines", () => {
    const result = runBlock(work);
    expect(result.status, `${result.stdout}\n${result.stderr}\n${output}`).toBe(0);
    expect(result.stdout.trim()).toBe('hello, bucket');
  });

  it('runs the same lines again with the same result, leaving no file in the checkout', () => {
    const again = runBlock(work);
    expect(again.status, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout.trim()).toBe('hello, bucket');
    // `work` stands for the checkout: only what npm run dev keeps there.
    expect(readdirSync(work)).toEqual(['.data-dev']);
  });

  it("creates a bucket and uploads to it with the README's command-line lines, config outside the checkout", () => {
    // `plinth` as the README says to have it: the checkout's sources on PATH (docs/cli.md).
    const bin = mkdtempSync(join(tmpdir(), 'plinth-first-bucket-bin-'));
    const config = mkdtempSync(join(tmpdir(), 'plinth-first-bucket-config-'));
    try {
      writeFileSync(
        join(bin, 'plinth'),
        `#!/usr/bin/env bash\nexec "${process.execPath}" "${join(REPO_ROOT, 'cli/src/main.ts')}" "$@"\n`,
        { mode: 0o755 },
      );
      const result = spawnSync('bash', ['-euo', 'pipefail', '-c', readmeBlock('first-bucket-cli')], {
        cwd: work,
        env: { PATH: `${bin}:${process.env.PATH}`, HOME: work, XDG_CONFIG_HOME: config },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout.trim()).toBe('hello, bucket');
      // What plinth says, besides any noise of the machine's bash start-up files.
      expect(result.stderr).toMatch(/^Signed in to http:\/\/\S+ as admin \(context "default"\)\.$/m);
      expect(readdirSync(work)).toEqual(['.data-dev']);
    } finally {
      rmSync(bin, { recursive: true, force: true });
      rmSync(config, { recursive: true, force: true });
    }
  });

  it("offers the region config/samples' S3Bucket asks for, as the operator section applies it", async () => {
    const env = readFileSync(join(work, '.data-dev', 'dev.env'), 'utf8');
    const setting = (name: string) => new RegExp(`^${name}='(.*)'$`, 'm').exec(env)![1]!;
    const sample = readFileSync(join(REPO_ROOT, 'config/samples/plinth_v1alpha1_s3bucket.yaml'), 'utf8');
    const region = /^\s+region: (\S+)$/m.exec(sample)![1]!;
    const login = await fetch(`${setting('PLINTH_URL')}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: setting('PLINTH_ADMIN_PASSWORD') }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${setting('PLINTH_URL')}/api/v1/s3/regions/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { results } = (await res.json()) as { results: { name: string }[] };
    expect(results.map((r) => r.name)).toContain(region);
    expect(readmeSection()).toContain(`\`${region}\` (the region of \`config/samples/\`)`);
  });

  it('says when usage is measured, where a new user waits for "not measured yet" to change', () => {
    expect(readmeSection()).toMatch(/every 5 minutes \(`PLINTH_USAGE_INTERVAL_SECONDS`/);
  });

  it('stops at the login line with the login error when the password is wrong', () => {
    const elsewhere = join(work, 'wrong-password');
    mkdirSync(join(elsewhere, '.data-dev'), { recursive: true });
    const env = readFileSync(join(work, '.data-dev', 'dev.env'), 'utf8');
    writeFileSync(
      join(elsewhere, '.data-dev', 'dev.env'),
      env.replace(/^PLINTH_ADMIN_PASSWORD=.*$/m, "PLINTH_ADMIN_PASSWORD='not-the-password'"),
    );
    const result = runBlock(elsewhere);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Invalid username or password');
    expect(result.stderr).not.toContain('malformed');
    expect(result.stdout).toBe('');
  });

  it('stops the API and MinIO on Ctrl-C', async () => {
    const minio = /^MINIO_ENDPOINT='(.*)'$/m.exec(
      readFileSync(join(work, '.data-dev', 'dev.env'), 'utf8'),
    )![1]!;
    // A terminal's Ctrl-C: SIGINT to the whole foreground group (npm itself exits on it at once).
    process.kill(-dev.pid!, 'SIGINT');
    await exited;
    await eventually('every process of npm run dev to stop', () => !groupAlive(dev.pid!), {
      timeoutMs: 40_000,
      intervalMs: 200,
    });
    await expect(fetch(`${minio}/minio/health/live`)).rejects.toThrow();
    expect(output).toContain('"msg":"stopped"');
  });
});
