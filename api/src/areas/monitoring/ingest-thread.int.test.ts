import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../../test/api-process.ts';
import type { ApiProcess } from '../../test/api-process.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';

const PASSWORD = 'ingest-thread-admin-password';

/**
 * The API process on PostgreSQL: a results batch is parsed, validated and stored by a task on the
 * job thread (ingest-task.ts), and answers as the in-process route does (protocol.int.test.ts):
 * the same outcome, and the same errors for a body that is not JSON, not JSON-typed, has an
 * unknown field, a bad value, or a string PostgreSQL cannot store.
 */
describe('results batches on the job thread', () => {
  let api: ApiProcess;
  let agentToken: string;
  let endpointId: string;

  const raw = (body: string, contentType = 'application/json') =>
    fetch(`${api.url}/api/v1/agent/results/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${agentToken}`, 'Content-Type': contentType },
      body,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
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
  const tasksRun = async (outcome: string) => {
    const text = await (await fetch(`${api.metricsUrl}/metrics`)).text();
    const line = `plinth_thread_tasks_total{task="monitoring.ingest",outcome="${outcome}"} `;
    return Number(
      text
        .split('\n')
        .find((l) => l.startsWith(line))
        ?.slice(line.length) ?? 0,
    );
  };

  beforeAll(async () => {
    api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: PASSWORD,
    });
    await api.waitReady();
    const call = async (method: string, path: string, body: unknown, token?: string) => {
      const res = await jsonRequest(api.url, method, path, { token, body });
      if (res.status >= 300)
        throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const { token } = await call('POST', '/api/login/', { username: 'admin', password: PASSWORD });
    const org = await call('POST', '/api/v1/organizations/', { slug: 'ingest', name: 'I' }, token);
    const ws = await call('POST', '/api/v1/workspaces/', { organization: org.id, name: 'w' }, token);
    const agent = await call(
      'POST',
      '/api/v1/agents/',
      { organization: org.id, name: 'probe', location: 'eu-central' },
      token,
    );
    agentToken = agent.token;
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
});
