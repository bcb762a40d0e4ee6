import type { Context } from 'hono';
import type { AppEnv } from '../../../http/app-env.ts';
import { serviceContext } from '../../../http/common.ts';
import type { AreaDeps } from '../../area.ts';
import type { BucketContext } from '../common.ts';

/** What the bucket services act with for this request: its service context and the storage runtime. */
export const bucketContext = (c: Context<AppEnv>, deps: AreaDeps): BucketContext => ({
  ...serviceContext(c, deps),
  storage: deps.storage,
});
