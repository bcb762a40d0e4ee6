import { describe, expect, it } from 'vitest';
import { MinHeap } from './heap.ts';

describe('MinHeap', () => {
  it('pops in due order, whatever the push order', () => {
    const heap = new MinHeap<{ dueAt: number }>();
    const values = Array.from({ length: 2000 }, () => Math.floor(Math.random() * 1000));
    for (const dueAt of values) heap.push({ dueAt });
    expect(heap.size).toBe(2000);
    const out: number[] = [];
    for (let item = heap.pop(); item; item = heap.pop()) out.push(item.dueAt);
    expect(out).toEqual([...values].sort((a, b) => a - b));
  });

  it('pops equal due times in push order', () => {
    const heap = new MinHeap<{ dueAt: number; name: string }>();
    for (const name of 'abcdefghij') heap.push({ dueAt: 7, name });
    const out: string[] = [];
    for (let item = heap.pop(); item; item = heap.pop()) out.push(item.name);
    expect(out.join('')).toBe('abcdefghij');
  });

  it('interleaves pushes and pops, as a schedule does', () => {
    const heap = new MinHeap<{ dueAt: number }>();
    for (const dueAt of [5, 1, 3]) heap.push({ dueAt });
    expect(heap.pop()?.dueAt).toBe(1);
    heap.push({ dueAt: 2 });
    expect(heap.peek()?.dueAt).toBe(2);
    expect([heap.pop()?.dueAt, heap.pop()?.dueAt, heap.pop()?.dueAt, heap.pop()]).toEqual([
      2,
      3,
      5,
      undefined,
    ]);
  });
});
