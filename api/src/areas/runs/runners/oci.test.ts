import { describe, expect, it } from 'vitest';
import { parseImage } from './oci-image.ts';
import { mergeEnv } from './oci.ts';

describe('parseImage', () => {
  it('reads name and tag, latest by default', () => {
    expect(parseImage('tool')).toEqual({ name: 'tool', tag: 'latest' });
    expect(parseImage('my-tool.v2:1.0_rc')).toEqual({ name: 'my-tool.v2', tag: '1.0_rc' });
  });

  it('refuses anything that could be a path or is no name', () => {
    for (const image of [
      '',
      ':v1',
      '../x',
      'a/b',
      'a..b',
      '.x',
      'X',
      'a:',
      'a:b:c',
      'a:.b',
      `${'a'.repeat(129)}`,
    ]) {
      expect(() => parseImage(image), image).toThrow(expect.objectContaining({ code: 'image_not_found' }));
    }
  });
});

describe('mergeEnv', () => {
  it("puts the run's variables over the image's", () => {
    expect(mergeEnv(['PATH=/bin', 'A=1', 'B=x=y'], { A: '2', C: '' })).toEqual([
      'PATH=/bin',
      'A=2',
      'B=x=y',
      'C=',
    ]);
  });

  it('refuses a name the environment cannot hold', () => {
    for (const name of ['', 'A=B', 'A\0']) {
      expect(() => mergeEnv([], { [name]: 'v' }), name).toThrow(
        expect.objectContaining({ code: 'runner_failed' }),
      );
    }
  });
});
