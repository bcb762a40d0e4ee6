import { describe, expect, it } from 'vitest';
import { capOutput, defaultImagesDir } from './runs-exec.ts';

describe('what runs exec reports', () => {
  it('keeps output under the limit as it is, without NUL', () => {
    expect(capOutput('hello\u0000 world\n')).toEqual({ output: 'hello world\n', cut: false });
  });

  it('keeps the first bytes past the limit, never half a character', () => {
    // "é" is two bytes: a limit of 3 would cut the second one in two.
    expect(capOutput('aéé', 4)).toEqual({ output: 'aé', cut: true });
    expect(capOutput('aéé', 3)).toEqual({ output: 'aé', cut: true });
    expect(Buffer.byteLength(capOutput('x'.repeat(2 * 1024 * 1024)).output)).toBe(1024 * 1024);
  });

  it('finds images under $XDG_DATA_HOME, else ~/.local/share', () => {
    expect(defaultImagesDir({ XDG_DATA_HOME: '/data' })).toBe('/data/plinth/images');
    expect(defaultImagesDir({})).toMatch(/\/\.local\/share\/plinth\/images$/);
  });
});
