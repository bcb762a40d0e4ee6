import { describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';

describe('eventually', () => {
  it('returns the first value that is not undefined or false, trying again in between', async () => {
    let tries = 0;
    const value = await eventually('the third try', () => (++tries === 3 ? { tries } : undefined), {
      intervalMs: 1,
    });
    expect(value).toEqual({ tries: 3 });
    expect(await eventually('a condition', () => true)).toBe(true);
  });

  it('treats a throw as not yet, and names what it awaited with the last error past the deadline', async () => {
    let tries = 0;
    expect(
      await eventually(
        'the second try',
        () => {
          if (++tries < 2) throw new Error('not yet');
          return tries;
        },
        { intervalMs: 1 },
      ),
    ).toBe(2);
    await expect(
      eventually(
        'the answer',
        () => {
          throw new Error('still broken');
        },
        { timeoutMs: 20, intervalMs: 5, diagnostics: () => 'the log' },
      ),
    ).rejects.toThrow(/^the answer: not within 20 ms \(last error: still broken\)\nthe log$/);
  });

  it('waits for the value `until` accepts and shows the last one it did not', async () => {
    let n = 0;
    expect(await eventually('n at 3', () => ++n, { intervalMs: 1, until: (v) => v >= 3 })).toBe(3);
    await expect(
      eventually('a 200', () => ({ status: 503 }), {
        timeoutMs: 10,
        intervalMs: 5,
        until: (r) => r.status === 200,
      }),
    ).rejects.toThrow('a 200: not within 10 ms (last value: { status: 503 })');
  });

  it('fails at once on stop(), and on a throw when told to', async () => {
    let tries = 0;
    await expect(
      eventually('a process ready', (stop) => {
        tries++;
        return stop('it exited with 1');
      }),
    ).rejects.toThrow('a process ready: it exited with 1');
    await expect(
      eventually(
        'an invariant',
        () => {
          tries++;
          throw new Error('broken on the first try');
        },
        { onError: 'fail' },
      ),
    ).rejects.toThrow('broken on the first try');
    expect(tries).toBe(2);
  });
});
