import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../../test/api-process.ts';
import type { ApiProcess } from '../../test/api-process.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { answer, startReceiver } from '../../test/webhook-receiver.ts';
import type { Receiver } from '../../test/webhook-receiver.ts';

const PASSWORD = 'thread-admin-password';
const BLOCKS = [{ name: 'app', image: 'demo:v1', actions: [{ name: 'hello', script: 'echo hello' }] }];

/** The name and Linux nice value of each thread of `pid`. */
function threadNices(pid: number): { name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The name is in parentheses (it may hold spaces); nice is the 17th field after it.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      return [{ name, nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

/** The value of one series on the metrics port, or undefined when it is not there. */
async function series(api: ApiProcess, line: string): Promise<number | undefined> {
  const text = await (await fetch(`${api.metricsUrl}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/**
 * The API process on PostgreSQL: deliveries run on the job thread (job-thread.ts), at a lower OS
 * priority, and its metrics are served on the API's metrics port; `PLINTH_JOB_THREAD=false` keeps
 * them on the main event loop. Either way a SIGTERM ends the process cleanly.
 */
describe('the job thread', () => {
  const apis: ApiProcess[] = [];
  let receiver: Receiver | undefined;

  afterAll(async () => {
    await receiver?.close();
    await Promise.all(apis.map((api) => api.stop('SIGKILL')));
  });

  const deliverOne = async (thread: 'true' | 'false') => {
    receiver ??= await startReceiver(answer(200));
    const api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
      PLINTH_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32',
      PLINTH_JOB_THREAD: thread,
    });
    apis.push(api);
    await api.waitReady();
    const call = async (method: string, path: string, body?: unknown, token?: string) => {
      const res = await jsonRequest(api.url, method, path, { token, body });
      if (res.status >= 300)
        throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const { token } = await call('POST', '/api/login/', { username: 'admin', password: PASSWORD });
    const org = await call('POST', '/api/v1/organizations/', { slug: `thread-${thread}`, name: 'T' }, token);
    const ws = await call('POST', '/api/v1/workspaces/', { organization: org.id, name: 'w' }, token);
    const events = { handler: 'webhook', endpoint: `${receiver.origin}/hook/${thread}` };
    await call('PATCH', `/api/v1/workspaces/${ws.id}/`, { config: { blocks: BLOCKS, events } }, token);
    const run = await call(
      'POST',
      '/api/v1/action-runs/',
      { workspace: ws.id, block: 'app', action: 'hello', run_by: 'client' },
      token,
    );
    await call('POST', `/api/v1/action-runs/${run.id}/finish/`, { exit_code: 0 }, token);
    await eventually(
      'the delivery received',
      () => receiver!.requests.some((r) => r.url === `/hook/${thread}`),
      { diagnostics: () => api.output() },
    );
    const delivered = await eventually(
      'the delivery counted on the metrics port',
      () => series(api, 'plinth_event_deliveries_total{kind="webhook",outcome="delivered"}'),
      { until: (n) => n === 1, diagnostics: () => api.output() },
    );
    return { api, delivered };
  };

  it('delivers on a thread of lower priority, whose metrics the metrics port serves', async () => {
    const { api, delivered } = await deliverOne('true');
    expect(delivered).toBe(1);
    // The job thread and V8's helpers (which collect its garbage) below the requests' thread and
    // libuv's pool, which the requests use.
    const nices = threadNices(api.child.pid!);
    const lowered = nices.filter((t) => t.nice === 10).map((t) => t.name);
    expect(lowered.filter((n) => n === 'plinth-jobs')).toHaveLength(1);
    expect(lowered.filter((n) => n === 'V8Worker').length).toBeGreaterThanOrEqual(1);
    expect(lowered.toSorted()).toEqual(
      nices
        .filter((t) => ['plinth-jobs', 'V8Worker', 'DelayedTaskSche'].includes(t.name))
        .map((t) => t.name)
        .toSorted(),
    );
    expect(nices.filter((t) => t.nice === 0).map((t) => t.name)).toEqual(
      expect.arrayContaining(['MainThread', 'libuv-worker']),
    );
    // The series is written once: the main loop does not register the thread's metrics.
    const text = await (await fetch(`${api.metricsUrl}/metrics`)).text();
    expect(text.match(/^# TYPE plinth_event_deliveries_total /gm)).toHaveLength(1);
    expect(text).toContain('plinth_http_requests_total{');
    expect(await api.stop('SIGTERM')).toBe(0);
    expect(api.output()).not.toContain('the job thread ended');
  }, 120_000);

  it('delivers on the main event loop with PLINTH_JOB_THREAD=false', async () => {
    const { api, delivered } = await deliverOne('false');
    expect(delivered).toBe(1);
    expect(threadNices(api.child.pid!).filter((t) => t.nice !== 0)).toEqual([]);
    expect(await api.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
