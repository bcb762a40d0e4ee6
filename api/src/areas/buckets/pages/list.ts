import type { Bucket, RegionUsage } from '../schema.ts';
import { html } from '../../../ui/html.ts';
import type { PageContext } from '../../../ui/context.ts';
import { alerts } from '../../../ui/fields.ts';
import type { Html } from '../../../ui/html.ts';
import { bytes, count, measured, minute, NOT_MEASURED } from '../../../ui/format.ts';
import { layout } from '../../../ui/layout.ts';
import { table } from '../../../ui/table.ts';
import { STATE_NAMES } from './bucket.ts';

/** The list of buckets (`/ui/buckets/`), filtered by region, 100 a page. */

/** Organization and workspace names by ID, for the list and the pages of one bucket. */
export interface Names {
  readonly organizations: ReadonlyMap<string, string>;
  readonly workspaces: ReadonlyMap<string, string>;
}

const nameIn = (names: ReadonlyMap<string, string>, id: string) => names.get(id) ?? 'another one';

export interface ListProps {
  readonly buckets: readonly Bucket[];
  readonly count: number;
  readonly page: number;
  readonly pageSize: number;
  readonly hasNext: boolean;
  readonly region: string | undefined;
  readonly regions: readonly string[];
  readonly names: Names;
  /** Bucket count, bytes and objects per region, over every bucket the user can see. */
  readonly totals: readonly RegionUsage[];
  readonly canCreate: boolean;
  readonly notice: string | undefined;
}

const listHref = (region: string | undefined, page: number) => {
  const q = new URLSearchParams();
  if (region) q.set('region', region);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/ui/buckets/${s ? `?${s}` : ''}`;
};

/** A size rounded, with the exact bytes in its title (the table stays narrow on phones). */
const size = (n: number): Html =>
  n < 1024 ? html`${bytes(n)}` : html`<span title="${count(n)} bytes">${bytes(n)}</span>`;

/** The totals per region (the API's GET /api/v1/s3/regions/), each linking to its filter. */
function totalsTable(s: ListProps): Html {
  return table({
    id: 'region-totals',
    caption: 'Totals per region',
    head: [
      'Region',
      { label: 'Buckets', num: true },
      { label: 'Occupancy', num: true },
      { label: 'Objects', num: true },
      'Usage measured',
    ],
    rows: s.totals.map((r) => {
      const known = r.usage_updated_at !== null || r.bucket_count === 0;
      return html`<tr data-region="${r.name}">
        <td><a href="${listHref(r.name, 1)}">${r.name}</a></td>
        <td class="num" data-count="${r.bucket_count}">${count(r.bucket_count)}</td>
        <td class="num">${known ? size(r.bytes) : NOT_MEASURED}</td>
        <td class="num">${known ? count(r.objects) : ''}</td>
        <td>${minute(r.usage_updated_at, '')}</td>
      </tr>`;
    }),
  });
}

/** `/ui/buckets/`: the buckets the user can see, filtered by region, 100 a page. */
export function listPage(p: PageContext, s: ListProps): string {
  const pages = Math.max(1, Math.ceil(s.count / s.pageSize));
  return layout(
    'Buckets',
    html`<div class="card">
      <h1>Buckets</h1>
      ${alerts({ notice: s.notice })}
      <p class="muted">
        The S3 buckets of the workspaces you belong to. Each has its own access user, which can use that
        bucket only. Occupancy and object counts are as last measured on the storage cluster.
      </p>
      ${s.canCreate ? html`<p><a class="button" id="create" href="/ui/buckets/new/">Create a bucket</a></p>` : ''}
      ${
        s.regions.length > 1 || s.region
          ? html`<form method="get" action="/ui/buckets/" class="actions" novalidate>
              <label for="region-filter">Region</label>
              <select id="region-filter" name="region">
                <option value="">All regions</option>
                ${[...new Set([...s.regions, ...(s.region ? [s.region] : [])])].map((r) => html`<option value="${r}" ${r === s.region ? 'selected' : ''}>${r}</option>`)}
              </select>
              <button class="secondary" type="submit">Show</button>
            </form>`
          : ''
      }
      ${s.totals.some((r) => r.bucket_count > 0) ? totalsTable(s) : ''}
      ${
        s.buckets.length
          ? table({
              id: 'buckets',
              caption: `Buckets${s.region ? ` in region ${s.region}` : ''}, page ${s.page} of ${pages}`,
              head: [
                'Name',
                'Organization / workspace',
                'Region',
                { label: 'Occupancy', num: true },
                { label: 'Objects', num: true },
                'Usage measured',
                'Status',
              ],
              rows: s.buckets.map((b) => {
                const u = measured(b.usage, b.created_at);
                return html`<tr data-bucket="${b.id}">
                  <td><a href="/ui/buckets/${b.id}/">${b.name}</a></td>
                  <td>
                    ${nameIn(s.names.organizations, b.organization)} /
                    ${nameIn(s.names.workspaces, b.workspace)}
                  </td>
                  <td data-region="${b.region}">${b.region}</td>
                  <td class="num">${u ? size(u.bytes) : NOT_MEASURED}</td>
                  <td class="num">${u ? count(u.objects) : ''}</td>
                  <td>${u ? minute(u.at, '') : ''}</td>
                  <td>${STATE_NAMES[b.state]}</td>
                </tr>`;
              }),
            })
          : html`<p id="no-buckets" class="muted">
              ${s.region ? `There are no buckets in region ${s.region} that you can see.` : 'There are no buckets that you can see yet.'}
            </p>`
      }
      ${
        pages > 1
          ? html`<nav class="actions" aria-label="Pages">
              ${s.page > 1 ? html`<a href="${listHref(s.region, s.page - 1)}" rel="prev">Previous page</a>` : ''}
              <span class="muted">Page ${s.page} of ${pages} (${s.count} buckets)</span>
              ${s.hasNext ? html`<a href="${listHref(s.region, s.page + 1)}" rel="next">Next page</a>` : ''}
            </nav>`
          : ''
      }
    </div>`,
    p.frame('buckets'),
  );
}
