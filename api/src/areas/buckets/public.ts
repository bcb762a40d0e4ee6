/**
 * What other areas and the edges may use of this one (eslint.config.js holds every area to its
 * neighbours' `public.ts`): listing the buckets the principal may see, and their totals per region
 * (the dashboard).
 */
export { listBuckets, regionAggregates } from './queries.ts';
export type { BucketContext } from './common.ts';
export type { Bucket, RegionUsage } from './schema.ts';
