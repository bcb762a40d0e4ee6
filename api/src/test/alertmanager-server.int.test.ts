import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertmanagerApi, startAlertmanager } from './alertmanager-server.ts';
import type {
  AlertmanagerServer,
  GettableAlert,
  PostableAlert,
  PostableSilence,
} from './alertmanager-server.ts';
import { eventually } from './eventually.ts';

/**
 * The Alertmanager harness works (alerts and silences in, their state out), and it shows what
 * Plinth's acknowledgement is meant to do better: Alertmanager has no acknowledge, only silences
 * (prometheus/alertmanager#1860), and a silence set to quiet an alert outlives that alert. When
 * the endpoint recovers, the silence stays active for its whole duration, muting the next outage
 * of the same endpoint too.
 */
describe('alertmanager test server', () => {
  let am: AlertmanagerServer;
  beforeAll(async () => {
    am = await startAlertmanager();
  });
  afterAll(async () => {
    await am?.stop();
  });

  const labels = { alertname: 'EndpointDown', severity: 'critical', endpoint: 'shop' };
  const shop = (alerts: GettableAlert[]) => alerts.find((a) => a.labels.endpoint === 'shop');
  const post = (alert: PostableAlert) => alertmanagerApi<void>(am.url, 'POST', 'alerts', [alert]);

  it('answers ready on a loopback port', async () => {
    expect(am.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${am.url}/-/ready`);
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it('keeps a silence active after the alert it silenced is resolved (no acknowledge, #1860)', async () => {
    const startsAt = new Date().toISOString();
    const firing: PostableAlert = {
      labels,
      annotations: { summary: 'shop does not answer' },
      startsAt,
      generatorURL: 'http://plinth.test/endpoints/shop',
    };
    await post(firing);
    const active = await eventually('the alert, active', async () => shop(await am.alerts()), {
      until: (a) => a?.status.state === 'active',
    });
    expect(active?.labels).toEqual(labels);
    expect(active?.annotations).toEqual({ summary: 'shop does not answer' });
    expect(active?.status.silencedBy).toEqual([]);

    // What an operator does in Alertmanager to say "seen, working on it": a silence, for 2 hours.
    const now = Date.now();
    const silence: PostableSilence = {
      matchers: [
        { name: 'alertname', value: 'EndpointDown', isRegex: false, isEqual: true },
        { name: 'endpoint', value: 'shop', isRegex: false, isEqual: true },
      ],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 2 * 3600_000).toISOString(),
      createdBy: 'operator@plinth.test',
      comment: 'looking into it',
    };
    const { silenceID } = await alertmanagerApi<{ silenceID: string }>(am.url, 'POST', 'silences', silence);
    expect(silenceID).toMatch(/\S/);
    const suppressed = await eventually(
      'the alert, suppressed by the silence',
      async () => shop(await am.alerts()),
      {
        until: (a) => a?.status.state === 'suppressed',
      },
    );
    expect(suppressed?.status.silencedBy).toEqual([silenceID]);

    // The endpoint recovers: the same alert, resolved (endsAt now). It leaves the list...
    await post({ ...firing, endsAt: new Date().toISOString() });
    await eventually(
      'the alert, resolved and no longer listed',
      async () => shop(await am.alerts()) === undefined,
    );

    // ...but the silence does not: it stays active, unchanged, for the rest of its 2 hours.
    const silences = await am.silences();
    expect(silences).toHaveLength(1);
    const [kept] = silences;
    expect(kept?.id).toBe(silenceID);
    expect(kept?.status.state).toBe('active');
    expect(kept?.comment).toBe('looking into it');
    expect(kept?.createdBy).toBe('operator@plinth.test');
    expect(kept?.matchers).toEqual(expect.arrayContaining(silence.matchers));
    expect(Date.parse(kept?.endsAt ?? '')).toBe(Date.parse(silence.endsAt));

    // So the endpoint's next outage is muted from its first second.
    await post({ labels, startsAt: new Date().toISOString() });
    const again = await eventually('the next outage, muted at once', async () => shop(await am.alerts()), {
      until: (a) => a?.status.state === 'suppressed',
    });
    expect(again?.status.silencedBy).toEqual([silenceID]);
  });
});
