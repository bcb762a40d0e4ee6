import { beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../test/world.ts';
import type { Actor, World } from '../test/world.ts';

type RoleName = 'super_admin' | 'org_admin' | 'workspace_admin' | 'user' | 'viewer';
const ROLE_NAMES: RoleName[] = ['super_admin', 'org_admin', 'workspace_admin', 'user', 'viewer'];

/**
 * Every implemented action of the matrix, attempted over HTTP by each role inside one tenant
 * (Workspace Admin, User and Viewer are members of the tenant's workspace). Each attempt gets fresh
 * objects so cells do not depend on each other. Expected: 2xx where the matrix says yes, 403 where
 * it says no.
 */
interface Cell {
  action: string;
  allowed: RoleName[];
  attempt: (w: World, t: Tenant, actor: Actor) => Promise<{ status: number; body: unknown }>;
}
type Tenant = Awaited<ReturnType<World['tenant']>>;

const CELLS: Cell[] = [
  {
    action: 'create organizations',
    allowed: ['super_admin'],
    attempt: (w, _t, a) =>
      w.call('POST', '/api/v1/organizations/', { token: a.token, body: { slug: w.unique('o'), name: 'x' } }),
  },
  {
    action: 'delete organizations',
    allowed: ['super_admin'],
    attempt: async (w, t, a) => {
      // An empty organization the actor belongs to with the same roles as in the tenant.
      const o = await w.org();
      const { organizationMembers } = await import('../core/db/schema/index.ts');
      await w.db
        .insert(organizationMembers)
        .values({ organizationId: o.id, userId: t.orgAdmin.id, role: 'admin' });
      for (const m of [t.workspaceAdmin, t.user, t.viewer]) {
        await w.db
          .insert(organizationMembers)
          .values({ organizationId: o.id, userId: m.id, role: 'viewer' })
          .onConflictDoNothing();
      }
      return w.call('DELETE', `/api/v1/organizations/${o.id}/`, { token: a.token });
    },
  },
  {
    action: 'update the organization',
    allowed: ['super_admin', 'org_admin'],
    attempt: (w, t, a) =>
      w.call('PATCH', `/api/v1/organizations/${t.org.id}/`, { token: a.token, body: { name: 'Renamed' } }),
  },
  {
    action: 'manage organization members',
    allowed: ['super_admin', 'org_admin'],
    attempt: async (w, t, a) => {
      const u = await w.user();
      return w.call('POST', `/api/v1/organizations/${t.org.id}/members/`, {
        token: a.token,
        body: { username: u.username, role: 'viewer' },
      });
    },
  },
  {
    action: 'create workspaces',
    allowed: ['super_admin', 'org_admin'],
    attempt: (w, t, a) =>
      w.call('POST', '/api/v1/workspaces/', {
        token: a.token,
        body: { organization: t.org.id, name: w.unique('ws') },
      }),
  },
  {
    action: 'run action runs',
    allowed: ['super_admin', 'org_admin', 'workspace_admin', 'user'],
    attempt: async (w, t, a) => {
      await w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
        token: t.orgAdmin.token,
        body: {
          config: { blocks: [{ name: 'app', image: 'x', actions: [{ name: 'go', script: 'true' }] }] },
        },
      });
      return w.call('POST', '/api/v1/action-runs/', {
        token: a.token,
        body: { workspace: t.workspace.id, block: 'app', action: 'go', run_by: 'client' },
      });
    },
  },
  {
    action: 'configure workspaces',
    allowed: ['super_admin', 'org_admin', 'workspace_admin'],
    attempt: (w, t, a) =>
      w.call('PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
        token: a.token,
        body: { config: { events: { handler: 'webhook', endpoint: 'https://hooks.example.com/plinth' } } },
      }),
  },
  {
    action: 'manage workspace members',
    allowed: ['super_admin', 'org_admin', 'workspace_admin'],
    attempt: async (w, t, a) => {
      const u = await w.user();
      return w.call('POST', `/api/v1/workspaces/${t.workspace.id}/members/`, {
        token: a.token,
        body: { username: u.username, role: 'user' },
      });
    },
  },
  {
    action: 'delete workspaces',
    allowed: ['super_admin', 'org_admin'],
    attempt: async (w, t, a) => {
      const ws = await w.workspace(t.org.id);
      const { workspaceMembers } = await import('../core/db/schema/index.ts');
      for (const [m, role] of [
        [t.workspaceAdmin, 'admin'],
        [t.user, 'user'],
        [t.viewer, 'viewer'],
      ] as const) {
        await w.db.insert(workspaceMembers).values({ workspaceId: ws.id, userId: m.id, role });
      }
      return w.call('DELETE', `/api/v1/workspaces/${ws.id}/`, { token: a.token });
    },
  },
  {
    action: 'view lists and details',
    allowed: ROLE_NAMES,
    attempt: async (w, t, a) => {
      for (const path of [
        `/api/v1/workspaces/${t.workspace.id}/`,
        `/api/v1/organizations/${t.org.id}/`,
        `/api/v1/workspaces/${t.workspace.id}/members/`,
      ]) {
        const r = await w.call('GET', path, { token: a.token });
        if (r.status !== 200) return r;
      }
      return w.call('GET', '/api/v1/workspaces/', { token: a.token });
    },
  },
  {
    action: 'create own user API keys',
    allowed: ['super_admin', 'org_admin', 'workspace_admin', 'user'],
    attempt: (w, _t, a) =>
      w.call('POST', '/api/v1/users/me/api-keys/', { token: a.token, body: { name: 'k' } }),
  },
  {
    action: 'organization API keys',
    allowed: ['super_admin', 'org_admin'],
    attempt: (w, t, a) =>
      w.call('POST', `/api/v1/organizations/${t.org.id}/api-keys/`, { token: a.token, body: { name: 'k' } }),
  },
  {
    action: 'system API keys',
    allowed: ['super_admin'],
    attempt: (w, _t, a) =>
      w.call('POST', '/api/v1/system-api-keys/', { token: a.token, body: { name: 'k' } }),
  },
  {
    action: 'view the audit log',
    allowed: ['super_admin', 'org_admin'],
    attempt: (w, _t, a) => w.call('GET', '/api/v1/audit-log/', { token: a.token }),
  },
  {
    action: 'manage users',
    allowed: ['super_admin'],
    attempt: (w, _t, a) =>
      w.call('POST', '/api/v1/users/', { token: a.token, body: { username: w.unique('u') } }),
  },
];

