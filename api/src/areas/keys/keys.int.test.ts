import { expect, it } from 'vitest';
import { failAuditFor } from '../../test/failing-audit.ts';
import { describeOnEachDatabase } from '../../test/world.ts';

const KEYS = '/api/v1/users/me/api-keys/';

describeOnEachDatabase('API keys', (w) => {
  it('creates no key when its audit entry cannot be written', async () => {
    const me = await w.user({ superuser: true });
    const undo = await failAuditFor(w.db, 'api_key.created');
    try {
      const res = await w.call('POST', KEYS, { token: me.token, body: { name: 'unrecorded' } });
      expect(res.status).toBe(500);
    } finally {
      await undo();
    }
    const list = await w.expectStatus(200, 'GET', KEYS, { token: me.token });
    expect(list.results).toEqual([]);
  });

  it('revokes no key when its audit entry cannot be written', async () => {
    const me = await w.user({ superuser: true });
    const key = await w.expectStatus(201, 'POST', KEYS, { token: me.token, body: { name: 'kept' } });
    const undo = await failAuditFor(w.db, 'api_key.revoked');
    try {
      const res = await w.call('DELETE', `${KEYS}${key.id}/`, { token: me.token });
      expect(res.status).toBe(500);
    } finally {
      await undo();
    }
    // The key still works, and is still listed.
    await w.expectStatus(200, 'GET', '/api/v1/users/me/', { token: key.token });
    const list = await w.expectStatus(200, 'GET', KEYS, { token: me.token });
    expect(list.results.map((k: { id: string }) => k.id)).toEqual([key.id]);
  });
});
