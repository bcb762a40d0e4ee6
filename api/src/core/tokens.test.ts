import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, parseBearer } from './tokens.ts';

describe('API key tokens', () => {
  it('have the kind prefix, a 30-character body and a checksum, and parse back', () => {
    for (const kind of ['user', 'organization', 'system', 'agent'] as const) {
      const { token, hash, displayPrefix } = generateToken(kind);
      expect(token).toMatch(/^pl[uosa]_[0-9A-Za-z]{36}$/);
      expect(parseBearer(token)).toEqual({ type: 'api_key', kind, token });
      expect(hash).toBe(hashToken(token));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(token.startsWith(displayPrefix)).toBe(true);
      expect(displayPrefix).toHaveLength(10);
    }
  });

  it('are unique', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => generateToken('user').token));
    expect(tokens.size).toBe(1000);
  });

  it('reject a changed character, a truncation and an unknown prefix without a lookup', () => {
    const { token } = generateToken('user');
    const flipped = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect(parseBearer(flipped)).toEqual({ type: 'malformed' });
    expect(parseBearer(token.slice(0, -1))).toEqual({ type: 'malformed' });
    expect(parseBearer(`plx_${token.slice(4)}`)).toEqual({ type: 'malformed' });
    expect(parseBearer('')).toEqual({ type: 'malformed' });
  });

  it('recognise JWT-shaped tokens', () => {
    expect(parseBearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')).toMatchObject({ type: 'jwt' });
    expect(parseBearer('not a token')).toEqual({ type: 'malformed' });
  });
});
