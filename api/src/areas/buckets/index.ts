import type { Area } from '../area.ts';
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
import { registerUsageGauges } from './usage.ts';

/**
 * S3 buckets: each with its own access user on its region's storage cluster. Jobs: the bucket saga
 * (creations, deletions and rotations a replica resumes), the end of a rotated-out key's grace
 * period, and the usage refresh; metrics: the usage gauges.
 */
export const bucketsArea: Area = {
  name: 'buckets',
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
  metrics: (registry, { db }) => registerUsageGauges(registry, db),
};
