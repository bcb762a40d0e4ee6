import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PER_TENANT } from '../../core/jobs/offload.ts';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../../test/api-process.ts';
import type { ApiProcess } from '../../test/api-process.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { STREAKS_LOCK_SPACE } from './alerts/states.ts';

const PASSWORD = 'ingest-thread-admin-password';

/**
 * The API process on PostgreSQL: a results batch, and a health report (which may embed results),
 * is parsed, validated and stored by a task on the job thread (ingest-task.ts, health-task.ts),
 * and answers as the in-process route does (protocol.int.test.ts): the same outcome, and the same
 * errors for a body that is not JSON, not JSON-typed, has an unknown field, a bad value, or a
 * string PostgreSQL cannot store. One organization's agents get a share of the thread, and of its
 * database connections, and no more.
 */
describe('agents’ reports on the job thread', () => {
  let api: ApiProcess;
  let databaseUrl: string;
  let adminToken: string;
  let orgId: string;
  let agentToken: string;
  let agentId: string;
  let endpointId: string;

  const post = (body: string, contentType = 'application/json', token = agentToken, signal?: AbortSignal) =>
    fetch(`${api.url}/api/v1/agent/results/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
      body,
      signal,
    });
  const raw = (body: string, contentType?: string, token?: string) =>
    post(body, contentType, token).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as any,
    }));
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const res = await jsonRequest(api.url, method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const result = (over: Record<string, unknown> = {}) => ({
    result_id: randomUUID(),
    endpoint_id: endpointId,
    success: true,
    checked_at: new Date().toISOString(),
    duration_ms: 21.5,
    status_code: 200,
    http_time_to_first_byte_ms: 20,
    ...over,
  });
  const metric = async (line: string) => {
    const text = await (await fetch(`${api.metricsUrl}/metrics`)).text();
    return Number(
      text
        .split('\n')
        .find((l) => l.startsWith(line))
        ?.slice(line.length) ?? 0,
    );
  };
  const tasksRun = (outcome: string, task = 'monitoring.ingest') =>
    metric(`plinth_thread_tasks_total{task="${task}",outcome="${outcome}"} `);
  const report = (over: Record<string, unknown> = {}) =>
    JSON.stringify({ status: 'healthy', version: '1.0.0', uptime_seconds: 60, ...over });
  const health = (body: string, token = agentToken, signal?: AbortSignal) =>
    fetch(`${api.url}/api/v1/agent/health/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
      signal,
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as any }));

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    api = await startApiProcess({
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
    });
    await api.waitReady();
    const { token } = await call('POST', '/api/login/', { username: 'admin', password: PASSWORD });
    adminToken = token;
    const org = await call('POST', '/api/v1/organizations/', { slug: 'ingest', name: 'I' }, token);
    orgId = org.id;
    const ws = await call('POST', '/api/v1/workspaces/', { organization: org.id, name: 'w' }, token);
    const agent = await call(
      'POST',
      '/api/v1/agents/',
      { organization: org.id, name: 'probe', location: 'eu-central' },
      token,
    );
    agentToken = agent.token;
    agentId = agent.id;
    const ep = await call(
      'POST',
      '/api/v1/endpoints/',
      { workspace: ws.id, name: 'shop', kind: 'http', target: 'https://shop.example.com/' },
      token,
    );
    endpointId = ep.id;
  }, 120_000);

  afterAll(async () => {
    await api?.stop('SIGKILL');
  });

  it('stores a batch once, on the thread', async () => {
    const batch = JSON.stringify({ results: [result(), result({ success: false, status_code: 503 })] });
    expect(await raw(batch)).toEqual({ status: 200, body: { accepted: 2, duplicates: 0, rejected: [] } });
    expect(await raw(batch)).toEqual({ status: 200, body: { accepted: 0, duplicates: 2, rejected: [] } });
    // Only the thread counts its tasks: the batches did not run on the main event loop.
    expect(await tasksRun('ok')).toBe(2);
  }, 30_000);

  it('records a health report and its embedded results on the thread', async () => {
    const sent = await health(report({ reported_agent_id: agentId, check_results: [result()] }));
    expect(sent).toMatchObject({
      status: 201,
      body: { agent_id: agentId, organization: orgId, results: { accepted: 1, duplicates: 0, rejected: [] } },
    });
    expect(await tasksRun('ok', 'monitoring.health')).toBe(1);
    const view = await call('GET', `/api/v1/agents/${agentId}/`, undefined, adminToken);
    expect(view).toMatchObject({ health: 'healthy', version: '1.0.0', uptime_seconds: 60 });
    // Refused as the validator and the in-process route refuse them.
    expect(await health('{"status": ')).toMatchObject({ status: 400, body: { code: 'parse_error' } });
    const bad = await health(report({ uptime_seconds: -1 }));
    expect([bad.status, bad.body.errors]).toEqual([
      400,
      [
        {
          attr: 'uptime_seconds',
          code: 'min_value',
          detail: 'Ensure this value is greater than or equal to 0.',
        },
      ],
    ]);
    const other = await health(report({ reported_agent_id: randomUUID(), check_results: [result()] }));
    expect(other).toMatchObject({ status: 403, body: { code: 'agent_mismatch' } });
    expect(await tasksRun('ok', 'monitoring.health')).toBe(4);
  }, 30_000);

  it('refuses what the route’s validator refuses, with the same answers', async () => {
    const notJson = await raw('{"results": [');
    expect(notJson).toMatchObject({ status: 400, body: { code: 'parse_error' } });
    const plain = await raw(JSON.stringify({ results: [result()] }), 'text/plain');
    expect(plain.status).toBe(415);
    const unknown = await raw(JSON.stringify({ results: [result()], extra: 1 }));
    expect(unknown).toMatchObject({ status: 400, body: { code: 'invalid' } });
    expect(unknown.body.errors).toEqual([{ attr: 'extra', code: 'unknown_field', detail: 'Unknown field.' }]);
    const bad = await raw(JSON.stringify({ results: [result({ duration_ms: -1 })] }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])).toEqual([
      ['results.0.duration_ms', 'min_value'],
    ]);
    const tooMany = await raw(JSON.stringify({ results: Array.from({ length: 501 }, () => result()) }));
    expect(tooMany.body.errors.map((e: { attr: string }) => e.attr)).toEqual(['results']);
    // Refused on the main loop before the thread sees it (http/storable-input.ts).
    const nul = await raw(JSON.stringify({ results: [result({ error_message: 'a\u0000b' })] }));
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([
      expect.objectContaining({ attr: 'results.0.error_message', code: 'invalid_character' }),
    ]);
    expect(await tasksRun('ok')).toBe(6);
  }, 30_000);

  it('keeps one organization’s agents to their share of the thread and of its connections', async () => {
    const agentAt = async (organization: string, location: string) =>
      (await call('POST', '/api/v1/agents/', { organization, name: randomUUID(), location }, adminToken))
        .token as string;
    const ours = [];
    for (let i = 0; i <= MAX_PER_TENANT; i++) ours.push(await agentAt(orgId, 'eu-central'));
    const other = await call('POST', '/api/v1/organizations/', { slug: 'other', name: 'O' }, adminToken);
    const otherWs = await call(
      'POST',
      '/api/v1/workspaces/',
      { organization: other.id, name: 'w' },
      adminToken,
    );
    const otherEp = await call(
      'POST',
      '/api/v1/endpoints/',
      { workspace: otherWs.id, name: 'shop', kind: 'http', target: 'https://other.example.com/' },
      adminToken,
    );
    const theirs = await agentAt(other.id, 'eu-central');
    const batch = (endpoint_id = endpointId) => JSON.stringify({ results: [result({ endpoint_id })] });

    // Another API process's batch of eu-central, under way: it holds the location's lock.
    const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${STREAKS_LOCK_SPACE}::int, hashtext(${orgId}::text || ' eu-central'))`;
      locked();
      await new Promise<void>((r) => (release = r));
    });
    try {
      await Promise.race([isLocked, holder]);
      const held = ours.slice(0, MAX_PER_TENANT).map((token) => raw(batch(), 'application/json', token));
      const locksWaiting = async () =>
        (
          await sql<{ n: number }[]>`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and not granted`
        )[0]!.n;
      await eventually('the organization’s batches wait, one of them for the lock', async () => {
        expect(await metric('plinth_thread_tasks_waiting ')).toBe(MAX_PER_TENANT);
        expect(await locksWaiting()).toBeGreaterThan(0);
        return true;
      });
      // Past its share, the organization's next batch is told to come back (it is not let in to
      // wait, hence the deadline).
      const refused = await post(
        batch(),
        'application/json',
        ours[MAX_PER_TENANT],
        AbortSignal.timeout(15_000),
      );
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
      const why = await refused.json();
      expect(why).toMatchObject({ code: 'service_unavailable' });
      expect(JSON.stringify(why)).toMatch(/organization/);
      expect(await metric('plinth_thread_tasks_refused_total{limit="tenant"} ')).toBe(1);
      // So is a health report with results in it: it is a batch by another route.
      const refusedReport = await health(
        report({ check_results: [result()] }),
        ours[MAX_PER_TENANT],
        AbortSignal.timeout(15_000),
      );
      expect([refusedReport.status, refusedReport.headers.get('retry-after')]).toEqual([503, '1']);
      expect(await metric('plinth_thread_tasks_refused_total{limit="tenant"} ')).toBe(2);
      // Another organization's batch at the same place is stored meanwhile: the waiting batches
      // hold no connection of the thread's pool (10), so it gets one.
      const theirAnswer = await post(
        batch(otherEp.id),
        'application/json',
        theirs,
        AbortSignal.timeout(15_000),
      );
      expect([theirAnswer.status, await theirAnswer.json()]).toEqual([
        200,
        { accepted: 1, duplicates: 0, rejected: [] },
      ]);
      // By now every one of ours went as far as it can: still one waits on the database.
      expect(await locksWaiting()).toBe(1);
      release();
      await holder;
      for (const answer of await Promise.all(held))
        expect(answer).toMatchObject({ status: 200, body: { accepted: 1, duplicates: 0 } });
      expect(await metric('plinth_thread_tasks_waiting ')).toBe(0);
    } finally {
      release?.();
      await holder.catch(() => {});
      await sql.end();
    }
  }, 60_000);
});
