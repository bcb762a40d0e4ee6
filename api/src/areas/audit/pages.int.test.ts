import { expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';

/**
 * The audit log, readable (issue 33 item 4): times on one line, names instead of IDs where the
 * reader may see them, events in words, details whole, and routine key use hidden by default.
 */

/** The rows of a page of the log: each entry's ID and event, and its markup. */
const rows = (page: string) =>
  [...page.matchAll(/<tr data-entry="(\d+)" data-event="([^"]+)">([^]*?)<\/tr>/g)].map((m) => ({
    id: Number(m[1]),
    event: m[2]!,
    html: m[3]!,
  }));

type Tenant = Awaited<ReturnType<World['tenant']>>;

describeOnEachDatabase('the audit log pages, readable', UI_SUITE, (w) => {
  const { signedIn } = uiClient(() => w);

  /** An organization key made and used by the tenant's Org Admin, and the workspace renamed. */
  async function activity(t: Tenant) {
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
      token: t.orgAdmin.token,
      body: { name: 'deploy' },
    });
    await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: { name: `${t.workspace.name}-renamed` },
    });
    await w.expectStatus(200, 'GET', '/api/v1/workspaces/', { token: key.token });
    // Key use is written from a buffer: wait until it is there.
    await eventually('the key use recorded', async () => {
      const page = await w.expectStatus(
        200,
        'GET',
        `/api/v1/audit-log/?organization=${t.org.id}&event=api_key.used`,
        { token: t.orgAdmin.token },
      );
      return page.count > 0 || undefined;
    });
    return key as { id: string };
  }

  it('shows an Org Admin one-line times, events in words, and names for actors and workspaces, with the IDs on hover', async () => {
    const t = await w.tenant();
    await activity(t);
    const { get } = await signedIn(t.orgAdmin);
    const tab = await get(`/ui/organizations/${t.org.id}/audit/`);
    expect(tab.status).toBe(200);
    const created = rows(tab.text).find((r) => r.event === 'api_key.created')!;
    // One line: date and time to the second, the full time in datetime and title.
    expect(created.html).toMatch(
      /<time class="nowrap" datetime="(\d{4}-\d\d-\d\dT[\d:.]+Z)" title="\1">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/time>/,
    );
    expect(created.html).not.toContain('<br');
    // The event in words, its name beside it.
    expect(created.html).toContain('API key created');
    expect(created.html).toContain('<code class="event-name">api_key.created</code>');
    // The actor by username (a member of the Org Admin's organization), the ID on hover.
    expect(created.html).toMatch(
      new RegExp(`title="[^"]*${t.orgAdmin.id}[^"]*"\\s*>${t.orgAdmin.username}<`),
    );
    // The workspace by its name, linked, with its ID on hover.
    const renamed = rows(tab.text).find((r) => r.event === 'workspace.updated')!;
    expect(renamed.html).toContain(
      `<a href="/ui/workspaces/${t.workspace.id}/" title="${t.workspace.id}">${t.workspace.name}-renamed</a>`,
    );
    expect(tab.text).not.toContain(`workspace=${t.workspace.id}`);
    // The request ID whole, as text to find and copy, under the details: no column of its own.
    expect(created.html).toMatch(/class="audit-origin"[^]*request <code class="audit-id">[\w-]{36}<\/code>/);
    expect(tab.text).not.toContain('Request ID</th>');
  });

  it('hides key use by default, shows it when asked, and counts as the API does', async () => {
    const t = await w.tenant();
    await activity(t);
    const { get } = await signedIn(t.orgAdmin);
    const base = `/ui/organizations/${t.org.id}/audit/`;
    const api = async (query: string) =>
      (
        (
          await w.expectStatus(
            200,
            'GET',
            `/api/v1/audit-log/?page_size=500&organization=${t.org.id}${query}`,
            {
              token: t.orgAdmin.token,
            },
          )
        ).results as { id: number }[]
      ).map((e) => e.id);

    const hidden = await get(base);
    expect(hidden.text).toMatch(/id="hide_key_use"[^>]*checked/);
    expect(rows(hidden.text).map((r) => r.event)).not.toContain('api_key.used');
    expect(rows(hidden.text).map((r) => r.id)).toEqual(
      await api('&exclude_event=api_key.used,service_account.used'),
    );
    // The form unchecked: only its hidden 0 is sent.
    const shown = await get(`${base}?hide_key_use=0`);
    expect(shown.text).not.toMatch(/id="hide_key_use"[^>]*checked/);
    expect(rows(shown.text).map((r) => r.event)).toContain('api_key.used');
    expect(rows(shown.text).map((r) => r.id)).toEqual(await api(''));
    expect(shown.text).toContain('API key used');
    // Checked: both values are sent.
    const again = await get(`${base}?hide_key_use=0&hide_key_use=1`);
    expect(rows(again.text).map((r) => r.id)).toEqual(rows(hidden.text).map((r) => r.id));
    // Asking for key use by its event shows it, box or not.
    const asked = await get(`${base}?event=api_key.used`);
    expect(rows(asked.text).length).toBeGreaterThan(0);
    expect(rows(asked.text).every((r) => r.event === 'api_key.used')).toBe(true);
    // The export link keeps "shown".
    expect(shown.text).toMatch(/id="export" class="button" href="[^"]*hide_key_use=0"/);
  });

  it('validates exclude_event on the API, and leaves out exactly the events named', async () => {
    const t = await w.tenant();
    await activity(t);
    const bad = await w.call('GET', '/api/v1/audit-log/?exclude_event=api_key.used,bogus', {
      token: t.orgAdmin.token,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Not one of AuditEvent: bogus');
    const page = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?organization=${t.org.id}&exclude_event=api_key.used,workspace.updated`,
      { token: t.orgAdmin.token },
    );
    const events = (page.results as { event: string }[]).map((e) => e.event);
    expect(events).toContain('api_key.created');
    expect(events).not.toContain('api_key.used');
    expect(events).not.toContain('workspace.updated');
    expect(page.count).toBe(events.length);
    const exported = await w.call(
      'GET',
      `/api/v1/audit-log/export/?organization=${t.org.id}&exclude_event=api_key.used`,
      { token: t.orgAdmin.token },
    );
    expect(exported.text).not.toContain('"api_key.used"');
    expect(exported.text).toContain('"api_key.created"');
  });

  it('names nothing of another tenant: an Org Admin sees neither its entries nor its names', async () => {
    const a = await w.tenant();
    const b = await w.tenant();
    await activity(a);
    await activity(b);
    const { get } = await signedIn(a.orgAdmin);
    const tab = await get(`/ui/organizations/${a.org.id}/audit/?hide_key_use=0`);
    expect(rows(tab.text).length).toBeGreaterThan(0);
    for (const secret of [b.org.id, b.workspace.id, b.workspace.name, b.orgAdmin.username, b.orgAdmin.id])
      expect(tab.text).not.toContain(secret);
    expect((await get(`/ui/organizations/${b.org.id}/audit/`)).status).toBe(404);
  });

  it('shows a Super Admin the whole log with usernames and organization names', async () => {
    const t = await w.tenant();
    await activity(t);
    const admin = await w.user({ superuser: true });
    const { get } = await signedIn(admin);
    const log = await get(`/ui/administration/audit-log/?actor=${t.orgAdmin.id}`);
    expect(log.status).toBe(200);
    const created = rows(log.text).find((r) => r.event === 'api_key.created')!;
    expect(created.html).toContain(`>${t.orgAdmin.username}<`);
    expect(created.html).toContain(`<a href="/ui/organizations/${t.org.id}/" title="${t.org.id}"`);
    expect(created.html).toContain('API key created');
  });
});
