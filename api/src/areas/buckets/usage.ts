import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Database } from '../../core/db/client.ts';
import { buckets } from '../../core/db/schema/index.ts';
import { errorInfo } from '../../core/error-info.ts';
import type { BucketDeps } from './common.ts';
import { enqueue, holds } from '../../core/jobs/queue.ts';
import type { JobContext, JobHandler } from '../../core/jobs/runner.ts';
import type { UsageReport } from './storage/driver.ts';

/** The job kind that pulls storage usage (one job per interval, cluster-wide). */
export const USAGE_JOB = 'usage.refresh';

/**
 * Enqueues this interval's usage refresh unless any replica already did: the key is the
 * interval's start, so every cluster is asked once per interval however many replicas tick.
 * Returns whether this call added it.
 */
export async function scheduleUsageRefresh(
  db: Database,
  intervalMs: number,
  now = Date.now(),
): Promise<boolean> {
  const slot = new Date(Math.floor(now / intervalMs) * intervalMs).toISOString();
  return (await enqueue(db, { kind: USAGE_JOB, key: slot, unique: 'ever', maxAttempts: 3 })) !== undefined;
}

/**
 * Pulls usage from every cluster (one call each, no transaction open: a slow cluster holds no
 * connection and, on PGlite, blocks no other query), then writes all reports in one short
 * transaction. Run as a job, the write is fenced: a runner that lost its lease writes nothing.
 * Clusters that fail are logged and skipped; returns how many reported.
 */
export async function refreshUsage(
  { db, storage, logger }: Pick<BucketDeps, 'db' | 'storage' | 'logger'>,
  job?: JobContext,
): Promise<number> {
  const reports: { cluster: string; report: UsageReport }[] = [];
  for (const cluster of storage.config.clusters.keys()) {
    try {
      reports.push({ cluster, report: await storage.driver(cluster).usage() });
    } catch (err) {
      logger.warn({ cluster, err: errorInfo(err) }, 'could not refresh storage usage');
    }
    await job?.renew();
  }
  await storage.afterStep?.('usage', USAGE_JOB);
  if (reports.length === 0) return 0;
  const fenced = job ? sql`and ${holds(job.lease)}` : sql``;
  await db.transaction(async (tx) => {
    for (const { cluster, report } of reports) {
      const names = [...report.buckets.keys()];
      const at = (report.measuredAt ?? new Date()).toISOString();
      // Buckets the backend does not list (new, or no scan yet) count as empty, with the scan's time.
      await tx.execute(sql`
          update ${buckets} set
            usage_bytes = coalesce(u.bytes, 0), usage_objects = coalesce(u.objects, 0), usage_updated_at = ${at}::timestamptz
          from ${buckets} b left join unnest(${sql.param(names)}::text[],
            ${sql.param(names.map((n) => report.buckets.get(n)!.bytes))}::bigint[],
            ${sql.param(names.map((n) => report.buckets.get(n)!.objects))}::bigint[]) as u(name, bytes, objects)
            on u.name = b.name
          where ${buckets.id} = b.id and b.cluster = ${cluster} and b.state = 'ready' ${fenced}`);
    }
  });
  // A holder that lost its lease wrote nothing above; this tells it (and its runner) so.
  await job?.renew();
  return reports.length;
}

/** The `usage.refresh` job's handler. */
export const usageJob =
  (deps: Pick<BucketDeps, 'db' | 'storage' | 'logger'>): JobHandler =>
  async (job) => {
    await refreshUsage(deps, job);
  };

interface UsageSnapshot {
  lastRefresh: number;
  buckets: { name: string; region: string; bytes: number; objects: number }[];
}

/**
 * Usage gauges, read from the database at scrape time, so every replica reports the same figures
 * whichever one refreshed them. One query per scrape feeds all of them.
 */
export function registerUsageGauges(registry: Registry, db: Database): void {
  let snapshot: { at: number; data: Promise<UsageSnapshot> } | undefined;
  const load = (): Promise<UsageSnapshot> => {
    if (!snapshot || Date.now() - snapshot.at > 1000) {
      snapshot = {
        at: Date.now(),
        data: db
          .select({
            name: buckets.name,
            region: buckets.region,
            bytes: buckets.usageBytes,
            objects: buckets.usageObjects,
            at: buckets.usageUpdatedAt,
          })
          .from(buckets)
          .where(sql`${buckets.state} = 'ready'`)
          .then((rows) => ({
            lastRefresh: Math.max(0, ...rows.map((r) => (r.at ? r.at.getTime() / 1000 : 0))),
            buckets: rows.map((r) => ({
              name: r.name,
              region: r.region,
              bytes: r.bytes ?? 0,
              objects: r.objects ?? 0,
            })),
          })),
      };
    }
    return snapshot.data;
  };
  const perRegion = (data: UsageSnapshot) => {
    const out = new Map<string, { bytes: number; objects: number; count: number }>();
    for (const b of data.buckets) {
      const r = out.get(b.region) ?? { bytes: 0, objects: 0, count: 0 };
      out.set(b.region, { bytes: r.bytes + b.bytes, objects: r.objects + b.objects, count: r.count + 1 });
    }
    return out;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    fill: (g: Gauge, data: UsageSnapshot) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        // With the database down the usage series are left out, not the whole scrape: the
        // process metrics and the up series must still say the API itself is alive.
        const data = await load().catch(() => undefined);
        if (data) fill(this, data);
      },
    });
  gauge(
    'plinth_bucket_usage_bytes',
    'Bytes stored in a bucket, as last pulled from its cluster.',
    ['bucket', 'region'],
    (g, d) => {
      for (const b of d.buckets) g.set({ bucket: b.name, region: b.region }, b.bytes);
    },
  );
  gauge(
    'plinth_bucket_usage_objects',
    'Objects in a bucket, as last pulled from its cluster.',
    ['bucket', 'region'],
    (g, d) => {
      for (const b of d.buckets) g.set({ bucket: b.name, region: b.region }, b.objects);
    },
  );
  gauge('plinth_region_usage_bytes', 'Bytes stored per region.', ['region'], (g, d) => {
    for (const [region, r] of perRegion(d)) g.set({ region }, r.bytes);
  });
  gauge('plinth_region_usage_objects', 'Objects per region.', ['region'], (g, d) => {
    for (const [region, r] of perRegion(d)) g.set({ region }, r.objects);
  });
  gauge('plinth_region_buckets', 'Buckets per region.', ['region'], (g, d) => {
    for (const [region, r] of perRegion(d)) g.set({ region }, r.count);
  });
  gauge(
    'plinth_usage_last_refresh_timestamp_seconds',
    'When storage usage was last pulled (Unix time); alert when it falls behind.',
    [],
    (g, d) => g.set(d.lastRefresh),
  );
}
