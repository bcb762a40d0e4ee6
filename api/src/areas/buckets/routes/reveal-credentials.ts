import { IdParams, jsonResponse, requestInfo } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { BucketCredentialsSchema } from '../schema.ts';
import { revealCredentials } from '../service.ts';

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
  ({ db, storage, audit }) =>
    async (c) =>
      c.json(
        await revealCredentials(
          db,
          storage,
          audit,
          c.get('principal'),
          c.req.valid('param').id,
          requestInfo(c),
        ),
        200,
      ),
);
