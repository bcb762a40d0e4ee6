import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import { rowsOf } from '../db/client.ts';
import type { Database } from '../db/client.ts';
import { buckets } from '../db/schema/index.ts';
import { errorInfo } from '../lib/error-info.ts';
import type { Logger } from '../lib/logger.ts';
import type { StorageRuntime } from './buckets.ts';

/** Transaction advisory lock key held by the replica refreshing usage ("plinth:usage"). */
const USAGE_LOCK_KEY = 7_311_024_517_043n;

/**
 * Pulls usage from every cluster (one call each) and writes it onto the bucket rows. Runs inside a
 * transaction holding an advisory lock: with several replicas, one refreshes and the others skip
 * (returns false). Clusters that fail are logged and skipped; the others are still refreshed.
 */
export async function refreshUsage(db: Database, rt: StorageRuntime, logger: Logger): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${USAGE_LOCK_KEY.toString()}::bigint) as locked`),
    );
    const locked = lock?.locked;
    if (!locked) return false;
    for (const cluster of rt.config.clusters.keys()) {
      try {
        const report = await rt.driver(cluster).usage();
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
          where ${buckets.id} = b.id and b.cluster = ${cluster} and b.state = 'ready'`);
      } catch (err) {
        logger.warn({ cluster, err: errorInfo(err) }, 'could not refresh storage usage');
      }
    }
    return true;
  });
}

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
