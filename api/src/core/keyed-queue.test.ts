import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

describe('KeyedQueue', () => {
  it('runs one piece of work per key at a time, in order, other keys alongside, a failure not stopping the line', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const gates = new Map<string, () => void>();
    const work =
      (name: string, fail = false) =>
      () => {
        log.push(`start ${name}`);
        return new Promise<string>((resolve, reject) =>
          gates.set(name, () => (fail ? reject(new Error(name)) : resolve(name))),
        ).finally(() => log.push(`end ${name}`));
      };
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const a1 = queue.run('a', work('a1', true));
    const a2 = queue.run('a', work('a2'));
    const b1 = queue.run('b', work('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);
    gates.get('b1')!();
    expect(await b1).toBe('b1');
    gates.get('a1')!();
    await expect(a1).rejects.toThrow('a1');
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'end a1', 'start a2']);
    gates.get('a2')!();
    expect(await a2).toBe('a2');
    await tick();
    expect(queue.size).toBe(0);
  });
});
