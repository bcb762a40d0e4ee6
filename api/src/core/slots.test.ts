import { describe, expect, it } from 'vitest';
import { gatedWork } from '../test/gated-work.ts';
import { Slots } from './slots.ts';

describe('Slots', () => {
  it('runs at most its size at once, the rest in the order they came, a failure freeing its slot', async () => {
    const slots = new Slots(2);
    const { log, work, open } = gatedWork();
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const runs = [
      slots.run(work('a', true)),
      slots.run(work('b')),
      slots.run(work('c')),
      slots.run(work('d')),
    ];
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    open('a');
    await expect(runs[0]).rejects.toThrow('a');
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    open('c');
    open('b');
    expect(await runs[2]).toBe('c');
    expect(await runs[1]).toBe('b');
    await tick();
    expect(log.at(-1)).toBe('start d');
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    open('d');
    expect(await runs[3]).toBe('d');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a size that would run nothing', () => {
    expect(() => new Slots(0)).toThrow(RangeError);
    expect(() => new Slots(1.5)).toThrow(RangeError);
  });
});
