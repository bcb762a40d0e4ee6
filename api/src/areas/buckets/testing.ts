import { randomUUID } from 'node:crypto';
import { buckets } from '../../core/db/schema/index.ts';
import type { AreaTesting, OperationFixtures } from '../../test/operations.ts';
import type { World } from '../../test/world.ts';

/** A bucket's place: a region the walks' app does not have, so creating one answers 400 after the rights. */
const bucketPlace = (w: World, f: OperationFixtures) => ({
  name: w.unique('ops'),
  region: 'eu-central',
  organization: f.a.org.id,
  workspace: f.a.workspace.id,
});

/** How the walks over every operation call the buckets area's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // A bucket row with no cluster behind it: calls that are allowed end before any storage call, or
  // fail there.
  prepare: async (w, a) => {
    const id = randomUUID();
    await w.db.insert(buckets).values({
      id,
      name: w.unique('ops'),
      region: 'eu-central',
      cluster: 'none',
      organizationId: a.org.id,
      workspaceId: a.workspace.id,
      state: 'ready',
      accessKeyId: 'PLOPERATIONTEST00000',
      secretSealed: w.env.storage.box.seal('not-a-real-secret', id),
    });
    return { bucket: id };
  },
  paths: { '/api/v1/s3/buckets/{id}': (f) => f.objects.bucket! },
  bodies: {
    api_v1_s3_buckets_create: bucketPlace,
    api_v1_s3_buckets_import_create: bucketPlace,
    api_v1_s3_buckets_partial_update: () => ({ cors_allow_all: false }),
    api_v1_s3_buckets_objects_upload_url_create: () => ({ key: 'k' }),
    api_v1_s3_buckets_rotate_credentials_create: () => ({ grace_seconds: 60 }),
  },
  reachesStorage: [
    'api_v1_s3_buckets_partial_update',
    'api_v1_s3_buckets_destroy',
    'api_v1_s3_buckets_objects_upload_url_create',
    'api_v1_s3_buckets_rotate_credentials_create',
    'api_v1_s3_buckets_health_retrieve',
  ],
  // Importing hands someone else's data to a tenant: a person signed in only (docs/buckets.md).
  interactiveOnly: ['api_v1_s3_buckets_import_create'],
};
