import { IdParams, jsonBody, jsonResponse } from '../../../http/common.ts';
import { endpoint } from '../../area.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { CredentialRotationSchema, RotatedCredentialsSchema } from '../schema.ts';
import { ROTATIONS_PER_HOUR, rotateCredentials } from '../credentials.ts';
import { bucketContext } from './context.ts';

/** POST /api/v1/s3/buckets/{id}/rotate-credentials/ */
export default endpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/s3/buckets/{id}/rotate-credentials/',
    tags: ['s3'],
    action: 'bucket.reveal_credentials',
    summary: "Rotate the bucket's access key; the old one keeps working for a grace period",
    description:
      'A new access key with the same rights; the old one keeps working for `grace_seconds`, then is removed. ' +
      'The new secret is in this response (and revealable later). Rotating again within a grace period ends ' +
      'the older key at once. With `grace_seconds: 0` the old key is removed before the answer: a 200 means it ' +
      'no longer works; 503 `previous_key_removal_pending` means the new key is in force but the storage ' +
      'cluster has not removed the old one yet (retried in the background). ' +
      `At most ${ROTATIONS_PER_HOUR} rotations per bucket in any hour; beyond, 429 \`rotation_rate_limited\` ` +
      'with `Retry-After`. Recorded in the audit log ' +
      '(`bucket.credentials_rotated`, and `bucket.previous_credentials_removed` when the old key is removed). ' +
      'Needs the right to reveal the credentials.',
    // The body is optional: no body rotates with the API's default grace.
    request: { params: IdParams, body: { ...jsonBody(CredentialRotationSchema), required: false } },
    responses: { 200: jsonResponse('Rotated; the new keys are in this response.', RotatedCredentialsSchema) },
    errors: [409, 429],
  }),
  (deps) => async (c) =>
    c.json(
      await rotateCredentials(bucketContext(c, deps), c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
);
