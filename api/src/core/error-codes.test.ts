import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.ts';

const HTTP_API_DOC = readFileSync(new URL('../../../docs/http-api.md', import.meta.url), 'utf8');

describe('the error codes', () => {
  it('are each documented in docs/http-api.md', () => {
    expect(ERROR_CODES.filter((code) => !HTTP_API_DOC.includes(`\`${code}\``))).toEqual([]);
  });

  it('are unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
