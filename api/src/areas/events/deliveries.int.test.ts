import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { eventually } from '../../test/eventually.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { startBackgroundWork } from '../../test/background.ts';
import { answer, startReceiver } from '../../test/webhook-receiver.ts';
import type { Receiver } from '../../test/webhook-receiver.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { defaultEventsRuntime } from './runtime.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/**
 * Deliveries against real loopback receivers, through the API and its delivery pool: retries on
 * the schedule, a timeout, 410, redelivery, secret rotation, a slow receiver beside a fast one,
 * refused private targets, and the workspace handler's directory.
 */
describe('event deliveries', () => {
  let dir: string;
  let database: DatabaseHandle;
  let w: World;
  let work: ReturnType<typeof startBackgroundWork>;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plinth-deliveries-'));
    database = await migratedDatabase('postgres');
    const events = defaultEventsRuntime({
      workspacesDir: dir,
      allowPrivate: ['127.0.0.1/32'],
      retrySchedule: [1, 1],
      perReceiver: 4,
    });
    w = createWorld(database, { events });
    work = startBackgroundWork(w);
  });

  afterAll(async () => {
    await work?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await w?.env.close();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };
  const tenantWith = async (events: unknown): Promise<Tenant> => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: {
        config: { blocks: [{ name: 'app', image: 'x', actions: [{ name: 'go', script: 'true' }] }], events },
      },
    });
    return t;
  };
  /** An event, from a client's run reported at once. */
  const event = async (t: Tenant, exitCode = 0): Promise<string> => {
    const run = await w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, block: 'app', action: 'go', run_by: 'client' },
    });
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${run.id}/finish/`, {
      token: t.user.token,
      body: { exit_code: exitCode },
    });
    const [e] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${run.id}/events/`, {
      token: t.user.token,
    });
    return e.id as string;
  };
  const deliveriesOf = (t: Tenant, id: string) =>
    w.expectStatus(200, 'GET', `/api/v1/events/${id}/deliveries/`, { token: t.viewer.token });
  const settled = (t: Tenant, id: string, state: string, timeoutMs = 20_000) =>
    eventually(
      `the delivery of ${id} ${state}`,
      async () => {
        const [d] = await deliveriesOf(t, id);
        return d.state === state ? d : undefined;
      },
      { timeoutMs },
    );

  it('tries a 500 again on the schedule, with the same webhook-id, and records both attempts', async () => {
    let calls = 0;
    const r = await receiver((req, res) =>
      answer(++calls === 1 ? 500 : 200, calls === 1 ? 'not yet' : 'ok')(req, res),
    );
    const t = await tenantWith({ handler: 'webhook', endpoint: `${r.origin}/in` });
    const id = await event(t);
    const d = await settled(t, id, 'delivered');
    expect(d.attempts).toBe(2);
    expect(d.history.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(d.history[0]).toMatchObject({ error: expect.stringContaining('500'), excerpt: 'not yet' });
    expect(new Set(r.requests.map((q) => q.headers['webhook-id']))).toEqual(new Set([id]));
    // The attempt is recorded above; it is not an operator's warning.
    expect(w.env.logs.lines.filter((l) => l.includes('"level":"warn"'))).toEqual([]);
  });

  it('gives up after the schedule on a receiver that hangs past its timeout', async () => {
    const r = await receiver(() => {});
    const t = await tenantWith({ handler: 'webhook', endpoint: `${r.origin}/slow`, timeout: '1s' });
    const id = await event(t);
    const d = await settled(t, id, 'failed', 30_000);
    expect(d.attempts).toBe(3);
    for (const a of d.history) {
      expect(a.status_code).toBeNull();
      expect(a.error).toMatch(/timed out/);
      expect(a.duration_ms).toBeGreaterThanOrEqual(900);
      expect(a.duration_ms).toBeLessThan(5000);
    }
  }, 45_000);

  it('disables a handler whose receiver answers 410, until an admin enables it', async () => {
    let gone = true;
    const r = await receiver((req, res) => answer(gone ? 410 : 200)(req, res));
    const t = await tenantWith({ handler: 'webhook', endpoint: `${r.origin}/gone` });
    const first = await event(t);
    const d = await settled(t, first, 'failed');
    expect(d.attempts).toBe(1);
    const [handler] = await w.expectStatus(
      200,
      'GET',
      `/api/v1/workspaces/${t.workspace.id}/event-handlers/`,
      {
        token: t.viewer.token,
      },
    );
    expect(handler.disabled_at).not.toBeNull();
    const second = await event(t);
    expect((await deliveriesOf(t, second))[0].state).toBe('disabled');
    expect(r.requests).toHaveLength(1);

    gone = false;
    expect(
      (
        await w.call('POST', `/api/v1/workspaces/${t.workspace.id}/event-handlers/webhook/enable/`, {
          token: t.user.token,
        })
      ).status,
    ).toBe(403);
    await w.expectStatus(200, 'POST', `/api/v1/workspaces/${t.workspace.id}/event-handlers/webhook/enable/`, {
      token: t.workspaceAdmin.token,
    });
    await settled(t, await event(t), 'delivered');
    // The disabled one is delivered by hand.
    const again = await w.expectStatus(202, 'POST', `/api/v1/events/${second}/redeliver/`, {
      token: t.workspaceAdmin.token,
      body: {},
    });
    expect(again[0].state).toBe('pending');
    await settled(t, second, 'delivered');
  });

  it('redelivers by hand with the same webhook-id; only an admin may', async () => {
    const r = await receiver(answer(200));
    const t = await tenantWith({ handler: 'webhook', endpoint: `${r.origin}/x` });
    const id = await event(t);
    await settled(t, id, 'delivered');
    expect(
      (await w.call('POST', `/api/v1/events/${id}/redeliver/`, { token: t.user.token, body: {} })).status,
    ).toBe(403);
    await w.expectStatus(202, 'POST', `/api/v1/events/${id}/redeliver/`, {
      token: t.workspaceAdmin.token,
      body: {},
    });
    await eventually('the second delivery', () => r.requests.length === 2);
    expect(r.requests.map((q) => q.headers['webhook-id'])).toEqual([id, id]);
    const d = await settled(t, id, 'delivered');
    expect(d.attempts).toBe(2);
  });

  it('signs with the new and the previous secret during a rotation’s grace', async () => {
    const r = await receiver(answer(200));
    const t = await tenantWith({ handler: 'webhook', endpoint: `${r.origin}/signed` });
    const base = `/api/v1/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`;
    expect((await w.call('POST', base, { token: t.user.token, body: {} })).status).toBe(403);
    const old = await w.expectStatus(201, 'POST', base, { token: t.workspaceAdmin.token, body: {} });
    const rotated = await w.expectStatus(201, 'POST', base, {
      token: t.workspaceAdmin.token,
      body: { grace_seconds: 3600 },
    });
    expect(rotated.previous_secret_until).not.toBeNull();
    const id = await event(t);
    await settled(t, id, 'delivered');
    const req = r.requests.at(-1)!;
    expect(String(req.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old.secret, rotated.secret])
      expect(() => new Webhook(secret).verify(req.body, req.headers as Record<string, string>)).not.toThrow();
    const handlers = await w.expectStatus(
      200,
      'GET',
      `/api/v1/workspaces/${t.workspace.id}/event-handlers/`,
      {
        token: t.viewer.token,
      },
    );
    expect(handlers[0].signed).toBe(true);
    expect(JSON.stringify(handlers)).not.toContain(rotated.secret);
  });

  it('keeps a fast receiver fast while a slow one holds its share of the slots', async () => {
    const slow = await receiver((req, res) => setTimeout(() => answer(200)(req, res), 5000));
    const fast = await receiver(answer(200));
    const t = await tenantWith([
      { handler: 'webhook', name: 'slow', endpoint: `${slow.origin}/slow` },
      { handler: 'webhook', name: 'fast', endpoint: `${fast.origin}/fast` },
    ]);
    const started = Date.now();
    for (let i = 0; i < 12; i++) await event(t);
    await eventually('every fast delivery', () => fast.requests.length === 12, { timeoutMs: 10_000 });
    const fastDone = Date.now() - started;
    // The slow receiver has at most its per-receiver limit in flight, far from all twelve.
    expect(slow.requests.length).toBeLessThanOrEqual(4);
    expect(fastDone).toBeLessThan(5000 + 12 * 500);
  }, 60_000);

  it('refuses receivers on private addresses an administrator did not allow, after resolution', async () => {
    const hidden = await receiver(answer(200), { host: '127.0.0.2' });
    const t = await tenantWith([
      { handler: 'webhook', name: 'loopback', endpoint: `${hidden.origin}/x` },
      { handler: 'webhook', name: 'metadata', endpoint: 'http://169.254.169.254/latest/meta-data/' },
    ]);
    const id = await event(t);
    await eventually('both refused', async () => {
      const d = await deliveriesOf(t, id);
      return d.every((x: { attempts: number }) => x.attempts >= 1) ? d : undefined;
    });
    const d = await deliveriesOf(t, id);
    for (const x of d) expect(x.history[0].error).toMatch(/refused|not allowed|private|loopback|link-local/i);
    expect(hidden.requests).toHaveLength(0);
  });

  it('records a missing workspace directory as a failed attempt, and writes once it exists', async () => {
    const t = await tenantWith({ handler: 'workspace' });
    const id = await event(t);
    const d = await eventually('a failed attempt', async () => {
      const [x] = await deliveriesOf(t, id);
      return x.attempts >= 1 ? x : undefined;
    });
    expect(d.history[0].error).toContain('does not exist');
    await mkdir(join(dir, t.workspace.id));
    await w.expectStatus(202, 'POST', `/api/v1/events/${id}/redeliver/`, {
      token: t.workspaceAdmin.token,
      body: {},
    });
    const done = await settled(t, id, 'delivered');
    expect(done.history.at(-1).excerpt).toMatch(/^\.logs\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}\.yml$/);
  });
});
