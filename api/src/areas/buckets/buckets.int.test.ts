import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetBucketTaggingCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buckets } from '../../core/db/schema/index.ts';
import { newCredentials } from './common.ts';
import { resumeInterruptedSagas } from './jobs.ts';
import { refreshUsage } from './usage.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { eventually } from '../../test/eventually.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { Actor, World } from '../../test/world.ts';

const s3 = (endpoint: string, accessKeyId: string, secretAccessKey: string) =>
  new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });

const statusOf = async (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { $metadata?: { httpStatusCode?: number } }) => e.$metadata?.httpStatusCode ?? 0,
  );

let minio: MinioServer;
beforeAll(async () => {
  minio = await startMinioServer();
});
afterAll(async () => {
  await minio?.stop();
});

/** The suite's world: the API on that MinIO, with two regions. */
const ON_MINIO = {
  world: () => ({
    storage: createStorageRuntime(minioStorageConfig(minio, ['eu-central', 'eu-west']), randomBytes(32)),
  }),
};

describeOnEachDatabase('S3 buckets on a real MinIO, with %s', ON_MINIO, (w, { kind, database }) => {
  let tenant: Awaited<ReturnType<World['tenant']>>;
  let root: Actor;
  const prefix = `${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    tenant = await w.tenant();
    root = await w.user({ superuser: true });
  });

  const create = (actor: Actor, name: string, extra: Record<string, unknown> = {}, t = tenant) =>
    w.call('POST', '/api/v1/s3/buckets/', {
      token: actor.token,
      body: { name, region: 'eu-central', organization: t.org.id, workspace: t.workspace.id, ...extra },
    });

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

  it('adopts the same name from the same workspace, and refuses it to anyone else', async () => {
    const admin = createMinioAdmin({
      endpoint: minio.endpoint,
      accessKey: minio.accessKey,
      secretKey: minio.secretKey,
    });
    const first = await create(tenant.user, `${prefix}-adopt`);
    expect(first.status).toBe(201);
    const usersBefore = Object.keys(await admin.listUsers()).length;
    const again = await create(tenant.workspaceAdmin, `${prefix}-adopt`);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.credentials).toEqual(first.body.credentials);
    expect(Object.keys(await admin.listUsers())).toHaveLength(usersBefore);

    const stranger = await w.tenant();
    const taken = await create(stranger.orgAdmin, `${prefix}-adopt`, {}, stranger);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('bucket_name_taken');
    const otherRegionSameCluster = await create(tenant.user, `${prefix}-adopt`, { region: 'eu-west' });
    expect(otherRegionSameCluster.status).toBe(409);
    const client = s3(
      minio.endpoint,
      first.body.credentials.access_key_id,
      first.body.credentials.secret_access_key,
    );
    await client.send(new PutObjectCommand({ Bucket: `${prefix}-adopt`, Key: 'still-mine', Body: 'yes' }));
  });

  it('adopts for an owner reference only when it owns, created, or was released the bucket', async () => {
    const owner = (uid: string, namespace = 'team-a') => ({
      cluster_id: 'c1',
      namespace,
      name: `${prefix}-owned`,
      uid,
    });
    const first = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-1') });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      owner_reference: owner('uid-1'),
      created_for: owner('uid-1'),
      adoptable_by: null,
    });
    expect((await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-1') })).status).toBe(
      200,
    );

    // A second object (a re-created resource has a new uid) may not take a bucket that is owned.
    const rival = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-2') });
    expect([rival.status, rival.body.code]).toEqual([409, 'bucket_name_taken']);

    await w.expectStatus(400, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.user.token,
      body: {},
    });
    await w.expectStatus(403, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.viewer.token,
      body: { owner_reference: null },
    });
    const released = await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.user.token,
      body: { owner_reference: null },
    });
    expect(released.owner_reference).toBeNull();
    // Owner-less is not "anyone's": another object needs an explicit release to its namespace.
    const unreleased = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-2') });
    expect([unreleased.status, unreleased.body.code]).toEqual([409, 'bucket_name_taken']);

    await w.expectStatus(403, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.viewer.token,
      body: { adoptable_by: { cluster_id: 'c1', namespace: 'team-a' } },
    });
    const offered = await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.user.token,
      body: { adoptable_by: { cluster_id: 'c1', namespace: 'team-a' } },
    });
    expect(offered.adoptable_by).toEqual({ cluster_id: 'c1', namespace: 'team-a' });
    const otherNamespace = await create(tenant.user, `${prefix}-owned`, {
      owner_reference: owner('uid-3', 'team-b'),
    });
    expect([otherNamespace.status, otherNamespace.body.code]).toEqual([409, 'bucket_name_taken']);
    const adopted = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-2') });
    expect(adopted.status).toBe(200);
    expect(adopted.body).toMatchObject({
      id: first.body.id,
      owner_reference: owner('uid-2'),
      created_for: owner('uid-1'),
      adoptable_by: null,
    });
    // The creator lost it to the adopter; a person in the workspace still gets it.
    const creator = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-1') });
    expect([creator.status, creator.body.code]).toEqual([409, 'bucket_name_taken']);
    expect((await create(tenant.user, `${prefix}-owned`)).status).toBe(200);

    // The object a bucket was created for gets it back after a release (it never saw the 201).
    await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${first.body.id}/`, {
      token: tenant.user.token,
      body: { owner_reference: null },
    });
    const back = await create(tenant.user, `${prefix}-owned`, { owner_reference: owner('uid-1') });
    expect([back.status, back.body.owner_reference]).toEqual([200, owner('uid-1')]);

    const listed = async (uid: string) =>
      (
        await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/?owner_uid=${uid}`, {
          token: tenant.viewer.token,
        })
      ).results.map((b: { id: string }) => b.id);
    expect(await listed('uid-1')).toEqual([first.body.id]);
    expect(await listed('uid-2')).toEqual([]);
    await w.expectStatus(400, 'GET', `/api/v1/s3/buckets/?owner_uid=${'x'.repeat(65)}`, {
      token: tenant.viewer.token,
    });
  });

  it('never hands a bucket made without an owner reference to an operator request', async () => {
    const made = await create(tenant.user, `${prefix}-ui-made`);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ owner_reference: null, created_for: null, adoptable_by: null });
    const claim = await create(tenant.user, `${prefix}-ui-made`, {
      owner_reference: { cluster_id: 'c1', namespace: 'anyone', name: `${prefix}-ui-made`, uid: 'uid-x' },
    });
    expect([claim.status, claim.body.code]).toEqual([409, 'bucket_name_taken']);
    expect(claim.body.credentials).toBeUndefined();
  });

  const rootS3 = () => s3(minio.endpoint, minio.accessKey, minio.secretKey);
  const markOf = async (bucket: string) =>
    (await rootS3().send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet?.find(
      (t) => t.Key === 'plinth.dev/bucket-id',
    )?.Value;
  const accessUsers = async () =>
    Object.keys(
      await createMinioAdmin({
        endpoint: minio.endpoint,
        accessKey: minio.accessKey,
        secretKey: minio.secretKey,
      }).listUsers(),
    ).sort();

  it('refuses a bucket on the cluster that Plinth does not manage; only a Super Admin imports it', async () => {
    const name = `${prefix}-payroll`;
    await rootS3().send(new CreateBucketCommand({ Bucket: name }));
    await rootS3().send(new PutObjectCommand({ Bucket: name, Key: 'payroll.csv', Body: 'alice,100000' }));
    const usersBefore = await accessUsers();

    const taken = await create(tenant.user, name);
    expect([taken.status, taken.body.code]).toEqual([409, 'bucket_unmanaged']);
    expect(taken.body.detail).toContain('Super Admin');
    expect(taken.body.credentials).toBeUndefined();
    expect(await accessUsers()).toEqual(usersBefore);
    expect(await database.db.select().from(buckets).where(eq(buckets.name, name))).toEqual([]);
    const kept = await rootS3().send(new GetObjectCommand({ Bucket: name, Key: 'payroll.csv' }));
    expect(await kept.Body!.transformToString()).toBe('alice,100000');

    const importBody = (n = name) => ({
      name: n,
      region: 'eu-central',
      organization: tenant.org.id,
      workspace: tenant.workspace.id,
    });
    await w.expectStatus(403, 'POST', '/api/v1/s3/buckets/import/', {
      token: tenant.orgAdmin.token,
      body: importBody(),
    });
    // Not with a key, not even a Super Admin's system key for buckets (the operator's kind of key):
    // bringing someone else's data under management is a person's deliberate, audited act.
    const systemKey = await w.expectStatus(201, 'POST', '/api/v1/system-api-keys/', {
      token: root.token,
      body: { name: 'buckets only', scopes: ['buckets:read', 'buckets:write'] },
    });
    const byKey = await w.call('POST', '/api/v1/s3/buckets/import/', {
      token: systemKey.token,
      body: importBody(),
    });
    expect([byKey.status, byKey.body.code]).toEqual([403, 'interactive_login_required']);
    const missing = await w.call('POST', '/api/v1/s3/buckets/import/', {
      token: root.token,
      body: importBody(`${prefix}-nowhere`),
    });
    expect([missing.status, missing.body.errors?.[0]?.attr]).toEqual([400, 'name']);

    const imported = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/import/', {
      token: root.token,
      body: importBody(),
    });
    expect(imported).toMatchObject({ name, state: 'ready', origin: 'adopted', created_for: null });
    expect(await markOf(name)).toBe(imported.id);
    const client = s3(
      minio.endpoint,
      imported.credentials.access_key_id,
      imported.credentials.secret_access_key,
    );
    const read = await client.send(new GetObjectCommand({ Bucket: name, Key: 'payroll.csv' }));
    expect(await read.Body!.transformToString()).toBe('alice,100000');
    const audit = await w.expectStatus(200, 'GET', '/api/v1/audit-log/?event=bucket.imported', {
      token: root.token,
    });
    expect(
      audit.results.find((e: any) => e.details.bucket === imported.id && e.actor === root.id),
    ).toBeDefined();

    const again = await w.call('POST', '/api/v1/s3/buckets/import/', {
      token: root.token,
      body: importBody(),
    });
    expect([again.status, again.body.code]).toEqual([409, 'bucket_name_taken']);
    // Now Plinth manages it for this workspace: its members adopt it as usual.
    const adopted = await create(tenant.user, name);
    expect([adopted.status, adopted.body.id]).toEqual([200, imported.id]);
  });

  it('still refuses a bucket it marked after losing the row (database restore)', async () => {
    const made = await create(tenant.user, `${prefix}-restored`);
    expect(made.status).toBe(201);
    expect(await markOf(made.body.name)).toBe(made.body.id);
    await database.db.delete(buckets).where(eq(buckets.id, made.body.id));
    const usersBefore = await accessUsers();
    const again = await create(tenant.user, made.body.name);
    expect([again.status, again.body.code]).toEqual([409, 'bucket_unmanaged']);
    expect(await accessUsers()).toEqual(usersBefore);
    expect(await markOf(made.body.name)).toBe(made.body.id);
  });

  it('finishes a creation that crashed before marking its bucket only if it sent CreateBucket and the bucket is empty', async () => {
    const stalled = async (name: string, createAttempted: boolean) => {
      const id = crypto.randomUUID();
      const c = newCredentials();
      await database.db.insert(buckets).values({
        id,
        name,
        region: 'eu-central',
        cluster: 'minio-test',
        organizationId: tenant.org.id,
        workspaceId: tenant.workspace.id,
        accessKeyId: c.accessKeyId,
        secretSealed: w.env.storage.box.seal(c.secretAccessKey, id),
        createAttempted,
      });
      await rootS3().send(new CreateBucketCommand({ Bucket: name }));
      return id;
    };
    const crashed = await stalled(`${prefix}-crashed`, true);
    const full = await stalled(`${prefix}-crashed-full`, true);
    await rootS3().send(new PutObjectCommand({ Bucket: `${prefix}-crashed-full`, Key: 'k', Body: 'theirs' }));
    const foreign = await stalled(`${prefix}-never-sent`, false);
    const usersBefore = await accessUsers();

    await resumeInterruptedSagas({ db: database.db, storage: w.env.storage, logger: w.env.logs.logger });
    const shown = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${crashed}/`, {
      token: tenant.user.token,
    });
    expect(shown).toMatchObject({ state: 'ready', origin: 'created' });
    expect(await markOf(`${prefix}-crashed`)).toBe(crashed);
    for (const id of [full, foreign])
      await w.expectStatus(404, 'GET', `/api/v1/s3/buckets/${id}/`, { token: tenant.user.token });
    const [crashedRow] = await database.db.select().from(buckets).where(eq(buckets.id, crashed));
    expect((await accessUsers()).filter((u) => !usersBefore.includes(u))).toEqual([crashedRow!.accessKeyId]);
    const kept = await rootS3().send(new GetObjectCommand({ Bucket: `${prefix}-crashed-full`, Key: 'k' }));
    expect(await kept.Body!.transformToString()).toBe('theirs');
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
