import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemExponentialRateLimiter } from './rate-limiter.ts';
import { type ReconcileEvent, type Result, runWorkers, TerminalError, isTerminalError } from './workers.ts';
import { WorkQueue } from './workqueue.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function newQueue() {
  return new WorkQueue({ rateLimiter: new ItemExponentialRateLimiter({ baseMs: 100, maxMs: 1000 }) });
}

/** Runs workers that record every reconcile's start time (since the test began) and outcome. */
function harness(count: number, reconcile: (key: string, call: number) => Promise<Result | void>) {
  const queue = newQueue();
  const start = performance.now();
  const calls: { key: string; at: number }[] = [];
  const events: ReconcileEvent[] = [];
  const workers = runWorkers(
    queue,
    count,
    (key) => {
      calls.push({ key, at: performance.now() - start });
      return reconcile(key, calls.filter((c) => c.key === key).length);
    },
    { onResult: (e) => events.push(e) },
  );
  return { queue, workers, calls, events };
}

describe('runWorkers results', () => {
  it('forgets the key after a success and does not call it again', async () => {
    const { queue, workers, calls, events } = harness(1, () => Promise.resolve({}));
    queue.addRateLimited('a');
    queue.addRateLimited('a');
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.map((c) => c.key)).toEqual(['a']);
    expect(queue.numRequeues('a'), 'failures forgotten').toBe(0);
    expect(events.map((e) => e.outcome)).toEqual(['success']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    await workers.stop();
  });

  it('retries a thrown error with exponential backoff until it succeeds', async () => {
    const { queue, workers, calls, events } = harness(1, (_key, call) =>
      call <= 3 ? Promise.reject(new Error(`boom ${call}`)) : Promise.resolve({}),
    );
    queue.add('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(
      calls.map((c) => c.at),
      'start time of each try',
    ).toEqual([0, 100, 300, 700]);
    expect(events.map((e) => e.outcome)).toEqual(['error', 'error', 'error', 'success']);
    expect((events[0]?.error as Error).message).toBe('boom 1');
    expect(queue.numRequeues('a')).toBe(0);
    await workers.stop();
  });

  it('does not retry a terminal error, even wrapped, and forgets the key', async () => {
    const { queue, workers, calls, events } = harness(1, (key) =>
      key === 'a'
        ? Promise.reject(new TerminalError('bucket name owned by another tenant'))
        : Promise.reject(new Error('wrapped', { cause: new TerminalError('invalid region') })),
    );
    queue.addRateLimited('a');
    await vi.advanceTimersByTimeAsync(100);
    queue.add('b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(
      calls.map((c) => c.key),
      'each key tried once',
    ).toEqual(['a', 'b']);
    expect(events.map((e) => e.outcome)).toEqual(['terminal', 'terminal']);
    expect(queue.numRequeues('a'), 'earlier failures forgotten').toBe(0);
    await workers.stop();
  });

  it('requeues after requeueAfterMs, forgetting earlier failures', async () => {
    const { queue, workers, calls, events } = harness(1, (_key, call) =>
      call === 1 ? Promise.reject(new Error('transient')) : Promise.resolve({ requeueAfterMs: 500 }),
    );
    queue.add('a');
    await vi.advanceTimersByTimeAsync(1200);
    expect(calls.map((c) => c.at)).toEqual([0, 100, 600, 1100]);
    expect(events.map((e) => [e.outcome, e.requeueAfterMs])).toEqual([
      ['error', undefined],
      ['requeue', 500],
      ['requeue', 500],
      ['requeue', 500],
    ]);
    expect(queue.numRequeues('a')).toBe(0);
    await workers.stop();
  });

  it('reports how long each reconcile took', async () => {
    const { queue, workers, events } = harness(1, async () => {
      await new Promise((r) => setTimeout(r, 250));
      return {};
    });
    queue.add('a');
    await vi.advanceTimersByTimeAsync(250);
    expect(events).toEqual([{ key: 'a', outcome: 'success', durationMs: 250 }]);
    await workers.stop();
  });

  it('keeps working when the result hook throws', async () => {
    const queue = newQueue();
    const seen: string[] = [];
    const workers = runWorkers(
      queue,
      1,
      (key) => {
        seen.push(key);
        return Promise.resolve({});
      },
      {
        onResult: () => {
          throw new Error('broken metrics');
        },
      },
    );
    queue.add('a');
    queue.add('b');
    await settle();
    expect(seen).toEqual(['a', 'b']);
    await workers.stop();
  });

  it('treats a synchronous throw like a rejected promise', async () => {
    const queue = newQueue();
    const events: ReconcileEvent[] = [];
    const workers = runWorkers(
      queue,
      1,
      () => {
        throw new Error('sync');
      },
      { onResult: (e) => events.push(e) },
    );
    queue.add('a');
    await settle();
    expect(events.map((e) => e.outcome)).toEqual(['error']);
    expect(queue.numRequeues('a')).toBe(1);
    await workers.stop();
  });
});

