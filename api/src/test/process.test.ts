import { describe, expect, it } from 'vitest';
import { freePort } from './process.ts';

describe('freePort', () => {
  it('never hands out a port twice, though each is free again once checked', async () => {
    // 600 picks from ~22,700 ports repeat one with a probability above 99.9% if nothing prevents it.
    const ports: number[] = [];
    for (let i = 0; i < 600; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
