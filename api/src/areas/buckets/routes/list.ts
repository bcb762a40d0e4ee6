import { paginated } from '../../../core/pagination.ts';
import { jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketListQuerySchema, BucketSchema } from '../schema.ts';
import { listBuckets } from '../queries.ts';
import { bucketContext } from './context.ts';

/** GET /api/v1/s3/buckets/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/s3/buckets/',
    description:
      'The buckets in workspaces the caller can see, with their usage as last measured. Filter by organization, workspace, region or owner.',
    list: true,
    tags: ['s3'],
    action: 'bucket.view',
    mcp: true,
    summary: 'List buckets (occupancy, object count, last usage refresh; never secrets)',
    request: { query: BucketListQuerySchema },
    responses: { 200: jsonResponse('A page of buckets.', paginated(BucketSchema, 'PaginatedBucketList')) },
  }),
  (deps) => async (c) =>
    c.json(await listBuckets(bucketContext(c, deps), new URL(c.req.url), c.req.valid('query')), 200),
);
