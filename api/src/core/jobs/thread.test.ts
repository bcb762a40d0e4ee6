import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { capturedLogger } from '../../test/log-capture.ts';
import { startJobThread } from './thread.ts';

const dir = mkdtempSync(join(tmpdir(), 'plinth-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startJobThread', () => {
  it('starts a thread that ended again, and stops it when asked', async () => {
    const file = join(dir, 'starts');
    const log = capturedLogger();
    const logger = log.logger;
    const thread = startJobThread(new URL('../../test/flaky-thread.ts', import.meta.url), {
      logger,
      workerData: { file },
    });
    // Metrics while it is down are empty, not an error; then the second start answers.
    const answer = await eventually('the restarted thread answering', () => thread.metrics(), {
      until: (t) => t === 'start 2',
      timeoutMs: 10_000,
    });
    expect(answer).toBe('start 2');
    expect(log.text()).toContain('the job thread ended; starting it again');
    expect(log.text()).toContain('"code":1');
    await thread.stop(5000);
    // Stopped: not started again, and asking for metrics answers nothing.
    await new Promise((r) => setTimeout(r, 1500));
    expect(readFileSync(file, 'utf8')).toBe('xx');
    expect(await thread.metrics()).toBe('');
  }, 20_000);
});
