import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import { paginate } from './pagination.ts';

const items = Array.from({ length: 7 }, (_, i) => i + 1);
const run = (url: string, page: number, pageSize: number) =>
  paginate(
    new URL(url),
    { page, page_size: pageSize },
    () => Promise.resolve(items.length),
    (limit, offset) => Promise.resolve(items.slice(offset, offset + limit)),
  );

describe('paginate', () => {
  it('builds absolute next/previous links that keep the other query parameters', async () => {
    const page = await run('http://h.test/api/v1/things/?page_size=3&page=2&q=x', 2, 3);
    expect(page).toEqual({
      count: 7,
      next: 'http://h.test/api/v1/things/?page_size=3&page=3&q=x',
      previous: 'http://h.test/api/v1/things/?page_size=3&q=x',
      results: [4, 5, 6],
    });
  });

  it('has no next link on the last page and no previous link on the first', async () => {
    expect((await run('http://h.test/x/?page=3&page_size=3', 3, 3)).next).toBeNull();
    expect((await run('http://h.test/x/', 1, 50)).previous).toBeNull();
  });

  it('answers an empty first page normally', async () => {
    const page = await paginate(
      new URL('http://h.test/x/'),
      { page: 1, page_size: 50 },
      () => Promise.resolve(0),
      () => Promise.resolve([]),
    );
    expect(page).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('refuses a page past the end with 404 Invalid page.', async () => {
    const err = await run('http://h.test/x/?page=4&page_size=3', 4, 3).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('not_found');
    expect((err as DomainError).message).toBe('Invalid page.');
  });
});
