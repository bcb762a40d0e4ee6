import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { buildBusyboxImage } from '../../../test/oci-image.ts';
import { createOciRunner } from './oci.ts';
import { RunnerError } from './runner.ts';
import type { Runner, RunOutcome, RunSpec } from './runner.ts';

const exec = promisify(execFile);

/** Real runc, umoci, skopeo and busybox-static (scripts/ensure-tools.sh installs them): no mocks. */
describe('the OCI runner (runc, umoci)', () => {
  let dir: string;
  let imagesDir: string;
  let workDir: string;
  let runner: Runner;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-oci-'));
    imagesDir = join(dir, 'images');
    workDir = join(dir, 'work');
    await mkdir(imagesDir);
    // A tiny image built here: busybox and its applets as one layer, an env.
    const layout = await buildBusyboxImage(imagesDir, 'tiny', {
      env: ['FROM_IMAGE=image', 'OVERRIDDEN=image'],
    });
    // Archives: one written without a tag (answers to `latest`), one with its tag.
    await exec('skopeo', ['copy', `oci:${layout}:v1`, `oci-archive:${join(imagesDir, 'packed.tar')}`]);
    await exec('skopeo', ['copy', `oci:${layout}:v1`, `oci-archive:${join(imagesDir, 'tagged.tar')}:v2`]);
    runner = createOciRunner({ imagesDir, workDir });
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const spec = (over: Partial<RunSpec>): RunSpec => ({
    transaction: randomUUID(),
    image: 'tiny:v1',
    command: ['sh', '-c', 'echo hello'],
    env: {},
    deadlineSeconds: 30,
    ...over,
  });

  async function run(s: RunSpec): Promise<{ outcome: RunOutcome; output: string }> {
    let output = '';
    const handle = await runner.start(s, (chunk) => (output += chunk));
    const outcome = await handle.done;
    await expectCleanedUp(s.transaction);
    return { outcome, output };
  }

  async function expectCleanedUp(transaction: string) {
    const { stdout } = await exec('runc', ['list', '-q']);
    expect(stdout.split('\n')).not.toContain(`plinth-${transaction}`);
    expect(existsSync(join(workDir, transaction))).toBe(false);
  }

  async function startFailure(s: RunSpec): Promise<RunnerError> {
    const err = await runner
      .start(s, () => undefined)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(RunnerError);
    await expectCleanedUp(s.transaction);
    return err as RunnerError;
  }

  it('runs a command, passes its stdout and stderr (multi-byte characters whole), exits 0', async () => {
    const { outcome, output } = await run(
      spec({ command: ['sh', '-c', 'echo hello; echo "grüße ✓ 🚀" >&2'] }),
    );
    expect(outcome).toEqual({ kind: 'exited', exitCode: 0 });
    expect(output).toContain('hello\n');
    expect(output).toContain('grüße ✓ 🚀\n');
  });

  it("reports the process's exit code", async () => {
    const { outcome } = await run(spec({ command: ['sh', '-c', 'exit 3'] }));
    expect(outcome).toEqual({ kind: 'exited', exitCode: 3 });
  });

  it("merges the run's environment over the image's, sets the hostname, has no network", async () => {
    const { outcome, output } = await run(
      spec({
        command: ['sh', '-c', 'echo "$FROM_IMAGE $OVERRIDDEN $FROM_RUN"; hostname; cat /proc/net/dev'],
        env: { OVERRIDDEN: 'run', FROM_RUN: 'yes it is' },
      }),
    );
    expect(outcome).toEqual({ kind: 'exited', exitCode: 0 });
    const lines = output.split('\n');
    expect(lines[0]).toBe('image run yes it is');
    expect(lines[1]).toBe('plinth-action');
    // /proc/net/dev: two header lines, then one line per interface: only loopback.
    const interfaces = lines.slice(4).filter((l) => l.includes(':'));
    expect(interfaces.map((l) => l.split(':')[0]!.trim())).toEqual(['lo']);
  });

  it('kills a run at its deadline', async () => {
    const started = Date.now();
    const { outcome } = await run(spec({ command: ['sleep', '30'], deadlineSeconds: 2 }));
    // runc reports the SIGKILL as the shell would: 128 + 9.
    expect(outcome).toEqual({ kind: 'killed', reason: 'deadline', exitCode: 137 });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cancels a running run; a second cancel is a no-op', async () => {
    const s = spec({ command: ['sh', '-c', 'echo started; sleep 30'] });
    let output = '';
    const handle = await runner.start(s, (chunk) => (output += chunk));
    await eventually('the action to start', () => output.includes('started'), { timeoutMs: 10_000 });
    const started = Date.now();
    await handle.cancel();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await handle.done).toMatchObject({ kind: 'killed', reason: 'cancelled' });
    await handle.cancel();
    await expectCleanedUp(s.transaction);
  });

  it('cancels a run right after its start, before the container is surely up', async () => {
    const s = spec({ command: ['sleep', '30'] });
    const handle = await runner.start(s, () => undefined);
    await handle.cancel();
    expect(await handle.done).toMatchObject({ kind: 'killed', reason: 'cancelled' });
    await expectCleanedUp(s.transaction);
  });

  it('gives concurrent runs of one image their own root filesystem', async () => {
    const script = 'test -e /marker && exit 9; touch /marker; sleep 1; test -e /marker';
    const results = await Promise.all([1, 2, 3].map(() => run(spec({ command: ['sh', '-c', script] }))));
    expect(results.map((r) => r.outcome)).toEqual(Array(3).fill({ kind: 'exited', exitCode: 0 }));
  });

  it('runs images from OCI archives: an untagged one as latest, a tagged one by its tag', async () => {
    for (const image of ['packed', 'packed:latest', 'tagged:v2']) {
      const { outcome, output } = await run(
        spec({ image, command: ['sh', '-c', 'echo "from $FROM_IMAGE"'] }),
      );
      expect(outcome, image).toEqual({ kind: 'exited', exitCode: 0 });
      expect(output, image).toBe('from image\n');
    }
    expect((await startFailure(spec({ image: 'tagged:latest' }))).code).toBe('image_not_found');
  });

  it('refuses missing images and tags, and names that are paths, as image_not_found', async () => {
    for (const image of [
      'nope:v1',
      'tiny:v9',
      '../images/tiny:v1',
      'tiny/../tiny',
      '..',
      'Tiny:v1',
      '',
      'tiny:',
    ]) {
      const err = await startFailure(spec({ image }));
      expect(err.code, image).toBe('image_not_found');
    }
    const err = await startFailure(spec({ image: 'tiny:v9' }));
    expect(err.message).toContain('tiny:v9');
  });

  it('replaces a container a crashed process left with the same ID', async () => {
    const tx = randomUUID();
    const bundle = join(dir, 'stale');
    await exec('umoci', ['unpack', '--image', `${join(imagesDir, 'tiny')}:v1`, bundle]);
    const configPath = join(bundle, 'config.json');
    const config = JSON.parse(await readFile(configPath, 'utf8')) as { process: Record<string, unknown> };
    config.process.terminal = false;
    config.process.args = ['sleep', '300'];
    await writeFile(configPath, JSON.stringify(config));
    await new Promise<void>((resolve, reject) => {
      const child = spawn('runc', ['run', '--detach', '--bundle', bundle, `plinth-${tx}`], {
        stdio: 'ignore',
      });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`runc run --detach: ${code}`)),
      );
    });
    expect((await exec('runc', ['list', '-q'])).stdout).toContain(`plinth-${tx}`);
    const { outcome, output } = await run(spec({ transaction: tx, command: ['echo', 'fresh'] }));
    expect(outcome).toEqual({ kind: 'exited', exitCode: 0 });
    expect(output).toBe('fresh\n');
    await rm(bundle, { recursive: true, force: true });
  });

  it('ends a command that does not exist as a failed exit with the reason in the output', async () => {
    const { outcome, output } = await run(spec({ command: ['/bin/nope'] }));
    expect(outcome).toEqual({ kind: 'exited', exitCode: 1 });
    expect(output).toContain('/bin/nope');
  });

  it('refuses a transaction that cannot name a container', async () => {
    const err = await runner.start(spec({ transaction: '../x' }), () => undefined).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'runner_failed' });
  });
});
