import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never shows the plaintext', () => {
    const sealed = box.seal('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'row-1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('wJalrXUtnFEMI');
    expect(box.open(sealed, 'row-1')).toBe('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(box.seal('same', 'row-1')).not.toBe(box.seal('same', 'row-1'));
  });

  it('refuses another row, another key and tampering', () => {
    const sealed = box.seal('secret', 'row-1');
    expect(() => box.open(sealed, 'row-2')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'row-1')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`, 'row-1')).toThrow();
  });
});
