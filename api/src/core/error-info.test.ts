import { describe, expect, it } from 'vitest';
import { errorInfo, stackFrames } from './error-info.ts';

describe('what is logged of an error', () => {
  it('keeps only the stack frames, never a line of the message, even one shaped like a frame', () => {
    const err = new Error(
      'Failed query: insert into users …\nparams: hunter2,\n    at scrypt$hash-lookalike',
    );
    const frames = stackFrames(err)!;
    expect(frames.split('\n').length).toBeGreaterThan(0);
    expect(frames.split('\n').every((l) => l.startsWith('    at '))).toBe(true);
    expect(frames).not.toMatch(/hunter2|scrypt|Failed query|params/);
    expect(stackFrames('a string')).toBeUndefined();
  });

  it('gives the class and the driver code from the cause chain, not the message', () => {
    const err = new Error('Failed query: … params: secret', {
      cause: Object.assign(new Error('x'), { code: '23514' }),
    });
    expect(errorInfo(err)).toEqual({ name: 'Error', code: '23514' });
  });
});
