import { expect, it } from 'vitest';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { DEMO_CONFIG } from './testing.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** The Runs tab of a workspace and a run's page, in-process, as each role. */
describeOnEachDatabase('the runs pages of the web UI', UI_SUITE, (w) => {
  const { signedIn } = uiClient(() => w);

  const configured = async () => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: { ...DEMO_CONFIG, transactions: { logging: true } } },
    });
    return t;
  };
  /** A client's run through the API, finished with `exit` when given. */
  const clientRun = async (t: Tenant, exit?: number): Promise<string> => {
    const run = await w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, block: 'app', action: 'hello', run_by: 'client' },
    });
    if (exit !== undefined)
      await w.expectStatus(200, 'POST', `/api/v1/action-runs/${run.id}/finish/`, {
        token: t.user.token,
        body: { exit_code: exit, output: 'hello <world>\n' },
      });
    return run.id as string;
  };

  it("lists a client's run on the Runs tab, and its page shows status, exit code, output, event and delivery", async () => {
    const t = await configured();
    const id = await clientRun(t, 3);
    const s = await signedIn(t.viewer);

    const list = await s.get(`/ui/workspaces/${t.workspace.id}/runs/`);
    expect(list.status).toBe(200);
    expect(list.text).toMatch(/<a\s+href="\/ui\/workspaces\/[^"]+\/runs\/"\s+aria-current="page"/);
    const row = new RegExp(`<tr data-run="${id}" data-status="failed">[\\s\\S]*?</tr>`).exec(list.text)?.[0];
    expect(row, list.text).toBeTruthy();
    expect(row).toContain(`href="/ui/runs/${id}/"`);
    expect(row, row).toContain('app / hello');
    expect(row).toMatch(/<span class="badge bad">failed<\/span>/);
    expect(row).toMatch(/>3<\/td>/);
    // A Viewer may not start runs: no form.
    expect(list.text).not.toContain('id="start"');

    const detail = await s.get(`/ui/runs/${id}/`);
    expect(detail.status).toBe(200);
    expect(detail.text).toMatch(/id="status"[^>]*><span class="badge bad">failed<\/span>/);
    expect(detail.text).toMatch(/id="exit-code"[^>]*>3<\/td>/);
    expect(detail.text).toContain('<pre id="output" class="block">hello &lt;world&gt;\n</pre>');
    expect(detail.text).not.toContain('id="refresh"');
    const event = /<div class="card" id="event"[\s\S]*$/.exec(detail.text)?.[0] ?? '';
    expect(event).toMatch(/<span class="badge bad">Error<\/span>/);
    expect(event).toMatch(new RegExp(`<pre id="payload" class="block">[\\s\\S]*transaction: ${id}`));
    expect(event).toMatch(/<tr data-delivery="webhook" data-state="pending">/);
    expect(event).not.toContain('Redeliver');
  });

  it('says why a run cannot start here: no runner (the API’s no_runner message), or no choice', async () => {
    const t = await configured();
    const s = await signedIn(t.user);
    const form = await s.get(`/ui/workspaces/${t.workspace.id}/runs/`);
    expect(form.text).toContain('id="start"');
    expect(form.text).toMatch(/<option value="action:app\/hello"\s*>app \/ hello<\/option>/);
    expect(form.text).toContain('id="no-runner-hint"');

    const api = await w.call('POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, block: 'app', action: 'hello' },
    });
    expect(api.status).toBe(409);
    expect(api.body.code).toBe('no_runner');
    const refused = await s.post(`/ui/workspaces/${t.workspace.id}/runs/`, { target: 'action:app/hello' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`<p class="error" role="alert">${api.body.detail}</p>`);
    expect(refused.text).toMatch(/<option value="action:app\/hello" selected>/);

    const junk = await s.post(`/ui/workspaces/${t.workspace.id}/runs/`, { target: 'x' });
    expect(junk.status).toBe(400);
    expect(junk.text).toContain('Choose one of the actions or workflows in the list.');
    const runs = await w.expectStatus(200, 'GET', `/api/v1/action-runs/?workspace=${t.workspace.id}`, {
      token: t.user.token,
    });
    expect(runs.count).toBe(0);
  });

  it('cancels an open client run after a confirmation, which ends it killed', async () => {
    const t = await configured();
    const id = await clientRun(t);
    const s = await signedIn(t.user);
    const open = await s.get(`/ui/runs/${id}/`);
    expect(open.text).toContain(`<a id="refresh" href="/ui/runs/${id}/">Refresh</a>`);
    expect(open.text).toContain(`href="/ui/runs/${id}/cancel/"`);
    expect(open.text).toContain('id="no-event"');

    const confirm = await s.get(`/ui/runs/${id}/cancel/`);
    expect(confirm.text).toMatch(/Cancel run [0-9a-f]{8} \(app \/ hello\)\?/);
    const done = await s.post(`/ui/runs/${id}/cancel/`);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`/ui/runs/${id}/?cancelled=1`);
    const run = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/`, { token: t.user.token });
    expect(run).toMatchObject({ status: 'killed', reason: 'cancelled' });

    const after = await s.get(`/ui/runs/${id}/?cancelled=1`);
    expect(after.text).toContain('The run is cancelled.');
    expect(after.text).not.toContain('id="cancel"');
    // Cancelling again: the API's run_ended, on the page.
    const again = await s.post(`/ui/runs/${id}/cancel/`);
    expect(again.status).toBe(409);
    expect(again.text).toContain('The run has already ended (killed).');
  });

  it("offers a Viewer no Cancel, and refuses a Viewer's forged cancel and start", async () => {
    const t = await configured();
    const id = await clientRun(t);
    const s = await signedIn(t.viewer);
    const page = await s.get(`/ui/runs/${id}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="refresh"');
    expect(page.text).not.toContain('id="cancel"');
    const cancel = await s.post(`/ui/runs/${id}/cancel/`);
    expect(cancel.status).toBe(403);
    const api = await w.call('POST', `/api/v1/action-runs/${id}/cancel/`, { token: t.viewer.token });
    expect(api.status).toBe(403);
    expect(cancel.text).toContain(api.body.detail);
    const start = await s.post(`/ui/workspaces/${t.workspace.id}/runs/`, { target: 'action:app/hello' });
    expect(start.status).toBe(403);
    const run = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/`, { token: t.user.token });
    expect(run.status).toBe('running');
  });

  it("answers 404 for another tenant's run and runs, and for malformed IDs", async () => {
    const a = await configured();
    const b = await w.tenant();
    const id = await clientRun(a);
    const s = await signedIn(b.orgAdmin);
    expect((await s.get(`/ui/runs/${id}/`)).status).toBe(404);
    expect((await s.get(`/ui/runs/${id}/cancel/`)).status).toBe(404);
    expect((await s.post(`/ui/runs/${id}/cancel/`)).status).toBe(404);
    expect((await s.get(`/ui/workspaces/${a.workspace.id}/runs/`)).status).toBe(404);
    expect(
      (await s.post(`/ui/workspaces/${a.workspace.id}/runs/`, { target: 'action:app/hello' })).status,
    ).toBe(404);
    expect((await s.get('/ui/runs/not-a-uuid/')).status).toBe(404);
    const run = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/`, { token: a.user.token });
    expect(run.status).toBe('running');
  });

  it('filters the runs by status and says when the output is not kept', async () => {
    const t = await w.tenant();
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { config: DEMO_CONFIG },
    });
    const ok = await clientRun(t, 0);
    const open = await clientRun(t);
    const s = await signedIn(t.user);
    const stopped = await s.get(`/ui/workspaces/${t.workspace.id}/runs/?status=stopped`);
    expect(stopped.text).toContain(`data-run="${ok}"`);
    expect(stopped.text).not.toContain(`data-run="${open}"`);
    const all = await s.get(`/ui/workspaces/${t.workspace.id}/runs/`);
    // Newest first.
    expect(all.text.indexOf(`data-run="${open}"`)).toBeLessThan(all.text.indexOf(`data-run="${ok}"`));
    const detail = await s.get(`/ui/runs/${ok}/`);
    expect(detail.text).toContain('id="output-not-kept"');
    expect(detail.text).not.toContain('id="output"');
  });
});
