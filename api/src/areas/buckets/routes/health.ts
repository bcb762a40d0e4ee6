import { IdParams, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketHealthSchema } from '../schema.ts';
import { checkBucketHealth } from '../queries.ts';
import { bucketContext } from './context.ts';

/** GET /api/v1/s3/buckets/{id}/health/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/s3/buckets/{id}/health/',
    tags: ['s3'],
    action: 'bucket.view',
    mcp: true,
    summary: 'Check that the bucket and its access key still exist on the storage cluster',
    description:
      "Asks the bucket's storage cluster, now, whether the bucket and its current access user (access key) " +
      'still exist there: someone may have deleted either on the cluster, behind Plinth’s back. `healthy` ' +
      'is true when both do. Meant for periodic drift checks, such as the Kubernetes operator’s. Needs the ' +
      'right to see the bucket. 409 `bucket_busy` (with `Retry-After`) while the bucket is being created ' +
      'or deleted, or when it changed during the check (a key rotation); 503 `storage_unavailable` when ' +
      'the storage cluster does not answer. Not recorded in the audit log (a read).',
    request: { params: IdParams },
    responses: {
      200: jsonResponse('What the storage cluster has of the bucket.', BucketHealthSchema),
    },
    errors: [409],
  }),
  (deps) => async (c) =>
    c.json(await checkBucketHealth(bucketContext(c, deps), c.req.valid('param').id), 200),
);
