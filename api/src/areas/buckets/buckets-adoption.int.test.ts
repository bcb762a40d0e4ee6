import {
  CreateBucketCommand,
  GetBucketTaggingCommand,
  GetObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buckets } from '../../core/db/schema/index.ts';
import { newCredentials } from './common.ts';
import { resumeInterruptedSagas } from './jobs.ts';
import { createMinioAdmin } from './storage/minio-admin.ts';
import { accessUsersOn, bucketSuite, onMinio, s3, useMinioServer } from '../../test/buckets-suite.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

const minio = useMinioServer();

/**
 * Who gets a bucket that exists already: adoption by name and owner reference, buckets on the
 * cluster that Plinth does not manage (import), and the marks that survive a lost row or a crash.
 */
describeOnEachDatabase('S3 buckets on a real MinIO, with %s', onMinio(minio), (w, { kind, database }) => {
  const { tenant, root, prefix, create } = bucketSuite(w, kind);

  const rootS3 = () => s3(minio.endpoint, minio.accessKey, minio.secretKey);

  const markOf = async (bucket: string) =>
    (await rootS3().send(new GetBucketTaggingCommand({ Bucket: bucket }))).TagSet?.find(
      (t) => t.Key === 'plinth.dev/bucket-id',
    )?.Value;

  const accessUsers = () => accessUsersOn(minio);

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
});
