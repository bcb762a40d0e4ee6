import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { notFound } from './errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
/**
 * The last page anyone may ask for: with the largest page size its offset (499,999,500) still fits
 * the 32-bit integers databases and drivers take for granted, so no page number overflows anywhere.
 */
export const MAX_PAGE = 1_000_000;

/** `page` (1-based, at most 1,000,000) and `page_size` (default 50, at most 500), for every list. */
export const PageQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(1)
    .openapi({
      param: {
        description: `A page number within the paginated result set (1-based, at most ${MAX_PAGE}).`,
      },
    }),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .openapi({
      param: {
        description: `Number of results to return per page (default ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}).`,
      },
    }),
});

export type PageQuery = z.output<typeof PageQuerySchema>;

/** The DRF page envelope around an item schema, registered under `name` (e.g. `PaginatedWorkspaceList`). */
export function paginated<T extends ZodType>(item: T, name: string) {
  return z
    .object({
      count: z
        .number()
        .int()
        .openapi({ description: 'How many results there are on all pages.', example: 123 }),
      next: z.string().url().nullable().openapi({
        description: 'The absolute URL of the next page, or null on the last.',
        example: 'https://plinth.example/api/v1/things/?page=3',
      }),
      previous: z.string().url().nullable().openapi({
        description: 'The absolute URL of the previous page, or null on the first.',
        example: 'https://plinth.example/api/v1/things/?page=1',
      }),
      results: z.array(item).openapi({ description: 'This page of results.' }),
    })
    .openapi(name, { description: 'One page of a list.' });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

function pageUrl(requestUrl: URL, page: number): string {
  const url = new URL(requestUrl);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** A page's envelope without its items: `count`, `next`, `previous`. */
export type PageEnvelope = Omit<Page<never>, 'results'>;

/**
 * The envelope of page `query.page` holding `rows` items of `total`. A page past the end is 404
 * `Invalid page.`; an empty first page is a normal empty list.
 */
export function pageEnvelope(requestUrl: URL, query: PageQuery, total: number, rows: number): PageEnvelope {
  const offset = (query.page - 1) * query.page_size;
  if (query.page > 1 && offset >= total) throw notFound('Invalid page.', 'invalid_page');
  return {
    count: total,
    next: offset + rows < total ? pageUrl(requestUrl, query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(requestUrl, query.page - 1) : null,
  };
}

/**
 * Runs a count and a page query and builds the envelope. `fetchPage` gets the limit and offset.
 * `sequential` fetches the page before counting, for callers whose page query also yields the
 * total (a window count), so `count` can answer without a second query.
 */
export async function paginate<T>(
  requestUrl: URL,
  query: PageQuery,
  count: () => Promise<number>,
  fetchPage: (limit: number, offset: number) => Promise<T[]>,
  opts: { sequential?: boolean } = {},
): Promise<Page<T>> {
  const offset = (query.page - 1) * query.page_size;
  const [total, results] = opts.sequential
    ? await fetchPage(query.page_size, offset).then(async (rows) => [await count(), rows] as const)
    : await Promise.all([count(), fetchPage(query.page_size, offset)]);
  return { ...pageEnvelope(requestUrl, query, total, results.length), results };
}
