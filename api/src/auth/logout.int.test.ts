import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../core/db/schema/index.ts';
import { TEST_JWT_KEY } from '../test/app.ts';
import { LoginTokens } from './login.ts';
import { describeOnEachDatabase } from '../test/world.ts';

/**
 * `POST /api/logout/`: the login token sent is refused from then on (401 `token_revoked`), though
 * it has not expired; the user's other tokens still work; an API key is not ended this way.
 */
describeOnEachDatabase('signing a login token out', (w, { database }) => {
  const logout = (token?: string) => w.call('POST', '/api/logout/', token === undefined ? {} : { token });
  const me = (token: string) => w.call('GET', '/api/v1/users/me/', { token });

  it('refuses the token from then on, leaves the other tokens working, and records it once', async () => {
    const user = await w.user();
    expect((await me(user.token)).status).toBe(200);

    expect((await logout(user.token)).status).toBe(204);
    const refused = await me(user.token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('token_revoked');
    // Again: nothing left to end, still 204, no second entry.
    expect((await logout(user.token)).status).toBe(204);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'session.logout'), eq(auditLog.actorUserId, user.id)));
    expect(entries.map((e) => e.details)).toEqual([{ kind: 'login_token' }]);
  });

  it('does not end another login token of the same user', async () => {
    const user = await w.user();
    const another = (await w.env.loginTokens.issue(user.id)).token;
    expect((await logout(user.token)).status).toBe(204);
    expect((await me(another)).status).toBe(200);
  });

  it('answers 204 for no token, an invalid one, and an expired one; 400 not_a_login_token for an API key', async () => {
    expect((await logout()).status).toBe(204);
    expect((await logout('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl')).status).toBe(204);
    const user = await w.user({ superuser: true });
    const expired = await new LoginTokens(TEST_JWT_KEY, 60).issue(user.id, new Date(Date.now() - 3_600_000));
    expect((await logout(expired.token)).status).toBe(204);
    const key = await w.call('POST', '/api/v1/users/me/api-keys/', {
      token: user.token,
      body: { name: 'k', expires_at: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const refused = await logout(key.body.token);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('not_a_login_token');
    // The key still works.
    expect((await me(key.body.token)).status).toBe(200);
    const count = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'session.logout'), eq(auditLog.actorUserId, user.id)));
    expect(count[0]!.n).toBe(0);
  });
});
