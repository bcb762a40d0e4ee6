import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenProvider } from './token.ts';

describe('tokenProvider', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns the variable as it is', () => {
    dir = mkdtempSync(join(tmpdir(), 'agent-token-'));
    expect(tokenProvider({ token: 'pla_x' })()).toBe('pla_x');
  });

  it('reads a file again once it changed, no sooner than the check period', () => {
    dir = mkdtempSync(join(tmpdir(), 'agent-token-'));
    const file = join(dir, 'token');
    writeFileSync(file, 'first\n');
    let now = 0;
    const token = tokenProvider({ file }, 1000, () => now);
    expect(token()).toBe('first');
    writeFileSync(file, 'second-longer\n');
    now = 500;
    expect(token(), 'not looked at yet').toBe('first');
    now = 1000;
    expect(token()).toBe('second-longer');
  });

  it("follows a Secret volume's symlink swap, and keeps the last token while the file is missing", () => {
    dir = mkdtempSync(join(tmpdir(), 'agent-token-'));
    writeFileSync(join(dir, 'a'), 'old');
    writeFileSync(join(dir, 'b'), 'new');
    symlinkSync(join(dir, 'a'), join(dir, 'token'));
    let now = 0;
    const token = tokenProvider({ file: join(dir, 'token') }, 1000, () => now);
    expect(token()).toBe('old');
    symlinkSync(join(dir, 'b'), join(dir, 'token.tmp'));
    renameSync(join(dir, 'token.tmp'), join(dir, 'token'));
    now = 1000;
    expect(token()).toBe('new');
    rmSync(join(dir, 'token'));
    now = 2000;
    expect(token()).toBe('new');
  });
});
