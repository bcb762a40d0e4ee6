import { expect } from 'vitest';
import { eventually } from './eventually.ts';
import { CookieJar } from './oidc-provider.ts';
import { PASSWORD } from './world.ts';
import type { Actor, World } from './world.ts';

/**
 * Sends a sign-in (`send`) until it is not a 503 `password_hashing_busy`, for 30 s at most: the
 * per-process budget for sign-ins from unknown addresses (docs/authentication.md), which suites
 * signing many users in at once exceed. A 503 never counts towards throttling, so this is the
 * same attempt again, as a person would press the button again.
 */
export function submitSignIn(send: () => Response | Promise<Response>): Promise<Response> {
  return eventually('a sign-in answered with other than 503', async () => {
    const res = await send();
    if (res.status !== 503) return res;
    await res.body?.cancel();
    return undefined;
  });
}

/** The origin the web UI's in-process tests present (the world's `publicUrl`). */
export const UI_ORIGIN = 'http://plinth.test';

/** `describeOnEachDatabase`'s options for a suite of the web UI: a world that serves it at `UI_ORIGIN`. */
export const UI_SUITE = { world: { publicUrl: UI_ORIGIN } };

/**
 * A browser for the web UI's in-process tests: requests with a cookie jar (a form is a POST from
 * `origin`, as a browser sends it) and a signed-in user with the session's CSRF token. `world` is
 * a getter because suites make their world in `beforeAll`.
 */
export function uiClient(world: () => World, origin = UI_ORIGIN) {
  const request = (
    path: string,
    jar: CookieJar,
    init: { method?: string; form?: Record<string, string>; origin?: string } = {},
  ) =>
    world().env.app.request(path, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers: {
        cookie: jar.header(),
        'X-Forwarded-For': '203.0.113.9',
        ...(init.form && {
          'content-type': 'application/x-www-form-urlencoded',
          origin: init.origin ?? origin,
        }),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });

  /**
   * Signs `actor` in through the local form; the CSRF token is read from the dashboard (`home`), as
   * a form has it. `get` and `post` (a form with that token) answer a page's status, text and redirect.
   */
  async function signedIn(actor: Actor) {
    const jar = new CookieJar();
    const res = await submitSignIn(() =>
      request('/ui/login/', jar, { form: { username: actor.username, password: PASSWORD } }),
    );
    expect(res.status).toBe(303);
    jar.take(res.headers);
    const page = await (await request('/ui/', jar)).text();
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(csrf).not.toBe('');
    const answer = async (res: Response) => ({
      status: res.status,
      text: await res.text(),
      location: res.headers.get('location'),
    });
    const get = async (path: string) => answer(await request(path, jar));
    const post = async (path: string, form: Record<string, string> = {}) =>
      answer(await request(path, jar, { form: { csrf_token: csrf, ...form } }));
    return { jar, csrf, home: page, get, post };
  }

  return { request, signedIn };
}
