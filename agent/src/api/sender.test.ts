import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../api/src/test/eventually.ts';
import { ResultBuffer } from '../buffer/buffer.ts';
import type { CheckResult } from '../protocol.ts';
import { uuid7Generator } from '../runtime/uuid7.ts';
import { STAND_IN_TOKEN, startStandInApi } from '../test/api-stand-in.ts';
import type { StandInApi } from '../test/api-stand-in.ts';
import { captureLogs } from '../test/log-capture.ts';
import { ApiClient } from './client.ts';
import { Sender } from './sender.ts';

const newId = uuid7Generator();

describe('the sender, against a stand-in of the API', () => {
  let api: StandInApi;
  let dir: string;
  let buffer: ResultBuffer;
  let client: ApiClient;
  let sender: Sender;
  let logs: ReturnType<typeof captureLogs>;
  beforeEach(async () => {
    api = await startStandInApi();
    dir = mkdtempSync(join(tmpdir(), 'agent-sender-'));
    buffer = await ResultBuffer.open({ dir, maxBytes: 64 * 1024 * 1024, syncIntervalMs: 20 });
    client = new ApiClient({ baseUrl: api.url, token: () => STAND_IN_TOKEN, userAgent: 'plinth-agent/test' });
    logs = captureLogs();
    sender = new Sender({
      client,
      buffer,
      logger: logs.logger,
      batchSize: 200,
      backoff: { baseMs: 20, maxMs: 100 },
    });
  });
  afterEach(async () => {
    await sender.stop();
    await buffer.close();
    client.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const produce = (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r: CheckResult = {
        result_id: newId(),
        endpoint_id: '00000000-0000-4000-8000-000000000001',
        success: true,
        checked_at: new Date().toISOString(),
        duration_ms: i,
      };
      buffer.append(r);
      ids.push(r.result_id);
    }
    return ids;
  };

  it('after a 503, retries and delivers every result once, in order, in batches of the size set', async () => {
    const ids = produce(450);
    api.resultsAnswers.push(503);
    sender.start();
    await eventually('all delivered', () => api.accepted.length === 450);
    expect(api.accepted).toEqual(ids);
    const [refused, retried] = api.batches;
    expect(retried!.slice(0, refused!.length), 'the refused batch went again').toEqual(refused);
    for (const batch of api.batches) expect(batch.length).toBeLessThanOrEqual(200);
    expect(api.batches.length).toBeGreaterThanOrEqual(4);
    await eventually('the buffer empty', () => buffer.stats.buffered === 0);
    expect(logs.lines().some((l) => l.level === 'warn' && l.code === 'HTTP_503')).toBe(true);
  });

  it('drops the results the API rejects, and sends them no more', async () => {
    const ids = produce(10);
    api.reject.add(ids[2]!);
    api.reject.add(ids[7]!);
    sender.start();
    await eventually('delivered', () => api.accepted.length === 10);
    await eventually('the buffer empty', () => buffer.stats.buffered === 0);
    expect(sender.stats).toEqual({ sent: 8, rejected: 2 });
    const more = produce(5);
    await eventually('the next ones delivered', () => api.accepted.length === 15);
    expect(api.received).toEqual([...ids, ...more]);
  });

  it('keeps a batch the API refuses with a 400, logs it as an error, and delivers it later', async () => {
    const ids = produce(3);
    api.resultsAnswers.push(400, 400);
    sender.start();
    await eventually('delivered', () => api.accepted.length === 3);
    expect(api.accepted).toEqual(ids);
    expect(logs.lines().filter((l) => l.level === 'error' && l.code === 'HTTP_400')).toHaveLength(2);
  });

  it('keeps everything while the API is unreachable', async () => {
    const down = new ApiClient({ baseUrl: 'http://127.0.0.1:1', token: () => 't', userAgent: 'x' });
    const stranded = new Sender({
      client: down,
      buffer,
      logger: logs.logger,
      batchSize: 5,
      backoff: { baseMs: 20 },
    });
    produce(7);
    stranded.start();
    await eventually(
      'a few failed tries',
      () => logs.lines().filter((l) => l.code === 'ECONNREFUSED').length >= 2,
    );
    await stranded.stop();
    down.close();
    expect(buffer.stats.buffered).toBe(7);
    expect(down.connected).toBe(false);
  });

  it('at shutdown, sends what is left within the deadline', async () => {
    const ids = produce(250);
    await buffer.flush();
    await sender.finalSend(Date.now() + 5000);
    expect(api.accepted).toEqual(ids);
  });
});
