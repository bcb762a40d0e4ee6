import { IdParams, noContent, sendNoContent } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { deleteBucket } from '../saga.ts';
import { bucketContext } from './context.ts';

/** DELETE /api/v1/s3/buckets/{id}/ */
export default endpoint(
  defineRoute({
    method: 'delete',
    path: '/api/v1/s3/buckets/{id}/',
    description:
      'Deletes an empty bucket and its access user on the cluster. 409 `bucket_not_empty` while it holds objects; the data is never deleted by this call. ' +
      "429 `storage_busy` with `Retry-After` when the storage cluster already has this organization's queue full; nothing was deleted.",
    tags: ['s3'],
    action: 'bucket.delete',
    mcp: true,
    summary:
      'Remove the access user and policy, and the bucket if it is empty (else 409; data is never deleted)',
    request: { params: IdParams },
    responses: { 204: noContent },
    errors: [409, 429],
  }),
  (deps) => async (c) => {
    await deleteBucket(bucketContext(c, deps), c.req.valid('param').id);
    return sendNoContent();
  },
);
