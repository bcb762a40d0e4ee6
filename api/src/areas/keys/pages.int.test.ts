import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema/index.ts';
import { CookieJar } from '../../test/oidc-provider.ts';
import { UI_SUITE, uiClient } from '../../test/ui-client.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

const ORIGIN = 'http://plinth.test';

describeOnEachDatabase('the API keys page of the web UI', UI_SUITE, (w) => {
  const { request, signedIn } = uiClient(() => w, ORIGIN);

  it('sends a signed-out browser to sign in and back', async () => {
    const res = await request('/ui/accounts/api-keys/', new CookieJar());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ui/login/?next=%2Fui%2Faccounts%2Fapi-keys%2F');
  });

  it('creates a key shown once that works on the API, lists it, and revokes it after a confirmation', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const created = await request('/ui/accounts/api-keys/', jar, {
      form: { csrf_token: csrf, name: 'laptop', expires_in_days: '90' },
    });
    expect(created.status).toBe(201);
    const page = await created.text();
    expect(page).toContain('shown only this once');
    const token = /id="token"[^>]*value="(plu_[A-Za-z0-9]+)"/.exec(page)?.[1];
    expect(token, page).toBeTruthy();
    const me = await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token });
    expect(me.username).toBe(t.user.username);

    const list = await (await request('/ui/accounts/api-keys/', jar)).text();
    const id = /data-key="([0-9a-f-]{36})"/.exec(list)?.[1];
    expect(list).toContain('laptop');
    const in90 = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(list).toContain(in90);
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.apiKeyId, id!));
    expect(entry).toMatchObject({ event: 'api_key.created', actorUserId: t.user.id });

    const confirm = await request(`/ui/accounts/api-keys/${id}/revoke/`, jar);
    expect(await confirm.text()).toMatch(/Revoke\s+laptop\?/);
    const revoked = await request(`/ui/accounts/api-keys/${id}/revoke/`, jar, { form: { csrf_token: csrf } });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get('location')).toBe('/ui/accounts/api-keys/?revoked=1');
    const after = await w.call('GET', '/api/v1/users/me/', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_revoked');
  });

  it('refuses a form without the CSRF token or from another site, making nothing', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const noToken = await request('/ui/accounts/api-keys/', jar, { form: { name: 'x' } });
    expect(noToken.status).toBe(403);
    const crossSite = await request('/ui/accounts/api-keys/', jar, {
      form: { csrf_token: csrf, name: 'x' },
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const keys = await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: t.user.token });
    expect(keys.count).toBe(0);
  });

  it('refuses a field PostgreSQL cannot store and an oversized form, making nothing', async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const nul = await request('/ui/accounts/api-keys/', jar, {
      form: { csrf_token: csrf, name: 'a\u0000b' },
    });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { errors: { attr: string }[] }).errors[0]!.attr).toBe('name');
    const huge = await request('/ui/accounts/api-keys/', jar, {
      form: { csrf_token: csrf, name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    const keys = await w.expectStatus(200, 'GET', '/api/v1/users/me/api-keys/', { token: t.user.token });
    expect(keys.count).toBe(0);
    // The one signed in is unaffected: the page still works.
    expect((await request('/ui/accounts/api-keys/', jar)).status).toBe(200);
  });

  it("shows the API's message next to the field and for a refused role", async () => {
    const t = await w.tenant();
    const { jar, csrf } = await signedIn(t.user);
    const empty = await request('/ui/accounts/api-keys/', jar, { form: { csrf_token: csrf, name: '  ' } });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/id="name-error"/);

    // A Viewer may not have user keys (docs/permissions.md): the page says so and offers no form;
    // a forged submission is refused with the API's own message.
    const viewer = await signedIn(t.viewer);
    const listed = await request('/ui/accounts/api-keys/', viewer.jar);
    expect(listed.status).toBe(200);
    const listedPage = await listed.text();
    expect(listedPage).toContain('Viewers cannot have API keys');
    expect(listedPage).not.toContain('Create key');
    const refused = await request('/ui/accounts/api-keys/', viewer.jar, {
      form: { csrf_token: viewer.csrf, name: 'v' },
    });
    expect(refused.status).toBe(403);
    const api = await w.call('POST', '/api/v1/users/me/api-keys/', {
      token: t.viewer.token,
      body: { name: 'v' },
    });
    expect(api.status).toBe(403);
    expect(await refused.text()).toContain(api.body.detail);
  });

  it("cannot revoke another user's key", async () => {
    const a = await w.tenant();
    const other = await w.expectStatus(201, 'POST', '/api/v1/users/me/api-keys/', {
      token: a.orgAdmin.token,
      body: { name: 'theirs' },
    });
    const { jar, csrf } = await signedIn(a.user);
    expect((await request(`/ui/accounts/api-keys/${other.id}/revoke/`, jar)).status).toBe(404);
    const res = await request(`/ui/accounts/api-keys/${other.id}/revoke/`, jar, {
      form: { csrf_token: csrf },
    });
    expect(res.status).toBe(404);
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: other.token });
  });
});
