import { describe, expect, it } from 'vitest';
import { hashPassword, randomPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('anything', bad), bad).toBe(false);
    }
  });

  it('generates 24-character alphanumeric passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomPassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-Za-z0-9]{24}$/);
  });
});
