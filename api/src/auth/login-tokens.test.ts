import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginTokens } from './login.ts';

const KEY = 'login-tokens-test-key-that-is-long-enough-0123';

describe('LoginTokens.verify', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it checked before with the same claims until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-26T08:00:00Z');
    vi.setSystemTime(start);
    const tokens = new LoginTokens(KEY, 3600);
    const { token, expiresAt } = await tokens.issue('user-1');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 'user-1', expiresAt });
    expect(await tokens.verify(token)).toEqual(first);
    // Checked before, but now past its end: refused, as an unchecked one would be.
    vi.setSystemTime(new Date(start.getTime() + 3600_000 + 1000));
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('refuses a token altered after its genuine form was checked', async () => {
    const tokens = new LoginTokens(KEY, 3600);
    const { token } = await tokens.issue('user-1');
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-2' }),
    );
    await expect(
      tokens.verify(`${header}.${other.toString('base64url')}.${signature}`),
    ).rejects.toMatchObject({
      code: 'token_invalid',
    });
    await expect(tokens.verify(`${token}x`)).rejects.toMatchObject({ code: 'token_invalid' });
    // Another process's key: its tokens are not this one's, cached or not.
    await expect(new LoginTokens(`${KEY}-other`, 3600).verify(token)).rejects.toMatchObject({
      code: 'token_invalid',
    });
  });
});
