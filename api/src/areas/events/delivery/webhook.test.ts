import { describe, expect, it } from 'vitest';
import { EXCERPT_BYTES, excerptOf } from './webhook.ts';

describe('excerptOf', () => {
  it('keeps a short answer as it is', () => {
    expect(excerptOf(Buffer.from('{"error":"nope"}'))).toBe('{"error":"nope"}');
  });

  it('keeps at most 2048 bytes and drops a character cut at the end', () => {
    expect(excerptOf(Buffer.alloc(5000, 'a'))).toBe('a'.repeat(EXCERPT_BYTES));
    const cut = excerptOf(Buffer.from('a'.repeat(2047) + 'é'));
    expect(cut).toBe('a'.repeat(2047));
    const euros = excerptOf(Buffer.from('€'.repeat(1000)));
    expect(euros).toBe('€'.repeat(682));
  });

  it('shows NUL and invalid bytes as U+FFFD and still stays within 2048 bytes', () => {
    expect(excerptOf(Buffer.from([0x61, 0x00, 0x62]))).toBe('a\uFFFDb');
    const invalid = excerptOf(Buffer.alloc(3000, 0xff));
    expect(Buffer.byteLength(invalid)).toBeLessThanOrEqual(EXCERPT_BYTES);
    expect(invalid).toBe('\uFFFD'.repeat(682));
  });
});
