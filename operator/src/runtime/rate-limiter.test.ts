import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialRateLimiter,
  MaxOfRateLimiter,
  RateLimiterClosedError,
  type RateLimiter,
  TokenBucket,
} from './rate-limiter.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ItemExponentialRateLimiter', () => {
  it('doubles the delay on every failure of a key, up to the cap', () => {
    const limiter = new ItemExponentialRateLimiter({ baseMs: 10, maxMs: 100 });
    const delays = Array.from({ length: 6 }, () => limiter.when('a'));
    expect(delays, 'delays of six failures in a row').toEqual([10, 20, 40, 80, 100, 100]);
    expect(limiter.retries('a')).toBe(6);
  });

  it('keeps the cap however many failures pile up', () => {
    const limiter = new ItemExponentialRateLimiter({ baseMs: 1, maxMs: 60_000 });
    let last = 0;
    for (let i = 0; i < 2000; i++) last = limiter.when('a');
    expect(last).toBe(60_000);
  });

  it('counts each key on its own, and forget starts a key over', () => {
    const limiter = new ItemExponentialRateLimiter({ baseMs: 5, maxMs: 1000 });
    limiter.when('a');
    limiter.when('a');
    expect(limiter.when('b'), 'first failure of another key').toBe(5);
    limiter.forget('a');
    expect(limiter.retries('a')).toBe(0);
    expect(limiter.when('a'), 'first failure after forget').toBe(5);
    expect(limiter.retries('b')).toBe(1);
  });

  it('defaults to client-go: 5 ms doubling to 1000 s', () => {
    const limiter = new ItemExponentialRateLimiter();
    expect(limiter.when('a')).toBe(5);
    expect(limiter.when('a')).toBe(10);
    for (let i = 0; i < 30; i++) limiter.when('a');
    expect(limiter.when('a')).toBe(1_000_000);
  });

  it('rejects a cap below the base', () => {
    expect(() => new ItemExponentialRateLimiter({ baseMs: 10, maxMs: 5 })).toThrow(RangeError);
  });
});

