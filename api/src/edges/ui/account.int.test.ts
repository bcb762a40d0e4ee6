import { expect, it } from 'vitest';
import { CookieJar } from '../../test/oidc-provider.ts';
import { describeOnEachDatabase, PASSWORD } from '../../test/world.ts';
import type { Actor } from '../../test/world.ts';
import { submitSignIn, UI_SUITE } from '../../test/ui-client.ts';
import { browserOf } from './account.ts';

const ORIGIN = 'http://plinth.test';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** The account menu and its pages: the profile and the user's own web sessions. */
describeOnEachDatabase('the web UI account menu', UI_SUITE, (w) => {
  async function signIn(actor: Actor, userAgent = 'test') {
    const jar = new CookieJar();
    // Sign-ins from unknown addresses share a hashing budget: try again on 503, as a person would.
    const login = await submitSignIn(() =>
      w.env.app.request('/ui/login/', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
          'user-agent': userAgent,
        },
        body: new URLSearchParams({ username: actor.username, password: PASSWORD }).toString(),
      }),
    );
    expect(login.status).toBe(303);
    jar.take(login.headers);
    return jar;
  }
  const get = async (jar: CookieJar, path: string) => {
    const res = await w.env.app.request(path, { headers: { cookie: jar.header() } });
    return { status: res.status, text: await res.text() };
  };

  it('opens from the username in every page’s header, with keys, sessions, profile and sign-out', async () => {
    const t = await w.tenant();
    const { text } = await get(await signIn(t.viewer), '/ui/');
    const menu = /<details class="account">[^]*?<\/details>/.exec(text)?.[0] ?? '';
    expect(menu).toContain(t.viewer.username);
    for (const href of ['/ui/account/', '/ui/accounts/api-keys/', '/ui/account/sessions/', '/auth/logout/'])
      expect(menu).toContain(href);
    // "Sign out everywhere" moved from the dashboard to the sessions page.
    expect(text).not.toContain('/ui/account/sessions/revoke-all/');
  });

  it('has your API keys in the account menu only, marked current there once', async () => {
    const t = await w.tenant();
    const { text } = await get(await signIn(t.user), '/ui/accounts/api-keys/');
    const nav = /<nav aria-label="Main">[^]*?<\/nav>/.exec(text)?.[0] ?? '';
    expect(nav).toContain('/ui/buckets/');
    expect(nav).not.toContain('/ui/accounts/api-keys/');
    expect(text.match(/aria-current="page"/g)).toHaveLength(1);
    expect(text).toMatch(/href="\/ui\/accounts\/api-keys\/"\s+aria-current="page"/);
  });

  it('shows your profile: username and your roles, and no one else’s', async () => {
    const t = await w.tenant();
    const other = await w.tenant();
    const { status, text } = await get(await signIn(t.orgAdmin), '/ui/account/');
    expect(status).toBe(200);
    expect(text).toContain(t.orgAdmin.username);
    expect(text).toMatch(/id="roles">[^]*Org Admin of /);
    expect(text).not.toContain(other.org.id);
    expect(text).toMatch(/href="\/ui\/account\/"\s+aria-current="page"/);
  });

  it('lists your live sessions, marks this one, and signs out everywhere from there', async () => {
    const t = await w.tenant();
    const first = await signIn(t.user, FIREFOX);
    const second = await signIn(t.user);
    await signIn(t.viewer); // another user's: not listed
    const { status, text } = await get(second, '/ui/account/sessions/');
    expect(status).toBe(200);
    expect(text.match(/data-session="/g)).toHaveLength(2);
    expect(text.match(/data-current/g)).toHaveLength(1);
    expect(text).toContain('Firefox on Linux');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(text)![1]!;
    const out = await w.env.app.request('/ui/account/sessions/revoke-all/', {
      method: 'POST',
      headers: {
        cookie: second.header(),
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ csrf_token: csrf }).toString(),
    });
    expect(out.status).toBe(303);
    expect((await get(first, '/ui/account/sessions/')).status).toBe(303);
  });

  it('needs a session', async () => {
    const res = await w.env.app.request('/ui/account/sessions/');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/ui/login/');
  });
});

it('names browsers as people tell them apart', () => {
  expect(browserOf(FIREFOX)).toBe('Firefox on Linux');
  expect(
    browserOf(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari on iOS');
  expect(browserOf(null)).toBe('Unknown browser');
});
