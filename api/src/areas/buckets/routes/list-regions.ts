import { jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { RegionListSchema } from '../schema.ts';
import { regionAggregates } from '../queries.ts';
import { bucketContext } from './context.ts';

/** GET /api/v1/s3/regions/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/s3/regions/',
    description:
      'Every configured region with the number, occupancy and objects of the buckets the caller can see there: the region picker and the per-region totals.',
    tags: ['s3'],
    action: 'bucket.view',
    mcp: true,
    summary: 'Regions with bucket count, occupancy and objects (over the buckets you can see)',
    responses: { 200: jsonResponse('Every configured region.', RegionListSchema) },
  }),
  (deps) => async (c) => c.json({ results: await regionAggregates(bucketContext(c, deps)) }, 200),
);
