import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, checkStates } from '../../core/db/schema/index.ts';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { startAlertmanager } from '../../test/alertmanager-server.ts';
import type { AlertmanagerServer } from '../../test/alertmanager-server.ts';
import { startBackgroundWork } from '../../test/background.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { createWorld, describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { syncAlertmanager } from './alerts/alertmanager.ts';
import { evaluateEndpoint } from './alerts/evaluate.ts';
import { watchAlerts } from './alerts/watch.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** Shared steps: agents, an endpoint, results at chosen outcomes, the endpoint's alerts. */
function steps(w: () => World) {
  const agent = async (t: Tenant, location: string) =>
    (await w().expectStatus(201, 'POST', '/api/v1/agents/', {
      token: t.orgAdmin.token,
      body: { organization: t.org.id, name: w().unique('probe'), location },
    })) as { id: string; token: string };
  const endpoint = async (t: Tenant, alert: Record<string, unknown> = {}) =>
    (await w().expectStatus(201, 'POST', '/api/v1/endpoints/', {
      token: t.user.token,
      body: {
        workspace: t.workspace.id,
        name: w().unique('shop'),
        kind: 'http',
        target: 'https://shop.example.com/',
        labels: { severity: 'critical', team: 'payments' },
        annotations: { runbook_url: 'https://runbooks.example.com/shop' },
        alert,
      },
    })) as { id: string };
  let clock = Date.now() - 20 * 60_000;
  /** Results in this order, one a second apart, from `from`: `+` a success, `-` a failure. */
  const report = async (from: { token: string }, ep: { id: string }, outcomes: string) => {
    const results = [...outcomes].map((o) => ({
      result_id: randomUUID(),
      endpoint_id: ep.id,
      success: o === '+',
      checked_at: new Date((clock += 1000)).toISOString(),
      duration_ms: 20,
    }));
    await w().expectStatus(200, 'POST', '/api/v1/agent/results/', { token: from.token, body: { results } });
  };
  const alertsOf = async (t: Tenant, ep: { id: string }) =>
    (await w().expectStatus(200, 'GET', `/api/v1/alerts/?endpoint=${ep.id}`, { token: t.viewer.token }))
      .results as {
      id: string;
      alertname: string;
      severity: string;
      state: string;
      fingerprint: string;
      labels: Record<string, string>;
      annotations: Record<string, string>;
      acknowledged: boolean;
    }[];
  return { agent, endpoint, report, alertsOf };
}

