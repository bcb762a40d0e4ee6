import { afterAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../../test/api-process.ts';
import type { ApiProcess } from '../../test/api-process.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { answer, startReceiver } from '../../test/webhook-receiver.ts';
import type { Received, Receiver } from '../../test/webhook-receiver.ts';

const EVENTS = 20;
/** Answers withheld from the first process: deliveries in flight when it is killed. */
const HELD = 6;
const PASSWORD = 'crash-admin-password';
const BLOCKS = [{ name: 'app', image: 'demo:v1', actions: [{ name: 'hello', script: 'echo hello' }] }];

/**
 * kill -9 of the API while deliveries are in flight, then a second process on the same database:
 * every event reaches the receiver at least once, under its own `webhook-id`, with the same body
 * each time; the jobs the dead process held are claimed again once their 15 s leases expire.
 */
describe('event deliveries across a crash of the API', () => {
  const apis: ApiProcess[] = [];
  let receiver: Receiver | undefined;

  afterAll(async () => {
    // The receiver first: it cuts the connections left hanging. SIGKILL: the database is thrown away.
    await receiver?.close();
    await Promise.all(apis.map((api) => api.stop('SIGKILL')));
  });

  it('delivers every event at least once with a stable webhook-id after kill -9', async () => {
    let holding = true;
    const held: string[] = [];
    receiver = await startReceiver((request, response) => {
      if (holding && held.length < HELD) {
        held.push(String(request.headers['webhook-id']));
        return; // never answered: the first process dies with the request open
      }
      answer(200)(request, response);
    });
    const databaseUrl = await freshDatabaseUrl();
    const start = async () => {
      const api = await startApiProcess({
        DATABASE_URL: databaseUrl,
        ...TEST_KEYS,
        PLINTH_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
        PLINTH_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32',
        PLINTH_WEBHOOK_RETRY_SCHEDULE: '1,1,1',
        // Above the events in flight, so the held ones leave room for the others.
        PLINTH_DELIVERY_CONCURRENCY: '32',
        PLINTH_DELIVERY_PER_RECEIVER: '32',
      });
      apis.push(api);
      await api.waitReady();
      const rest = async (method: string, path: string, body?: unknown, token?: string) => {
        const res = await jsonRequest(api.url, method, path, { token, body });
        if (res.status >= 300)
          throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      };
      const { token } = await rest('POST', '/api/login/', { username: 'admin', password: PASSWORD });
      return { api, call: (method: string, path: string, body?: unknown) => rest(method, path, body, token) };
    };

    const first = await start();
    const org = await first.call('POST', '/api/v1/organizations/', { slug: 'crash-org', name: 'Crash' });
    const workspace = await first.call('POST', '/api/v1/workspaces/', {
      organization: org.id,
      name: 'crash',
    });
    // The longest timeout: a held request stays in flight until the kill, not failed before it.
    const events = { handler: 'webhook', endpoint: `${receiver.origin}/hook`, timeout: '30s' };
    await first.call('PATCH', `/api/v1/workspaces/${workspace.id}/`, { config: { blocks: BLOCKS, events } });
    const eventOfRun = new Map<string, string>();
    for (let i = 0; i < EVENTS; i++) {
      const run = await first.call('POST', '/api/v1/action-runs/', {
        workspace: workspace.id,
        block: 'app',
        action: 'hello',
        run_by: 'client',
      });
      await first.call('POST', `/api/v1/action-runs/${run.id}/finish/`, { exit_code: 0 });
      const [event] = await first.call('GET', `/api/v1/action-runs/${run.id}/events/`);
      eventOfRun.set(run.id, event.id);
    }

    await eventually(`${HELD} deliveries held by the receiver`, () => held.length === HELD, {
      diagnostics: () => first.api.output(),
    });
    first.api.child.kill('SIGKILL');
    await first.api.exited;
    const heldAtKill = [...held];
    const receivedBeforeKill = receiver.requests.length;
    holding = false;

    const second = await start();
    const states = await eventually(
      'every delivery delivered by the second process',
      async () => {
        const all = await Promise.all(
          [...eventOfRun.values()].map(async (id) => {
            const deliveries: { state: string }[] = await second.call(
              'GET',
              `/api/v1/events/${id}/deliveries/`,
            );
            return deliveries.map((d) => d.state);
          }),
        );
        return all.flat();
      },
      {
        timeoutMs: 60_000,
        intervalMs: 500,
        until: (s) => s.length === EVENTS && s.every((state) => state === 'delivered'),
        diagnostics: () => second.api.output(),
      },
    );
    expect(states).toHaveLength(EVENTS);

    // Grouped by the run each body names, so the webhook-id is checked rather than assumed.
    const byRun = new Map<string, Received[]>();
    for (const request of receiver.requests) {
      const run = (JSON.parse(request.body) as { transaction: string }).transaction;
      byRun.set(run, [...(byRun.get(run) ?? []), request]);
    }
    expect(new Set(byRun.keys())).toEqual(new Set(eventOfRun.keys()));
    for (const [run, requests] of byRun) {
      expect(requests.map((r) => r.headers['webhook-id'])).toEqual(requests.map(() => eventOfRun.get(run)));
      expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    }
    // The crash path ran: each request open at the kill was made again by the second process.
    expect(heldAtKill).toHaveLength(HELD);
    const after = receiver.requests.slice(receivedBeforeKill).map((r) => r.headers['webhook-id']);
    for (const id of heldAtKill) expect(after).toContain(id);
  }, 150_000);
});