describe('runWorkers concurrency', () => {
  it('never reconciles one key in two workers at once, and reruns it once for adds meanwhile', async () => {
    const gates: ReturnType<typeof deferred<void>>[] = [];
    let running = 0;
    let maxRunning = 0;
    const { queue, workers, calls } = harness(4, async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      const gate = deferred();
      gates.push(gate);
      await gate.promise;
      running--;
      return {};
    });
    queue.add('a');
    await settle();
    for (let i = 0; i < 5; i++) queue.add('a');
    await settle();
    expect(calls, 'three idle workers and a held key: still one call').toHaveLength(1);

    gates[0]!.resolve();
    await settle();
    expect(calls, 'the adds made while held: one more call').toHaveLength(2);
    gates[1]!.resolve();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
    expect(maxRunning, 'concurrent reconciles of the one key').toBe(1);
    await workers.stop();
  });

  it('runs different keys in parallel up to the worker count', async () => {
    const gate = deferred();
    let running = 0;
    let maxRunning = 0;
    const { queue, workers } = harness(3, async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await gate.promise;
      running--;
      return {};
    });
    for (const key of ['a', 'b', 'c', 'd', 'e']) queue.add(key);
    await settle();
    expect(maxRunning).toBe(3);
    expect(queue.len()).toBe(2);
    gate.resolve();
    await settle();
    expect(running).toBe(0);
    await workers.stop();
  });
});

describe('runWorkers stop', () => {
  it('waits for running reconciles, aborts their signal, and takes no new keys', async () => {
    const queue = newQueue();
    const gate = deferred();
    const seen: string[] = [];
    let signal: AbortSignal | undefined;
    const workers = runWorkers(queue, 2, async (key, s) => {
      seen.push(key);
      signal = s;
      await gate.promise;
      return {};
    });
    queue.add('a');
    await settle();

    let stopped = false;
    const stopping = workers.stop().then(() => (stopped = true));
    expect(workers.stop(), 'stop is idempotent').toBe(workers.stop());
    queue.add('b');
    await settle();
    expect(signal?.aborted, 'running reconcile told to stop').toBe(true);
    expect(stopped, 'a reconcile is still running').toBe(false);

    gate.resolve();
    await stopping;
    expect(stopped).toBe(true);
    expect(seen, 'no key taken after stop').toEqual(['a']);
    expect(queue.processing()).toBe(0);
  });

  it('resolves stopped when the queue is shut down by someone else', async () => {
    const queue = newQueue();
    const workers = runWorkers(queue, 3, () => Promise.resolve({}));
    queue.shutDown();
    await expect(workers.stopped).resolves.toBeUndefined();
  });

  it('rejects a worker count below one', () => {
    expect(() => runWorkers(newQueue(), 0, () => Promise.resolve({}))).toThrow(RangeError);
  });
});

describe('isTerminalError', () => {
  it('finds a TerminalError anywhere in the cause chain, and nothing else', () => {
    expect(isTerminalError(new TerminalError('x'))).toBe(true);
    expect(
      isTerminalError(new Error('a', { cause: new Error('b', { cause: new TerminalError('c') }) })),
    ).toBe(true);
    expect(isTerminalError(new Error('plain'))).toBe(false);
    expect(isTerminalError('a string')).toBe(false);
    const cyclic = new Error('cycle');
    cyclic.cause = cyclic;
    expect(isTerminalError(cyclic)).toBe(false);
  });
});
