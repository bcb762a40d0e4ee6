import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemExponentialRateLimiter } from './rate-limiter.ts';
import { WorkQueue, type WorkQueueHooks } from './workqueue.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets pending promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A get() whose result can be inspected before it resolves. */
function pendingGet(queue: WorkQueue) {
  const state: { resolved: boolean; key: string | undefined } = { resolved: false, key: undefined };
  const promise = queue.get().then((key) => {
    state.resolved = true;
    state.key = key;
    return key;
  });
  return { state, promise };
}

/** Takes every key that is waiting now, in order, marking each done. */
async function drainNow(queue: WorkQueue): Promise<string[]> {
  const keys: string[] = [];
  while (queue.len() > 0) {
    const key = (await queue.get())!;
    keys.push(key);
    queue.done(key);
  }
  return keys;
}

describe('WorkQueue add and get', () => {
  it('hands keys out in the order they were added, each once however often it was added', async () => {
    const queue = new WorkQueue();
    for (const key of ['a', 'b', 'a', 'c', 'b', 'a']) queue.add(key);
    expect(queue.len(), 'waiting keys after duplicate adds').toBe(3);
    expect(await drainNow(queue)).toEqual(['a', 'b', 'c']);
  });

  it('wakes a waiting get() when a key arrives', async () => {
    const queue = new WorkQueue();
    const get = pendingGet(queue);
    await settle();
    expect(get.state.resolved, 'nothing to hand out yet').toBe(false);
    queue.add('a');
    expect(await get.promise).toBe('a');
    expect(queue.len()).toBe(0);
  });

  it('serves waiting get() calls oldest first', async () => {
    const queue = new WorkQueue();
    const first = pendingGet(queue);
    const second = pendingGet(queue);
    queue.add('a');
    await settle();
    expect([first.state.key, second.state.resolved]).toEqual(['a', false]);
    queue.add('b');
    expect(await second.promise).toBe('b');
  });

  it('ignores done() for a key nobody holds', () => {
    const queue = new WorkQueue();
    queue.add('a');
    queue.done('a');
    queue.done('zzz');
    expect(queue.len()).toBe(1);
  });
});

describe('WorkQueue per-key exclusivity', () => {
  it('does not hand a key held by one worker to another until done, then hands it out once', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    const held = await queue.get();
    expect(held).toBe('a');

    const other = pendingGet(queue);
    queue.add('a');
    queue.add('a');
    await settle();
    expect(other.state.resolved, 'second worker must not get a key the first still holds').toBe(false);
    expect(queue.len(), 'a held key added again is not waiting yet').toBe(0);

    queue.done('a');
    expect(await other.promise, 'the re-added key comes back at done()').toBe('a');
    expect(queue.len(), 'exactly once').toBe(0);

    const third = pendingGet(queue);
    await settle();
    expect(third.state.resolved, 'no second copy of the key').toBe(false);
    queue.done('a');
    await settle();
    expect(third.state.resolved, 'done() without a new add does not requeue').toBe(false);
  });

  it('keeps other keys flowing while one is held', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    await queue.get();
    queue.add('a');
    queue.add('b');
    expect(await queue.get()).toBe('b');
  });

  it('a key re-added while held queues behind keys added before its done()', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    await queue.get();
    queue.add('a');
    queue.add('b');
    queue.done('a');
    expect(await drainNow(queue)).toEqual(['b', 'a']);
  });
});

describe('WorkQueue addAfter', () => {
  it('adds each key when its delay is over, earliest first', async () => {
    const queue = new WorkQueue();
    queue.addAfter('slow', 300);
    queue.addAfter('fast', 100);
    queue.addAfter('mid', 200);
    await vi.advanceTimersByTimeAsync(99);
    expect(queue.len(), 'nothing before 100 ms').toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await drainNow(queue)).toEqual(['fast']);
    await vi.advanceTimersByTimeAsync(200);
    expect(await drainNow(queue), 'the other two, in ready order').toEqual(['mid', 'slow']);
  });

  it('keeps the earlier of two delays for the same key', async () => {
    const queue = new WorkQueue();
    queue.addAfter('a', 1000);
    queue.addAfter('a', 100);
    queue.addAfter('a', 500);
    await vi.advanceTimersByTimeAsync(100);
    expect(await drainNow(queue), 'the shortest delay won').toEqual(['a']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queue.len(), 'the longer delays were dropped').toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('adds at once for a delay of zero or less', () => {
    const queue = new WorkQueue();
    queue.addAfter('a', 0);
    queue.addAfter('b', -5);
    expect(queue.len()).toBe(2);
  });

  it('clamps a delay longer than a Node timer can hold rather than firing at once', async () => {
    const queue = new WorkQueue();
    queue.addAfter('a', 2 ** 40);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.len()).toBe(0);
  });

  it('does not keep the process alive with pending delays', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const queue = new WorkQueue();
    queue.addAfter('a', 100);
    const timer = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout | undefined;
    expect(timer?.hasRef(), 'delay timer is unref-ed').toBe(false);
  });
});

