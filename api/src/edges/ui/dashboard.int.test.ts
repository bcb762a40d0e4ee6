import { expect, it } from 'vitest';
import { CookieJar } from '../../test/oidc-provider.ts';
import { describeOnEachDatabase, PASSWORD } from '../../test/world.ts';
import type { Actor } from '../../test/world.ts';
import { submitSignIn, UI_SUITE } from '../../test/ui-client.ts';

const ORIGIN = 'http://plinth.test';

/** The dashboard and the navigation, as each role sees them. */
describeOnEachDatabase('the web UI dashboard', UI_SUITE, (w) => {
  async function pageAs(actor: Actor, path: string) {
    const jar = new CookieJar();
    const login = await submitSignIn(() =>
      w.env.app.request('/ui/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams({ username: actor.username, password: PASSWORD }).toString(),
      }),
    );
    expect(login.status).toBe(303);
    jar.take(login.headers);
    const res = await w.env.app.request(path, { headers: { cookie: jar.header() } });
    return { status: res.status, text: await res.text() };
  }

  it.each(['viewer', 'user', 'orgAdmin'] as const)(
    'shows a %s their workspaces and organizations, not another tenant’s, and no Administration',
    async (role) => {
      const t = await w.tenant();
      const other = await w.tenant();
      const { status, text } = await pageAs(t[role], '/ui/');
      expect(status).toBe(200);
      expect(text).toContain(`href="/ui/workspaces/${t.workspace.id}/"`);
      expect(text).not.toContain(other.workspace.id);
      expect(text).not.toContain(other.org.id);
      // Only the Org Admin is a member of the organization itself; the others are workspace members.
      if (role === 'orgAdmin')
        expect(text).toMatch(new RegExp(`data-slug="${t.org.slug}"[^]*?data-role="admin"`));
      else expect(text).toContain('id="no-memberships"');
      expect(text).not.toContain('href="/ui/administration/"');
      expect(text).toContain('aria-current="page"');
    },
  );

  it('gives a Super Admin the Administration link and every workspace', async () => {
    const t = await w.tenant();
    const admin = await w.user({ superuser: true });
    const { status, text } = await pageAs(admin, '/ui/');
    expect(status).toBe(200);
    expect(text).toContain('href="/ui/administration/"');
    expect(text).toContain('id="superuser"');
    expect(text).toContain(t.workspace.name);
  });

  it('serves the hashed assets to anyone, cached for a year, and every page under the strict CSP', async () => {
    const t = await w.tenant();
    const { text } = await pageAs(t.user, '/ui/');
    const css = /href="(\/ui\/assets\/ui-[0-9a-f]{12}\.css)"/.exec(text)?.[1];
    const js = /src="(\/ui\/assets\/ui-[0-9a-f]{12}\.js)"/.exec(text)?.[1];
    for (const [path, type] of [
      [css, 'text/css'],
      [js, 'text/javascript'],
    ] as const) {
      const res = await w.env.app.request(path!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const page = await w.env.app.request('/ui/login/');
    expect(page.headers.get('content-security-policy')).toMatch(
      /default-src 'none'; script-src 'self'; style-src 'self'/,
    );
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });
});
