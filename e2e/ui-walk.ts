import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { jsonRequest } from '../api/src/test/api-process.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { ADMIN_PASSWORD, startLiveApi } from './clients/live-api.ts';
import type { LiveApi } from './clients/live-api.ts';

/**
 * Every page of the web UI, walked in a real browser: shared by the accessibility and CSP checks
 * (e2e/ui-pages.test.ts) and the screenshots (`npm run ui:screenshots`). The API runs on
 * PostgreSQL with a real MinIO, seeded through the API with an organization, a workspace (with
 * an action and two event handlers), a member, a bucket, two client runs, one ended and one
 * open, and a monitoring agent whose results for an endpoint fired an alert, so every page has
 * something to show.
 */

export interface UiWorld {
  readonly live: LiveApi;
  readonly url: string;
  readonly adminToken: string;
  readonly org: { id: string; name: string };
  readonly workspace: { id: string; name: string };
  /** `alice`, a User of the organization. */
  readonly member: { id: string; username: string };
  /** `bob`, its Org Admin. */
  readonly orgAdmin: { id: string; username: string };
  readonly bucket: { id: string; name: string };
  /** A client's run that ended (with its event and deliveries), and one still open. */
  readonly runs: { ended: string; open: string };
  /** An agent with its reports, an endpoint with a day of its results, and the alert they fired. */
  readonly monitoring: { agent: string; endpoint: string; alert: string };
}

export const MEMBER_PASSWORD = 'ui-walk-member-password';