describeOnEachDatabase('alerts', (w, { database }) => {
  let a: Tenant;
  let b: Tenant;
  const { agent, endpoint, report, alertsOf } = steps(() => w);
  const evaluate = (ep: { id: string }) => evaluateEndpoint(database.db, ep.id);

  beforeAll(async () => {
    a = await w.tenant();
    b = await w.tenant();
  });

  it('fires, is acknowledged, resolves with its acknowledgement, and fires anew unacknowledged', async () => {
    const eu = await agent(a, 'eu-central');
    const ep = await endpoint(a, { failures: 2, successes: 2, min_locations: 1 });
    await report(eu, ep, '+-');
    await evaluate(ep);
    expect(await alertsOf(a, ep)).toEqual([]); // one failure is not two
    await report(eu, ep, '-');
    await evaluate(ep);
    const [firing] = await alertsOf(a, ep);
    expect(firing).toMatchObject({
      alertname: 'EndpointDown',
      severity: 'critical',
      state: 'firing',
      acknowledged: false,
      labels: {
        alertname: 'EndpointDown',
        severity: 'critical',
        team: 'payments',
        endpoint_id: ep.id,
        workspace: a.workspace.id,
      },
      annotations: { runbook_url: 'https://runbooks.example.com/shop', locations_down: 'eu-central' },
    });
    // Viewers see it but may not acknowledge; another tenant does not see it.
    await w.expectStatus(403, 'POST', `/api/v1/alerts/${firing!.id}/acknowledge/`, {
      token: a.viewer.token,
      body: { comment: 'x' },
    });
    await w.expectStatus(404, 'POST', `/api/v1/alerts/${firing!.id}/acknowledge/`, {
      token: b.orgAdmin.token,
      body: { comment: 'x' },
    });
    await w.expectStatus(404, 'GET', `/api/v1/alerts/${firing!.id}/`, { token: b.orgAdmin.token });
    const acked = await w.expectStatus(200, 'POST', `/api/v1/alerts/${firing!.id}/acknowledge/`, {
      token: a.user.token,
      body: { comment: 'failing over the database' },
    });
    expect(acked).toMatchObject({
      acknowledged: true,
      acknowledgement: { user: a.user.id, comment: 'failing over the database', until: null },
    });
    // Recovery: two successes in a row resolve it, and the acknowledgement ends with it.
    await report(eu, ep, '+');
    await evaluate(ep);
    expect((await alertsOf(a, ep))[0]!.state).toBe('firing');
    await report(eu, ep, '+');
    await evaluate(ep);
    const resolved = await w.expectStatus(200, 'GET', `/api/v1/alerts/${firing!.id}/`, {
      token: a.viewer.token,
    });
    expect(resolved).toMatchObject({ state: 'resolved', acknowledged: false });
    expect(resolved.acknowledgements).toHaveLength(1);
    expect(resolved.acknowledgements[0]).toMatchObject({ end_reason: 'resolved' });
    expect(resolved.acknowledgements[0].ended_at).toBe(resolved.ends_at);
    const late = await w.call('POST', `/api/v1/alerts/${firing!.id}/acknowledge/`, {
      token: a.user.token,
      body: { comment: 'x' },
    });
    expect([late.status, late.body.code]).toEqual([409, 'alert_resolved']);
    // It fails again: a new firing, the same fingerprint, not acknowledged.
    await report(eu, ep, '--');
    await evaluate(ep);
    const [again, before] = await alertsOf(a, ep);
    expect(before!.id).toBe(firing!.id);
    expect(again).toMatchObject({ state: 'firing', acknowledged: false, fingerprint: firing!.fingerprint });
    expect(again!.id).not.toBe(firing!.id);
    // The acknowledgement is in the audit log.
    const log = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?organization=${a.org.id}&event=alert.acknowledged`,
      {
        token: a.orgAdmin.token,
      },
    );
    expect(log.results.map((e: { details: { alert: string } }) => e.details.alert)).toContain(firing!.id);
  });

  it('is a warning while only some locations fail, and down once a majority does', async () => {
    const eu = await agent(a, 'eu-central');
    const us = await agent(a, 'us-east');
    const ep = await endpoint(a);
    await report(us, ep, '+');
    await report(eu, ep, '---');
    await evaluate(ep);
    expect((await alertsOf(a, ep)).map((x) => [x.alertname, x.severity, x.state])).toEqual([
      ['EndpointPartiallyDown', 'warning', 'firing'],
    ]);
    await report(us, ep, '---');
    await evaluate(ep);
    expect((await alertsOf(a, ep)).map((x) => [x.alertname, x.state])).toEqual([
      ['EndpointDown', 'firing'],
      ['EndpointPartiallyDown', 'resolved'],
    ]);
    // Deleting the endpoint resolves what it had firing.
    await w.expectStatus(204, 'DELETE', `/api/v1/endpoints/${ep.id}/`, { token: a.user.token });
    expect((await alertsOf(a, ep)).map((x) => x.state)).toEqual(['resolved', 'resolved']);
  });

  it('writes a location’s streak when its standing changes or once a minute, and keeps the location counted meanwhile', async () => {
    const eu = await agent(a, 'eu-central');
    const ep = await endpoint(a, { failures: 2, successes: 2, min_locations: 1 });
    const stored = async () => {
      const [row] = await database.db
        .select({
          checked: checkStates.lastCheckedAt,
          failing: checkStates.failing,
          passing: checkStates.passing,
          down: checkStates.down,
        })
        .from(checkStates)
        .where(eq(checkStates.endpointId, ep.id));
      return { ...row!, checked: row!.checked.getTime() };
    };
    await report(eu, ep, '++');
    const up = await stored();
    expect(up).toMatchObject({ failing: 0, passing: 2, down: false });
    // Up and staying up: nothing to write (the streak stops counting at its threshold).
    await report(eu, ep, '+');
    expect(await stored()).toEqual(up);
    await report(eu, ep, '--');
    const down = await stored();
    expect(down).toMatchObject({ failing: 2, passing: 0, down: true });
    expect(down.checked).toBeGreaterThan(up.checked);
    await report(eu, ep, '-');
    expect(await stored()).toEqual(down);
    // The location still counts down, its row younger than the rule's silence.
    await evaluate(ep);
    expect((await alertsOf(a, ep)).map((x) => [x.alertname, x.state])).toEqual([['EndpointDown', 'firing']]);
    // A row older than a minute is written again, and its time catches up with the latest result.
    await database.db.execute(
      sql`update check_states set updated_at = now() - interval '61 seconds' where endpoint_id = ${ep.id}`,
    );
    await report(eu, ep, '-');
    const refreshed = await stored();
    expect(refreshed).toMatchObject({ failing: 2, passing: 0, down: true });
    expect(refreshed.checked).toBeGreaterThan(down.checked);
  });

  it('raises AgentDown for an agent that stops reporting, and resolves it when it reports again', async () => {
    const probe = await agent(a, 'ap-south');
    const health = { status: 'healthy', version: '1.0.0', uptime_seconds: 10 };
    await w.expectStatus(201, 'POST', '/api/v1/agent/health/', { token: probe.token, body: health });
    await watchAlerts(database.db, false);
    const mine = async () =>
      (
        await w.expectStatus(200, 'GET', `/api/v1/alerts/?organization=${a.org.id}&state=firing`, {
          token: a.viewer.token,
        })
      ).results.filter((x: { subject: { id: string } }) => x.subject.id === probe.id);
    expect(await mine()).toEqual([]);
    await database.db
      .update(agents)
      .set({ lastReportAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(agents.id, probe.id));
    await watchAlerts(database.db, false);
    const [down] = await mine();
    expect(down).toMatchObject({
      alertname: 'AgentDown',
      severity: 'warning',
      workspace: null,
      labels: { agent_id: probe.id, location: 'ap-south' },
    });
    // The metrics port counts it (over all tenants), and the results agents sent.
    const metrics = await (await w.env.metricsApp.request('/metrics')).text();
    expect(metrics).toMatch(/^plinth_check_alerts_firing\{severity="warning",alertname="AgentDown"\} [1-9]/m);
    expect(metrics).toMatch(/^plinth_check_agents\{health="silent"\} [1-9]/m);
    expect(metrics).toMatch(/^plinth_check_results_total\{outcome="accepted"\} [1-9]/m);
    await w.expectStatus(201, 'POST', '/api/v1/agent/health/', { token: probe.token, body: health });
    await watchAlerts(database.db, false);
    expect(await mine()).toEqual([]);
  });
});

/**
 * The whole path with the job runners, and forwarding to a real Alertmanager (v0.28.1): an
 * acknowledgement there is a silence of this one firing, ended when the alert resolves, so the next
 * failure notifies, which Alertmanager's own silences cannot do (prometheus/alertmanager#1860).
 */
describe('alerts through the job runners, forwarded to Alertmanager', () => {
  let database: DatabaseHandle;
  let w: World;
  let am: AlertmanagerServer;
  let work: ReturnType<typeof startBackgroundWork>;
  const { agent, endpoint, report, alertsOf } = steps(() => w);

  beforeAll(async () => {
    [database, am] = await Promise.all([migratedDatabase('postgres'), startAlertmanager()]);
    w = createWorld(database);
    work = startBackgroundWork(w);
  });
  afterAll(async () => {
    await work?.stop();
    await w?.env.close();
    await database?.close();
    await am?.stop();
  });

  it('fires from the ingest path, and mirrors the acknowledgement as a silence that ends with the firing', async () => {
    const t = await w.tenant();
    const eu = await agent(t, 'eu-central');
    const ep = await endpoint(t, { failures: 2, successes: 1, min_locations: 1 });
    await report(eu, ep, '--');
    // The background runner evaluates the endpoint the ingest path flagged.
    const [firing] = await eventually(
      'the alert fires',
      async () => (await alertsOf(t, ep)).filter((x) => x.state === 'firing'),
      {
        until: (x) => x.length === 1,
      },
    );
    const sync = () => syncAlertmanager(database.db, am.url);
    await sync();
    const there = async () => (await am.alerts()).filter((x) => x.labels.endpoint_id === ep.id);
    const [sent] = await eventually('Alertmanager has it', there, { until: (x) => x.length === 1 });
    expect(sent).toMatchObject({
      labels: { alert_id: firing!.id, alertname: 'EndpointDown', team: 'payments' },
      status: { state: 'active' },
    });
    await w.expectStatus(200, 'POST', `/api/v1/alerts/${firing!.id}/acknowledge/`, {
      token: t.user.token,
      body: { comment: 'on it' },
    });
    await sync();
    const [silenced] = await eventually('it is silenced there', there, {
      until: (x) => x[0]?.status.state === 'suppressed',
    });
    const silenceId = silenced!.status.silencedBy[0]!;
    const silence = (await am.silences()).find((s) => s.id === silenceId)!;
    expect(silence).toMatchObject({ createdBy: t.user.username, status: { state: 'active' } });
    expect(silence.matchers).toEqual([
      { name: 'alert_id', value: firing!.id, isRegex: false, isEqual: true },
    ]);
    // Recovery: the alert resolves there and the silence ends with it, unlike Alertmanager's own.
    await report(eu, ep, '+');
    await eventually('the alert resolves', async () => (await alertsOf(t, ep))[0]!.state === 'resolved');
    await sync();
    await eventually(
      'the silence ended',
      async () => (await am.silences()).find((s) => s.id === silenceId)!.status.state === 'expired',
    );
    await eventually('the alert is gone there', async () => (await there()).length === 0);
    // The next failure is a new alert, and nothing mutes it.
    await report(eu, ep, '--');
    const [next] = await eventually(
      'it fires again',
      async () => (await alertsOf(t, ep)).filter((x) => x.state === 'firing'),
      {
        until: (x) => x.length === 1,
      },
    );
    expect(next!.id).not.toBe(firing!.id);
    await sync();
    const [loud] = await eventually('the new one is active there', there, {
      until: (x) => x.length === 1 && x[0]!.status.state === 'active',
    });
    expect(loud!.labels.alert_id).toBe(next!.id);
  });
});