describe('TokenBucket', () => {
  it('gives out the burst at once, then one token per 1/qps', () => {
    const bucket = new TokenBucket({ qps: 10, burst: 3 });
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake()], 'the burst').toEqual([true, true, true]);
    expect(bucket.tryTake(), 'bucket empty').toBe(false);
    vi.advanceTimersByTime(99);
    expect(bucket.tryTake(), 'at 99 ms the next token is not due').toBe(false);
    vi.advanceTimersByTime(1);
    expect(bucket.tryTake(), 'at 100 ms it is').toBe(true);
    expect(bucket.tryTake()).toBe(false);
  });

  it('refills no more than the burst while idle', () => {
    const bucket = new TokenBucket({ qps: 10, burst: 2 });
    vi.advanceTimersByTime(60_000);
    let taken = 0;
    while (bucket.tryTake()) taken++;
    expect(taken).toBe(2);
  });

  it('reserve spends a token and says when it is due', () => {
    const bucket = new TokenBucket({ qps: 4, burst: 2 });
    const delays = Array.from({ length: 5 }, () => bucket.reserve());
    expect(delays).toEqual([0, 0, 250, 500, 750]);
  });

  it('take paces callers at qps, in call order', async () => {
    const bucket = new TokenBucket({ qps: 10, burst: 1 });
    const start = performance.now();
    const served: [number, number][] = [];
    const takes = Array.from({ length: 11 }, (_, i) =>
      bucket.take().then(() => served.push([i, performance.now() - start])),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(takes);
    expect(served, 'caller index and time served').toEqual(
      Array.from({ length: 11 }, (_, i) => [i, i * 100]),
    );
  });

  it('stays FIFO with a rate whose interval is not a whole number of ms', async () => {
    const bucket = new TokenBucket({ qps: 3, burst: 1 });
    const order: number[] = [];
    const takes = Array.from({ length: 7 }, (_, i) => bucket.take().then(() => order.push(i)));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all(takes);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('tryTake does not jump ahead of waiting callers', async () => {
    const bucket = new TokenBucket({ qps: 10, burst: 1 });
    await bucket.take();
    let served = false;
    const waiting = bucket.take().then(() => (served = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(served, 'the waiter got the token due at 100 ms').toBe(true);
    expect(bucket.tryTake(), 'so no token is left for tryTake').toBe(false);
    await waiting;
  });

  it('close rejects waiting and later takes, so shutdown does not hang', async () => {
    const bucket = new TokenBucket({ qps: 1, burst: 1 });
    await bucket.take();
    const waiters = [bucket.take(), bucket.take()];
    expect(bucket.waiting()).toBe(2);
    bucket.close();
    for (const w of waiters) await expect(w).rejects.toBeInstanceOf(RateLimiterClosedError);
    await expect(bucket.take()).rejects.toBeInstanceOf(RateLimiterClosedError);
    expect(bucket.tryTake()).toBe(false);
    expect(bucket.waiting()).toBe(0);
    expect(vi.getTimerCount(), 'no timer left behind').toBe(0);
  });

  it('does not keep the process alive while callers wait', () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const bucket = new TokenBucket({ qps: 1, burst: 1 });
    void bucket.take();
    void bucket.take().catch(() => {});
    const timer = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout | undefined;
    expect(timer?.hasRef(), 'the waiting timer is unref-ed').toBe(false);
    bucket.close();
  });

  it('rejects nonsense rates', () => {
    expect(() => new TokenBucket({ qps: 0, burst: 1 })).toThrow(RangeError);
    expect(() => new TokenBucket({ qps: 1, burst: 0 })).toThrow(RangeError);
    expect(() => new TokenBucket({ qps: 1, burst: 1.5 })).toThrow(RangeError);
  });

  it('never waits with an infinite rate', () => {
    const bucket = new TokenBucket({ qps: Infinity, burst: 1 });
    for (let i = 0; i < 100; i++) expect(bucket.reserve()).toBe(0);
  });
});

describe('MaxOfRateLimiter', () => {
  /** A limiter that always answers the same, recording its calls. */
  const fixed = (ms: number, retries: number) => {
    const when = vi.fn((_key: string) => ms);
    const forget = vi.fn((_key: string) => {});
    const limiter: RateLimiter = { when, forget, retries: () => retries };
    return { limiter, when, forget };
  };

  it('waits as long as the strictest limiter, and every limiter counts every call', () => {
    const a = fixed(10, 1);
    const b = fixed(30, 4);
    const limiter = new MaxOfRateLimiter(a.limiter, b.limiter);
    expect(limiter.when('k')).toBe(30);
    expect(a.when).toHaveBeenCalledWith('k');
    expect(b.when).toHaveBeenCalledWith('k');
    expect(limiter.retries('k')).toBe(4);
    limiter.forget('k');
    expect(a.forget).toHaveBeenCalledWith('k');
    expect(b.forget).toHaveBeenCalledWith('k');
  });

  it('combines per-key backoff with an overall bucket', () => {
    const limiter = new MaxOfRateLimiter(
      new ItemExponentialRateLimiter({ baseMs: 1, maxMs: 10_000 }),
      new BucketRateLimiter(new TokenBucket({ qps: 10, burst: 2 })),
    );
    expect(limiter.when('a'), 'backoff decides').toBe(1);
    expect(limiter.when('b'), 'backoff decides').toBe(1);
    expect(limiter.when('c'), 'burst spent: the bucket decides').toBe(100);
    expect(limiter.when('a'), 'backoff doubled, bucket further').toBe(200);
  });
});

describe('defaultControllerRateLimiter', () => {
  it('is client-go default: 5 ms per key, 100 burst, then 10 per second overall', () => {
    const limiter = defaultControllerRateLimiter();
    const delays = Array.from({ length: 102 }, (_, i) => limiter.when(`key-${i}`));
    expect(
      delays.slice(0, 100).every((d) => d === 5),
      'the burst of first failures',
    ).toBe(true);
    expect(delays.slice(100), 'past the burst').toEqual([100, 200]);
  });
});
