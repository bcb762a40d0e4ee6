import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketCreateSchema, CreatedBucketSchema } from '../schema.ts';
import { createBucket } from '../adopt.ts';
import { bucketContext } from './context.ts';

/** POST /api/v1/s3/buckets/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/s3/buckets/',
    tags: ['s3'],
    action: 'bucket.create',
    mcp: { redact: ['credentials'] },
    summary: 'Create a bucket with its own access user, or adopt it (same name, same workspace)',
    description:
      '201 with the new bucket and its credentials. If Plinth already manages the name in the region for the same ' +
      'organization and workspace, 200 with that bucket; with an owner_reference, only when that object owns it, or ' +
      'it has no owner and was created for that object or released to its namespace (adoptable_by). Anything else: ' +
      "409 bucket_name_taken. When the storage cluster already has this organization's queue of creations full " +
      '(PLINTH_STORAGE_QUEUE_PER_ORGANIZATION), 429 `storage_busy` with `Retry-After`: nothing was made; send it again then.',
    request: { body: jsonBody(BucketCreateSchema) },
    responses: {
      201: jsonResponse('Created; the credentials are in this response.', CreatedBucketSchema),
      200: jsonResponse('Adopted: the existing bucket and its credentials.', CreatedBucketSchema),
    },
    errors: [409, 429],
  }),
  (deps) => async (c) => {
    const { outcome, bucket } = await createBucket(bucketContext(c, deps), c.req.valid('json'));
    return outcome === 'created' ? c.json(bucket, 201) : c.json(bucket, 200);
  },
);
