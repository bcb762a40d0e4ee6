import { and, isNull, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Database } from '../../core/db/client.ts';
import { agents, alerts, checkRollupMark } from '../../core/db/schema/index.ts';
import { AGENT_SILENCE_MS } from './alerts/watch.ts';

const results = new Counter({
  name: 'plinth_check_results_total',
  help: "Check results agents reported, by what became of them: accepted, duplicate (a batch sent again), rejected (endpoint out of the agent's reach).",
  labelNames: ['outcome'],
  registers: [],
});
const batchSeconds = new Histogram({
  name: 'plinth_check_ingest_duration_seconds',
  help: 'How long storing one batch of check results took (results and alert streaks).',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5],
  registers: [],
});

/** Counts one batch's outcome and how long it took. */
export function countBatch(
  outcome: { accepted: number; duplicates: number; rejected: number },
  seconds: number,
): void {
  if (outcome.accepted) results.inc({ outcome: 'accepted' }, outcome.accepted);
  if (outcome.duplicates) results.inc({ outcome: 'duplicate' }, outcome.duplicates);
  if (outcome.rejected) results.inc({ outcome: 'rejected' }, outcome.rejected);
  batchSeconds.observe(seconds);
}

/** Scrapes within this long reuse one reading of the database. */
const SNAPSHOT_MS = 10_000;

/**
 * Monitoring's metrics on the metrics port: the ingest counters, and at scrape time the firing
 * alerts by severity and name, the agents by health (`silent`: no report for three minutes), over
 * all tenants, and how long ago the rollup job last counted, from three small queries.
 */
export function registerCheckMetrics(registry: Registry, db: Database): void {
  registry.registerMetric(results);
  registry.registerMetric(batchSeconds);
  let snapshot: { at: number; data: Promise<Snapshot> } | undefined;
  const load = (): Promise<Snapshot> => {
    if (!snapshot || Date.now() - snapshot.at > SNAPSHOT_MS) snapshot = { at: Date.now(), data: read(db) };
    return snapshot.data;
  };
  new Gauge({
    name: 'plinth_check_alerts_firing',
    help: 'Monitoring alerts firing now, by severity and alert name.',
    labelNames: ['severity', 'alertname'],
    registers: [registry],
    async collect() {
      this.reset();
      // With the database down these are left out, not the whole scrape.
      const data = await load().catch(() => undefined);
      for (const f of data?.firing ?? []) this.set({ severity: f.severity, alertname: f.alertname }, f.n);
    },
  });
  new Gauge({
    name: 'plinth_check_agents',
    help: 'Monitoring agents not archived, by the health they last reported (silent: no report for three minutes; unknown: none yet).',
    labelNames: ['health'],
    registers: [registry],
    async collect() {
      this.reset();
      const data = await load().catch(() => undefined);
      for (const g of data?.agents ?? []) this.set({ health: g.health }, g.n);
    },
  });
  new Gauge({
    name: 'plinth_check_rollups_behind_seconds',
    help: 'Seconds since the rollup job last counted new results (uptime and latency figures lag by this much); far over PLINTH_ROLLUP_INTERVAL_SECONDS, a transaction left open on the database holds it back.',
    registers: [registry],
    async collect() {
      this.reset();
      const data = await load().catch(() => undefined);
      if (data?.rollupsBehind !== undefined) this.set(data.rollupsBehind);
    },
  });
}

interface Snapshot {
  firing: { severity: string; alertname: string; n: number }[];
  agents: { health: string; n: number }[];
  rollupsBehind: number | undefined;
}

async function read(db: Database): Promise<Snapshot> {
  const [firing, byHealth, [mark]] = await Promise.all([
    db
      .select({ severity: alerts.severity, alertname: alerts.alertname, n: sql<number>`count(*)::int` })
      .from(alerts)
      .where(sql`${alerts.state} = 'firing'`)
      .groupBy(alerts.severity, alerts.alertname),
    db
      .select({
        health: sql<string>`case when ${agents.lastReportAt} is null then 'unknown'
          when ${agents.lastReportAt} < now() - make_interval(secs => ${AGENT_SILENCE_MS / 1000}) then 'silent'
          else ${agents.health}::text end`,
        n: sql<number>`count(*)::int`,
      })
      .from(agents)
      .where(and(isNull(agents.archivedAt)))
      .groupBy(sql`1`),
    db
      .select({ behind: sql<number>`extract(epoch from now() - ${checkRollupMark.countedAt})::float8` })
      .from(checkRollupMark),
  ]);
  return { firing, agents: byHealth, rollupsBehind: mark?.behind };
}
