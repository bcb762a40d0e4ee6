import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenFromFile } from './token-file.ts';

describe('tokenFromFile', () => {
  it('re-reads a rotated token after maxAge, and keeps the last one when the file is briefly gone', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'plinth-token-')), 'token');
    writeFileSync(path, 'first\n');
    let clock = 0;
    const token = tokenFromFile(path, 1000, () => clock);
    expect(token()).toBe('first');
    writeFileSync(path, 'second\n');
    clock = 999;
    expect(token()).toBe('first');
    clock = 1000;
    expect(token()).toBe('second');
    rmSync(path);
    clock = 5000;
    expect(token()).toBe('second');
    writeFileSync(path, 'third');
    clock = 6000;
    expect(token()).toBe('third');
  });

  it('throws at start when the file cannot be read', () => {
    expect(() => tokenFromFile('/nonexistent/plinth/token')).toThrow(/ENOENT/);
  });
});