describeOnEachDatabase('permission matrix over HTTP', (w) => {
  let superAdmin: Actor;

  beforeAll(async () => {
    superAdmin = await w.user({ superuser: true });
  });

  const cases = CELLS.flatMap((cell) => ROLE_NAMES.map((role) => [cell.action, role, cell] as const));
  it.each(cases)('%s as %s', async (_action, role, cell) => {
    const t = await w.tenant();
    const actor =
      role === 'super_admin'
        ? superAdmin
        : { org_admin: t.orgAdmin, workspace_admin: t.workspaceAdmin, user: t.user, viewer: t.viewer }[role];
    const res = await cell.attempt(w, t, actor);
    const detail = `${cell.action} as ${role} -> ${res.status} ${JSON.stringify(res.body)}`;
    if (cell.allowed.includes(role)) expect(res.status, detail).toBeGreaterThanOrEqual(200);
    if (cell.allowed.includes(role)) expect(res.status, detail).toBeLessThan(300);
    else expect(res.status, detail).toBe(403);
  });

  it('audit log: Org Admins see only their organizations', async () => {
    const a = await w.tenant();
    const b = await w.tenant();
    await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
      token: a.orgAdmin.token,
      body: { name: 'in-a' },
    });
    await w.expectStatus(201, 'POST', `/api/v1/organizations/${b.org.id}/api-keys/`, {
      token: b.orgAdmin.token,
      body: { name: 'in-b' },
    });
    const seen = await w.expectStatus(200, 'GET', '/api/v1/audit-log/?page_size=500', {
      token: a.orgAdmin.token,
    });
    const orgs = new Set((seen.results as { organization: string }[]).map((e) => e.organization));
    expect([...orgs]).toEqual([a.org.id]);
    await w.expectStatus(404, 'GET', `/api/v1/audit-log/?organization=${b.org.id}`, {
      token: a.orgAdmin.token,
    });
    const all = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?organization=${b.org.id}&event=api_key.created`,
      { token: superAdmin.token },
    );
    expect(all.results.map((e: { details: { name: string } }) => e.details.name)).toEqual(['in-b']);
    const exported = await w.call('GET', `/api/v1/audit-log/export/?organization=${a.org.id}`, {
      token: a.orgAdmin.token,
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { organization: string; event: string });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.organization === a.org.id)).toBe(true);
  });
});
