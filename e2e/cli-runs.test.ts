import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { eventually } from '../api/src/test/eventually.ts';
import { buildBusyboxImage } from '../api/src/test/oci-image.ts';
import { startReceiver } from '../api/src/test/webhook-receiver.ts';
import type { Receiver } from '../api/src/test/webhook-receiver.ts';
import { ADMIN_PASSWORD, CLI_ENTRY, Machine, startCliApi } from './cli/harness.ts';
import type { CliApi, Run } from './cli/harness.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../cli/package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectOneLineError(run: Run, code: number, pattern: RegExp) {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr.trimEnd()).toMatch(pattern);
}

/** `plinth` started and left running: to follow a stream, or to be interrupted. */
function startCli(m: Machine, args: string[]) {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH, HOME: m.home, XDG_CONFIG_HOME: m.configHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (seen.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (seen.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, seen, exited };
}

/**
 * `plinth runs`, `events` and `event-handlers` as a user runs them, against a real API on
 * PostgreSQL that delivers events to a loopback webhook; `runs exec` runs actions for real with
 * runc and umoci (root), in a busybox image built here.
 */
describe('plinth runs and events against a live API', () => {
  let live: CliApi;
  let m: Machine;
  let receiver: Receiver;
  let receiverStatus = 200;
  let imagesDir: string;
  let dataDir: string;
  let workspaceId: string;

  beforeAll(async () => {
    receiver = await startReceiver((_request, response) => {
      response.writeHead(receiverStatus, { 'content-type': 'text/plain' });
      response.end('ok');
    });
    m = new Machine();
    // Where `runs exec` looks by default ($XDG_DATA_HOME is unset: ~/.local/share); the API's
    // own OCI runner reads the same images.
    imagesDir = join(m.home, '.local/share/plinth/images');
    mkdirSync(imagesDir, { recursive: true });
    await buildBusyboxImage(imagesDir, 'tiny');
    dataDir = mkdtempSync(join(tmpdir(), 'plinth-cli-runs-'));
    live = await startCliApi({
      PLINTH_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32',
      PLINTH_WEBHOOK_RETRY_SCHEDULE: '1,1',
      PLINTH_ACTION_RUNNER: 'oci',
      PLINTH_RUNNER_IMAGES_DIR: imagesDir,
      PLINTH_DATA_DIR: dataDir,
    });
    await m.ok(['login', '--server', live.url, '--username', 'admin'], { input: `${ADMIN_PASSWORD}\n` });
    await m.ok(['orgs', 'create', 'acme', '--name', 'Acme']);
    workspaceId = (await m.json(['ws', 'create', 'ops', '--org', 'acme'])).id;
    await m.ok(['context', 'set', '--org', 'acme', '--workspace', 'ops']);
    const config = join(m.home, 'ops.yaml');
    writeFileSync(
      config,
      stringify({
        blocks: [
          {
            name: 'app',
            image: 'tiny:v1',
            variables: { GREETING: 'hello' },
            actions: [
              {
                name: 'hello',
                script:
                  'echo "$GREETING from $PLINTH_BLOCK/$PLINTH_ACTION in $PLINTH_WORKSPACE as $PLINTH_TRANSACTION"',
              },
              { name: 'fail', script: ['echo failing', 'exit 3'] },
              { name: 'wait', script: 'echo started; sleep 60', timeout: '2m' },
              { name: 'slow', script: 'echo slow; sleep 60', timeout: '1s' },
              { name: 'steps', script: 'echo one; sleep 3; echo two' },
            ],
          },
        ],
        workflows: [
          {
            name: 'release',
            steps: [
              { block: 'app', action: 'hello' },
              { block: 'app', action: 'hello' },
            ],
          },
        ],
        transactions: { logging: true },
        events: [{ handler: 'webhook', name: 'ci', endpoint: `${receiver.origin}/hook` }],
      }),
    );
    await m.ok(['ws', 'config', 'set', 'ops', '-f', config]);
  }, 180_000);

  afterAll(async () => {
    await live?.stop();
    await receiver?.close();
    m?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('records a client run, prints its ID, follows its output and reports its end', async () => {
    const started = await m.run(['runs', 'start', '--client', '--block', 'app', '--action', 'hello']);
    expect(started.code, started.stderr).toBe(0);
    const id = started.stdout.trim();
    expect(id).toMatch(UUID);
    expect(started.stderr).toBe(`Report its end: plinth runs finish ${id} --exit-code <n>\n`);
    expect(await m.json(['runs', 'show', id])).toMatchObject({
      status: 'running',
      run_by: 'client',
      client_version: VERSION,
    });

    // Followed while it runs: the stream ends once the run has ended, with its output.
    const follow = startCli(m, ['runs', 'output', id, '--follow']);
    const output = join(m.home, 'out.txt');
    writeFileSync(output, 'done by hand ✓\n');
    const finished = await m.json(['runs', 'finish', id, '--exit-code', '0', '--output-file', output]);
    expect(finished).toMatchObject({ id, status: 'stopped', exit_code: 0 });
    expect(await follow.exited).toBe(0);
    expect(follow.seen.stdout).toBe('done by hand ✓\n');
    expect(await m.ok(['runs', 'output', id])).toBe('done by hand ✓\n');

    const listed = await m.json<{ id: string }[]>(['runs', 'list', '--status', 'stopped']);
    expect(listed.map((r) => r.id)).toContain(id);
    expect(await m.json(['runs', 'list', '--status', 'killed'])).toEqual([]);
    const table = await m.ok(['runs', 'list', '-o', 'table', '--fields', 'id,status,run_by', '--no-headers']);
    expect(table).toMatch(new RegExp(`^${id}\\s+stopped\\s+client$`, 'm'));
    const [event] = await m.json(['runs', 'events', id]);
    expect(event).toMatchObject({ transaction: id, level: 'Info', payload: { exit_code: 0, block: 'app' } });
    expect(event.payload.version).toBe(VERSION);
  });

  it("starts a run on the server's runner and follows its output as it comes", async () => {
    const started = await m.json(['runs', 'start', '--block', 'app', '--action', 'steps']);
    expect(started).toMatchObject({ run_by: 'server', runner: 'oci' });
    const follow = startCli(m, ['runs', 'output', started.id, '--follow']);
    await eventually('the first line while the run still runs', () => follow.seen.stdout === 'one\n', {
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    expect(follow.child.exitCode).toBeNull();
    expect(await follow.exited).toBe(0);
    expect(follow.seen.stdout).toBe('one\ntwo\n');
    expect(await m.json(['runs', 'show', started.id])).toMatchObject({ status: 'stopped', exit_code: 0 });
  });

  it('starts a workflow and lists its steps', async () => {
    const first = await m.json(['runs', 'start', '--workflow', 'release']);
    expect(first).toMatchObject({ workflow: 'release', step: 1 });
    const steps = await eventually(
      'both steps to stop',
      () => m.json<{ id: string; status: string }[]>(['runs', 'list', '--workflow-run', first.workflow_run]),
      {
        timeoutMs: 60_000,
        intervalMs: 500,
        until: (r) => r.length === 2 && r.every((x) => x.status === 'stopped'),
      },
    );
    expect(steps).toHaveLength(2);
    // The server's runner gives the action the environment `runs exec` gives it.
    const last = steps[0]!;
    expect(await m.ok(['runs', 'output', last.id])).toBe(
      `hello from app/hello in ${workspaceId} as ${last.id}\n`,
    );
    const table = await m.ok(['runs', 'list', '--workflow-run', first.workflow_run, '-o', 'table']);
    expect(table).toMatch(/release\/2\s+stopped/);
    expect(table).toMatch(/release\/1\s+stopped/);
  });

  it('cancels a run, refuses to cancel it twice (exit 5), and refuses a wrong command line (exit 2)', async () => {
    const id = (await m.ok(['runs', 'start', '--client', '--block', 'app', '--action', 'hello'])).trim();
    const cancelled = await m.json(['runs', 'cancel', id]);
    expect(cancelled).toMatchObject({ status: 'killed', reason: 'cancelled' });
    expectOneLineError(
      await m.run(['runs', 'cancel', id]),
      5,
      /already ended \(killed\)\. \(code: run_ended/,
    );
    expectOneLineError(
      await m.run(['runs', 'start', '--block', 'app']),
      2,
      /Give --block and --action, or --workflow/,
    );
    expectOneLineError(await m.run(['runs', 'show', 'nope']), 2, /A run is named by its ID \(a UUID\)/);
    expectOneLineError(
      await m.run(['runs', 'finish', id, '--exit-code', '300']),
      2,
      /--exit-code must be an integer from 0 to 255/,
    );
  });

  it('makes a signing secret printed once, lists the handler signed, and rotates only with --yes', async () => {
    expect(await m.json(['event-handlers', 'list'])).toEqual([
      expect.objectContaining({ name: 'ci', handler: 'webhook', signed: false }),
    ]);
    const made = await m.run(['event-handlers', 'rotate-secret', 'ci', '-o', 'table']);
    expect(made.code, made.stderr).toBe(0);
    const secret = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(secret).toMatch(/^whsec_\S+$/);
    expect(made.stderr).toBe('The signing secret, shown this once (store it now):\n');
    const listed = await m.ok(['event-handlers', 'list', '-o', 'yaml']);
    expect(listed).toContain('signed: true');
    expect(listed).not.toContain(secret);
    expectOneLineError(
      await m.run(['event-handlers', 'rotate-secret', 'ci']),
      2,
      /Pass --yes to confirm without a terminal\./,
    );
    const rotated = await m.json(['event-handlers', 'rotate-secret', 'ci', '--grace', '0', '--yes']);
    expect(rotated).toMatchObject({ handler: 'ci', previous_secret_until: null });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expectOneLineError(
      await m.run(['event-handlers', 'rotate-secret', 'nope', '--yes']),
      4,
      /has no event handler "nope"/,
    );

    // A failed run's event goes to the webhook, signed with the new secret; redelivered on demand.
    const id = (await m.ok(['runs', 'start', '--client', '--block', 'app', '--action', 'fail'])).trim();
    expect((await m.json(['runs', 'finish', id, '--exit-code', '3'])).status).toBe('failed');
    const [event] = await m.json(['runs', 'events', id]);
    expect(event.level).toBe('Error');
    const [delivery] = await eventually(
      'the delivery to the webhook',
      () => m.json<{ state: string }[]>(['events', 'deliveries', event.id]),
      { timeoutMs: 30_000, intervalMs: 500, until: (d) => d[0]?.state === 'delivered' },
    );
    expect(delivery).toMatchObject({ handler: 'ci', kind: 'webhook', attempts: 1, last_status: 200 });
    const received = () => receiver.requests.filter((r) => r.headers['webhook-id'] === event.id);
    expect(received()).toHaveLength(1);
    const first = received()[0]!;
    const verified = new Webhook(rotated.secret).verify(first.body, first.headers as Record<string, string>);
    expect(verified).toMatchObject({ transaction: id, exit_code: 3 });

    const again = await m.run(['events', 'redeliver', event.id, '--handler', 'ci']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe(`Event ${event.id} is being delivered again to ci.\n`);
    await eventually('the redelivery', () => received().length === 2, { timeoutMs: 30_000 });
    expect(received()[1]!.body).toBe(first.body);

    // The cancelled run's event is an Error too; the newest comes first.
    const errors = await m.json<{ id: string; level: string }[]>(['events', 'list', '--level', 'Error']);
    expect(errors[0]!.id).toBe(event.id);
    expect(new Set(errors.map((e) => e.level))).toEqual(new Set(['Error']));
    expect((await m.json(['events', 'show', event.id])).payload).toMatchObject({
      transaction: id,
      exit_code: 3,
      message: expect.any(String),
    });
    const shown = await m.ok(['events', 'show', event.id, '-o', 'table']);
    expect(shown).toContain(`transaction: ${id}`);
    expectOneLineError(await m.run(['events', 'redeliver', event.id, '--handler', 'nope']), 1, /handler/);
  });

  it('enables a handler that a 410 answer disabled', async () => {
    receiverStatus = 410;
    try {
      const id = (await m.ok(['runs', 'start', '--client', '--block', 'app', '--action', 'hello'])).trim();
      await m.ok(['runs', 'finish', id, '--exit-code', '0']);
      await eventually(
        'the 410 to disable the handler',
        async () => (await m.json(['event-handlers', 'list']))[0].disabled_at,
        { timeoutMs: 30_000, intervalMs: 500 },
      );
    } finally {
      receiverStatus = 200;
    }
    const enabled = await m.run(['event-handlers', 'enable', 'ci', '-o', 'json']);
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stderr).toBe('Handler ci is enabled: later events are delivered to it.\n');
    expect(JSON.parse(enabled.stdout)).toMatchObject({ name: 'ci', disabled_at: null });
  });

  it('runs an action here with runc and reports it: exit 0, stopped, with its event', async () => {
    // The default images directory (under the home), the workspace by name.
    const run = await m.run(['runs', 'exec', '--workspace', 'ops', '--block', 'app', '--action', 'hello']);
    expect(run.code, run.stderr).toBe(0);
    const id = /^Run ([0-9a-f-]{36}) stopped \(exit 0\)\.$/m.exec(run.stderr)?.[1];
    expect(id, run.stderr).toBeDefined();
    expect(run.stdout).toBe(`hello from app/hello in ${workspaceId} as ${id}\n`);
    const shown = await m.json(['runs', 'show', id!]);
    expect(shown).toMatchObject({
      status: 'stopped',
      exit_code: 0,
      run_by: 'client',
      client_version: VERSION,
    });
    expect(shown.command).toBe('plinth runs exec --workspace ops --block app --action hello');
    expect(await m.ok(['runs', 'output', id!])).toBe(run.stdout);
    const [event] = await m.json(['runs', 'events', id!]);
    expect(event).toMatchObject({
      level: 'Info',
      transaction: id,
      payload: { exit_code: 0, action: 'hello' },
    });
  });

  it("exits with the action's code and reports it failed", async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'plinth-images-'));
    try {
      await buildBusyboxImage(elsewhere, 'tiny');
      const run = await m.run([
        'runs',
        'exec',
        '--block',
        'app',
        '--action',
        'fail',
        '--images-dir',
        elsewhere,
      ]);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stdout).toBe('failing\n');
      const id = /^Run ([0-9a-f-]{36}) failed \(exit 3\)\.$/m.exec(run.stderr)?.[1];
      expect(await m.json(['runs', 'show', id!])).toMatchObject({
        status: 'failed',
        exit_code: 3,
        run_by: 'client',
      });
      expect((await m.json(['runs', 'events', id!]))[0]).toMatchObject({
        level: 'Error',
        payload: { exit_code: 3 },
      });
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    // No image where it looks: refused before anything is recorded.
    const before = (await m.json<unknown[]>(['runs', 'list'])).length;
    expectOneLineError(
      await m.run(['runs', 'exec', '--block', 'app', '--action', 'fail', '--images-dir', m.home]),
      4,
      /Image tiny:v1 is not in .+ \(no tiny\/ OCI layout or tiny\.tar\): pass --images-dir\./,
    );
    expectOneLineError(
      await m.run(['runs', 'exec', '--block', 'app', '--action', 'nope']),
      4,
      /Workspace ops has no action nope of a block app/,
    );
    expect(await m.json<unknown[]>(['runs', 'list'])).toHaveLength(before);
  });

  it('kills the action at its deadline: exit 1, reported with the code of a kill', async () => {
    const run = await m.run(['runs', 'exec', '--block', 'app', '--action', 'slow']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('slow\n');
    expect(run.stderr).toContain('plinth: killed at its deadline (1 s)\n');
    const id = /^Run ([0-9a-f-]{36}) failed \(exit 137\)\.$/m.exec(run.stderr)?.[1];
    expect(id, run.stderr).toBeDefined();
    expect(await m.ok(['runs', 'output', id!])).toBe('slow\nplinth: killed at its deadline (1 s)\n');
  });

  it('stops the container on Ctrl-C and reports exit 130', async () => {
    const cli = startCli(m, ['runs', 'exec', '--block', 'app', '--action', 'wait']);
    await eventually('the action to start', () => cli.seen.stdout.includes('started'), { timeoutMs: 60_000 });
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(130);
    const id = /^Run ([0-9a-f-]{36}) failed \(exit 130\)\.$/m.exec(cli.seen.stderr)?.[1];
    expect(id, cli.seen.stderr).toBeDefined();
    expect(cli.seen.stderr).toContain('Stopping the action (SIGINT)…');
    expect(await m.json(['runs', 'show', id!])).toMatchObject({ status: 'failed', exit_code: 130 });
    // Nothing left behind: no container, no bundle.
    expect(execFileSync('runc', ['list', '-q'], { encoding: 'utf8' })).not.toContain(id!);
  });

  it('stops the container when the run is cancelled elsewhere', async () => {
    const cli = startCli(m, ['runs', 'exec', '--block', 'app', '--action', 'wait']);
    await eventually('the action to start', () => cli.seen.stdout.includes('started'), { timeoutMs: 60_000 });
    const [running] = await m.json(['runs', 'list', '--status', 'running']);
    await m.ok(['runs', 'cancel', running.id]);
    expect(await cli.exited).toBe(1);
    expect(cli.seen.stderr).toContain(
      `Run ${running.id} was ended elsewhere (killed); the action was stopped.`,
    );
    expect(await m.json(['runs', 'show', running.id])).toMatchObject({
      status: 'killed',
      reason: 'cancelled',
    });
  });
});
