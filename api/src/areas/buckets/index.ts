import type { Area } from '../area.ts';
import { ADMINS, ALL, NOT_VIEWER, SUPER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import create from './routes/create.ts';
import remove from './routes/delete.ts';
import get from './routes/get.ts';
import health from './routes/health.ts';
import importBucket from './routes/import.ts';
import list from './routes/list.ts';
import listRegions from './routes/list-regions.ts';
import presignUpload from './routes/presign-upload.ts';
import revealCredentials from './routes/reveal-credentials.ts';
import rotateCredentials from './routes/rotate-credentials.ts';
import update from './routes/update.ts';
import { bucketJobs } from './jobs.ts';
import { ensureSagaJobs, LEASE_SECONDS } from './saga.ts';
import { registerUsageGauges, scheduleUsageRefresh } from './usage.ts';
import { registerBucketPages } from './pages.ts';

const DAY_MS = 86_400_000;

/** What buckets add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['buckets:read', 'buckets:write'],
  actions: {
    'bucket.view': { roles: ALL, scope: 'buckets:read' },
    'bucket.create': { roles: NOT_VIEWER, scope: 'buckets:write' },
    'bucket.reveal_credentials': { roles: NOT_VIEWER, scope: 'buckets:write' },
    'bucket.delete': { roles: ADMINS, scope: 'buckets:write' },
    'bucket.import': { roles: SUPER, scope: 'buckets:write' },
  },
  auditEvents: [
    'bucket.created',
    'bucket.adopted',
    'bucket.updated',
    'bucket.deleted',
    'bucket.credentials_revealed',
    'bucket.credentials_rotated',
    'bucket.previous_credentials_removed',
    'bucket.imported',
  ],
  errorCodes: [
    'not_supported',
    'bucket_name_taken',
    'bucket_busy',
    'bucket_deleting',
    'bucket_not_empty',
    'bucket_unmanaged',
    'rotation_rate_limited',
    'storage_unavailable',
    'storage_busy',
    'previous_key_removal_pending',
  ],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    buckets: typeof registration;
  }
}

/**
 * S3 buckets: each with its own access user on its region's storage cluster. Jobs: the bucket saga
 * (creations, deletions and rotations a replica resumes), the end of a rotated-out key's grace
 * period, and the usage refresh; metrics: the usage gauges.
 */
export const bucketsArea: Area = {
  name: 'buckets',
  tag: {
    name: 's3',
    description: 'S3-compatible buckets with their own access user, credentials and usage per region.',
  },
  registration,
  endpoints: [
    create,
    importBucket,
    list,
    get,
    update,
    remove,
    revealCredentials,
    rotateCredentials,
    health,
    presignUpload,
    listRegions,
  ],
  jobs: bucketJobs,
  schedules: [
    {
      // A row recorded before the job layer, or whose job gave up, gets a saga job the runner finishes.
      name: 'bucket sagas',
      everyMs: LEASE_SECONDS * 1000,
      run: ({ db }) => ensureSagaJobs(db),
    },
    {
      // The usage job of each interval's slot, enqueued once cluster-wide; checked at least every
      // lease, so a slot's job is never late by more.
      name: 'usage refresh',
      everyMs: ({ storage }) => Math.min(LEASE_SECONDS * 1000, storage.usageIntervalMs ?? DAY_MS),
      run: async ({ db, storage }) => {
        if (storage.config.clusters.size > 0)
          await scheduleUsageRefresh(db, storage.usageIntervalMs ?? DAY_MS);
      },
    },
  ],
  metrics: (registry, { db }) => registerUsageGauges(registry, db),
  pages: registerBucketPages,
  nav: [{ section: 'buckets', href: '/ui/buckets/', label: 'Buckets', order: 20 }],
};
