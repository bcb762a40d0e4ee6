import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { garageStorageConfig } from '../../test/garage-server.ts';
import { minioStorageConfig } from '../../test/minio-server.ts';
import { s3ClientFactory } from '../../test/s3.ts';
import { createWorld, describeOnEachDatabase } from '../../test/world.ts';
import type { Actor, World } from '../../test/world.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import { createStorageRuntime } from './storage/runtime.ts';
import { useMinioAndGarage } from '../../test/buckets-suite.ts';

/**
 * A bucket's creation, adoption, changes and deletion in the audit log (docs/audit-log.md), with
 * who made them. MinIO for all but CORS, which only Garage has. That nothing changes when an entry
 * is refused, in the database or on the cluster: api/src/audit-atomicity.int.test.ts.
 */

const { minio, garage } = useMinioAndGarage();

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** The suite's world: the API on that MinIO (a second one, `onGarage`, is on Garage). */
const ON_MINIO = {
  world: () => ({ storage: createStorageRuntime(minioStorageConfig(minio), randomBytes(32)) }),
};

describeOnEachDatabase('bucket audit entries with %s', ON_MINIO, (w, { kind, database }) => {
  let onGarage: World;
  let root: Actor;
  const clients = s3ClientFactory();
  const prefix = `au-${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    onGarage = createWorld(database, {
      storage: createStorageRuntime(garageStorageConfig(garage, [garage.region]), randomBytes(32)),
    });
    root = await w.user({ superuser: true });
  });
  afterAll(async () => {
    clients.destroyAll();
    await onGarage.env.close();
  });

  const owner = (uid: string, name: string) => ({ cluster_id: 'c1', namespace: 'team-a', name, uid });
  const place = (t: Tenant, name: string, region = 'eu-central') => ({
    name,
    region,
    organization: t.org.id,
    workspace: t.workspace.id,
  });
  const entries = async (event: AuditEventType, bucket: string) =>
    (
      (
        await w.expectStatus(200, 'GET', `/api/v1/audit-log/?event=${event}&page_size=100`, {
          token: root.token,
        })
      ).results as { details: { bucket?: string } }[]
    ).filter((e) => e.details.bucket === bucket);

  it('records a creation, an adoption, changes and a deletion with who made them', async () => {
    const t = await w.tenant();
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'operator', role: 'admin', scopes: ['buckets:read', 'buckets:write'] },
    });
    const name = `${prefix}-life`;
    const created = await w.call('POST', '/api/v1/s3/buckets/', {
      token: key.token,
      body: { ...place(t, name), owner_reference: owner('uid-1', name) },
      ip: '192.0.2.51',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const released = await w.call('PATCH', `/api/v1/s3/buckets/${id}/`, {
      token: t.user.token,
      body: { owner_reference: null, adoptable_by: { cluster_id: 'c1', namespace: 'team-a' } },
      ip: '192.0.2.52',
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const adopted = await w.call('POST', '/api/v1/s3/buckets/', {
      token: key.token,
      body: { ...place(t, name), owner_reference: owner('uid-2', name) },
      ip: '192.0.2.53',
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(200);
    const retried = await w.call('POST', '/api/v1/s3/buckets/', {
      token: key.token,
      body: { ...place(t, name), owner_reference: owner('uid-2', name) },
      ip: '192.0.2.54',
    });
    expect(retried.status).toBe(200);
    const deleted = await w.call('DELETE', `/api/v1/s3/buckets/${id}/`, {
      token: t.orgAdmin.token,
      ip: '192.0.2.55',
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);

    const who = (actor: Actor, apiKey: string | null, ip: string, res: { headers: Headers }) => ({
      actor: actor.id,
      api_key: apiKey,
      username: actor.username,
      organization: t.org.id,
      ip,
      request_id: res.headers.get('x-request-id'),
    });
    expect(await entries('bucket.created', id)).toEqual([
      expect.objectContaining({
        ...who(t.orgAdmin, key.id, '192.0.2.51', created),
        details: {
          bucket: id,
          name,
          region: 'eu-central',
          workspace: t.workspace.id,
          owner_reference: owner('uid-1', name),
          cors_allow_all: false,
        },
      }),
    ]);
    // Old and new: a release hands the bucket's credentials to whatever that namespace runs.
    expect(await entries('bucket.updated', id)).toEqual([
      expect.objectContaining({
        ...who(t.user, null, '192.0.2.52', released),
        details: {
          bucket: id,
          name,
          changed: ['owner_reference', 'adoptable_by'],
          previous_owner_reference: owner('uid-1', name),
          owner_reference: null,
          previous_adoptable_by: null,
          adoptable_by: { cluster_id: 'c1', namespace: 'team-a' },
        },
      }),
    ]);
    expect(await entries('bucket.adopted', id)).toEqual([
      expect.objectContaining({
        ...who(t.orgAdmin, key.id, '192.0.2.54', retried),
        details: { bucket: id, name, owner_reference: owner('uid-2', name), claimed: false },
      }),
      expect.objectContaining({
        ...who(t.orgAdmin, key.id, '192.0.2.53', adopted),
        details: {
          bucket: id,
          name,
          owner_reference: owner('uid-2', name),
          claimed: true,
          previous_adoptable_by: { cluster_id: 'c1', namespace: 'team-a' },
        },
      }),
    ]);
    expect(await entries('bucket.deleted', id)).toEqual([
      expect.objectContaining({
        ...who(t.orgAdmin, null, '192.0.2.55', deleted),
        details: { bucket: id, name, region: 'eu-central', workspace: t.workspace.id },
      }),
    ]);
  });

  /** Whether the bucket's CORS rules let a page of another origin in (a browser's preflight). */
  const letsBrowsersIn = async (name: string) => {
    const res = await fetch(`${garage.s3Endpoint}/${name}/some/object.bin`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'PUT' },
    });
    await res.body?.cancel();
    return res.ok && res.headers.get('access-control-allow-origin') !== null;
  };

  it('records a CORS change with the old and new value', async () => {
    const t = await onGarage.tenant();
    const name = `${prefix}-cors`;
    const made = await onGarage.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: t.user.token,
      body: place(t, name, garage.region),
    });
    expect(await letsBrowsersIn(name)).toBe(false);
    const changed = await onGarage.call('PATCH', `/api/v1/s3/buckets/${made.id}/`, {
      token: t.user.token,
      body: { cors_allow_all: true },
      ip: '192.0.2.56',
    });
    expect(changed.status).toBe(200);
    expect(await letsBrowsersIn(name)).toBe(true);
    expect(await entries('bucket.updated', made.id)).toEqual([
      expect.objectContaining({
        actor: t.user.id,
        api_key: null,
        username: t.user.username,
        ip: '192.0.2.56',
        request_id: changed.headers.get('x-request-id'),
        details: {
          bucket: made.id,
          name,
          changed: ['cors_allow_all'],
          previous_cors_allow_all: false,
          cors_allow_all: true,
        },
      }),
    ]);
  });
});
