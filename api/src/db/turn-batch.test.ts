import { describe, expect, it } from 'vitest';
import { inKeyOrder, TurnBatch } from './turn-batch.ts';

describe('TurnBatch', () => {
  it('answers the lookups of one turn with one load, each with its own value', async () => {
    const loads: string[][] = [];
    const batch = new TurnBatch<string, number>((keys) => {
      loads.push(keys);
      return Promise.resolve(keys.map((k) => (k === 'missing' ? undefined : k.length)));
    });
    const answers = await Promise.all(['a', 'bb', 'missing', 'a', 'ccc'].map((k) => batch.get(k)));
    expect(answers).toEqual([1, 2, undefined, 1, 3]);
    expect(loads).toEqual([['a', 'bb', 'missing', 'ccc']]);
  });

  it('loads a lookup made after a load was sent in a load of its own', async () => {
    const loads: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const batch = new TurnBatch<string, string>(async (keys) => {
      const n = loads.push(keys);
      await gate;
      return keys.map((k) => `${k}@${n}`);
    });
    const first = batch.get('k');
    await new Promise((r) => setImmediate(r));
    expect(loads).toEqual([['k']]);
    // Asked after the first load went out: it must not share that (older) read.
    const second = batch.get('k');
    await new Promise((r) => setImmediate(r));
    release();
    expect(await Promise.all([first, second])).toEqual(['k@1', 'k@2']);
    expect(loads).toEqual([['k'], ['k']]);
  });

  it('splits a large turn into loads of at most maxBatch keys, sent together', async () => {
    const sizes: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const batch = new TurnBatch<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return keys.map((k) => k * 2);
      },
      { maxBatch: 4 },
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => batch.get(i)));
    expect(answers).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
    expect(sizes).toEqual([4, 4, 2]);
    expect(maxInFlight).toBe(3);
  });

  it('loads lookups with the same keyOf once, and keeps the first key', async () => {
    const loads: { id: number; n: number }[][] = [];
    const batch = new TurnBatch<{ id: number; n: number }, number>(
      (keys) => {
        loads.push(keys);
        return Promise.resolve(keys.map((k) => k.id * 10 + k.n));
      },
      { keyOf: (k) => k.id },
    );
    const answers = await Promise.all([
      batch.get({ id: 1, n: 1 }),
      batch.get({ id: 2, n: 2 }),
      batch.get({ id: 1, n: 3 }),
    ]);
    expect(answers).toEqual([11, 22, 11]);
    expect(loads).toEqual([
      [
        { id: 1, n: 1 },
        { id: 2, n: 2 },
      ],
    ]);
  });

  it('fails every lookup of a failed load, and the next turn loads afresh', async () => {
    let fail = true;
    const batch = new TurnBatch<string, string>((keys) =>
      fail ? Promise.reject(new Error('database unavailable')) : Promise.resolve(keys.map(() => 'ok')),
    );
    const failed = await Promise.allSettled([batch.get('a'), batch.get('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batch.get('a')).toBe('ok');
  });

  it('puts rows in the order of their keys, undefined where none matched', () => {
    const rows = [
      { id: 'b', v: 2 },
      { id: 'a', v: 1 },
    ];
    expect(inKeyOrder(['a', 'x', 'b', 'a'], rows, (r) => r.id)).toEqual([
      rows[1],
      undefined,
      rows[0],
      rows[1],
    ]);
  });
});
