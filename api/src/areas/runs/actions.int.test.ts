import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { eventually } from '../../test/eventually.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { startBackgroundWork } from '../../test/background.ts';
import { buildBusyboxImage } from '../../test/oci-image.ts';
import { answer, startReceiver } from '../../test/webhook-receiver.ts';
import type { Receiver } from '../../test/webhook-receiver.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { defaultEventsRuntime } from '../events/public.ts';
import { createRunsRuntime } from './runtime.ts';

/**
 * Actions run for real: runc runs an OCI image built here with umoci from busybox, the run ends
 * with its exit code, its event goes to a loopback webhook (signature checked with the
 * `standardwebhooks` package) and into the workspace's directory as YAML.
 */
describe('workspace actions on the OCI runner, with their events delivered', () => {
  let dir: string;
  let database: DatabaseHandle;
  let w: World;
  let work: ReturnType<typeof startBackgroundWork>;
  let receiver: Receiver;
  let t: Awaited<ReturnType<World['tenant']>>;
  let secret: string;
  let workspaceDir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-actions-'));
    const imagesDir = join(dir, 'images');
    await mkdir(imagesDir);
    await buildBusyboxImage(imagesDir, 'tiny');
    receiver = await startReceiver(answer(200));
    database = await migratedDatabase('postgres');
    const runs = await createRunsRuntime({
      runner: 'oci',
      imagesDir,
      namespace: 'default',
      namespaces: [],
      concurrency: 4,
      outputLimitBytes: 64 * 1024,
      workDir: join(dir, 'work'),
    });
    const events = defaultEventsRuntime({
      workspacesDir: join(dir, 'workspaces'),
      allowPrivate: ['127.0.0.0/8'],
      retrySchedule: [1, 1],
    });
    w = createWorld(database, { runs, events });
    work = startBackgroundWork(w);
    t = await w.tenant();
    workspaceDir = join(dir, 'workspaces', t.workspace.id);
    await mkdir(workspaceDir, { recursive: true });
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: {
        config: {
          blocks: [
            {
              name: 'app',
              image: 'tiny:v1',
              variables: { GREETING: 'hello' },
              actions: [
                { name: 'ok', script: 'echo "$GREETING from $PLINTH_BLOCK/$PLINTH_ACTION"' },
                { name: 'fail', script: 'echo failing; exit 3' },
                { name: 'slow', script: 'sleep 30', timeout: '2s' },
                { name: 'sleep', script: 'sleep 30' },
                { name: 'chatty', script: 'echo one; sleep 2; echo two' },
                { name: 'nul', script: "printf 'before\\000after\\n'; echo done" },
              ],
            },
          ],
          workflows: [
            {
              name: 'release',
              steps: [
                { block: 'app', action: 'ok' },
                { block: 'app', action: 'chatty' },
              ],
            },
            {
              name: 'broken',
              steps: [
                { block: 'app', action: 'fail' },
                { block: 'app', action: 'ok' },
              ],
            },
          ],
          events: [
            {
              handler: 'webhook',
              name: 'hook',
              endpoint: `${receiver.origin}/hook`,
              headers: { 'X-Team': 'team-a' },
            },
            { handler: 'workspace' },
          ],
        },
      },
    });
    ({ secret } = await w.expectStatus(
      201,
      'POST',
      `/api/v1/workspaces/${t.workspace.id}/event-handlers/hook/secret/`,
      {
        token: t.workspaceAdmin.token,
        body: {},
      },
    ));
  }, 120_000);

  afterAll(async () => {
    await work?.stop();
    await receiver?.close();
    await w?.env.close();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const run = async (body: Record<string, unknown>) =>
    w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, ...body },
    });
  const ended = (id: string, timeoutMs = 30_000) =>
    eventually(
      `run ${id} ended`,
      async () => {
        const r = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/`, { token: t.viewer.token });
        return ['stopped', 'failed', 'killed'].includes(r.status) ? r : undefined;
      },
      { timeoutMs },
    );
  const received = (transaction: string) =>
    eventually(`the webhook of ${transaction}`, () =>
      receiver.requests.find(
        (r) => (JSON.parse(r.body) as { transaction: string }).transaction === transaction,
      ),
    );

  it('runs an action in its image: stopped, Info, delivered signed to the webhook and written to the workspace', async () => {
    const started = await run({ block: 'app', action: 'ok' });
    expect(started).toMatchObject({ status: 'created', runner: 'oci', run_by: 'server' });
    const done = await ended(started.id);
    expect(done).toMatchObject({ status: 'stopped', exit_code: 0, reason: null });

    const request = await received(started.id);
    expect(request.headers['content-type']).toContain('application/json');
    expect(request.headers['x-team']).toBe('team-a');
    const verified = new Webhook(secret).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as Record<string, unknown>;
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${started.id}/events/`, {
      token: t.viewer.token,
    });
    expect(request.headers['webhook-id']).toBe(event.id);
    expect(verified).toMatchObject({
      labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Info' },
      workspace: t.workspace.name,
      block: 'app',
      action: 'ok',
      user_name: t.user.username,
      transaction: started.id,
      exit_code: 0,
      config: { handler: 'webhook', name: 'hook', headers: { 'X-Team': '***' } },
    });
    expect(Object.keys(verified)).not.toContain('snapshot');
    // The specification's fields in its order, whatever the database did to the stored payload.
    expect(Object.keys(verified).slice(0, 11)).toEqual([
      'labels',
      'workspace',
      'block',
      'action',
      'command',
      'user_email',
      'user_name',
      'date',
      'transaction',
      'version',
      'config',
    ]);

    const day = (verified.date as string).slice(0, 10);
    const file = join(workspaceDir, '.logs', day, `${started.id}.yml`);
    const written = await eventually('the event file', () => readFile(file, 'utf8').catch(() => undefined));
    expect(parse(written)).toMatchObject({ transaction: started.id, config: { handler: 'workspace' } });
    expect((await readdir(join(workspaceDir, '.logs', day))).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const deliveries = await eventually('both deliveries delivered', async () => {
      const d = await w.expectStatus(200, 'GET', `/api/v1/events/${event.id}/deliveries/`, {
        token: t.viewer.token,
      });
      return d.every((x: { state: string }) => x.state === 'delivered') ? d : undefined;
    });
    expect(deliveries.map((d: { handler: string }) => d.handler).sort()).toEqual(['hook', 'workspace']);
  }, 60_000);

  it('fails on a non-zero exit (Error), kills at the deadline, and on cancel', async () => {
    const fail = await run({ block: 'app', action: 'fail' });
    const slow = await run({ block: 'app', action: 'slow' });
    const sleep = await run({ block: 'app', action: 'sleep' });
    await eventually(
      'the sleeping run running',
      async () =>
        (await w.expectStatus(200, 'GET', `/api/v1/action-runs/${sleep.id}/`, { token: t.user.token }))
          .status === 'running',
    );
    await w.expectStatus(202, 'POST', `/api/v1/action-runs/${sleep.id}/cancel/`, { token: t.user.token });
    expect(await ended(fail.id)).toMatchObject({ status: 'failed', exit_code: 3 });
    expect(await ended(slow.id)).toMatchObject({ status: 'killed', reason: 'deadline' });
    expect(await ended(sleep.id, 15_000)).toMatchObject({ status: 'killed', reason: 'cancelled' });
    for (const id of [fail.id, slow.id, sleep.id])
      expect(JSON.parse((await received(id)).body).labels['svc.event.level']).toBe('Error');
  }, 90_000);

  it('runs a workflow step by step, one transaction and one event each; a failed step stops it', async () => {
    const first = await run({ workflow: 'release' });
    expect(first).toMatchObject({ workflow: 'release', step: 1, action: 'ok' });
    const steps = await eventually('both steps ended', async () => {
      const page = await w.expectStatus(
        200,
        'GET',
        `/api/v1/action-runs/?workflow_run=${first.workflow_run}`,
        {
          token: t.viewer.token,
        },
      );
      return page.results.length === 2 &&
        page.results.every((r: { status: string }) => r.status === 'stopped')
        ? page.results
        : undefined;
    });
    expect(steps.map((s: { step: number; action: string }) => [s.step, s.action])).toEqual([
      [2, 'chatty'],
      [1, 'ok'],
    ]);
    for (const s of steps)
      expect(JSON.parse((await received(s.id)).body)).toMatchObject({ workflow: 'release', step: s.step });

    const broken = await run({ workflow: 'broken' });
    expect(await ended(broken.id)).toMatchObject({ status: 'failed' });
    // Give a next step the time it would take to appear: none does.
    await new Promise((r) => setTimeout(r, 1500));
    const page = await w.expectStatus(
      200,
      'GET',
      `/api/v1/action-runs/?workflow_run=${broken.workflow_run}`,
      {
        token: t.viewer.token,
      },
    );
    expect(page.results).toHaveLength(1);
  }, 90_000);

  it('keeps an output holding a NUL byte, which PostgreSQL text cannot store, with the byte replaced', async () => {
    const started = await run({ block: 'app', action: 'nul' });
    expect(await ended(started.id)).toMatchObject({ status: 'stopped' });
    // An ended run's tail still streams for a minute (the workspace keeps no output).
    const res = await w.env.app.request(`/api/v1/action-runs/${started.id}/output/?follow=true`, {
      headers: { Authorization: `Bearer ${t.viewer.token}` },
    });
    expect(await res.text()).toBe('before\uFFFDafter\ndone\n');
  }, 60_000);

  it('streams the output while the action runs', async () => {
    const started = await run({ block: 'app', action: 'chatty' });
    const res = await w.env.app.request(`/api/v1/action-runs/${started.id}/output/?follow=true`, {
      headers: { Authorization: `Bearer ${t.viewer.token}` },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let sawOneWhileRunning = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      if (text.includes('one') && !text.includes('two')) {
        const now = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${started.id}/`, {
          token: t.viewer.token,
        });
        sawOneWhileRunning ||= now.status === 'running';
      }
    }
    expect(text).toContain('one\n');
    expect(text).toContain('two\n');
    expect(sawOneWhileRunning).toBe(true);
    // Not kept once it ended: the workspace does not log transactions.
    expect(
      (await w.call('GET', `/api/v1/action-runs/${started.id}/output/`, { token: t.viewer.token })).text,
    ).toBe('');
  }, 60_000);
});
