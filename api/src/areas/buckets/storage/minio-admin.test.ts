import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { decryptData } from './madmin-crypto.ts';
import { createMinioAdmin, MinioAdminError } from './minio-admin.ts';

// Request shapes and error handling against a stand-in server; the behaviour of real MinIO is
// covered by minio-admin.int.test.ts.

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server | undefined;

async function fakeMinio(
  reply: (seen: Seen) => { status: number; body?: string | Uint8Array; type?: string },
): Promise<{ endpoint: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(request);
      const { status, body, type } = reply(request);
      res.writeHead(status, type ? { 'Content-Type': type } : {});
      res.end(body);
    });
  });
  server = srv;
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`, seen };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const ADMIN_SECRET = 'admin-secret-value';

describe('createMinioAdmin', () => {
  it('sends add-user as a signed PUT with the secret encrypted under the admin secret key', async () => {
    const { endpoint, seen } = await fakeMinio(() => ({ status: 200 }));
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    await admin.addUser('user one+', 'user-secret-value');

    const [req] = seen;
    expect(req!.method).toBe('PUT');
    expect(req!.url).toBe('/minio/admin/v3/add-user?accessKey=user+one%2B');
    expect(req!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(req!.body).digest('hex'));
    expect(req!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=admin\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(req!.body.includes('user-secret-value')).toBe(false);
    expect(req!.body[32]).toBe(2); // PBKDF2, which MinIO decrypts whatever its build
    const plain = JSON.parse(new TextDecoder().decode(await decryptData(ADMIN_SECRET, req!.body))) as unknown;
    expect(plain).toEqual({ status: 'enabled', secretKey: 'user-secret-value' });
  });

  it('sets a user policy with an unencrypted PUT and no body', async () => {
    const { endpoint, seen } = await fakeMinio(() => ({ status: 200 }));
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    await admin.setUserPolicy('user one+', 'plinth-user one+');

    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url, 'http://x');
    expect(seen[0]!.method).toBe('PUT');
    expect(url.pathname).toBe('/minio/admin/v3/set-user-or-group-policy');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      policyName: 'plinth-user one+',
      userOrGroup: 'user one+',
      isGroup: 'false',
    });
    expect(seen[0]!.body).toHaveLength(0);
  });

  it('falls back to the encrypted attach call when the server no longer knows set-user-or-group-policy', async () => {
    const { endpoint, seen } = await fakeMinio((req) =>
      req.url.includes('set-user-or-group-policy')
        ? {
            status: 426,
            type: 'application/json',
            body: JSON.stringify({ Code: 'XMinioAdminVersionMismatch', Message: 'not supported' }),
          }
        : { status: 400, body: JSON.stringify({ Code: 'XMinioAdminPolicyChangeAlreadyApplied' }) },
    );
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    await admin.setUserPolicy('u1', 'p1');

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /minio/admin/v3/set-user-or-group-policy?policyName=p1&userOrGroup=u1&isGroup=false',
      'POST /minio/admin/v3/idp/builtin/policy/attach',
    ]);
    const plain = JSON.parse(
      new TextDecoder().decode(await decryptData(ADMIN_SECRET, seen[1]!.body)),
    ) as unknown;
    expect(plain).toEqual({ policies: ['p1'], user: 'u1' });
  });

  it('does not fall back on other errors of set-user-or-group-policy', async () => {
    const { endpoint, seen } = await fakeMinio(() => ({
      status: 404,
      type: 'application/json',
      body: JSON.stringify({ Code: 'XMinioAdminNoSuchUser', Message: 'no such user' }),
    }));
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    await expect(admin.setUserPolicy('ghost', 'p1')).rejects.toMatchObject({
      status: 404,
      code: 'XMinioAdminNoSuchUser',
      operation: 'set-user-policy',
    });
    expect(seen).toHaveLength(1);
  });

  it('turns JSON and XML error bodies into MinioAdminError, keeping secrets out', async () => {
    const { endpoint } = await fakeMinio((req) =>
      req.url.includes('add-user')
        ? {
            status: 400,
            type: 'application/json',
            body: JSON.stringify({
              Code: 'XMinioAdminInvalidSecretKey',
              Message: 'bad key user-secret-value',
            }),
          }
        : {
            status: 403,
            type: 'application/xml',
            body: `<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>no: ${ADMIN_SECRET}</Message></Error>`,
          },
    );
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });

    const err = await admin.addUser('u1', 'user-secret-value').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MinioAdminError);
    expect(err).toMatchObject({ status: 400, code: 'XMinioAdminInvalidSecretKey', operation: 'add-user' });
    expect((err as Error).message).toBe(
      'MinIO admin add-user failed: HTTP 400 XMinioAdminInvalidSecretKey: bad key ***',
    );

    const denied = await admin.dataUsageInfo().catch((e: unknown) => e);
    expect(denied).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect((denied as Error).message).not.toContain(ADMIN_SECRET);
  });

  it('reports a body that is neither JSON nor XML by status alone', async () => {
    const { endpoint } = await fakeMinio(() => ({ status: 502, body: 'Bad Gateway' }));
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    await expect(admin.userInfo('u1')).rejects.toMatchObject({ status: 502, code: 'Unknown' });
  });

  it('maps "not found" answers to null or success', async () => {
    const noSuchUser = JSON.stringify({
      Code: 'XMinioAdminNoSuchUser',
      Message: 'The specified user does not exist.',
    });
    const { endpoint } = await fakeMinio((req) =>
      req.url.includes('policy')
        ? { status: 404, body: JSON.stringify({ Code: 'XMinioAdminNoSuchPolicy' }) }
        : { status: 404, body: noSuchUser },
    );
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    expect(await admin.userInfo('ghost')).toBeNull();
    await admin.removeUser('ghost');
    await admin.removeCannedPolicy('ghost-policy');
  });

  it('reads usage, treating Go zero times as absent', async () => {
    const { endpoint } = await fakeMinio(() => ({
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        lastUpdate: '0001-01-01T00:00:00Z',
        bucketsUsageInfo: { b1: { size: 10, objectsCount: 2, versionsCount: 2 } },
      }),
    }));
    const admin = createMinioAdmin({ endpoint, accessKey: 'admin', secretKey: ADMIN_SECRET });
    expect(await admin.dataUsageInfo()).toEqual({ buckets: { b1: { size: 10, objectsCount: 2 } } });
  });
});
