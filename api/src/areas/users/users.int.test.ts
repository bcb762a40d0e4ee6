import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { failAuditFor } from '../../test/failing-audit.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { users } from '../../core/db/schema/index.ts';

describeOnEachDatabase('users', (w) => {
  it('creates no user when its audit entry cannot be written', async () => {
    const admin = await w.user({ superuser: true });
    const username = w.unique('unrecorded');
    const undo = await failAuditFor(w.db, 'user.created');
    try {
      const res = await w.call('POST', '/api/v1/users/', {
        token: admin.token,
        body: { username, password: 'a-long-enough-password' },
      });
      expect(res.status).toBe(500);
    } finally {
      await undo();
    }
    // Nobody can sign in as it: it does not exist.
    expect(await w.db.select().from(users).where(eq(users.username, username))).toEqual([]);
  });

  it('changes no user when its audit entry cannot be written', async () => {
    const admin = await w.user({ superuser: true });
    const target = await w.user();
    const before = await w.expectStatus(200, 'GET', `/api/v1/users/${target.id}/`, { token: admin.token });
    const undo = await failAuditFor(w.db, 'user.updated');
    try {
      const res = await w.call('PATCH', `/api/v1/users/${target.id}/`, {
        token: admin.token,
        body: { full_name: 'Never Recorded' },
      });
      expect(res.status).toBe(500);
    } finally {
      await undo();
    }
    const after = await w.expectStatus(200, 'GET', `/api/v1/users/${target.id}/`, { token: admin.token });
    expect(after).toEqual(before);
  });
});
