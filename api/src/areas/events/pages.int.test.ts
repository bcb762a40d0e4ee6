import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { eventDeliveries, eventHandlers } from '../../core/db/schema/index.ts';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** A block whose action a client runs, and two handlers: a file and a webhook. */
const CONFIG = {
  blocks: [{ name: 'app', image: 'demo:v1', actions: [{ name: 'hello', script: 'echo hello' }] }],
  events: [{ handler: 'workspace' }, { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' }],
};

/** The Events and Event handlers tabs of a workspace, and Redeliver on a run's page. */
describeOnEachDatabase('the events pages of the web UI', UI_SUITE, (w) => {
  const { signedIn } = uiClient(() => w);

  const configured = async () => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: CONFIG },
    });
    return t;
  };
  /** A client's run through the API, ended with `exit`; answers the run and its event. */
  const endedRun = async (t: Tenant, exit: number) => {
    const run = await w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, block: 'app', action: 'hello', run_by: 'client' },
    });
    await w.expectStatus(200, 'POST', `/api/v1/action-runs/${run.id}/finish/`, {
      token: t.user.token,
      body: { exit_code: exit },
    });
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${run.id}/events/`, {
      token: t.user.token,
    });
    return { run: run.id as string, event: event.id as string };
  };
  const handlerRow = (page: string, name: string) =>
    new RegExp(`<tr data-handler="${name}">[\\s\\S]*?</tr>`).exec(page)?.[0] ?? '';

  it('shows a webhook’s new signing secret once; the handlers page then says signed, never the secret', async () => {
    const t = await configured();
    const admin = await signedIn(t.workspaceAdmin);
    const before = await admin.get(`/ui/workspaces/${t.workspace.id}/event-handlers/`);
    expect(before.status).toBe(200);
    expect(before.text).toContain('<code>events</code> key');
    expect(handlerRow(before.text, 'workspace')).toContain('files are not signed');
    const webhook = handlerRow(before.text, 'webhook');
    expect(webhook).toContain('https://hooks.example.com/plinth');
    expect(webhook).toMatch(/<span class="badge warn">unsigned<\/span>/);
    expect(webhook).toContain('Create signing secret');

    const made = await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`);
    expect(made.status).toBe(201);
    const secret = /id="secret"[^>]*value="(whsec_[A-Za-z0-9+/=]+)"/.exec(made.text)?.[1];
    expect(secret, made.text).toBeTruthy();
    expect(made.text).toContain('shown only this once');
    expect(made.text).toContain('data-show-once');

    const after = await admin.get(`/ui/workspaces/${t.workspace.id}/event-handlers/`);
    expect(handlerRow(after.text, 'webhook')).toMatch(/<span class="badge ok">signed<\/span>/);
    expect(after.text).not.toContain(secret);
    expect(after.text).not.toContain('whsec_');
    expect(handlerRow(after.text, 'webhook')).toContain('Rotate secret');

    // A rotation with an hour's grace: a new secret, and the previous one still signs meanwhile.
    const rotated = await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`, {
      grace_seconds: '3600',
    });
    expect(rotated.status).toBe(201);
    const second = /id="secret"[^>]*value="(whsec_[^"]+)"/.exec(rotated.text)?.[1];
    expect(second).not.toBe(secret);
    expect(rotated.text).toContain('signed with the previous');
    const handlers = await w.expectStatus(
      200,
      'GET',
      `/api/v1/workspaces/${t.workspace.id}/event-handlers/`,
      {
        token: t.viewer.token,
      },
    );
    expect(handlers.find((h: { name: string }) => h.name === 'webhook').previous_secret_until).not.toBeNull();

    const odd = await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`, {
      grace_seconds: '5',
    });
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('Choose one of the grace periods.');
    // A file handler signs nothing: the API's refusal, on the page.
    const file = await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/workspace/secret/`);
    expect(file.status).toBe(400);
    expect(file.text).toContain('Only webhook handlers sign their deliveries.');
    expect((await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/nope/secret/`)).status).toBe(
      404,
    );
  });

  it('enables a handler a 410 disabled', async () => {
    const t = await configured();
    await w.db.insert(eventHandlers).values({
      workspaceId: t.workspace.id,
      name: 'webhook',
      disabledAt: new Date(),
      disabledReason: 'the receiver answered 410 Gone',
    });
    const admin = await signedIn(t.orgAdmin);
    const page = await admin.get(`/ui/workspaces/${t.workspace.id}/event-handlers/`);
    const row = handlerRow(page.text, 'webhook');
    expect(row).toMatch(/<span class="badge bad">disabled<\/span>/);
    expect(row).toContain('the receiver answered 410 Gone');
    expect(row).toContain('/event-handlers/webhook/enable/');
    const enabled = await admin.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/enable/`);
    expect(enabled.status).toBe(303);
    expect(enabled.location).toBe(`/ui/workspaces/${t.workspace.id}/event-handlers/?enabled=1`);
    const after = await admin.get(enabled.location!);
    expect(after.text).toContain('The handler is enabled');
    expect(handlerRow(after.text, 'webhook')).toMatch(/<span class="badge ok">enabled<\/span>/);
  });

  it('redelivers an event for an admin, back on the run’s page with a notice, the delivery pending again', async () => {
    const t = await configured();
    const { run, event } = await endedRun(t, 0);
    await w.db
      .update(eventDeliveries)
      .set({ state: 'failed', nextAttemptAt: null, attempts: 8, lastError: 'connection refused' })
      .where(and(eq(eventDeliveries.eventId, event), eq(eventDeliveries.handler, 'webhook')));
    const admin = await signedIn(t.workspaceAdmin);
    const page = await admin.get(`/ui/runs/${run}/`);
    expect(page.text).toMatch(/<tr data-delivery="webhook" data-state="failed">/);
    expect(page.text).toContain('connection refused');
    expect(page.text).toContain('Redeliver to every handler');

    const done = await admin.post(`/ui/events/${event}/redeliver/`, { handler: 'webhook' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/ui/runs/${run}/?redelivered=1`);
    const back = await admin.get(done.location!);
    expect(back.text).toContain('<p class="notice" role="status">The event is delivered again');
    expect(back.text).toMatch(/<tr data-delivery="webhook" data-state="pending">/);
    const deliveries = await w.expectStatus(200, 'GET', `/api/v1/events/${event}/deliveries/`, {
      token: t.viewer.token,
    });
    expect(deliveries.find((d: { handler: string }) => d.handler === 'webhook').state).toBe('pending');
  });

  it('offers a Viewer no Redeliver, Rotate or Enable, and refuses their forged forms', async () => {
    const t = await configured();
    const { run, event } = await endedRun(t, 0);
    const viewer = await signedIn(t.viewer);
    const page = await viewer.get(`/ui/runs/${run}/`);
    expect(page.text).toContain('data-delivery="webhook"');
    expect(page.text).not.toContain('Redeliver');
    const handlers = await viewer.get(`/ui/workspaces/${t.workspace.id}/event-handlers/`);
    expect(handlers.status).toBe(200);
    expect(handlers.text).not.toMatch(/Rotate secret|Create signing secret|>Enable/);

    const redeliver = await viewer.post(`/ui/events/${event}/redeliver/`);
    expect(redeliver.status).toBe(403);
    const api = await w.call('POST', `/api/v1/events/${event}/redeliver/`, {
      token: t.viewer.token,
      body: {},
    });
    expect(api.status).toBe(403);
    expect(redeliver.text).toContain(api.body.detail);
    const rotate = await viewer.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`);
    expect(rotate.status).toBe(403);
    expect(rotate.text).not.toContain('whsec_');
    expect(
      (await viewer.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/enable/`)).status,
    ).toBe(403);
    // A User may run actions but not manage handlers.
    const user = await signedIn(t.user);
    expect((await user.post(`/ui/workspaces/${t.workspace.id}/event-handlers/webhook/secret/`)).status).toBe(
      403,
    );
  });

  it("answers 404 for another tenant's handlers, events and event", async () => {
    const a = await configured();
    const { event } = await endedRun(a, 0);
    const b = await w.tenant();
    const s = await signedIn(b.orgAdmin);
    expect((await s.get(`/ui/workspaces/${a.workspace.id}/event-handlers/`)).status).toBe(404);
    expect((await s.get(`/ui/workspaces/${a.workspace.id}/events/`)).status).toBe(404);
    expect((await s.post(`/ui/workspaces/${a.workspace.id}/event-handlers/webhook/secret/`)).status).toBe(
      404,
    );
    expect((await s.post(`/ui/events/${event}/redeliver/`)).status).toBe(404);
  });

  it('lists the workspace’s events newest first, filtered by level, each linking to its run', async () => {
    const t = await configured();
    const ok = await endedRun(t, 0);
    const bad = await endedRun(t, 2);
    const s = await signedIn(t.viewer);
    const all = await s.get(`/ui/workspaces/${t.workspace.id}/events/`);
    expect(all.status).toBe(200);
    expect(all.text).toMatch(/<a\s+href="\/ui\/workspaces\/[^"]+\/events\/"\s+aria-current="page"/);
    expect(all.text.indexOf(`data-event="${bad.event}"`)).toBeGreaterThan(0);
    expect(all.text.indexOf(`data-event="${bad.event}"`)).toBeLessThan(
      all.text.indexOf(`data-event="${ok.event}"`),
    );
    expect(all.text).toContain(`href="/ui/runs/${ok.run}/"`);
    expect(all.text).toContain('app / hello');

    const errors = await s.get(`/ui/workspaces/${t.workspace.id}/events/?level=Error`);
    expect(errors.text).toContain(`data-event="${bad.event}" data-level="Error"`);
    expect(errors.text).not.toContain(`data-event="${ok.event}"`);
    expect(errors.text).toContain('<option value="Error" selected>');
    const info = await s.get(`/ui/workspaces/${t.workspace.id}/events/?level=Info`);
    expect(info.text).toContain(`data-event="${ok.event}" data-level="Info"`);
    expect(info.text).not.toContain(`data-event="${bad.event}"`);
    const none = await s.get(`/ui/workspaces/${t.workspace.id}/events/?level=Warning`);
    expect(none.text).toContain('id="no-events"');
  });
});
