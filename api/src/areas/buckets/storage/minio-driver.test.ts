import { describe, expect, it } from 'vitest';
import { StorageError } from './driver.ts';
import { accessPolicy, accessPolicyName, createMinioDriver } from './minio-driver.ts';

// Nothing listens on the discard port: any call that reached the network would fail differently.
const offline = { endpoint: 'http://127.0.0.1:9', accessKey: 'api-admin', secretKey: 'api-admin-secret-key' };
const bucketUser = { accessKeyId: 'PLBUCKETUSER', secretAccessKey: 'bucket-user-secret-key' };

describe('MinIO driver without a server', () => {
  it('presigns locally with the given user: path style, virtual-hosted style, public endpoint, exact expiry', async () => {
    const driver = createMinioDriver({ ...offline, pathStyle: true });
    const upload = await driver.presignPut('media', 'a/b c.png', bucketUser, {
      contentType: 'image/png',
      expiresSeconds: 900,
    });
    const url = new URL(upload.url);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/media/a/b%20c.png');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^PLBUCKETUSER\/\d{8}\/us-east-1\/s3\/aws4_request$/,
    );
    expect(upload.url).not.toContain(offline.secretKey);
    expect(upload.url).not.toContain(bucketUser.secretAccessKey);
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    // expiresAt is X-Amz-Date plus the lifetime, to the second.
    const amzDate = url.searchParams.get('X-Amz-Date')!;
    const signedAt = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`,
    );
    expect(upload.expiresAt.getTime()).toBe(signedAt + 900_000);

    const hosted = createMinioDriver({
      ...offline,
      region: 'eu-west-3',
      pathStyle: false,
      publicEndpoint: 'https://s3.example.test',
    });
    const virtual = new URL((await hosted.presignPut('media', 'k', bucketUser, { expiresSeconds: 60 })).url);
    expect(`${virtual.origin}${virtual.pathname}`).toBe('https://media.s3.example.test/k');
    expect(virtual.searchParams.get('X-Amz-Credential')).toContain('/eu-west-3/s3/');
  });

  it('refuses bad input before calling the server', async () => {
    const driver = createMinioDriver({ ...offline, pathStyle: true });
    const key = 'a-perfectly-fine-secret';
    await expect(
      driver.provisionAccess('user-a', 'b', { accessKeyId: 'user-b', secretAccessKey: key }),
    ).rejects.toThrow(/must be the proposed access key id/);
    await expect(
      driver.provisionAccess('api-admin', 'b', { accessKeyId: 'api-admin', secretAccessKey: key }),
    ).rejects.toThrow(/own MinIO user/);
    await expect(
      driver.provisionAccess('user-a', 'b', { accessKeyId: 'user-a', secretAccessKey: 'seven77' }),
    ).rejects.toThrow(/8 to 40 characters, got 7/);
    await expect(driver.presignPut('b', 'k', bucketUser, { expiresSeconds: 1.5 })).rejects.toThrow(
      RangeError,
    );
  });

  it('has no bucket CORS: enabling is not_supported, disabling succeeds', async () => {
    const driver = createMinioDriver({ ...offline, pathStyle: true });
    expect(driver.supportsCors).toBe(false);
    const err = await driver.setCorsAllowAll('b', true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ reason: 'not_supported' });
    await expect(driver.setCorsAllowAll('b', false)).resolves.toBeUndefined();
  });

  it('names one policy per user, scoped to the bucket and its objects', () => {
    expect(accessPolicyName('ak-123')).toBe('plinth-ak-123');
    const resources = accessPolicy('media').Statement.flatMap((s) => s.Resource);
    expect(resources).toEqual(['arn:aws:s3:::media', 'arn:aws:s3:::media/*']);
  });
});
