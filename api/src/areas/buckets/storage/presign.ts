import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Credentials, PresignedUpload } from './driver.ts';

/** SigV4 presigned URLs cannot live longer than seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * The S3 client settings every driver uses: one attempt (the saga does the retrying), short
 * timeouts, and no checksum the request does not need. Without `WHEN_REQUIRED` the SDK puts a
 * CRC32 of an empty body into presigned PUT URLs, which S3 proper enforces against the real body.
 */
export function s3ClientConfig(opts: {
  endpoint: string;
  region: string;
  pathStyle: boolean;
  credentials: Credentials;
}): S3ClientConfig {
  return {
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.pathStyle,
    credentials: opts.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  };
}

/**
 * A presigned PUT (`StorageDriver.presignPut`): local SigV4 query signing with `signer`, no request
 * to the server. The host is part of the signature, so `endpoint` must be the address applications
 * connect to.
 */
export async function presignPutObject(
  client: { endpoint: string; region: string; pathStyle: boolean },
  bucket: string,
  key: string,
  signer: Credentials,
  { contentType, expiresSeconds }: { contentType?: string; expiresSeconds: number },
): Promise<PresignedUpload> {
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > MAX_PRESIGN_SECONDS)
    throw new RangeError(`expiresSeconds must be an integer from 1 to ${MAX_PRESIGN_SECONDS}`);
  // X-Amz-Date has whole seconds; signing at a whole second makes expiresAt exact.
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const presigner = new S3Client(s3ClientConfig({ ...client, credentials: signer }));
  const url = await getSignedUrl(
    presigner,
    new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
    {
      expiresIn: expiresSeconds,
      signingDate: signedAt,
      // The SDK leaves Content-Type unsigned by default; signing it makes the upload store
      // the type the API chose, not whatever the client sends.
      ...(contentType !== undefined ? { signableHeaders: new Set(['content-type']) } : {}),
    },
  ).finally(() => presigner.destroy());
  return {
    url,
    method: 'PUT',
    headers: contentType !== undefined ? { 'Content-Type': contentType } : {},
    expiresAt: new Date(signedAt.getTime() + expiresSeconds * 1000),
  };
}
