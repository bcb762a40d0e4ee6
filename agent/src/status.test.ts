import { describe, expect, it } from 'vitest';
import { agentStatus, healthReport, sampleOf } from './status.ts';
import type { AgentSnapshot } from './status.ts';

const T = Date.parse('2030-01-01T12:00:00Z');
const snapshot = (over: Partial<AgentSnapshot> = {}): AgentSnapshot => ({
  nowMs: T,
  startedAtMs: T - 3_600_000,
  version: '0.1.0',
  apiConnected: true,
  apiLastAnsweredAtMs: T - 1000,
  storageHealthy: true,
  configVersion: 'v7',
  monitored: 1000,
  queued: 0,
  expectedPerMinute: 2000,
  skipped: 5,
  successful: 9000,
  failed: 1000,
  buffered: 150,
  dropped: 0,
  rssBytes: 50_000_000,
  cpuSeconds: 12.34567,
  ...over,
});

describe('agentStatus', () => {
  const before = sampleOf(snapshot({ nowMs: T - 60_000 }));

  it('is healthy when nothing is wrong', () => {
    expect(agentStatus(snapshot(), before)).toBe('healthy');
  });

  it('is degraded when checks were skipped since the last report, or 10 minutes of results wait', () => {
    expect(agentStatus(snapshot({ skipped: 6 }), before)).toBe('degraded');
    expect(agentStatus(snapshot({ buffered: 20_001 }), before)).toBe('degraded');
    expect(agentStatus(snapshot({ buffered: 20_000 }), before)).toBe('healthy');
    expect(agentStatus(snapshot(), undefined), 'the first report counts every skip').toBe('degraded');
  });

  it('is unhealthy when the API has not answered for over 5 minutes, or the disk fails', () => {
    expect(agentStatus(snapshot({ apiLastAnsweredAtMs: T - 300_001, skipped: 6 }), before)).toBe('unhealthy');
    expect(agentStatus(snapshot({ apiLastAnsweredAtMs: T - 300_000 }), before)).toBe('healthy');
    expect(agentStatus(snapshot({ storageHealthy: false }), before)).toBe('unhealthy');
  });

  it('is critical when results were dropped since the last report', () => {
    expect(agentStatus(snapshot({ dropped: 1, apiLastAnsweredAtMs: 0 }), before)).toBe('critical');
    const afterDrop = sampleOf(snapshot({ dropped: 1 }));
    expect(agentStatus(snapshot({ dropped: 1 }), afterDrop)).toBe('healthy');
  });
});

describe('healthReport', () => {
  it('fills the protocol body, with the rate since the last report', () => {
    const previous = sampleOf(snapshot({ nowMs: T - 120_000, successful: 6000, failed: 0 }));
    expect(healthReport(snapshot(), previous)).toEqual({
      status: 'healthy',
      version: '0.1.0',
      kind: 'agent',
      uptime_seconds: 3600,
      start_time: '2030-01-01T11:00:00.000Z',
      reported_at: '2030-01-01T12:00:00.000Z',
      api_connected: true,
      storage_healthy: true,
      config_version: 'v7',
      check_metrics: {
        monitored_endpoints: 1000,
        checks_per_minute: 2000,
        checks_in_queue: 0,
        checks_skipped_total: 5,
        successful_checks_total: 9000,
        failed_checks_total: 1000,
        total_checks_executed: 10_000,
        results_buffered: 150,
        results_dropped_total: 0,
      },
      resource_metrics: { rss_bytes: 50_000_000, cpu_seconds_total: 12.346 },
    });
  });

  it('reports no rate before there is a previous report', () => {
    expect(healthReport(snapshot(), undefined).check_metrics.checks_per_minute).toBe(0);
  });
});
