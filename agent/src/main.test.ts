import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../api/src/test/eventually.ts';
import { ResultBuffer } from './buffer/buffer.ts';
import type { AssignedEndpoint } from './protocol.ts';
import { idsOnDisk, startAgentProcess } from './test/agent-process.ts';
import type { AgentProcess } from './test/agent-process.ts';
import { AGENT_ID, STAND_IN_TOKEN, startStandInApi } from './test/api-stand-in.ts';
import type { StandInApi } from './test/api-stand-in.ts';
import { close, listen, refusedPort, tracked } from './test/servers.ts';

/**
 * The agent as a process (`node agent/src/main.ts`) against a stand-in of the API on loopback
 * (test/api-stand-in.ts: the protocol only; the tests against the real API are integration tests
 * of their own), checking a real TCP server every second.
 */
describe('the agent process', { timeout: 60_000 }, () => {
  let api: StandInApi;
  let target: Server;
  let dir: string;
  let endpoints: AssignedEndpoint[];
  const running: AgentProcess[] = [];
  beforeEach(async () => {
    api = await startStandInApi();
    target = tracked(createServer((s) => s.end()));
    const port = await listen(target);
    dir = mkdtempSync(join(tmpdir(), 'agent-process-'));
    endpoints = Array.from({ length: 20 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `tcp-${i}`,
      kind: 'tcp',
      target: `127.0.0.1:${port}`,
      frequency_s: 1,
      timeout_ms: 1000,
      http: null,
      tcp: { banner_match: null },
      dns: null,
    }));
  });
  afterEach(async () => {
    for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await api.close();
    await close(target);
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (extra: Record<string, string> = {}) => {
    const p = startAgentProcess({
      PLINTH_API_URL: api.url,
      PLINTH_AGENT_TOKEN: STAND_IN_TOKEN,
      PLINTH_AGENT_BUFFER_DIR: dir,
      PLINTH_AGENT_BATCH_SIZE: '10',
      LOG_LEVEL: 'debug',
      ...extra,
    });
    running.push(p);
    return p;
  };

  it('after SIGKILL, a restart resends every unacknowledged result with the same id, oldest first', async () => {
    api.assign(endpoints, { pollIntervalS: 1 });
    // Two batches acknowledged, then one the API takes and never answers: it must go again.
    api.resultsAnswers.push(200, 200, 'hang');
    const first = start();
    await eventually('a batch left unanswered', () => api.batches.length === 3, {
      diagnostics: first.output,
    });
    const unanswered = api.batches[2]!;
    await eventually('more results on disk', () => idsOnDisk(dir).length >= api.received.length + 40);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const produced = new Set([...idsOnDisk(dir), ...api.received]);
    const before = api.received.length;
    api.assign([]);
    const second = start();
    await eventually('every result delivered', () => [...produced].every((id) => api.received.includes(id)), {
      diagnostics: second.output,
    });
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    const resent = api.received.slice(before);
    expect(new Set(api.received).size, 'nothing lost, nothing invented').toBe(produced.size);
    expect(resent.slice(0, unanswered.length), 'the unanswered batch first, same ids').toEqual(unanswered);
    expect([...resent].sort(), 'oldest first').toEqual(resent);
    expect(first.output() + second.output()).not.toContain(STAND_IN_TOKEN);
  });

  it('on SIGTERM flushes, sends what is left and exits 0; reports health; serves /healthz', async () => {
    api.assign(endpoints, { pollIntervalS: 1 });
    api.resultsAnswers.push(...new Array<number>(1000).fill(503));
    const healthPort = await refusedPort();
    const agent = start({ PLINTH_AGENT_HEALTH_PORT: String(healthPort) });
    await eventually('a refused batch', () => api.batches.length >= 1, { diagnostics: agent.output });
    await eventually('results waiting on disk', () => idsOnDisk(dir).length >= 40);
    const probe = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
    expect(probe.status).toBe(200);
    expect(api.health[0]).toMatchObject({ kind: 'agent', version: expect.any(String) as string });
    const results = api.requests.filter((r) => r.path === '/api/v1/agent/results/');
    expect(results.at(-1)!.headers['x-agent-id']).toBe(AGENT_ID);
    expect(results.at(-1)!.headers['user-agent']).toMatch(/^plinth-agent\/\d+\.\d+\.\d+/);

    api.resultsAnswers.length = 0;
    agent.child.kill('SIGTERM');
    expect((await agent.exited).code).toBe(0);
    const onDisk = idsOnDisk(dir);
    expect(
      onDisk.every((id) => api.accepted.includes(id)),
      'the last send delivered everything',
    ).toBe(true);
    const reopened = await ResultBuffer.open({ dir, maxBytes: 1024 * 1024 });
    expect(reopened.stats.buffered).toBe(0);
    await reopened.close();
  });

  it('exits 2 with a message naming the variable when the configuration is bad', async () => {
    const agent = start({ PLINTH_AGENT_CONCURRENCY: '0' });
    expect((await agent.exited).code).toBe(2);
    expect(agent.output()).toContain('PLINTH_AGENT_CONCURRENCY must be an integer from 1 to 4096');
  });
});
