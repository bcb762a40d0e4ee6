import { IdParams, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketSchema } from '../schema.ts';
import { getBucket } from '../queries.ts';
import { bucketContext } from './context.ts';

/** GET /api/v1/s3/buckets/{id}/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/s3/buckets/{id}/',
    description: 'One bucket with its usage; never its secret.',
    tags: ['s3'],
    action: 'bucket.view',
    mcp: true,
    summary: 'A bucket',
    request: { params: IdParams },
    responses: { 200: jsonResponse('The bucket.', BucketSchema) },
  }),
  (deps) => async (c) => c.json(await getBucket(bucketContext(c, deps), c.req.valid('param').id), 200),
);
