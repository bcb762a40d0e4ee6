import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { accessUsersOn } from '../../test/buckets-suite.ts';
import { DATABASE_KINDS, migratedDatabase } from '../../test/databases.ts';
import { minioStorageConfig, startMinioServer } from '../../test/minio-server.ts';
import type { MinioServer } from '../../test/minio-server.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { createStorageRuntime } from './storage/runtime.ts';

/**
 * A storm of creations against a real MinIO with small admission limits (2 at once, 4 waiting per
 * organization): the API answers every request, refusing the excess with 429 `storage_busy` and a
 * `Retry-After` rather than queueing it until it times out; another organization's request made
 * during the storm is not refused; retried after the hint, everything is made, nothing half-made.
 */
describe.each(DATABASE_KINDS)('storage admission under a storm of creations, with %s', (kind) => {
  let minio: MinioServer;
  let database: DatabaseHandle;
  let w: World;

  beforeAll(async () => {
    minio = await startMinioServer();
    database = await migratedDatabase(kind);
    w = createWorld(database, {
      storage: createStorageRuntime(minioStorageConfig(minio), randomBytes(32), {
        admission: { concurrency: 2, queuePerOrganization: 4 },
      }),
    });
  });
  afterAll(async () => {
    await database?.close();
    await minio?.stop();
  });

  it('refuses the excess with 429 and Retry-After, serves the other tenant, and makes everything once retried', async () => {
    const storm = await w.tenant();
    const quiet = await w.tenant();
    const create = (t: typeof storm, name: string) =>
      w.call('POST', '/api/v1/s3/buckets/', {
        token: t.orgAdmin.token,
        body: { name, region: 'eu-central', organization: t.org.id, workspace: t.workspace.id },
      });
    const prefix = `storm-${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(2).toString('hex')}`;
    const names = Array.from({ length: 30 }, (_, i) => `${prefix}-${i}`);

    const first = names.map((n) => create(storm, n));
    const other = create(quiet, `${prefix}-quiet`);
    const answers = await Promise.all(first);
    expect((await other).status, 'the other organization, during the storm').toBe(201);

    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 429),
      statuses.join(','),
    ).toBe(true);
    const refused = answers.filter((a) => a.status === 429);
    // 2 running and 4 waiting at most: the rest of 30 sent at once are refused.
    expect(refused.length).toBeGreaterThanOrEqual(30 - 2 - 4 - 4);
    for (const r of refused) {
      expect(r.body.code).toBe('storage_busy');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }

    // Retried after the hint, until each is made.
    let pending = names.filter((_, i) => answers[i]!.status === 429);
    for (let round = 0; pending.length > 0 && round < 20; round++) {
      await new Promise((r) => setTimeout(r, 1000));
      const again = await Promise.all(pending.map((n) => create(storm, n)));
      expect(again.every((a) => a.status === 201 || a.status === 429)).toBe(true);
      pending = pending.filter((_, i) => again[i]!.status === 429);
    }
    expect(pending).toEqual([]);

    const listed = await w.call('GET', `/api/v1/s3/buckets/?workspace=${storm.workspace.id}&page_size=100`, {
      token: storm.orgAdmin.token,
    });
    expect(listed.body.results.map((b: { name: string }) => b.name).sort()).toEqual([...names].sort());
    expect(
      listed.body.results.every((b: { state?: string }) => b.state === undefined || b.state === 'ready'),
    ).toBe(true);
    // One access user per bucket on the cluster: none made for a refused request.
    const users = await accessUsersOn(minio);
    expect(users.length).toBe(names.length + 1);
  }, 120_000);
});
