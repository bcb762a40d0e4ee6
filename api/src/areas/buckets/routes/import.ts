import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketImportSchema, CreatedBucketSchema } from '../schema.ts';
import { importBucket } from '../adopt.ts';
import { bucketContext } from './context.ts';

/** POST /api/v1/s3/buckets/import/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/s3/buckets/import/',
    tags: ['s3'],
    action: 'bucket.import',
    mcp: { interactive: true },
    summary:
      'Bring a bucket that exists on the cluster without a Plinth record under management (a Super Admin signed in)',
    description:
      'The bucket keeps its data; it is marked as managed, gets its own access user, and belongs to the workspace ' +
      'given (origin `adopted`). Recorded in the audit log as bucket.imported. 400 (on name) when no such bucket ' +
      'exists on the cluster; 409 bucket_name_taken when Plinth already manages the name.',
    request: { body: jsonBody(BucketImportSchema) },
    responses: {
      201: jsonResponse('Imported; the credentials are in this response.', CreatedBucketSchema),
    },
    errors: [409],
  }),
  (deps) => async (c) => c.json(await importBucket(bucketContext(c, deps), c.req.valid('json')), 201),
);
