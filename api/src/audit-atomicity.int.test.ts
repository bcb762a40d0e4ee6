import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetBucketTaggingCommand,
  HeadBucketCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { AuditEventType } from './core/audit/writer.ts';
import { buckets, organizations, users } from './core/db/schema/index.ts';
import { createStorageRuntime } from './areas/buckets/storage/runtime.ts';
import { failAuditFor } from './test/failing-audit.ts';
import { letsBrowsersIn, preflight, s3ClientFactory } from './test/s3.ts';
import { describeOnEachDatabase } from './test/world.ts';
import type { Actor, World } from './test/world.ts';
import { accessUsersOn, bothClusters, useMinioAndGarage } from './test/buckets-suite.ts';

/**
 * A change and its audit entry commit together (docs/audit-log.md, "Writing it"): for each audited
 * change, a trigger refuses its entry, the request fails, and nothing changed, in the database or
 * on the cluster. One row per event: what is done, which entry is refused, how to see that
 * nothing changed.
 */
interface Row<T> {
  /** What the request would have done, for the test's name ("creates no user"). */
  does: string;
  /** The entry refused while the request runs. */
  event: AuditEventType;
  /** The status it fails with: 500 unless said (a bucket's deletion: 503, it never started). */
  status?: number;
  /** What the request acts on, made before the entry is refused. */
  given(): Promise<T>;
  /** The request. */
  send(given: T): Promise<{ status: number; body: unknown }>;
  /** That nothing changed (and, where it says so, that it works once entries are taken again). */
  unchanged(given: T): Promise<void>;
}
const row = <T>(r: Row<T>) => r as Row<unknown>;

type Tenant = Awaited<ReturnType<World['tenant']>>;
const KEYS = '/api/v1/users/me/api-keys/';

const { minio, garage } = useMinioAndGarage();

/** One API on both clusters: region `eu-central` on MinIO, region `garage.region` on Garage (CORS). */
const ON_BOTH_CLUSTERS = {
  world: () => ({ storage: createStorageRuntime(bothClusters(minio, garage), randomBytes(32)) }),
};

