import type { AgentStatus, HealthReport } from './protocol.ts';

/** What the agent knows of itself at one moment: the inputs of a health report. */
export interface AgentSnapshot {
  nowMs: number;
  startedAtMs: number;
  version: string;
  apiConnected: boolean;
  apiLastAnsweredAtMs: number;
  storageHealthy: boolean;
  configVersion: string | null;
  monitored: number;
  /** Due checks waiting for a slot. */
  queued: number;
  /** The runs per minute the assignments add up to. */
  expectedPerMinute: number;
  skipped: number;
  successful: number;
  failed: number;
  buffered: number;
  dropped: number;
  rssBytes: number;
  cpuSeconds: number;
}

/** The counters at the previous report: rates and "since then" are measured against them. */
export interface Sample {
  atMs: number;
  executed: number;
  skipped: number;
  dropped: number;
}

const UNREACHABLE_MS = 5 * 60_000;
const BACKLOG_MINUTES = 10;

/**
 * critical: results were dropped (the buffer is full) since the last report; unhealthy: no answer
 * from the API for over 5 minutes, or the buffer cannot be written; degraded: checks were skipped
 * (they overran their period or waited for a slot) since the last report, or more than 10
 * minutes of results wait to be sent; else healthy.
 */
export function agentStatus(s: AgentSnapshot, previous: Sample | undefined): AgentStatus {
  if (s.dropped > (previous?.dropped ?? 0)) return 'critical';
  if (s.nowMs - s.apiLastAnsweredAtMs > UNREACHABLE_MS || !s.storageHealthy) return 'unhealthy';
  if (s.skipped > (previous?.skipped ?? 0)) return 'degraded';
  if (s.expectedPerMinute > 0 && s.buffered > s.expectedPerMinute * BACKLOG_MINUTES) return 'degraded';
  return 'healthy';
}

export function sampleOf(s: AgentSnapshot): Sample {
  return { atMs: s.nowMs, executed: s.successful + s.failed, skipped: s.skipped, dropped: s.dropped };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

export function healthReport(s: AgentSnapshot, previous: Sample | undefined): HealthReport {
  const executed = s.successful + s.failed;
  const minutes = previous ? (s.nowMs - previous.atMs) / 60_000 : 0;
  return {
    status: agentStatus(s, previous),
    version: s.version,
    kind: 'agent',
    uptime_seconds: Math.floor((s.nowMs - s.startedAtMs) / 1000),
    start_time: new Date(s.startedAtMs).toISOString(),
    reported_at: new Date(s.nowMs).toISOString(),
    api_connected: s.apiConnected,
    storage_healthy: s.storageHealthy,
    config_version: s.configVersion,
    check_metrics: {
      monitored_endpoints: s.monitored,
      checks_per_minute: minutes > 0 ? round((executed - previous!.executed) / minutes, 1) : 0,
      checks_in_queue: s.queued,
      checks_skipped_total: s.skipped,
      successful_checks_total: s.successful,
      failed_checks_total: s.failed,
      total_checks_executed: executed,
      results_buffered: s.buffered,
      results_dropped_total: s.dropped,
    },
    resource_metrics: { rss_bytes: s.rssBytes, cpu_seconds_total: round(s.cpuSeconds, 3) },
  };
}
