import { describe, expect, it } from 'vitest';
import { uuid7Generator, uuid7Time } from './uuid7.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuid7Generator', () => {
  it('makes RFC 9562 version 7 ids carrying the time', () => {
    const next = uuid7Generator();
    const at = Date.parse('2031-05-06T07:08:09.123Z');
    const id = next(at);
    expect(id).toMatch(V7);
    expect(uuid7Time(id)).toBe(at);
  });

  it('sorts in creation order within one millisecond, across many, and when the clock steps back', () => {
    const next = uuid7Generator();
    const at = Date.parse('2030-01-01T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(next(at)); // runs the 12-bit counter out several times
    for (let i = 0; i < 100; i++) ids.push(next(at + i));
    ids.push(next(at - 60_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(V7);
  });

  it('differs between generators made in the same millisecond', () => {
    const at = Date.now();
    expect(uuid7Generator()(at)).not.toBe(uuid7Generator()(at));
  });
});
