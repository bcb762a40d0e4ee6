import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../protocol.ts';
import { uuid7Generator } from '../runtime/uuid7.ts';
import { ResultBuffer } from './buffer.ts';
import type { Batch } from './buffer.ts';

const newId = uuid7Generator();
const result = (n: number): CheckResult => ({
  result_id: newId(),
  endpoint_id: '00000000-0000-4000-8000-000000000009',
  success: n % 2 === 0,
  checked_at: new Date().toISOString(),
  duration_ms: n,
});
const idsOf = (batch: Batch | undefined) =>
  batch ? (JSON.parse(batch.body) as { results: CheckResult[] }).results.map((r) => r.result_id) : [];

/** Reads and acknowledges everything, as a sender whose every request succeeds. */
async function drain(buffer: ResultBuffer, max = 1000): Promise<string[]> {
  const ids: string[] = [];
  for (let b = await buffer.next(max); b; b = await buffer.next(max)) {
    ids.push(...idsOf(b));
    await buffer.ack(b);
  }
  return ids;
}

describe('ResultBuffer', () => {
  let dir: string;
  const open: ResultBuffer[] = [];
  const openBuffer = async (opts: Partial<Parameters<typeof ResultBuffer.open>[0]> = {}) => {
    const b = await ResultBuffer.open({ dir, maxBytes: 64 * 1024 * 1024, syncIntervalMs: 60_000, ...opts });
    open.push(b);
    return b;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agent-buffer-'));
  });
  afterEach(async () => {
    for (const b of open.splice(0)) await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands out synced results oldest first, in batches, and forgets them once acknowledged', async () => {
    const buffer = await openBuffer();
    const made = Array.from({ length: 25 }, (_, i) => result(i));
    for (const r of made) buffer.append(r);
    expect(await buffer.next(10), 'nothing is read before it is synced').toBeUndefined();
    await buffer.flush();
    const first = await buffer.next(10);
    expect(first?.count).toBe(10);
    expect(idsOf(first)).toEqual(made.slice(0, 10).map((r) => r.result_id));
    expect(idsOf(await buffer.next(10)), 'the same batch until acknowledged').toEqual(idsOf(first));
    await buffer.ack(first!);
    expect(buffer.stats.buffered).toBe(15);
    expect(await drain(buffer, 10)).toEqual(made.slice(10).map((r) => r.result_id));
    expect(buffer.stats.buffered).toBe(0);
    expect(await buffer.next(10)).toBeUndefined();
  });

  it('syncs on its own within the interval, and tells the sender', async () => {
    const buffer = await openBuffer({ syncIntervalMs: 50 });
    let told = 0;
    buffer.onReadable(() => told++);
    buffer.append(result(1));
    const deadline = Date.now() + 5000;
    while (told === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(told).toBeGreaterThan(0);
    expect((await buffer.next(10))?.count).toBe(1);
  });

  it('deletes whole segments once acknowledged, keeping the one being written', async () => {
    const buffer = await openBuffer({ segmentBytes: 1024 });
    for (let i = 0; i < 60; i++) {
      buffer.append(result(i));
      if (i % 5 === 4) await buffer.flush();
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThan(3);
    expect(await drain(buffer, 7)).toHaveLength(60);
    expect(readdirSync(dir).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
    expect(existsSync(join(dir, 'cursor.json'))).toBe(true);
  });

  it('after an unclean stop, a new instance resends what was not acknowledged, same ids, oldest first', async () => {
    const crashed = await openBuffer({ segmentBytes: 2048 });
    const made = Array.from({ length: 40 }, (_, i) => result(i));
    for (const r of made) crashed.append(r);
    await crashed.flush();
    await crashed.ack((await crashed.next(15))!);
    const inFlight = await crashed.next(10); // sent, never acknowledged
    // No close(): the next instance opens the directory as the crashed process left it.
    const restarted = await openBuffer({ segmentBytes: 2048 });
    expect(restarted.stats.buffered).toBe(25);
    const resent = await drain(restarted, 10);
    expect(resent.slice(0, 10)).toEqual(idsOf(inFlight));
    expect(resent).toEqual(made.slice(15).map((r) => r.result_id));
  });

  it('passes over a line torn by a crash and a cursor it cannot read', async () => {
    const first = await openBuffer();
    const made = Array.from({ length: 3 }, (_, i) => result(i));
    for (const r of made) first.append(r);
    await first.flush();
    await first.ack((await first.next(1))!);
    await first.close();
    const segment = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
    appendFileSync(join(dir, segment), '{"result_id":"torn');
    writeFileSync(join(dir, 'cursor.json'), 'not json');
    const second = await openBuffer();
    // Without a cursor everything goes again; the API dedupes the one already acknowledged.
    expect(await drain(second)).toEqual(made.map((r) => r.result_id));
  });

  it('at the cap, drops the oldest segment and counts its unsent results', async () => {
    const buffer = await openBuffer({ maxBytes: 8192, segmentBytes: 1024 });
    const made = Array.from({ length: 200 }, (_, i) => result(i));
    for (const r of made) {
      buffer.append(r);
      await buffer.flush();
    }
    const { dropped, buffered, bytes } = buffer.stats;
    expect(dropped).toBeGreaterThan(100);
    expect(bytes).toBeLessThanOrEqual(8192 + 1024);
    const left = await drain(buffer);
    expect(left).toHaveLength(buffered);
    expect(dropped + left.length).toBe(200);
    expect(left, 'the newest are kept').toEqual(made.slice(200 - left.length).map((r) => r.result_id));
  });
});
