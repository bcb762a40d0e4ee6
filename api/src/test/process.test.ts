import { describe, expect, it } from 'vitest';
import { fetchReaches, freePort } from './process.ts';

describe('freePort', () => {
  it('never hands out a port twice, though each is free again once checked', async () => {
    // 600 picks from ~22,700 ports repeat one with a probability above 99.9% if nothing prevents it.
    const ports: number[] = [];
    for (let i = 0; i < 600; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});

describe('fetchReaches', () => {
  it('refuses exactly the ports fetch refuses from 10,000 to 10,200', async () => {
    // Port 10080 once went to an API in the suite: every /readyz said "fetch failed" for 60 s.
    // fetch refuses a bad port before any network; the others are tried at TEST-NET-1 (RFC 5737,
    // never routed), so no server of another test gets a stray request.
    const refused: number[] = [];
    const skipped: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const port = 10_000 + i;
        if (!fetchReaches(port)) skipped.push(port);
        await fetch(`http://192.0.2.1:${port}/`, { signal: AbortSignal.timeout(500) }).then(
          () => undefined,
          (err: unknown) => {
            if ((err as { cause?: Error }).cause?.message === 'bad port') refused.push(port);
          },
        );
      }),
    );
    expect(refused).toEqual([10080]);
    expect(skipped.sort()).toEqual(refused);
  });
});
