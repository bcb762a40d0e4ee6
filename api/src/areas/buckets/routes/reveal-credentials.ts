import { IdParams, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketCredentialsSchema } from '../schema.ts';
import { revealCredentials } from '../credentials.ts';
import { bucketContext } from './context.ts';

/** GET /api/v1/s3/buckets/{id}/credentials/ */
export default endpoint(
  defineRoute({
    method: 'get',
    path: '/api/v1/s3/buckets/{id}/credentials/',
    description:
      "The access key and secret of the bucket's own user, again. Each reveal is recorded in the audit log (`bucket.credentials_revealed`). Needs the right to manage the bucket.",
    tags: ['s3'],
    action: 'bucket.reveal_credentials',
    summary: "Reveal the bucket's credentials again (recorded in the audit log)",
    request: { params: IdParams },
    responses: { 200: jsonResponse("The access user's keys.", BucketCredentialsSchema) },
    errors: [409],
  }),
  (deps) => async (c) =>
    c.json(await revealCredentials(bucketContext(c, deps), c.req.valid('param').id), 200),
);
