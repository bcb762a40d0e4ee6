import { randomBytes } from 'node:crypto';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { StorageError } from '../areas/buckets/storage/driver.ts';

/** Path-style S3 clients for tests, one attempt each (a refusal must show, not be retried away). */
export function s3ClientFactory() {
  const clients: S3Client[] = [];
  return {
    client(endpoint: string, accessKeyId: string, secretAccessKey: string, region = 'us-east-1'): S3Client {
      const client = new S3Client({
        endpoint,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
        maxAttempts: 1,
      });
      clients.push(client);
      return client;
    },
    destroyAll(): void {
      for (const c of clients.splice(0)) c.destroy();
    },
  };
}

/** The S3 error a call fails with, as `{ code, status }`; throws if it succeeds. */
export async function s3Failure(
  call: Promise<unknown>,
): Promise<{ code: string; status: number | undefined }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof S3ServiceException) return { code: err.name, status: err.$metadata.httpStatusCode };
    throw err;
  }
  throw new Error('expected the S3 call to fail');
}

/** The StorageError reason a call fails with. */
export async function storageFailure(call: Promise<unknown>): Promise<StorageError['reason']> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof StorageError) return err.reason;
  throw new Error(`expected a StorageError, got ${String(err)}`);
}

/** A browser's CORS preflight for a PUT with a Content-Type, as fetch from a page would send it. */
export async function preflight(url: string, origin: string) {
  const res = await fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  await res.body?.cancel();
  return {
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    allowMethods: res.headers.get('access-control-allow-methods'),
  };
}

/**
 * Whether a browser would go on after this preflight: an ok status (2xx) and an
 * Access-Control-Allow-Origin. Refusals differ: MinIO answers 204 without the header, Garage 403
 * with `*` (every Garage S3 error carries it), which browsers refuse for the status.
 */
export const letsBrowsersIn = (p: { status: number; allowOrigin: string | null }) =>
  p.status >= 200 && p.status < 300 && p.allowOrigin !== null;

/** A 32-character secret key. */
export const secret = () => randomBytes(24).toString('base64url');
