import { failAuditFor } from '../../test/failing-audit.ts';
import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';

describeOnEachDatabase('members', (w) => {
  describe.each(['organization', 'workspace'] as const)('of a %s', (parent) => {
    /** A parent with an admin to act and a user to add, plus the members' URL and a way to read them. */
    async function setUp() {
      const t = await w.tenant();
      const id = parent === 'organization' ? t.org.id : t.workspace.id;
      const admin = parent === 'organization' ? t.orgAdmin : t.workspaceAdmin;
      const newcomer = await w.user();
      const base = `/api/v1/${parent}s/${id}/members/`;
      const roleOf = async (userId: string) => {
        const page = await w.expectStatus(200, 'GET', base, { token: admin.token });
        return page.results.find((m: { user: string }) => m.user === userId)?.role as string | undefined;
      };
      return { admin, newcomer, base, roleOf };
    }

    async function refused(event: AuditEventType, request: () => Promise<{ status: number }>) {
      const restore = await failAuditFor(w.db, event);
      try {
        expect((await request()).status).toBe(500);
      } finally {
        await restore();
      }
    }

    it('adds no member whose audit entry cannot be written', async () => {
      const { admin, newcomer, base, roleOf } = await setUp();
      await refused(`${parent}.member.added`, () =>
        w.call('POST', base, { token: admin.token, body: { username: newcomer.username, role: 'user' } }),
      );
      expect(await roleOf(newcomer.id)).toBeUndefined();
    });

    it("changes no member's role whose audit entry cannot be written", async () => {
      const { admin, newcomer, base, roleOf } = await setUp();
      await w.expectStatus(201, 'POST', base, {
        token: admin.token,
        body: { username: newcomer.username, role: 'viewer' },
      });
      await refused(`${parent}.member.changed`, () =>
        w.call('PATCH', `${base}${newcomer.id}/`, { token: admin.token, body: { role: 'admin' } }),
      );
      expect(await roleOf(newcomer.id)).toBe('viewer');
    });

    it('removes no member whose audit entry cannot be written', async () => {
      const { admin, newcomer, base, roleOf } = await setUp();
      await w.expectStatus(201, 'POST', base, {
        token: admin.token,
        body: { username: newcomer.username, role: 'user' },
      });
      await refused(`${parent}.member.removed`, () =>
        w.call('DELETE', `${base}${newcomer.id}/`, { token: admin.token }),
      );
      expect(await roleOf(newcomer.id)).toBe('user');
    });
  });
});
