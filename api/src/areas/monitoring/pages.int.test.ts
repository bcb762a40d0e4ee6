import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { evaluateEndpoint } from './alerts/evaluate.ts';
import { rollUpAll } from './testing.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** What the endpoints are checked with: a header whose value no page may ever show. */
const SECRET = 'Bearer page-secret-7f3a9c';

/**
 * The monitoring pages in-process, on PGlite and PostgreSQL: the endpoints, one endpoint's figures
 * and latency chart after an agent's results, the alerts with Acknowledge and Withdraw (a User's,
 * refused to a Viewer), the agents with their reports, the dashboard's tile, other tenants (404),
 * and header values that never reach a page.
 */
describeOnEachDatabase('the monitoring pages of the web UI', UI_SUITE, (w, { database }) => {
  const { request, signedIn } = uiClient(() => w);
  let a: Tenant;
  let b: Tenant;
  let agent: { id: string; token: string; name: string };
  let shop: { id: string; name: string };
  /** Every page a test fetched, to look for the header's value in all of them. */
  const seen: string[] = [];

  const endpoint = async (t: Tenant) =>
    (await w.expectStatus(201, 'POST', '/api/v1/endpoints/', {
      token: t.user.token,
      body: {
        workspace: t.workspace.id,
        name: w.unique('shop'),
        kind: 'http',
        target: 'https://shop.example.com/healthz',
        labels: { severity: 'critical', team: 'payments' },
        annotations: {
          runbook_url: 'https://runbooks.example.com/shop',
          dashboard_url: 'https://grafana.example.com/d/shop',
        },
        alert: { failures: 2, successes: 2, min_locations: 1 },
        http: { headers: { Authorization: SECRET } },
      },
    })) as { id: string; name: string };
  // From the start of a minute: the first results of an endpoint share one check period.
  let clock = Math.floor((Date.now() - 20 * 60_000) / 60_000) * 60_000;
  /** Results one a second apart from the agent: `+` a success, `-` a failure; then the alert rule. */
  const report = async (ep: { id: string }, outcomes: string, ms = 40) => {
    const results = [...outcomes].map((o, i) => ({
      result_id: randomUUID(),
      endpoint_id: ep.id,
      success: o === '+',
      checked_at: new Date((clock += 1000)).toISOString(),
      duration_ms: ms + i * 10,
      status_code: o === '+' ? 200 : 503,
    }));
    await w.expectStatus(200, 'POST', '/api/v1/agent/results/', { token: agent.token, body: { results } });
    await evaluateEndpoint(database.db, ep.id);
    await rollUpAll(database.db);
  };
  const firingOf = async (t: Tenant, ep: { id: string }) =>
    (
      await w.expectStatus(200, 'GET', `/api/v1/alerts/?endpoint=${ep.id}&state=firing`, {
        token: t.viewer.token,
      })
    ).results as { id: string; alertname: string }[];
  const as = async (actor: Tenant['viewer']) => {
    const s = await signedIn(actor);
    const get = async (path: string) => {
      const res = await s.get(path);
      seen.push(res.text);
      return res;
    };
    const post = async (path: string, form: Record<string, string> = {}) => {
      const res = await s.post(path, form);
      seen.push(res.text);
      return res;
    };
    return { ...s, get, post };
  };

  beforeAll(async () => {
    a = await w.tenant();
    b = await w.tenant();
    agent = await w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, name: w.unique('probe'), location: 'eu-central' },
    });
    shop = await endpoint(a);
    await report(shop, '++++++--');
    await w.expectStatus(201, 'POST', '/api/v1/agent/health/', {
      token: agent.token,
      body: {
        status: 'degraded',
        version: '0.11.9',
        uptime_seconds: 7200,
        check_metrics: { monitored_endpoints: 1, checks_skipped_total: 3 },
        warnings: ['disk 91% full'],
      },
    });
    await w.expectStatus(201, 'POST', '/api/v1/agent/errors/', {
      token: agent.token,
      body: {
        error_counts: { ECONNREFUSED: 2 },
        recent_errors: [{ code: 'ECONNREFUSED', message: 'connect refused by peer', endpoint_id: shop.id }],
      },
    });
  });

  it('shows every monitoring page to a Viewer of the tenant, and none of its objects to another tenant', async () => {
    const [alert] = await firingOf(a, shop);
    expect(alert?.alertname).toBe('EndpointDown');
    const viewer = await as(a.viewer);
    expect(viewer.home).toMatch(/<a\s+href="\/ui\/monitoring\/"\s*>Monitoring<\/a\s*>/);
    const pages = [
      '/ui/monitoring/',
      `/ui/monitoring/endpoints/${shop.id}/`,
      '/ui/monitoring/alerts/',
      `/ui/monitoring/alerts/${alert!.id}/`,
      `/ui/monitoring/alerts/?subject=${shop.id}`,
      '/ui/monitoring/agents/',
      `/ui/monitoring/agents/${agent.id}/`,
    ];
    for (const path of pages) {
      const res = await viewer.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toMatch(/<a\s+href="\/ui\/monitoring\/"\s+aria-current="page"/);
    }
    const list = await viewer.get('/ui/monitoring/');
    const row = new RegExp(`<tr data-endpoint="${shop.id}" data-state="down">[\\s\\S]*?</tr>`).exec(
      list.text,
    )?.[0];
    expect(row, list.text).toBeDefined();
    expect(row).toContain(`href="/ui/monitoring/endpoints/${shop.id}/"`);
    expect(row).toContain('https://shop.example.com/healthz');
    expect(row).toContain('every location');
    expect(row).toMatch(/<td data-label="Uptime \(24 h\)" class="num">100\.00 %<\/td>/);
    expect((await viewer.get('/ui/monitoring/endpoints/')).status).toBe(301);

    const other = await as(b.orgAdmin);
    for (const path of pages
      .slice(1)
      .filter((p) => p.includes(shop.id) || p.includes(alert!.id) || p.includes(agent.id)))
      expect((await other.get(path)).status, path).toBe(404);
    for (const path of ['/ui/monitoring/', '/ui/monitoring/alerts/', '/ui/monitoring/agents/']) {
      const res = await other.get(path);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(shop.id);
      expect(res.text).not.toContain(alert!.id);
      expect(res.text).not.toContain(agent.id);
    }
    expect(
      (await other.post(`/ui/monitoring/alerts/${alert!.id}/acknowledge/`, { comment: 'x' })).status,
    ).toBe(404);
    expect((await viewer.get('/ui/monitoring/endpoints/not-an-id/')).status).toBe(404);
  });

  it('shows an endpoint’s figures after results, per location and window, with an accessible SVG chart', async () => {
    const viewer = await as(a.viewer);
    const page = await viewer.get(`/ui/monitoring/endpoints/${shop.id}/`);
    expect(page.text).toContain('<span id="state" data-state="down">');
    const all = /<tr data-location="">[\s\S]*?<\/tr>/.exec(page.text)?.[0] ?? '';
    // 8 checks, 6 of them successful; every check period had a success.
    expect(all).toMatch(/data-label="Checks" class="num">8</);
    expect(all).toContain('75.00 %');
    expect(all).toContain('100.00 %');
    expect(all).toMatch(/ ms</);
    expect(page.text).toMatch(/<tr data-location="eu-central">/);
    const svg = /<svg\s+class="chart"[\s\S]*?<\/svg>/.exec(page.text)?.[0] ?? '';
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/aria-label="Latency of [^"]+ over the last 24 hours: p50 [^"]+ ms, p95 [^"]+ ms\."/);
    expect(svg).toMatch(/<title id="latency-chart-title">Latency of /);
    expect(svg).toMatch(/<polyline|<circle/);
    expect(svg).toMatch(/<text[^>]*>\s*\d+ ms<\/text\s*>/);
    expect(page.text).not.toMatch(/<script(?! src="\/ui\/assets\/)/);
    // The window switch: links, the chosen one current.
    const week = await viewer.get(`/ui/monitoring/endpoints/${shop.id}/?window=7d`);
    expect(week.text).toMatch(
      /<a\s+href="\/ui\/monitoring\/endpoints\/[^"]+\/\?window=7d"\s+aria-current="page"/,
    );
    expect(week.text).toContain('over the last 7 days');
    // Its settings: the header by name only, the runbook and dashboard as links; its alert listed.
    expect(page.text).toMatch(/<code>Authorization<\/code>: <span class="muted">\[redacted\]<\/span>/);
    expect(page.text).toContain('href="https://runbooks.example.com/shop"');
    const [alert] = await firingOf(a, shop);
    expect(page.text).toContain(`<tr data-alert="${alert!.id}" data-state="firing">`);
    // An endpoint without results has nothing to draw, and its state is unknown.
    const quiet = await endpoint(a);
    const empty = await viewer.get(`/ui/monitoring/endpoints/${quiet.id}/`);
    expect(empty.text).toContain('id="no-chart"');
    expect(empty.text).toContain('data-state="unknown"');
  });

  it('acknowledges through the form for a User, shows field errors, and withdraws; a Viewer is refused', async () => {
    const ep = await endpoint(a);
    await report(ep, '--');
    const [alert] = await firingOf(a, ep);
    const path = `/ui/monitoring/alerts/${alert!.id}/`;

    const viewer = await as(a.viewer);
    const seenByViewer = await viewer.get(path);
    expect(seenByViewer.text).not.toContain('id="acknowledge"');
    expect(seenByViewer.text).toContain('id="cannot-acknowledge"');
    const forged = await viewer.post(`${path}acknowledge/`, { comment: 'me too' });
    expect(forged.status).toBe(403);
    const api = await w.call('POST', `/api/v1/alerts/${alert!.id}/acknowledge/`, {
      token: a.viewer.token,
      body: { comment: 'me too' },
    });
    expect(forged.text).toContain(api.body.detail);

    const user = await as(a.user);
    const form = await user.get(path);
    expect(form.text).toContain('id="acknowledge"');
    expect(form.text).toContain('href="https://grafana.example.com/d/shop"');
    const blank = await user.post(`${path}acknowledge/`, { comment: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.text).toMatch(/<p id="comment-error" class="error">[^<]+<\/p>/);
    expect(blank.text).toMatch(
      /aria-describedby="comment-hint comment-live comment-error"\s+aria-invalid="true"/,
    );
    const odd = await user.post(`${path}acknowledge/`, { comment: 'looking', until: 'tomorrow' });
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('<p id="until-error" class="error">');
    const far = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 16);
    const tooFar = await user.post(`${path}acknowledge/`, { comment: 'looking', until: far });
    expect(tooFar.status).toBe(400);
    expect(tooFar.text).toContain('<p id="until-error" class="error">A time in the next 30 days.</p>');
    expect(tooFar.text).toContain('>\nlooking</textarea>');
    // Without the session's CSRF token, nothing happens.
    const noToken = await request(`${path}acknowledge/`, user.jar, { form: { comment: 'sneaky' } });
    expect(noToken.status).toBe(403);

    const until = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 16);
    const done = await user.post(`${path}acknowledge/`, { comment: 'failing over the database', until });
    expect([done.status, done.location]).toEqual([303, `${path}?acknowledged=1`]);
    const after = await user.get(done.location!);
    expect(after.text).toContain('<p class="notice" role="status">The alert is acknowledged');
    expect(after.text).toMatch(new RegExp(`Acknowledged by <strong>${a.user.username}</strong>`));
    expect(after.text).toContain('failing over the database');
    expect(after.text).toContain('Withdraw the acknowledgement');
    const view = await w.expectStatus(200, 'GET', `/api/v1/alerts/${alert!.id}/`, { token: a.viewer.token });
    expect(view.acknowledgement).toMatchObject({
      comment: 'failing over the database',
      username: a.user.username,
    });
    expect(view.acknowledgement.until).toBe(`${until}:00.000Z`);
    const list = await viewer.get('/ui/monitoring/alerts/?state=firing');
    const row = new RegExp(`<tr data-alert="${alert!.id}"[\\s\\S]*?</tr>`).exec(list.text)?.[0] ?? '';
    expect(row).toContain(`by ${a.user.username}`);

    const withdrawn = await user.post(`${path}withdraw/`);
    expect([withdrawn.status, withdrawn.location]).toEqual([303, `${path}?withdrawn=1`]);
    const back = await user.get(withdrawn.location!);
    expect(back.text).toContain('id="not-acknowledged"');
    expect(back.text).toMatch(/<tr data-acknowledgement="[^"]+">[\s\S]*?withdrawn/);

    // Resolved: it says why it cannot be acknowledged, and the API's 409 if tried anyway.
    await report(ep, '++');
    const resolved = await user.get(path);
    expect(resolved.text).toContain('id="cannot-acknowledge"');
    expect(resolved.text).not.toContain('id="acknowledge"');
    const late = await user.post(`${path}acknowledge/`, { comment: 'too late' });
    expect(late.status).toBe(409);
    expect(late.text).toContain('The alert has resolved');
    const both = await viewer.get('/ui/monitoring/alerts/');
    expect(both.text.indexOf('id="firing-heading"')).toBeLessThan(both.text.indexOf('id="resolved-heading"'));
    expect(both.text.indexOf(`data-alert="${alert!.id}"`)).toBeGreaterThan(
      both.text.indexOf('id="resolved-heading"'),
    );
  });

  it('lists agents with their health and reports, archived ones when asked', async () => {
    const viewer = await as(a.viewer);
    const list = await viewer.get('/ui/monitoring/agents/');
    const row = new RegExp(`<tr data-agent="${agent.id}" data-health="degraded">[\\s\\S]*?</tr>`).exec(
      list.text,
    )?.[0];
    expect(row, list.text).toBeDefined();
    expect(row).toContain('eu-central');
    expect(row).toContain('0.11.9');
    expect(row).toContain('organization');
    expect(row).toMatch(/<time datetime="[^"]+" title="[^"]+">(just now|\d+ s ago)<\/time>/);
    const page = await viewer.get(`/ui/monitoring/agents/${agent.id}/`);
    expect(page.text).toMatch(
      /<th scope="row">checks_skipped_total<\/th>\s*<td\s*><span class="wrap">3<\/span><\/td>/,
    );
    expect(page.text).toContain('disk 91% full');
    expect(page.text).toContain('connect refused by peer');
    expect(page.text).toContain(`href="/ui/monitoring/endpoints/${shop.id}/"`);

    const old = await w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, name: w.unique('old'), location: 'us-east' },
    });
    await w.expectStatus(200, 'POST', `/api/v1/agents/${old.id}/archive/`, { token: a.orgAdmin.token });
    expect((await viewer.get('/ui/monitoring/agents/')).text).not.toContain(old.id);
    const archived = await viewer.get('/ui/monitoring/agents/?archived=true');
    expect(archived.text).toContain(`<tr data-agent="${old.id}" data-health="archived">`);
    expect(archived.text).toMatch(/name="archived" value="true" checked/);
  });

  it('counts the firing alerts by severity on the dashboard, for the tenant only', async () => {
    const viewer = await as(a.viewer);
    const home = await viewer.get('/ui/');
    const tile = /<div class="card" id="firing-alerts">[\s\S]*?<\/div>/.exec(home.text)?.[0] ?? '';
    expect(tile).toContain('href="/ui/monitoring/alerts/?state=firing"');
    expect(tile).toMatch(/data-severity="critical">1 critical</);
    expect(tile).toMatch(/data-severity="warning">0 warning</);
    const other = await as(b.viewer);
    expect((await other.get('/ui/')).text).toContain('id="no-firing"');
  });

  it('never shows a header value on any page', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const text of seen) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('page-secret-7f3a9c');
    }
  });
});
