import { and, asc, eq, sql } from 'drizzle-orm';
import { requireScope, roleIn, visibilityParams, visibleWorkspacesSql } from '../../auth/policy.ts';
import type { Principal } from '../../auth/policy.ts';
import type { Database } from '../../core/db/client.ts';
import { paginateWindowed } from '../../core/db/paginate.ts';
import { prepared } from '../../core/db/prepared.ts';
import { buckets, workspaces } from '../../core/db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import {
  bucketById,
  busy,
  clusterOf,
  credentialsOf,
  findBucket,
  readyBucket,
  storageFailure,
  toView,
} from './common.ts';
import type { BucketContext } from './common.ts';
import type {
  Bucket,
  BucketHealth,
  BucketListQuery,
  RegionUsage,
  UploadUrl,
  UploadUrlRequest,
} from './schema.ts';

/** What the bucket services read: lists, one bucket, the regions, a bucket's health, an upload URL. */

function listStatement(db: Database) {
  return prepared(db, 'buckets_page', (d, name) => {
    const org = sql.placeholder('org');
    const ws = sql.placeholder('ws');
    const region = sql.placeholder('region');
    const ownerUid = sql.placeholder('owner_uid');
    const where = sql`${buckets.workspaceId} in (select ${workspaces.id} from ${workspaces} where ${visibleWorkspacesSql()})
      and (${org}::uuid is null or ${buckets.organizationId} = ${org}::uuid)
      and (${ws}::uuid is null or ${buckets.workspaceId} = ${ws}::uuid)
      and (${region}::text is null or ${buckets.region} = ${region}::text)
      and (${ownerUid}::text is null or ${buckets.ownerReference}->>'uid' = ${ownerUid}::text
        or ${buckets.createdFor}->>'uid' = ${ownerUid}::text)`;
    return {
      page: d
        .select({ b: buckets, total: sql<number>`count(*) over ()::int` })
        .from(buckets)
        .where(where)
        .orderBy(asc(buckets.name), asc(buckets.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: d
        .select({ n: sql<number>`count(*)::int` })
        .from(buckets)
        .where(where)
        .prepare(`${name}_count`),
      regions: d
        .select({
          region: buckets.region,
          cluster: buckets.cluster,
          bucketCount: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(${buckets.usageBytes}), 0)::text`,
          objects: sql<string>`coalesce(sum(${buckets.usageObjects}), 0)::text`,
          updatedAt: sql<Date | null>`min(${buckets.usageUpdatedAt})`,
        })
        .from(buckets)
        .where(where)
        .groupBy(buckets.region, buckets.cluster)
        .orderBy(buckets.region)
        .prepare(`${name}_regions`),
    };
  });
}

/** The list's filters; `owner_uid`: buckets whose current owner, or the object they were created for, has this uid. */
const filterParams = (principal: Principal, f: Omit<BucketListQuery, 'page' | 'page_size'>) => ({
  ...visibilityParams(principal),
  org: f.organization ?? null,
  ws: f.workspace ?? null,
  region: f.region ?? null,
  owner_uid: f.owner_uid ?? null,
});

export async function listBuckets(
  ctx: BucketContext,
  url: URL,
  query: BucketListQuery,
): Promise<Page<Bucket>> {
  const { db, storage, principal } = ctx;
  requireScope(principal, 'bucket.view');
  const statement = listStatement(db);
  const params = filterParams(principal, query);
  return paginateWindowed(url, query, {
    page: (limit, offset) => statement.page.execute({ ...params, limit, offset }),
    count: async () => (await statement.count.execute(params))[0]!.n,
    map: (r) => toView(storage, r.b),
  });
}

/** Bucket count, bytes and objects per region, over the buckets the principal can see. */
export async function regionAggregates(ctx: BucketContext): Promise<RegionUsage[]> {
  const { db, storage, principal } = ctx;
  requireScope(principal, 'bucket.view');
  const rows = await listStatement(db).regions.execute(filterParams(principal, {}));
  const byRegion = new Map(rows.map((r) => [r.region, r]));
  return [...storage.config.regions].map(([region, cluster]) => {
    const r = byRegion.get(region);
    return {
      name: region,
      cluster,
      bucket_count: r?.bucketCount ?? 0,
      bytes: Number(r?.bytes ?? 0),
      objects: Number(r?.objects ?? 0),
      usage_updated_at: r?.updatedAt ? new Date(r.updatedAt).toISOString() : null,
    };
  });
}

/**
 * The bucket a create of this name would adopt: the workspace's bucket of that name in that
 * region's cluster, if the principal can see the workspace; null otherwise (a name taken elsewhere
 * is the create's own 409). The web UI asks before such a create shows its credentials.
 */
export async function bucketToAdopt(
  ctx: BucketContext,
  input: { name: string; region: string; organization: string; workspace: string },
): Promise<Bucket | null> {
  const { db, storage, principal } = ctx;
  requireScope(principal, 'bucket.view');
  const scope = { organizationId: input.organization, workspaceId: input.workspace };
  if ((await roleIn(ctx, scope)) === null) return null;
  const [b] = await db
    .select()
    .from(buckets)
    .where(and(eq(buckets.cluster, clusterOf(storage, input.region)), eq(buckets.name, input.name)));
  const same =
    b?.region === input.region &&
    b.organizationId === input.organization &&
    b.workspaceId === input.workspace;
  return same ? toView(storage, b) : null;
}

export async function getBucket(ctx: BucketContext, id: string): Promise<Bucket> {
  return toView(ctx.storage, await findBucket(ctx, id));
}

/**
 * The drift check: whether the bucket and its current access user still exist on the storage
 * cluster (someone may delete either there, behind Plinth's back). Needs the right to see the
 * bucket; a bucket being created or deleted is 409 `bucket_busy`. A rotation may switch the row to
 * a new key, and remove the old one (grace 0), between reading the row and asking the cluster; so
 * when something is missing, the row is read again, and if it changed meanwhile the answer is
 * `bucket_busy` (the caller asks again) rather than a problem that is not there.
 */
export async function checkBucketHealth(ctx: BucketContext, id: string): Promise<BucketHealth> {
  const { db, storage } = ctx;
  const b = await findBucket(ctx, id);
  if (b.state !== 'ready') throw busy();
  let bucketExists: boolean;
  let accessKeyExists: boolean;
  try {
    const driver = storage.driver(b.cluster);
    [bucketExists, accessKeyExists] = await Promise.all([
      driver.bucketExists(b.name),
      driver.accessExists(b.accessKeyId),
    ]);
  } catch (err) {
    throw storageFailure(err);
  }
  const checkedAt = new Date();
  if (!bucketExists || !accessKeyExists) {
    const [now] = await bucketById(db).execute({ id });
    // Deleted through the API meanwhile: gone for the caller too.
    if (!now) throw notFound();
    // Any write to the row (a rotation's switch, a deletion under way or given up) moves
    // `updated_at`: the check may have seen the cluster half-way through it.
    if (
      now.state !== 'ready' ||
      now.accessKeyId !== b.accessKeyId ||
      now.updatedAt.getTime() !== b.updatedAt.getTime()
    )
      throw busy();
  }
  return {
    bucket_id: b.id,
    healthy: bucketExists && accessKeyExists,
    bucket_exists: bucketExists,
    access_key_exists: accessKeyExists,
    checked_at: checkedAt.toISOString(),
  };
}

export async function presignUpload(
  ctx: BucketContext,
  id: string,
  input: UploadUrlRequest,
): Promise<UploadUrl> {
  const { storage } = ctx;
  const b = await readyBucket(ctx, id, 'bucket.create');
  try {
    const p = await storage.driver(b.cluster).presignPut(b.name, input.key, credentialsOf(storage, b), {
      ...(input.content_type !== undefined && { contentType: input.content_type }),
      expiresSeconds: input.expires_in ?? 900,
    });
    return { url: p.url, method: p.method, headers: p.headers, expires_at: p.expiresAt.toISOString() };
  } catch (err) {
    throw storageFailure(err);
  }
}
