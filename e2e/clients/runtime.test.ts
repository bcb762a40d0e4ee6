import { describe, expect, it } from 'vitest';
import {
  ApiError,
  OpenAPI,
  apiV1WorkspacesList,
  apiV1WorkspacesRetrieve,
} from '../../clients/typescript/src/index.ts';

/** The TypeScript client's request building, against a fetch that records what it was given. */
describe('the TypeScript client runtime', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    OpenAPI.FETCH = ((url: URL, init: RequestInit) => {
      sent.push({ url: String(url), init });
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
      );
    }) as typeof fetch;
  };

  it('builds the URL from BASE, encoded path values and the set query fields only', async () => {
    OpenAPI.BASE = 'https://plinth.example.com/';
    OpenAPI.TOKEN = () => 'tok';
    answer(200, { count: 0, next: null, previous: null, results: [] });
    await apiV1WorkspacesList({ pageSize: 5 });
    await apiV1WorkspacesRetrieve({ id: 'a/b c' });
    expect(sent.map((s) => s.url)).toEqual([
      'https://plinth.example.com/api/v1/workspaces/?page_size=5',
      'https://plinth.example.com/api/v1/workspaces/a%2Fb%20c/',
    ]);
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('refuses . and .. as path values, which would change the path', async () => {
    await expect(apiV1WorkspacesRetrieve({ id: '..' })).rejects.toThrow(TypeError);
  });

  it('turns an error answer into ApiError with its code, request ID and retry hint', async () => {
    answer(429, { detail: 'Slow down.', code: 'throttled', request_id: 'r-1' }, { 'Retry-After': '7' });
    const err = (await apiV1WorkspacesList().catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message, err.requestId, err.retryAfter]).toEqual([
      429,
      'throttled',
      'Slow down.',
      'r-1',
      7,
    ]);
  });
});
