import { IdParams, jsonBody, jsonResponse, patchBody } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketSchema, BucketUpdateSchema } from '../schema.ts';
import { updateBucket } from '../update.ts';
import { bucketContext } from './context.ts';

/** PATCH /api/v1/s3/buckets/{id}/ */
export default endpoint(
  defineRoute({
    method: 'patch',
    path: '/api/v1/s3/buckets/{id}/',
    description:
      'Switch CORS for browsers on any origin, or change which Kubernetes object owns the bucket or may adopt it.',
    tags: ['s3'],
    action: 'bucket.create',
    mcp: true,
    summary:
      'Turn the allow-all CORS rule set on or off, set or drop the owning Kubernetes object, or release the bucket to a namespace',
    request: {
      params: IdParams,
      body: jsonBody(
        patchBody(BucketUpdateSchema).openapi('BucketUpdate', {
          description: 'The fields to change; at least one.',
          example: { cors_allow_all: true },
        }),
      ),
    },
    responses: { 200: jsonResponse('The bucket.', BucketSchema) },
    errors: [409],
  }),
  (deps) => async (c) =>
    c.json(await updateBucket(bucketContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
