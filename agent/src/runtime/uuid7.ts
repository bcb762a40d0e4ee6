import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Random bytes drawn in bulk: one syscall per 512 ids rather than one per id. */
const POOL = Buffer.allocUnsafe(4096);
let poolAt = POOL.length;

function randomByte(): number {
  if (poolAt >= POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  return POOL[poolAt++]!;
}

export interface Uuid7Generator {
  (nowMs?: number): string;
}

/**
 * UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids from one generator sort
 * in the order they were made (method 1 of §6.2: the 12-bit `rand_a` is a counter within a
 * millisecond, started at a random value below 2048; when it runs out, or the clock steps back,
 * the timestamp is carried one millisecond on). The buffer relies on it: oldest first is id order.
 */
export function uuid7Generator(): Uuid7Generator {
  let lastMs = -1;
  let counter = 0;
  const bytes = new Uint8Array(16);
  return (nowMs = Date.now()) => {
    let ms = nowMs;
    if (ms > lastMs) {
      counter = ((randomByte() & 0x07) << 8) | randomByte();
    } else {
      ms = lastMs;
      counter++;
      if (counter > 0xfff) {
        ms++;
        counter = ((randomByte() & 0x07) << 8) | randomByte();
      }
    }
    lastMs = ms;
    // 48-bit big-endian milliseconds: the high 16 bits by division, bitwise ops being 32-bit.
    const high = Math.floor(ms / 2 ** 32);
    const low = ms >>> 0;
    bytes[0] = (high >>> 8) & 0xff;
    bytes[1] = high & 0xff;
    bytes[2] = low >>> 24;
    bytes[3] = (low >>> 16) & 0xff;
    bytes[4] = (low >>> 8) & 0xff;
    bytes[5] = low & 0xff;
    bytes[6] = 0x70 | (counter >>> 8);
    bytes[7] = counter & 0xff;
    bytes[8] = 0x80 | (randomByte() & 0x3f);
    for (let i = 9; i < 16; i++) bytes[i] = randomByte();
    let s = '';
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
      s += HEX[bytes[i]!]!;
    }
    return s;
  };
}

/** The milliseconds a v7 id carries (tests, diagnostics). */
export function uuid7Time(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
