import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buckets } from '../../core/db/schema/index.ts';
import { refreshUsage } from './usage.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { bucketSuite, onMinio, s3, statusOf, useMinioServer } from '../../test/buckets-suite.ts';
import { eventually } from '../../test/eventually.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

const minio = useMinioServer();

/** A bucket's life on a real MinIO: its credentials, upload URLs, usage, deletion, who may do what. */
describeOnEachDatabase('S3 buckets on a real MinIO, with %s', onMinio(minio), (w, { kind, database }) => {
  const { tenant, root, prefix, create } = bucketSuite(w, kind);

  it('creates a bucket whose own credentials, and nothing else, reach it', async () => {
    const res = await create(tenant.user, `${prefix}-data`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body;
    expect(b).toMatchObject({
      name: `${prefix}-data`,
      region: 'eu-central',
      state: 'ready',
      endpoint: minio.endpoint,
      origin: 'created',
    });
    const { access_key_id, secret_access_key } = b.credentials;
    const client = s3(b.endpoint, access_key_id, secret_access_key);
    await client.send(new PutObjectCommand({ Bucket: b.name, Key: 'hello.txt', Body: 'hello' }));
    const listed = await client.send(new ListObjectsV2Command({ Bucket: b.name }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['hello.txt']);
    const got = await client.send(new GetObjectCommand({ Bucket: b.name, Key: 'hello.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello');

    const other = await create(tenant.user, `${prefix}-other`);
    expect(other.status).toBe(201);
    expect(
      await statusOf(client.send(new PutObjectCommand({ Bucket: other.body.name, Key: 'x', Body: 'x' }))),
    ).toBe(403);
    expect(await statusOf(client.send(new ListObjectsV2Command({ Bucket: other.body.name })))).toBe(403);
    expect(await statusOf(client.send(new CreateBucketCommand({ Bucket: `${prefix}-rogue` })))).toBe(403);

    // The secret is stored sealed, not in clear.
    const [row] = await database.db.select().from(buckets).where(eq(buckets.id, b.id));
    expect(row!.secretSealed).not.toContain(secret_access_key);

    const shown = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, {
      token: tenant.viewer.token,
    });
    expect(JSON.stringify(shown)).not.toContain(secret_access_key);
    const revealed = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/credentials/`, {
      token: tenant.user.token,
    });
    expect(revealed).toEqual({ access_key_id, secret_access_key });
    await w.expectStatus(403, 'GET', `/api/v1/s3/buckets/${b.id}/credentials/`, {
      token: tenant.viewer.token,
    });
    const audit = await w.expectStatus(200, 'GET', '/api/v1/audit-log/?event=bucket.credentials_revealed', {
      token: root.token,
    });
    expect(
      audit.results.find((e: any) => e.details.bucket === b.id && e.actor === tenant.user.id),
    ).toBeDefined();

    const url = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${b.id}/objects/upload-url/`, {
      token: tenant.user.token,
      body: { key: 'upload/report.csv', content_type: 'text/csv', expires_in: 120 },
    });
    expect(url.method).toBe('PUT');
    const put = await fetch(url.url, { method: 'PUT', headers: url.headers, body: 'a,b\n1,2\n' });
    expect(put.status, await put.text()).toBe(200);
    const uploaded = await client.send(new GetObjectCommand({ Bucket: b.name, Key: 'upload/report.csv' }));
    expect(await uploaded.Body!.transformToString()).toBe('a,b\n1,2\n');
    await w.expectStatus(400, 'POST', `/api/v1/s3/buckets/${b.id}/objects/upload-url/`, {
      token: tenant.user.token,
      body: { key: 'k', expires_in: 999999 },
    });
  });

  it("signs upload URLs with the bucket's own user, so they die with the bucket", async () => {
    const name = `${prefix}-reused`;
    const a = (await create(tenant.user, name)).body;
    const url = await w.expectStatus(200, 'POST', `/api/v1/s3/buckets/${a.id}/objects/upload-url/`, {
      token: tenant.user.token,
      body: { key: 'planted.txt', expires_in: 3600 },
    });
    expect(new URL(url.url).searchParams.get('X-Amz-Credential')).toMatch(
      new RegExp(`^${a.credentials.access_key_id}/`),
    );
    await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${a.id}/`, {
      token: tenant.workspaceAdmin.token,
    });

    const other = await w.tenant();
    const b = (await create(other.user, name, {}, other)).body;
    expect(b.origin).toBe('created');
    const put = await fetch(url.url, { method: 'PUT', headers: url.headers, body: 'planted' });
    expect(put.status, await put.text()).toBe(403);
    const client = s3(minio.endpoint, b.credentials.access_key_id, b.credentials.secret_access_key);
    expect((await client.send(new ListObjectsV2Command({ Bucket: name }))).KeyCount).toBe(0);
  });

  it('validates object keys for upload URLs: 1..1024 UTF-8 bytes, no control characters', async () => {
    const b = (await create(tenant.user, `${prefix}-keys`)).body;
    const upload = (key: string) =>
      w.call('POST', `/api/v1/s3/buckets/${b.id}/objects/upload-url/`, {
        token: tenant.user.token,
        body: { key },
      });
    for (const bad of ['', 'nul\u0000byte', 'line\nbreak', 'tab\there', 'del\u007f', 'é'.repeat(513)]) {
      const res = await upload(bad);
      expect([res.status, res.body.errors?.[0]?.attr], JSON.stringify(bad)).toEqual([400, 'key']);
    }
    // 1010 bytes in 510 characters; MinIO also wants each path segment within 255 bytes.
    const fine = await upload(`${Array(5).fill('é'.repeat(100)).join('/')}/x.csv`);
    expect(fine.status).toBe(200);
    const put = await fetch(fine.body.url, { method: 'PUT', headers: fine.body.headers, body: 'ok' });
    expect(put.status, await put.text()).toBe(200);
  });

  it('validates names and regions with field errors', async () => {
    for (const bad of [
      'ab',
      'Upper',
      'has.dot',
      '-dash',
      'dash-',
      'xn--punycode',
      'name-s3alias',
      'a'.repeat(64),
      '192.168.1.1',
    ]) {
      const res = await create(tenant.user, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors[0].attr, bad).toBe('name');
    }
    const region = await create(tenant.user, `${prefix}-where`, { region: 'mars-1' });
    expect(region.status).toBe(400);
    expect(region.body.errors).toEqual([
      {
        attr: 'region',
        code: 'invalid_choice',
        detail: 'Unknown region "mars-1". Known regions: eu-central, eu-west.',
      },
    ]);
    expect((await create(tenant.viewer, `${prefix}-viewer`)).status).toBe(403);
    const elsewhere = await w.tenant();
    const hidden = await create(tenant.user, `${prefix}-hidden`, {}, elsewhere);
    expect([hidden.status, hidden.body.errors?.[0]?.attr]).toEqual([400, 'workspace']);
  });

  it('reports usage per bucket and per region after the usage job runs', async () => {
    const b = (await create(tenant.user, `${prefix}-usage`)).body;
    const client = s3(minio.endpoint, b.credentials.access_key_id, b.credentials.secret_access_key);
    for (const [key, size] of [
      ['a', 1000],
      ['b', 2500],
      ['c', 500],
    ] as const) {
      await client.send(new PutObjectCommand({ Bucket: b.name, Key: key, Body: Buffer.alloc(size, 1) }));
    }
    const usage = await eventually(
      'usage of the bucket',
      async () => {
        await refreshUsage({ db: database.db, storage: w.env.storage, logger: w.env.logs.logger });
        const got = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${b.id}/`, {
          token: tenant.viewer.token,
        });
        return got.usage.bytes === 4000 && got.usage.objects === 3 ? got.usage : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 2000 },
    );
    expect(usage.updated_at).not.toBeNull();
    const regions = await w.expectStatus(200, 'GET', '/api/v1/s3/regions/', { token: tenant.viewer.token });
    const eu = regions.results.find((r: { name: string }) => r.name === 'eu-central');
    expect(eu.bucket_count).toBeGreaterThanOrEqual(1);
    expect(eu.bytes).toBeGreaterThanOrEqual(4000);
    const listed = await w.expectStatus(
      200,
      'GET',
      `/api/v1/s3/buckets/?workspace=${tenant.workspace.id}&region=eu-central`,
      {
        token: tenant.viewer.token,
      },
    );
    expect(listed.results.find((x: { id: string }) => x.id === b.id).usage).toMatchObject({
      bytes: 4000,
      objects: 3,
    });
    const metrics = await (await w.env.metricsApp.request('/metrics')).text();
    expect(metrics).toContain(`plinth_bucket_usage_bytes{bucket="${b.name}",region="eu-central"} 4000`);
  });

  it('refuses to delete a bucket that holds data, and removes an empty one with its user', async () => {
    const admin = createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    });
    const b = (await create(tenant.user, `${prefix}-gone`)).body;
    const client = s3(minio.endpoint, b.credentials.access_key_id, b.credentials.secret_access_key);
    await client.send(new PutObjectCommand({ Bucket: b.name, Key: 'keep', Body: 'precious' }));
    await w.expectStatus(403, 'DELETE', `/api/v1/s3/buckets/${b.id}/`, { token: tenant.user.token });
    const refused = await w.call('DELETE', `/api/v1/s3/buckets/${b.id}/`, {
      token: tenant.workspaceAdmin.token,
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'bucket_not_empty']);
    const kept = await client.send(new GetObjectCommand({ Bucket: b.name, Key: 'keep' }));
    expect(await kept.Body!.transformToString()).toBe('precious');

    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await client.send(new DeleteObjectCommand({ Bucket: b.name, Key: 'keep' }));
    await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${b.id}/`, {
      token: tenant.workspaceAdmin.token,
    });
    await w.expectStatus(404, 'GET', `/api/v1/s3/buckets/${b.id}/`, { token: tenant.workspaceAdmin.token });
    expect(await admin.userInfo(b.credentials.access_key_id)).toBeNull();
    const rootClient = s3(minio.endpoint, minio.accessKey, minio.secretKey);
    expect(await statusOf(rootClient.send(new ListObjectsV2Command({ Bucket: b.name })))).toBe(404);
  });

  it('says clearly that this MinIO cannot set bucket CORS rules', async () => {
    const res = await create(tenant.user, `${prefix}-cors`, { cors_allow_all: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        attr: 'cors_allow_all',
        code: 'not_supported',
        detail: 'The storage cluster of region eu-central (MinIO) cannot set CORS rules.',
      },
    ]);
    const b = (await create(tenant.user, `${prefix}-cors`)).body;
    expect(b.cors_allow_all).toBe(false);
    const on = await w.call('PATCH', `/api/v1/s3/buckets/${b.id}/`, {
      token: tenant.user.token,
      body: { cors_allow_all: true },
    });
    expect([on.status, on.body.errors?.[0]?.code]).toEqual([400, 'not_supported']);
    const off = await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${b.id}/`, {
      token: tenant.user.token,
      body: { cors_allow_all: false },
    });
    expect(off.cors_allow_all).toBe(false);
  });

  it('applies the permission matrix to buckets: create and reveal (not Viewer), delete (admins)', async () => {
    const t = await w.tenant();
    const roles = {
      super_admin: root,
      org_admin: t.orgAdmin,
      workspace_admin: t.workspaceAdmin,
      user: t.user,
      viewer: t.viewer,
    };
    const owned = (await create(t.user, `${prefix}-matrix`, {}, t)).body;
    for (const [role, actor] of Object.entries(roles)) {
      const made = await create(actor, `${prefix}-m-${role.replace('_', '')}`, {}, t);
      expect(made.status, `create as ${role}`).toBe(role === 'viewer' ? 403 : 201);
      const reveal = await w.call('GET', `/api/v1/s3/buckets/${owned.id}/credentials/`, {
        token: actor.token,
      });
      expect(reveal.status, `reveal as ${role}`).toBe(role === 'viewer' ? 403 : 200);
      if (made.status === 201) {
        const del = await w.call('DELETE', `/api/v1/s3/buckets/${made.body.id}/`, { token: actor.token });
        expect(del.status, `delete as ${role}`).toBe(role === 'user' ? 403 : 204);
      }
    }
    await w.expectStatus(403, 'DELETE', `/api/v1/s3/buckets/${owned.id}/`, { token: t.viewer.token });
  });

  it('keeps tenants apart: another tenant sees 404 for the bucket', async () => {
    const b = (await create(tenant.user, `${prefix}-private`)).body;
    const other = await w.tenant();
    for (const [method, path] of [
      ['GET', `/api/v1/s3/buckets/${b.id}/`],
      ['GET', `/api/v1/s3/buckets/${b.id}/credentials/`],
      ['DELETE', `/api/v1/s3/buckets/${b.id}/`],
    ] as const) {
      await w.expectStatus(404, method, path, { token: other.orgAdmin.token });
    }
    const list = await w.expectStatus(200, 'GET', '/api/v1/s3/buckets/', { token: other.orgAdmin.token });
    expect(list.count).toBe(0);
  });
});