describeOnEachDatabase('a change whose audit entry cannot be written', ON_BOTH_CLUSTERS, (w, { kind }) => {
  const clients = s3ClientFactory();
  afterAll(() => clients.destroyAll());
  const prefix = `aa-${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;
  let n = 0;
  const bucketName = () => `${prefix}-${++n}`;

  const place = (t: Tenant, name: string, region = 'eu-central') => ({
    name,
    region,
    organization: t.org.id,
    workspace: t.workspace.id,
  });
  const owner = (uid: string, name: string) => ({ cluster_id: 'c1', namespace: 'team-a', name, uid });
  const release = { adoptable_by: { cluster_id: 'c1', namespace: 'team-a' } };
  /** A tenant with a bucket its user made, with the bucket's credentials. */
  const withBucket = async (region = 'eu-central') => {
    const t = await w.tenant();
    const name = bucketName();
    const made = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: t.user.token,
      body: place(t, name, region),
    });
    return {
      t,
      name,
      id: made.id as string,
      credentials: made.credentials as { access_key_id: string; secret_access_key: string },
    };
  };
  const bucketOf = (id: string, actor: Actor) =>
    w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${id}/`, { token: actor.token });
  const onMinio = () => clients.client(minio.endpoint, minio.accessKey, minio.secretKey);
  const bucketOnMinio = (name: string) =>
    onMinio()
      .send(new HeadBucketCommand({ Bucket: name }))
      .then(
        () => true,
        () => false,
      );
  /** The bucket id Plinth marked the bucket with (a tag), or the S3 error's name. */
  const markOf = (name: string) =>
    onMinio()
      .send(new GetBucketTaggingCommand({ Bucket: name }))
      .then(
        (r) => r.TagSet?.find((t) => t.Key === 'plinth.dev/bucket-id')?.Value,
        (e: Error) => e.name,
      );
  const accessUsers = () => accessUsersOn(minio);
  const corsLetsBrowsersIn = async (name: string) =>
    letsBrowsersIn(await preflight(`${garage.s3Endpoint}/${name}/some/object.bin`, 'http://example.test'));

  /** A parent with an admin to act and a user to add, plus the members' URL and a way to read them. */
  const members = async (parent: 'organization' | 'workspace', role?: string) => {
    const t = await w.tenant();
    const id = parent === 'organization' ? t.org.id : t.workspace.id;
    const admin = parent === 'organization' ? t.orgAdmin : t.workspaceAdmin;
    const newcomer = await w.user();
    const base = `/api/v1/${parent}s/${id}/members/`;
    if (role)
      await w.expectStatus(201, 'POST', base, {
        token: admin.token,
        body: { username: newcomer.username, role },
      });
    const roleOf = async () => {
      const page = await w.expectStatus(200, 'GET', base, { token: admin.token });
      return page.results.find((m: { user: string }) => m.user === newcomer.id)?.role as string | undefined;
    };
    return { admin, newcomer, base, roleOf };
  };

  const rows = [
    row({
      does: 'creates no user',
      event: 'user.created',
      given: async () => ({ admin: await w.user({ superuser: true }), username: w.unique('unrecorded') }),
      send: ({ admin, username }) =>
        w.call('POST', '/api/v1/users/', {
          token: admin.token,
          body: { username, password: 'a-long-enough-password' },
        }),
      // Nobody can sign in as it: it does not exist.
      unchanged: async ({ username }) =>
        expect(await w.db.select().from(users).where(eq(users.username, username))).toEqual([]),
    }),
    row({
      does: 'changes no user',
      event: 'user.updated',
      given: async () => {
        const admin = await w.user({ superuser: true });
        const target = await w.user();
        const before = await w.expectStatus(200, 'GET', `/api/v1/users/${target.id}/`, {
          token: admin.token,
        });
        return { admin, target, before };
      },
      send: ({ admin, target }) =>
        w.call('PATCH', `/api/v1/users/${target.id}/`, {
          token: admin.token,
          body: { full_name: 'Never Recorded' },
        }),
      unchanged: async ({ admin, target, before }) =>
        expect(
          await w.expectStatus(200, 'GET', `/api/v1/users/${target.id}/`, { token: admin.token }),
        ).toEqual(before),
    }),

    row({
      does: 'creates no key',
      event: 'api_key.created',
      given: () => w.user({ superuser: true }),
      send: (me) => w.call('POST', KEYS, { token: me.token, body: { name: 'unrecorded' } }),
      unchanged: async (me) =>
        expect((await w.expectStatus(200, 'GET', KEYS, { token: me.token })).results).toEqual([]),
    }),
    row({
      does: 'revokes no key',
      event: 'api_key.revoked',
      given: async () => {
        const me = await w.user({ superuser: true });
        return {
          me,
          key: await w.expectStatus(201, 'POST', KEYS, { token: me.token, body: { name: 'kept' } }),
        };
      },
      send: ({ me, key }) => w.call('DELETE', `${KEYS}${key.id}/`, { token: me.token }),
      // The key still works, and is still listed.
      unchanged: async ({ me, key }) => {
        await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: key.token });
        const list = await w.expectStatus(200, 'GET', KEYS, { token: me.token });
        expect(list.results.map((k: { id: string }) => k.id)).toEqual([key.id]);
      },
    }),

    row({
      does: 'creates no organization',
      event: 'organization.created',
      given: async () => ({ root: await w.user({ superuser: true }), slug: w.unique('unrecorded') }),
      send: ({ root, slug }) =>
        w.call('POST', '/api/v1/organizations/', { token: root.token, body: { slug, name: 'Unrecorded' } }),
      unchanged: async ({ root, slug }) => {
        expect(await w.db.select().from(organizations).where(eq(organizations.slug, slug))).toEqual([]);
        // Once the log takes entries again, the same slug is free.
        await w.expectStatus(201, 'POST', '/api/v1/organizations/', {
          token: root.token,
          body: { slug, name: 'Recorded' },
        });
      },
    }),
    row({
      does: 'deletes no organization',
      event: 'organization.deleted',
      given: async () => ({ root: await w.user({ superuser: true }), org: await w.org() }),
      send: ({ root, org }) => w.call('DELETE', `/api/v1/organizations/${org.id}/`, { token: root.token }),
      unchanged: async ({ root, org }) =>
        expect(
          await w.expectStatus(200, 'GET', `/api/v1/organizations/${org.id}/`, { token: root.token }),
        ).toMatchObject({ id: org.id, slug: org.slug }),
    }),
    row({
      does: 'changes no organization',
      event: 'organization.updated',
      given: async () => ({ root: await w.user({ superuser: true }), org: await w.org() }),
      send: ({ root, org }) =>
        w.call('PATCH', `/api/v1/organizations/${org.id}/`, {
          token: root.token,
          body: { slug: w.unique('unrecorded'), name: 'Unrecorded' },
        }),
      unchanged: async ({ root, org }) =>
        expect(
          await w.expectStatus(200, 'GET', `/api/v1/organizations/${org.id}/`, { token: root.token }),
        ).toMatchObject({ slug: org.slug, name: 'Org' }),
    }),

    ...(['organization', 'workspace'] as const).flatMap((parent) => {
      const a = parent === 'organization' ? 'an organization' : 'a workspace';
      return [
        row({
          does: `adds no member to ${a}`,
          event: `${parent}.member.added`,
          given: () => members(parent),
          send: ({ admin, newcomer, base }) =>
            w.call('POST', base, { token: admin.token, body: { username: newcomer.username, role: 'user' } }),
          unchanged: async ({ roleOf }) => expect(await roleOf()).toBeUndefined(),
        }),
        row({
          does: `changes no member's role in ${a}`,
          event: `${parent}.member.changed`,
          given: () => members(parent, 'viewer'),
          send: ({ admin, newcomer, base }) =>
            w.call('PATCH', `${base}${newcomer.id}/`, { token: admin.token, body: { role: 'admin' } }),
          unchanged: async ({ roleOf }) => expect(await roleOf()).toBe('viewer'),
        }),
        row({
          does: `removes no member from ${a}`,
          event: `${parent}.member.removed`,
          given: () => members(parent, 'user'),
          send: ({ admin, newcomer, base }) =>
            w.call('DELETE', `${base}${newcomer.id}/`, { token: admin.token }),
          unchanged: async ({ roleOf }) => expect(await roleOf()).toBe('user'),
        }),
      ];
    }),

    row({
      does: 'creates no workspace',
      event: 'workspace.created',
      given: () => w.tenant(),
      send: (t) =>
        w.call('POST', '/api/v1/workspaces/', {
          token: t.orgAdmin.token,
          body: { organization: t.org.id, name: w.unique('unrecorded') },
        }),
      unchanged: async (t) => {
        const listed = await w.expectStatus(200, 'GET', `/api/v1/workspaces/?organization=${t.org.id}`, {
          token: t.orgAdmin.token,
        });
        expect(listed.results.map((x: { name: string }) => x.name)).toEqual([t.workspace.name]);
      },
    }),
    row({
      does: 'changes no workspace',
      event: 'workspace.updated',
      given: () => w.tenant(),
      send: (t) =>
        w.call('PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
          token: t.orgAdmin.token,
          body: { name: w.unique('unrecorded'), config: { tier: 'gold' } },
        }),
      unchanged: async (t) =>
        expect(
          await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, {
            token: t.orgAdmin.token,
          }),
        ).toMatchObject({ name: t.workspace.name, config: {} }),
    }),
    row({
      does: 'deletes no workspace',
      event: 'workspace.deleted',
      given: () => w.tenant(),
      send: (t) => w.call('DELETE', `/api/v1/workspaces/${t.workspace.id}/`, { token: t.orgAdmin.token }),
      unchanged: async (t) =>
        expect(
          await w.expectStatus(200, 'GET', `/api/v1/workspaces/${t.workspace.id}/`, {
            token: t.orgAdmin.token,
          }),
        ).toMatchObject({ name: t.workspace.name }),
    }),

    row({
      does: 'creates no bucket, in the database or on the cluster',
      event: 'bucket.created',
      given: async () => ({ t: await w.tenant(), name: bucketName() }),
      send: ({ t, name }) =>
        w.call('POST', '/api/v1/s3/buckets/', { token: t.user.token, body: place(t, name) }),
      // Refused before any cluster call: no row, no bucket.
      unchanged: async ({ t, name }) => {
        const none = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/?workspace=${t.workspace.id}`, {
          token: t.user.token,
        });
        expect(none.count).toBe(0);
        expect(await bucketOnMinio(name)).toBe(false);
      },
    }),
    row({
      does: 'releases no bucket',
      event: 'bucket.updated',
      given: () => withBucket(),
      send: ({ t, id }) =>
        w.call('PATCH', `/api/v1/s3/buckets/${id}/`, { token: t.user.token, body: release }),
      unchanged: async ({ t, id }) => expect((await bucketOf(id, t.user)).adoptable_by).toBeNull(),
    }),
    row({
      does: 'changes no CORS rule on the cluster',
      event: 'bucket.updated',
      given: async () => {
        const b = await withBucket(garage.region);
        expect(await corsLetsBrowsersIn(b.name)).toBe(false);
        return b;
      },
      send: ({ t, id }) =>
        w.call('PATCH', `/api/v1/s3/buckets/${id}/`, { token: t.user.token, body: { cors_allow_all: true } }),
      unchanged: async ({ t, id, name }) => {
        expect(await corsLetsBrowsersIn(name)).toBe(false);
        expect((await bucketOf(id, t.user)).cors_allow_all).toBe(false);
      },
    }),
    row({
      does: 'lets no new owner adopt a bucket',
      event: 'bucket.adopted',
      given: async () => {
        const b = await withBucket();
        await w.expectStatus(200, 'PATCH', `/api/v1/s3/buckets/${b.id}/`, {
          token: b.t.user.token,
          body: release,
        });
        return b;
      },
      send: ({ t, name }) =>
        w.call('POST', '/api/v1/s3/buckets/', {
          token: t.user.token,
          body: { ...place(t, name), owner_reference: owner('uid-9', name) },
        }),
      unchanged: async ({ t, id }) =>
        expect(await bucketOf(id, t.user)).toMatchObject({
          owner_reference: null,
          adoptable_by: release.adoptable_by,
        }),
    }),
    row({
      does: 'deletes no bucket, which still works',
      event: 'bucket.deleted',
      status: 503,
      given: () => withBucket(),
      send: ({ t, id }) => w.call('DELETE', `/api/v1/s3/buckets/${id}/`, { token: t.orgAdmin.token }),
      // Still there, still ready, and its own key still writes to it.
      unchanged: async ({ t, id, name, credentials }) => {
        expect(await bucketOf(id, t.user)).toMatchObject({ state: 'ready' });
        expect(await bucketOnMinio(name)).toBe(true);
        await clients
          .client(minio.endpoint, credentials.access_key_id, credentials.secret_access_key)
          .send(new PutObjectCommand({ Bucket: name, Key: 'k', Body: 'still mine' }));
        // Nothing is left busy: once entries are taken again, the deletion of the (emptied) bucket works.
        await clients
          .client(minio.endpoint, minio.accessKey, minio.secretKey)
          .send(new DeleteObjectCommand({ Bucket: name, Key: 'k' }));
        await w.expectStatus(204, 'DELETE', `/api/v1/s3/buckets/${id}/`, { token: t.orgAdmin.token });
      },
    }),
    row({
      does: 'imports no bucket: no row, no access user, no mark',
      event: 'bucket.imported',
      given: async () => {
        const name = bucketName();
        await onMinio().send(new CreateBucketCommand({ Bucket: name }));
        return {
          root: await w.user({ superuser: true }),
          t: await w.tenant(),
          name,
          before: await accessUsers(),
        };
      },
      send: ({ root, t, name }) =>
        w.call('POST', '/api/v1/s3/buckets/import/', { token: root.token, body: place(t, name) }),
      // Not under management: no row, no saga job left to finish it, no access user, no mark.
      unchanged: async ({ root, t, name, before }) => {
        expect(await w.db.select().from(buckets).where(eq(buckets.name, name))).toEqual([]);
        expect(await accessUsers()).toEqual(before);
        expect(await markOf(name)).toBe('NoSuchTagSet');
        // Once the log takes entries again, the import goes through and is recorded.
        const imported = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/import/', {
          token: root.token,
          body: place(t, name),
        });
        const audit = await w.expectStatus(200, 'GET', '/api/v1/audit-log/?event=bucket.imported', {
          token: root.token,
        });
        expect(
          audit.results
            .filter((e: { details: { name: string } }) => e.details.name === name)
            .map((e: { details: { bucket: string } }) => e.details.bucket),
        ).toEqual([imported.id]);
      },
    }),
    ...[
      {
        does: 'reveals no credentials',
        send: ({ t, id }: Awaited<ReturnType<typeof withBucket>>) =>
          w.call('GET', `/api/v1/s3/buckets/${id}/credentials/`, { token: t.user.token }),
      },
      {
        // Adoption answers with the credentials too: refused the same way.
        does: 'answers a create of its own bucket without the credentials',
        send: ({ t, name }: Awaited<ReturnType<typeof withBucket>>) =>
          w.call('POST', '/api/v1/s3/buckets/', { token: t.user.token, body: place(t, name) }),
      },
    ].map(({ does, send }) =>
      row({
        does,
        event: 'bucket.credentials_revealed',
        given: () => withBucket(),
        send,
        unchanged: async ({ t, id, credentials }) => {
          const revealed = await w.expectStatus(200, 'GET', `/api/v1/s3/buckets/${id}/credentials/`, {
            token: t.user.token,
          });
          expect(revealed.secret_access_key).toBe(credentials.secret_access_key);
        },
      }),
    ),
  ];

  for (const r of rows)
    it(`${r.event}: ${r.does}`, async () => {
      const given = await r.given();
      const restore = await failAuditFor(w.db, r.event);
      let res: { status: number; body: unknown };
      try {
        res = await r.send(given);
      } finally {
        await restore();
      }
      // The status and body only: a body that got through would hold a bucket's secret.
      expect(res.status, JSON.stringify(res.body)).toBe(r.status ?? 500);
      expect(JSON.stringify(res.body)).not.toContain('secret_access_key');
      await r.unchanged(given);
    });
});
