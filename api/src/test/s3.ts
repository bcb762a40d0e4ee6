import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

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
