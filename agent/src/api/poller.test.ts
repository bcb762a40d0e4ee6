import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../api/src/test/eventually.ts';
import type { Assignments } from '../assignments.ts';
import type { AssignedEndpoint } from '../protocol.ts';
import { AGENT_ID, STAND_IN_TOKEN, startStandInApi } from '../test/api-stand-in.ts';
import type { StandInApi } from '../test/api-stand-in.ts';
import { captureLogs } from '../test/log-capture.ts';
import { ApiClient } from './client.ts';
import { ENDPOINTS_PATH, Poller } from './poller.ts';

const tcp = (id: string, target = '127.0.0.1:1'): AssignedEndpoint => ({
  id,
  name: id,
  kind: 'tcp',
  target,
  frequency_s: 30,
  timeout_ms: 1000,
  http: null,
  tcp: { banner_match: null },
  dns: null,
});

describe('the poller, against a stand-in of the API', () => {
  let api: StandInApi;
  let poller: Poller | undefined;
  let client: ApiClient | undefined;
  beforeEach(async () => {
    api = await startStandInApi();
  });
  afterEach(async () => {
    poller?.stop();
    client?.close();
    await api.close();
  });

  const startPoller = (token = STAND_IN_TOKEN) => {
    const logs = captureLogs();
    const received: Assignments[] = [];
    client = new ApiClient({ baseUrl: api.url, token: () => token, userAgent: 'plinth-agent/test' });
    poller = new Poller({
      client,
      logger: logs.logger,
      onAssignments: (a) => received.push(a),
      backoff: { baseMs: 20, maxMs: 100 },
      minIntervalMs: 20,
    });
    return { received, logs };
  };
  const polls = () => api.requests.filter((r) => r.path === ENDPOINTS_PATH);

  it('honours the ETag: a 304 changes nothing, a new version replaces the assignments', async () => {
    api.assign([tcp('a'), tcp('b')], { pollIntervalS: 0.05, version: 'v1' });
    const { received } = startPoller();
    expect(await poller!.start()).toBe('changed');
    await eventually('a few polls', () => polls().length >= 3);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ configVersion: 'v1', agent: { id: AGENT_ID }, pollIntervalMs: 50 });
    expect(received[0]!.endpoints.map((e) => e.id)).toEqual(['a', 'b']);
    const [first, ...later] = polls();
    expect(first!.headers['if-none-match']).toBeUndefined();
    expect(first!.headers['x-agent-id'], 'not known before the first answer').toBeUndefined();
    for (const r of later) {
      expect(r.headers['if-none-match']).toBe('"v1"');
      expect(r.headers['x-agent-id']).toBe(AGENT_ID);
      expect(r.headers['user-agent']).toBe('plinth-agent/test');
      expect(r.headers.authorization).toBe(`Bearer ${STAND_IN_TOKEN}`);
    }
    api.assign([tcp('b')], { pollIntervalS: 0.05, version: 'v2' });
    await eventually('the new version', () => received.length === 2);
    expect(received[1]!.endpoints.map((e) => e.id)).toEqual(['b']);
    expect(poller!.configVersion).toBe('v2');
  });

  it('logs a refused token clearly, without the token, and keeps trying with backoff', async () => {
    const { received, logs } = startPoller('pla_wrong_secret_value');
    expect(await poller!.start()).toBe('failed');
    await eventually('retries', () => polls().length >= 3);
    expect(received).toHaveLength(0);
    const line = logs.lines().find((l) => l.level === 'error');
    expect(line?.msg).toMatch(/refused the agent's token \(401\).*PLINTH_AGENT_TOKEN/);
    expect(logs.text()).not.toContain('pla_wrong_secret_value');
  });

  it('keeps the last assignments while the API fails', async () => {
    api.assign([tcp('a')], { version: 'v1' });
    const { received, logs } = startPoller();
    expect(await poller!.pollOnce()).toBe('changed');
    api.failAll = 503;
    expect(await poller!.pollOnce()).toBe('failed');
    expect(received).toHaveLength(1);
    expect(poller!.configVersion).toBe('v1');
    expect(logs.lines().find((l) => l.level === 'warn')?.msg).toMatch(/answered 503; running the last/);
  });

  it('leaves out a malformed endpoint and runs the others', async () => {
    api.assign([tcp('good'), { ...tcp('bad'), kind: 'smtp' as 'tcp' }], { version: 'v1' });
    const { received, logs } = startPoller();
    await poller!.pollOnce();
    expect(received[0]!.endpoints.map((e) => e.id)).toEqual(['good']);
    expect(logs.lines().some((l) => l.msg === 'assigned endpoint left out' && l.endpoint === 'bad')).toBe(
      true,
    );
  });
});
