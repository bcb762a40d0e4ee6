import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { workspaces } from '../../core/db/schema/index.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { Actor } from '../../test/world.ts';
import { claim } from '../../core/jobs/claim.ts';
import { enqueueClaimed } from '../../core/jobs/queue.ts';
import { endRun } from './lifecycle.ts';
import { DEMO_CONFIG } from './testing.ts';

/**
 * Runs a client executes and reports (the app here has no runner): the transaction, its event and
 * deliveries, who may start, finish and cancel, and the configuration checked at the edge.
 */
describeOnEachDatabase('action runs', (w) => {
  let root: Actor;
  beforeAll(async () => {
    root = await w.user({ superuser: true });
  });

  const configured = async (config: Record<string, unknown> = DEMO_CONFIG) => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config },
    });
    return t;
  };
  const start = (t: { workspace: { id: string } }, token: string, extra: Record<string, unknown> = {}) =>
    w.call('POST', '/api/v1/action-runs/', {
      token,
      body: { workspace: t.workspace.id, block: 'app', action: 'hello', run_by: 'client', ...extra },
    });

  it('records a client’s run, its end, and one event with the starter’s identity from the account', async () => {
    const t = await configured();
    const started = await start(t, t.user.token, {
      command: 'plinth run app hello --token=abc123 --env prod',
      client_version: '9.9.9',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      status: 'running',
      run_by: 'client',
      runner: null,
      block: 'app',
      action: 'hello',
      command: 'plinth run app hello --token=*** --env prod',
      user: t.user.id,
      user_name: t.user.username,
      client_version: '9.9.9',
      output_kept: false,
    });
    expect(started.body.snapshot_id).toMatch(/^sha256:[0-9a-f]{64}$/);
    const id = started.body.id as string;
    const ended = await w.expectStatus(200, 'POST', `/api/v1/action-runs/${id}/finish/`, {
      token: t.user.token,
      body: { exit_code: 3, output: 'boom' },
    });
    expect(ended).toMatchObject({ status: 'failed', exit_code: 3 });
    expect(ended.finished_at).not.toBeNull();
    // Output is not kept unless the workspace turns transaction logging on.
    const out = await w.call('GET', `/api/v1/action-runs/${id}/output/`, { token: t.viewer.token });
    expect(out.status).toBe(200);
    expect(out.text).toBe('');

    const events = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/events/`, {
      token: t.viewer.token,
    });
    expect(events).toHaveLength(1);
    expect(events[0].level).toBe('Error');
    expect(events[0].payload).toMatchObject({
      labels: { 'svc.event.class': 'svc', 'svc.event.level': 'Error' },
      workspace: t.workspace.name,
      block: 'app',
      action: 'hello',
      command: 'plinth run app hello --token=*** --env prod',
      user_name: t.user.username,
      transaction: id,
      version: '9.9.9',
      exit_code: 3,
    });
    expect(JSON.stringify(events[0].payload)).not.toContain('abc123');
    const deliveries = await w.expectStatus(200, 'GET', `/api/v1/events/${events[0].id}/deliveries/`, {
      token: t.viewer.token,
    });
    expect(deliveries).toMatchObject([
      { handler: 'webhook', kind: 'webhook', state: 'pending', attempts: 0 },
    ]);

    // A second report of an ended run changes nothing.
    const again = await w.call('POST', `/api/v1/action-runs/${id}/finish/`, {
      token: t.user.token,
      body: { exit_code: 0 },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('run_ended');

    const audit = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?event=action_run.started&organization=${t.org.id}`,
      { token: root.token },
    );
    expect(audit.results[0].details).toMatchObject({ transaction: id, block: 'app', action: 'hello' });
  });

  it('keeps the output when the workspace turns transaction logging on', async () => {
    const t = await configured({ ...DEMO_CONFIG, transactions: { logging: true } });
    const { body } = await start(t, t.user.token);
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${body.id}/finish/`, {
      token: t.user.token,
      body: { exit_code: 0, output: 'hello\n' },
    });
    const out = await w.call('GET', `/api/v1/action-runs/${body.id}/output/`, { token: t.viewer.token });
    expect(out.text).toBe('hello\n');
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${body.id}/events/`, {
      token: t.user.token,
    });
    expect(event.level).toBe('Info');
  });

  it('holds each caller to 8 open output streams, without touching another caller’s', async () => {
    const t = await configured();
    const { body } = await start(t, t.user.token);
    const follow = (token: string) =>
      w.env.app.request(`/api/v1/action-runs/${body.id}/output/?follow=true`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '198.51.100.10' },
      });
    const streams = [];
    for (let i = 0; i < 8; i++) streams.push(await follow(t.viewer.token));
    expect(streams.map((r) => r.status)).toEqual(Array(8).fill(200));
    const refused = await follow(t.viewer.token);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('throttled');
    const other = await follow(t.user.token);
    expect(other.status).toBe(200);
    // The run ends: every stream ends, and the caller may follow again.
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${body.id}/finish/`, {
      token: t.user.token,
      body: { exit_code: 0 },
    });
    await Promise.all([...streams, other].map((r) => r.text()));
    expect((await follow(t.viewer.token)).status).toBe(200);
  });

  it('refuses a server run when the server has no runner, naming the way out', async () => {
    const t = await configured();
    const res = await start(t, t.user.token, { run_by: 'server' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('no_runner');
    expect(res.body.detail).toContain('run_by: client');
  });

  it('lets a User start, a Viewer not; a stranger’s workspace is an invalid field', async () => {
    const t = await configured();
    expect((await start(t, t.viewer.token)).status).toBe(403);
    const stranger = await w.tenant();
    const res = await start(t, stranger.orgAdmin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'workspace', code: 'does_not_exist' });
    expect((await w.call('GET', '/api/v1/action-runs/')).status).toBe(401);
  });

  it('names an unknown block or action as a field error', async () => {
    const t = await configured();
    const block = await start(t, t.user.token, { block: 'nope' });
    expect(block.status).toBe(400);
    expect(block.body.errors[0]).toMatchObject({ attr: 'block', code: 'does_not_exist' });
    const action = await start(t, t.user.token, { action: 'nope' });
    expect(action.body.errors[0]).toMatchObject({ attr: 'action', code: 'does_not_exist' });
  });

  it('lets only the starter or a Workspace Admin report the end; hides runs from other tenants', async () => {
    const t = await configured();
    const { body } = await start(t, t.user.token);
    const colleague = await w.user({ workspace: { id: t.workspace.id, role: 'user' } });
    const refused = await w.call('POST', `/api/v1/action-runs/${body.id}/finish/`, {
      token: colleague.token,
      body: { exit_code: 0 },
    });
    expect(refused.status).toBe(403);
    const stranger = await w.tenant();
    expect(
      (await w.call('GET', `/api/v1/action-runs/${body.id}/`, { token: stranger.orgAdmin.token })).status,
    ).toBe(404);
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${body.id}/finish/`, {
      token: t.workspaceAdmin.token,
      body: { exit_code: 0 },
    });
  });

  it('cancels an open client run: killed, with an Error event; then 409', async () => {
    const t = await configured();
    const { body } = await start(t, t.user.token);
    expect(
      (await w.call('POST', `/api/v1/action-runs/${body.id}/cancel/`, { token: t.viewer.token })).status,
    ).toBe(403);
    const cancelled = await w.expectStatus(202, 'POST', `/api/v1/action-runs/${body.id}/cancel/`, {
      token: t.user.token,
    });
    expect(cancelled).toMatchObject({ status: 'killed', reason: 'cancelled' });
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${body.id}/events/`, {
      token: t.user.token,
    });
    expect(event.level).toBe('Error');
    const again = await w.call('POST', `/api/v1/action-runs/${body.id}/cancel/`, { token: t.user.token });
    expect(again.status).toBe(409);
  });

  it('lists runs of one workspace or of all the caller may see, and filters by status', async () => {
    const t = await configured();
    const a = await start(t, t.user.token);
    const b = await start(t, t.user.token);
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${b.body.id}/finish/`, {
      token: t.user.token,
      body: { exit_code: 0 },
    });
    const mine = await w.expectStatus(200, 'GET', `/api/v1/action-runs/?workspace=${t.workspace.id}`, {
      token: t.viewer.token,
    });
    expect(mine.results.map((r: { id: string }) => r.id)).toEqual([b.body.id, a.body.id]);
    const running = await w.expectStatus(
      200,
      'GET',
      `/api/v1/action-runs/?workspace=${t.workspace.id}&status=running`,
      {
        token: t.viewer.token,
      },
    );
    expect(running.results.map((r: { id: string }) => r.id)).toEqual([a.body.id]);
    const stranger = await w.tenant();
    const theirs = await w.expectStatus(200, 'GET', '/api/v1/action-runs/', {
      token: stranger.orgAdmin.token,
    });
    expect(theirs.results.map((r: { id: string }) => r.id)).not.toContain(a.body.id);
    const events = await w.expectStatus(200, 'GET', '/api/v1/events/?level=Info', { token: t.viewer.token });
    expect(events.results.map((e: { transaction: string }) => e.transaction)).toContain(b.body.id);
  });

  it('masks handlers’ header values when the configuration is read, and keeps them when it is written back', async () => {
    const t = await configured({
      events: {
        handler: 'webhook',
        endpoint: 'https://hooks.example.com/x',
        headers: { Authorization: 'Bearer s3cret' },
      },
    });
    const read = await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.viewer.token,
    });
    expect(JSON.stringify(read)).not.toContain('s3cret');
    expect(read.config.events.headers).toEqual({ Authorization: '***' });
    // Written back as read, with another key changed: the stored credential is kept.
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: { ...read.config, note: 'edited' } },
    });
    const [row] = await w.db.select().from(workspaces).where(eq(workspaces.id, t.workspace.id));
    expect(row!.config).toMatchObject({
      note: 'edited',
      events: { headers: { Authorization: 'Bearer s3cret' } },
    });
  });

  it('checks the configuration’s blocks, workflows and handlers when it is written', async () => {
    const t = await w.tenant();
    const bad = await w.call('PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: {
        config: {
          blocks: [{ name: 'App!', image: 'x', actions: [{ name: 'a', command: ['true'], script: 'true' }] }],
          events: [
            { handler: 'webhook' },
            {
              handler: 'webhook',
              endpoint: 'ftp://x/',
              headers: { 'Content-Type': 'text/plain' },
              timeout: '5m',
            },
          ],
        },
      },
    });
    expect(bad.status).toBe(400);
    const attrs = (bad.body.errors as { attr: string }[]).map((e) => e.attr);
    expect(attrs).toEqual(
      expect.arrayContaining([
        'config.blocks.0.name',
        'config.blocks.0.actions.0',
        'config.events.0.endpoint',
        'config.events.1.endpoint',
        'config.events.1.headers.Content-Type',
        'config.events.1.timeout',
      ]),
    );
    // References between the keys are checked once each key's shape is right.
    const dangling = await w.call('PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: {
        config: {
          blocks: [{ name: 'app', image: 'x', actions: [{ name: 'a', command: ['true'] }] }],
          workflows: [
            {
              name: 'wf',
              steps: [
                { block: 'ghost', action: 'a' },
                { block: 'app', action: 'nope' },
              ],
            },
          ],
          events: [{ handler: 'workspace' }, { handler: 'workspace' }],
        },
      },
    });
    expect(dangling.status).toBe(400);
    expect((dangling.body.errors as { attr: string }[]).map((e) => e.attr).sort()).toEqual([
      'config.events.1.name',
      'config.workflows.0.steps.0.block',
      'config.workflows.0.steps.1.action',
    ]);
    // Keys Plinth does not read stay free-form.
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: { anything: { goes: [1, 2] } } },
    });
  });
  it('ends a run fenced by a runner’s lease only while the lease holds, at the database’s time', async () => {
    const t = await configured();
    const started = await start(t, t.user.token);
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    const deps = { db: w.db, events: w.env.events, runs: w.env.runs };
    const lease = (owner: string) => claim(w.db, owner, 30, { id: held.job.id });
    // A runner whose job another took over (its lease expired) no longer ends the run.
    const held = await enqueueClaimed(w.db, { kind: 'test.run-fence', key: id }, randomUUID(), 0.2);
    await new Promise((r) => setTimeout(r, 300));
    const current = (await lease(randomUUID()))!;
    expect(current.job.fence).toBe(held.job.fence + 1);
    const end = { status: 'failed' as const, exitCode: 2, reason: 'runner says so' };
    expect(await endRun(deps, id, end, held)).toBeUndefined();
    expect((await w.call('GET', `/api/v1/action-runs/${id}/`, { token: t.user.token })).body.status).toBe(
      'running',
    );
    // The current holder ends it: once, with its event dated when the run finished.
    const ended = await endRun(deps, id, end, current);
    expect(ended).toMatchObject({ status: 'failed', exitCode: 2, reason: 'runner says so' });
    expect(Math.abs(ended!.finishedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await endRun(deps, id, end)).toBeUndefined();
    const events = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/events/`, {
      token: t.user.token,
    });
    expect(events).toHaveLength(1);
    const date = new Date(events[0].payload.date as string).getTime();
    expect(Math.floor(date / 1000)).toBe(Math.floor(ended!.finishedAt!.getTime() / 1000));
  });
});
