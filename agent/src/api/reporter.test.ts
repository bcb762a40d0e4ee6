import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorLog } from '../error-log.ts';
import type { AgentSnapshot } from '../status.ts';
import { STAND_IN_TOKEN, startStandInApi } from '../test/api-stand-in.ts';
import type { StandInApi } from '../test/api-stand-in.ts';
import { captureLogs } from '../test/log-capture.ts';
import { ApiClient } from './client.ts';
import { Reporter } from './reporter.ts';

describe('the reporter, against a stand-in of the API', () => {
  let api: StandInApi;
  let client: ApiClient;
  beforeEach(async () => {
    api = await startStandInApi();
    client = new ApiClient({ baseUrl: api.url, token: () => STAND_IN_TOKEN, userAgent: 'plinth-agent/test' });
  });
  afterEach(async () => {
    client.close();
    await api.close();
  });

  const snapshot = (over: Partial<AgentSnapshot> = {}): AgentSnapshot => ({
    nowMs: Date.now(),
    startedAtMs: Date.now() - 5000,
    version: '0.1.0',
    apiConnected: true,
    apiLastAnsweredAtMs: Date.now(),
    storageHealthy: true,
    configVersion: 'v1',
    monitored: 2,
    queued: 0,
    expectedPerMinute: 4,
    skipped: 0,
    successful: 3,
    failed: 1,
    buffered: 0,
    dropped: 0,
    rssBytes: 1,
    cpuSeconds: 0.5,
    ...over,
  });

  it('posts the health report, and the status it computed', async () => {
    let dropped = 0;
    const reporter = new Reporter({
      client,
      logger: captureLogs().logger,
      errors: new ErrorLog(),
      snapshot: () => snapshot({ dropped }),
    });
    expect(await reporter.sendHealth()).toBe(true);
    dropped = 4;
    expect(await reporter.sendHealth()).toBe(true);
    expect(api.health.map((h) => h.status)).toEqual(['healthy', 'critical']);
    expect(api.health[0]).toMatchObject({
      kind: 'agent',
      version: '0.1.0',
      config_version: 'v1',
      check_metrics: { monitored_endpoints: 2, total_checks_executed: 4, failed_checks_total: 1 },
    });
    expect(reporter.lastStatus).toBe('critical');
  });

  it('posts the errors only when there were some, and forgets them once delivered', async () => {
    const errors = new ErrorLog();
    const reporter = new Reporter({ client, logger: captureLogs().logger, errors, snapshot });
    expect(await reporter.sendErrors()).toBe(true);
    expect(api.errors).toHaveLength(0);
    errors.record('e1', 'ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9');
    api.failAll = 503;
    expect(await reporter.sendErrors()).toBe(false);
    api.failAll = undefined;
    expect(await reporter.sendErrors()).toBe(true);
    expect(api.errors).toHaveLength(1);
    expect(api.errors[0]).toMatchObject({
      error_counts: { ECONNREFUSED: 1 },
      recent_errors: [{ endpoint_id: 'e1', code: 'ECONNREFUSED' }],
      system_info: { node: process.version, platform: process.platform, arch: process.arch },
    });
    expect(errors.empty).toBe(true);
  });
});
