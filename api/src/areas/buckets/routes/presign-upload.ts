import { IdParams, jsonBody, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { UploadUrlRequestSchema, UploadUrlSchema } from '../schema.ts';
import { presignUpload } from '../queries.ts';
import { bucketContext } from './context.ts';

/** POST /api/v1/s3/buckets/{id}/objects/upload-url/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/s3/buckets/{id}/objects/upload-url/',
    tags: ['s3'],
    action: 'bucket.create',
    summary: "A presigned URL to PUT one object, signed with the bucket's own access user",
    description:
      'The URL stops working when it expires, and when the bucket (so its access user) is deleted.',
    request: { params: IdParams, body: jsonBody(UploadUrlRequestSchema) },
    responses: {
      200: jsonResponse(
        'Send the object with this method, URL and headers before it expires.',
        UploadUrlSchema,
      ),
    },
    errors: [409],
  }),
  (deps) => async (c) =>
    c.json(await presignUpload(bucketContext(c, deps), c.req.valid('param').id, c.req.valid('json')), 200),
);