describe('WorkQueue rate-limited adds', () => {
  it('backs a failing key off exponentially, and forget starts it over', async () => {
    const queue = new WorkQueue({ rateLimiter: new ItemExponentialRateLimiter({ baseMs: 100, maxMs: 400 }) });
    const readyAfter: number[] = [];
    for (let i = 0; i < 4; i++) {
      const start = performance.now();
      queue.addRateLimited('a');
      while (queue.len() === 0) await vi.advanceTimersByTimeAsync(1);
      readyAfter.push(performance.now() - start);
      await drainNow(queue);
    }
    expect(readyAfter, 'delay of each retry').toEqual([100, 200, 400, 400]);
    expect(queue.numRequeues('a')).toBe(4);
    queue.forget('a');
    expect(queue.numRequeues('a')).toBe(0);
  });
});

describe('WorkQueue metrics hooks', () => {
  it('reports adds, retries, depth and the time a key waited', async () => {
    const events: string[] = [];
    const hooks: WorkQueueHooks = {
      onAdd: (key) => events.push(`add ${key}`),
      onRetry: (key) => events.push(`retry ${key}`),
      onDepth: (depth) => events.push(`depth ${depth}`),
      onQueueWait: (key, ms) => events.push(`wait ${key} ${ms}`),
      onWorkDuration: (key, ms) => events.push(`work ${key} ${ms}`),
    };
    const queue = new WorkQueue({ hooks, rateLimiter: new ItemExponentialRateLimiter({ baseMs: 10 }) });
    queue.add('a');
    queue.add('a');
    await vi.advanceTimersByTimeAsync(30);
    await queue.get();
    await vi.advanceTimersByTimeAsync(5);
    queue.add('a');
    queue.done('a');
    queue.addRateLimited('b');
    await vi.advanceTimersByTimeAsync(10);
    expect(events).toEqual([
      'add a',
      'depth 1',
      'wait a 30',
      'depth 0',
      'add a',
      'work a 5',
      'depth 1',
      'retry b',
      'add b',
      'depth 2',
    ]);
  });
});

describe('WorkQueue shutdown', () => {
  it('resolves pending and later get() with undefined, and ignores later adds', async () => {
    const queue = new WorkQueue();
    const waiting = pendingGet(queue);
    queue.addAfter('later', 100);
    queue.shutDown();
    expect(await waiting.promise).toBeUndefined();
    queue.add('a');
    queue.addAfter('b', 10);
    queue.addRateLimited('c');
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.len()).toBe(0);
    expect(await queue.get()).toBeUndefined();
    expect(vi.getTimerCount(), 'delayed adds were cancelled').toBe(0);
  });

  it('drops waiting keys instead of handing them out', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    queue.add('b');
    queue.shutDown();
    expect(queue.len()).toBe(0);
    expect(await queue.get()).toBeUndefined();
  });

  it('shutDownWithDrain waits for the keys being processed, and does not requeue them', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    queue.add('b');
    await queue.get();
    await queue.get();
    queue.add('a');
    let drained = false;
    const drain = queue.shutDownWithDrain().then(() => (drained = true));
    queue.done('a');
    await settle();
    expect(drained, 'b is still being processed').toBe(false);
    expect(queue.processing()).toBe(1);
    queue.done('b');
    await drain;
    expect(drained).toBe(true);
    expect(queue.len(), 'a, re-added while held, was not requeued after shutdown').toBe(0);
  });

  it('shutDownWithDrain resolves at once when nothing is being processed', async () => {
    const queue = new WorkQueue();
    queue.add('a');
    await expect(queue.shutDownWithDrain()).resolves.toBeUndefined();
    expect(queue.isShuttingDown()).toBe(true);
  });
});