async function ok<T>(call: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

export async function startUiWorld(): Promise<UiWorld> {
  // Rollups every second: the endpoint's figures show as soon as its results are counted.
  const live = await startLiveApi({ PLINTH_ROLLUP_INTERVAL_SECONDS: '1' });
  try {
    const url = live.url;
    const login = await ok<{ token: string }>(
      jsonRequest(url, 'POST', '/api/login/', { body: { username: 'admin', password: ADMIN_PASSWORD } }),
      'login',
    );
    const token = login.token;
    const call = <T>(method: string, path: string, body?: unknown) =>
      ok<T>(jsonRequest(url, method, path, { token, body }), `${method} ${path}`);
    const org = await call<{ id: string; name: string }>('POST', '/api/v1/organizations/', {
      name: 'Team A',
      slug: 'team-a',
    });
    const workspace = await call<{ id: string; name: string }>('POST', '/api/v1/workspaces/', {
      organization: org.id,
      name: 'production',
      config: {
        environment: 'production',
        owner: 'team-a@example.com',
        blocks: [{ name: 'app', image: 'demo:v1', actions: [{ name: 'deploy', script: 'echo deployed' }] }],
        events: [
          { handler: 'workspace' },
          { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' },
        ],
        transactions: { logging: true },
      },
    });
    const member = await call<{ id: string; username: string }>('POST', '/api/v1/users/', {
      username: 'alice',
      password: MEMBER_PASSWORD,
      email: 'alice@example.com',
      full_name: 'Alice Example',
    });
    await call('POST', `/api/v1/organizations/${org.id}/members/`, { username: 'alice', role: 'user' });
    const orgAdmin = await call<{ id: string; username: string }>('POST', '/api/v1/users/', {
      username: 'bob',
      password: MEMBER_PASSWORD,
      full_name: 'Bob Admin',
    });
    await call('POST', `/api/v1/organizations/${org.id}/members/`, { username: 'bob', role: 'admin' });
    const bucket = await call<{ id: string; name: string }>('POST', '/api/v1/s3/buckets/', {
      name: 'team-a-data',
      region: 'eu-central',
      organization: org.id,
      workspace: workspace.id,
    });
    // The walk's API has no runner: runs its client reports (the admin's own, which it may finish).
    const start = () =>
      call<{ id: string }>('POST', '/api/v1/action-runs/', {
        workspace: workspace.id,
        block: 'app',
        action: 'deploy',
        run_by: 'client',
        command: 'plinth run app deploy',
      });
    const ended = await start();
    await call('POST', `/api/v1/action-runs/${ended.id}/finish/`, { exit_code: 0, output: 'deployed\n' });
    const open = await start();
    const runs = { ended: ended.id, open: open.id };
    const monitoring = await seedMonitoring(url, call, org.id, workspace.id);
    return { live, url, adminToken: token, org, workspace, member, orgAdmin, bucket, runs, monitoring };
  } catch (err) {
    await live.stop();
    throw err;
  }
}

/**
 * An agent (its token reports), an endpoint it checked every ten minutes for a day and that failed
 * three times lately, so the endpoint's chart has a line, and the alert the API fired for it.
 */
async function seedMonitoring(
  url: string,
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>,
  organization: string,
  workspace: string,
): Promise<UiWorld['monitoring']> {
  const agent = await call<{ id: string; token: string }>('POST', '/api/v1/agents/', {
    organization,
    name: 'probe-eu',
    location: 'eu-central',
    description: 'The probe in Frankfurt',
  });
  const endpoint = await call<{ id: string }>('POST', '/api/v1/endpoints/', {
    workspace,
    name: 'shop',
    kind: 'http',
    target: 'https://shop.example.com/healthz',
    labels: { severity: 'critical', team: 'payments' },
    annotations: { runbook_url: 'https://runbooks.example.com/shop' },
    alert: { failures: 3, successes: 2, min_locations: 1 },
    http: { headers: { Authorization: 'Bearer walk-secret' } },
  });
  const now = Date.now();
  const result = (minutesAgo: number, success: boolean, ms: number) => ({
    result_id: randomUUID(),
    endpoint_id: endpoint.id,
    success,
    checked_at: new Date(now - minutesAgo * 60_000).toISOString(),
    duration_ms: ms,
    status_code: success ? 200 : 503,
  });
  const results = [
    // Every 10 minutes for a day, slower in the busy hours, a few slow checks among them.
    ...Array.from({ length: 140 }, (_, i) =>
      result((141 - i) * 10, true, 35 + 25 * Math.sin(i / 12) ** 2 + (i % 7 === 0 ? 90 : (i * 13) % 20)),
    ),
    ...[3, 2, 1].map((ago) => result(ago, false, 180)),
  ];
  const agentCall = (path: string, body: unknown) =>
    jsonRequest(url, 'POST', path, { token: agent.token, body }).then(({ status, body: answer }) => {
      if (status >= 300) throw new Error(`POST ${path}: ${status} ${JSON.stringify(answer)}`);
    });
  await agentCall('/api/v1/agent/results/', { results });
  await agentCall('/api/v1/agent/health/', {
    status: 'healthy',
    version: '0.11.9',
    uptime_seconds: 86_400,
    check_metrics: { monitored_endpoints: 1, checks_total: 49 },
  });
  await agentCall('/api/v1/agent/errors/', {
    error_counts: { http_503: 3 },
    recent_errors: [{ code: 'http_503', message: 'the server answered 503', endpoint_id: endpoint.id }],
  });
  // The rollups are the API's job too: wait until they count every result.
  await eventually(
    'the endpoint’s results in its figures',
    () => call<{ checks: number }>('GET', `/api/v1/endpoints/${endpoint.id}/stats/?window=24h`),
    { until: (stats) => stats.checks === results.length },
  );
  // The alert rule runs as a job of the API: wait for its alert.
  const alert = await eventually('the endpoint’s alert firing', async () => {
    const list = await call<{ results: { id: string }[] }>(
      'GET',
      `/api/v1/alerts/?endpoint=${endpoint.id}&state=firing`,
    );
    return list.results[0];
  });
  return { agent: agent.id, endpoint: endpoint.id, alert: alert.id };
}

/** Signs in through the local form as `username`. */
export async function signIn(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/ui/login/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/ui/`);
}

/** Opens the header's account menu (its Sign out button is inside). */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.locator('header details.account summary').click();
  await page.locator('header details.account[open]').waitFor();
}

/**
 * Every page a Super Admin reaches (which is every page), each handed to `visit` once it has
 * loaded. Pages with a secret are reached by doing what a user does (create, reveal).
 */
export async function walkEveryPage(
  page: Page,
  w: UiWorld,
  visit: (name: string) => Promise<void>,
): Promise<void> {
  const go = async (name: string, path: string) => {
    const res = await page.goto(`${w.url}${path}`);
    expect(res?.status(), `${name} (${path})`).toBe(200);
    await visit(name);
  };
  await page.goto(`${w.url}/ui/login/`);
  await visit('sign-in');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid username or password');
  await visit('sign-in with an error');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${w.url}/ui/`);
  await visit('dashboard');

  await go('organizations', '/ui/organizations/');
  await go('organization overview', `/ui/organizations/${w.org.id}/`);
  await go('organization members', `/ui/organizations/${w.org.id}/members/`);
  await go('organization workspaces', `/ui/organizations/${w.org.id}/workspaces/`);
  await go('organization API keys', `/ui/organizations/${w.org.id}/api-keys/`);
  await go('organization audit log', `/ui/organizations/${w.org.id}/audit/`);
  await go('workspace', `/ui/workspaces/${w.workspace.id}/`);
  await go('workspace runs', `/ui/workspaces/${w.workspace.id}/runs/`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  // No runner in the walk's API: the form says the API's no_runner message.
  await page.locator('#start [role=alert]').waitFor();
  await visit('run start refused');
  await go('run', `/ui/runs/${w.runs.ended}/`);
  await page.getByRole('button', { name: 'Redeliver to every handler' }).click();
  await page.waitForURL(/\?redelivered=1$/);
  await visit('run redelivered');
  await go('open run', `/ui/runs/${w.runs.open}/`);
  await go('run cancel confirmation', `/ui/runs/${w.runs.open}/cancel/`);
  await go('workspace events', `/ui/workspaces/${w.workspace.id}/events/`);
  await go('workspace events by level', `/ui/workspaces/${w.workspace.id}/events/?level=Error`);
  await go('workspace event handlers', `/ui/workspaces/${w.workspace.id}/event-handlers/`);
  await page.getByRole('button', { name: /Create signing secret|Rotate secret/ }).click();
  await page.locator('[data-show-once]').waitFor();
  await visit('handler secret shown once');

  await go('buckets', '/ui/buckets/');
  await go('bucket detail', `/ui/buckets/${w.bucket.id}/`);
  await go('bucket credentials', `/ui/buckets/${w.bucket.id}/credentials/`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Reveal/ }).click();
  await page.locator('[data-autohide]').waitFor();
  await visit('bucket credentials revealed');
  await go('bucket credentials again', `/ui/buckets/${w.bucket.id}/credentials/`);
  await page.getByLabel('The old key keeps working for').selectOption('3600');
  await page.getByRole('button', { name: 'Rotate credentials' }).click();
  await page.locator('[data-show-once]').waitFor();
  await visit('bucket credentials rotated');
  await go('bucket delete confirmation', `/ui/buckets/${w.bucket.id}/delete/`);
  await go('new bucket', '/ui/buckets/new/');
  await page.getByLabel('Name', { exact: true }).fill(`walk-${Date.now()}`);
  await page.getByRole('button', { name: /Create/ }).click();
  await page.locator('[data-show-once]').waitFor();
  await visit('bucket created');

  await go('monitoring endpoints', '/ui/monitoring/');
  await go('monitoring endpoint', `/ui/monitoring/endpoints/${w.monitoring.endpoint}/`);
  await page.getByText("The chart's figures").click();
  await visit('monitoring endpoint with the chart figures');
  await go('monitoring endpoint over 7 days', `/ui/monitoring/endpoints/${w.monitoring.endpoint}/?window=7d`);
  await go('monitoring alerts', '/ui/monitoring/alerts/');
  await go('monitoring resolved alerts', '/ui/monitoring/alerts/?state=resolved');
  await go('monitoring alert', `/ui/monitoring/alerts/${w.monitoring.alert}/`);
  const acknowledge = page.getByRole('button', { name: /^Acknowledge( again)?$/ });
  // Without a comment the script says the API's rule beside the field; the form is not sent.
  await acknowledge.click();
  await expect.poll(() => page.locator('#comment-live').textContent()).not.toBe('');
  await visit('monitoring alert without a comment');
  await page.getByLabel('Comment').fill('Looking into it: the database failed over.');
  await acknowledge.click();
  await page.waitForURL(/\?acknowledged=1$/);
  await visit('monitoring alert acknowledged');
  await go('monitoring agents', '/ui/monitoring/agents/');
  await go('monitoring agents with archived', '/ui/monitoring/agents/?archived=true');
  await go('monitoring agent', `/ui/monitoring/agents/${w.monitoring.agent}/`);

  await go('API keys', '/ui/accounts/api-keys/');
  await page.getByLabel('Name').fill(`key-${Date.now()}`);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.locator('#token').waitFor();
  await visit('key shown once');
  await go('API keys with one key', '/ui/accounts/api-keys/');
  await page
    .getByRole('link', { name: /Revoke/ })
    .first()
    .click();
  await visit('key revoke confirmation');

  await go('administration', '/ui/administration/');
  await go('system API keys', '/ui/administration/system-api-keys/');
  await go('audit log', '/ui/administration/audit-log/');
  await go('users', '/ui/administration/users/');
  await go('user detail', `/ui/administration/users/${w.member.id}/`);

  await go('profile', '/ui/account/');
  await go('sessions', '/ui/account/sessions/');
  await openAccountMenu(page);
  await visit('account menu');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/ui\/login\/\?signed_out=1$/);
  await visit('signed out');
}
