import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../core/logger.ts';
import { apiKeys, organizationMembers } from '../core/db/schema/index.ts';
import { startTestIdp } from '../test/oidc-provider.ts';
import type { TestIdp } from '../test/oidc-provider.ts';
import { describeOnEachDatabase, PASSWORD } from '../test/world.ts';
import type { Actor, World } from '../test/world.ts';
import { OidcProviders } from './sso/providers.ts';
import { eventually } from '../test/eventually.ts';

/**
 * Every way from an API key to a credential that outlives it (docs/authentication.md, "Which
 * operations need a person signed in"): a password, a Super Admin, a reactivated account, a linked
 * identity, a new member, a raised role, a new key. Each is tried with an unscoped system key, an
 * unscoped Super Admin's user key and an admin organization key, over REST and as an MCP tool:
 * refused, and nothing changed. The same requests with a login token do what they say. Soft
 * assertions, so a failure names every way that is open, not only the first.
 */

const PUBLIC_URL = 'http://plinth.test';
const NEW_PASSWORD = 'a-password-the-key-chose';
const KEYS = ['system key', 'Super Admin user key', 'admin organization key'] as const;
type KeyKind = (typeof KEYS)[number];

/** One way to a durable credential: the REST request, the same as an MCP tool, and whether it happened. */
interface Escalation {
  what: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** Not every operation is a tool (keys are never created through MCP). */
  tool?: { name: string; args: Record<string, unknown> };
  /** The tool stays a key's for other changes (renaming an organization): the call is refused. */
  keysHaveTool?: true;
  happened: () => Promise<boolean>;
}

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp([
    {
      client_id: 'plinth',
      client_secret: 'plinth-secret-0123456789',
      redirect_uris: [`${PUBLIC_URL}/auth/oidc/op/callback/`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ]);
});
afterAll(async () => {
  await idp?.stop();
});

/** The suite's world: the API with a single sign-on provider on the test IdP (started in beforeAll). */
const WITH_IDP = {
  world: () => ({
    providers: new OidcProviders(
      [
        {
          name: 'op',
          displayName: 'Test OP',
          issuer: idp.issuer,
          clientId: 'plinth',
          clientSecret: 'plinth-secret-0123456789',
          scopes: ['openid'],
          groupsClaim: 'groups',
          groupPrefix: 'svc',
          groupParent: '',
          superAdminFromGroups: false,
          organizations: null,
          groupSync: false,
          allowSignup: false,
          resyncIntervalSeconds: 900,
          cliClientId: 'plinth-cli',
        },
      ],
      PUBLIC_URL,
      createLogger('silent'),
    ),
    publicUrl: PUBLIC_URL,
  }),
};

describeOnEachDatabase('no API key becomes a durable credential', WITH_IDP, (w, { database }) => {
  let root: Actor;
  let t: Awaited<ReturnType<World['tenant']>>;
  const keys = {} as Record<KeyKind, string>;
  /** The person each key stands for, signed in: who may do what the key may not. */
  const person = {} as Record<KeyKind, string>;
  let addresses = 0;

  beforeAll(async () => {
    root = await w.user({ superuser: true });
    t = await w.tenant();
    const minted = (path: string, token: string, body: Record<string, unknown> = {}) =>
      w
        .expectStatus(201, 'POST', path, { token, body: { name: 'unscoped', ...body } })
        .then((k: { token: string }) => k.token);
    keys['system key'] = await minted('/api/v1/system-api-keys/', root.token);
    keys['Super Admin user key'] = await minted('/api/v1/users/me/api-keys/', root.token);
    keys['admin organization key'] = await minted(
      `/api/v1/organizations/${t.org.id}/api-keys/`,
      t.orgAdmin.token,
      { role: 'admin' },
    );
    person['system key'] = root.token;
    person['Super Admin user key'] = root.token;
    person['admin organization key'] = t.orgAdmin.token;
  });

  const user = (id: string) => w.expectStatus(200, 'GET', `/api/v1/users/${id}/`, { token: root.token });
  const exists = async (username: string) =>
    (
      (await w.expectStatus(200, 'GET', '/api/v1/users/?page_size=100', { token: root.token })).results as {
        username: string;
      }[]
    ).some((u) => u.username === username);
  const roleOf = async (where: 'organizations' | 'workspaces', id: string, member: string) =>
    (
      (
        await w.expectStatus(200, 'GET', `/api/v1/${where}/${id}/members/?page_size=100`, {
          token: root.token,
        })
      ).results as { user: string; role: string }[]
    ).find((m) => m.user === member)?.role;
  /**
   * What the holder of a password sees: whether it signs them in (each try from its own address,
   * so never a known one). A 503 `password_hashing_busy` (the budget for unknown addresses, which
   * the suites running beside this one share) is tried again, as a person would.
   */
  const signsIn = async (username: string, password: string) => {
    const ip = `203.0.113.${++addresses}`;
    const res = await eventually(
      `an answer other than 503 for ${username}`,
      async () => {
        const r = await w.call('POST', '/api/login/', { body: { username, password }, ip });
        return r.status !== 503 && r;
      },
      { intervalMs: 250 },
    );
    return res.status === 200;
  };

  /** The escalations a key of this kind could try, each on fresh targets. */
  async function escalations(key: KeyKind): Promise<Escalation[]> {
    const attacker = await w.user();
    const orgViewer = await w.user({ org: { id: t.org.id, role: 'viewer' } });
    const wsViewer = await w.user({ workspace: { id: t.workspace.id, role: 'viewer' } });
    // A role the identity provider granted: its group sync removes it when the person leaves the group.
    const fromGroups = await w.user();
    await database.db
      .insert(organizationMembers)
      .values({ organizationId: t.org.id, userId: fromGroups.id, role: 'user', source: 'idp' });
    const sourceOf = async (member: string) =>
      (
        (
          await w.expectStatus(200, 'GET', `/api/v1/organizations/${t.org.id}/members/?page_size=100`, {
            token: root.token,
          })
        ).results as { user: string; source: string }[]
      ).find((m) => m.user === member)?.source;
    const keyName = w.unique('minted');
    const keyMade = async () =>
      (await database.db.select().from(apiKeys).where(eq(apiKeys.name, keyName))).length > 0;
    const members: Escalation[] = [
      {
        what: 'add the attacker to the organization as Org Admin',
        method: 'POST',
        path: `/api/v1/organizations/${t.org.id}/members/`,
        body: { username: attacker.username, role: 'admin' },
        tool: {
          name: 'api_v1_organizations_members_create',
          args: { id: t.org.id, body: { username: attacker.username, role: 'admin' } },
        },
        happened: async () => (await roleOf('organizations', t.org.id, attacker.id)) !== undefined,
      },
      {
        what: 'add the attacker to a workspace, even as Viewer',
        method: 'POST',
        path: `/api/v1/workspaces/${t.workspace.id}/members/`,
        body: { username: attacker.username, role: 'viewer' },
        tool: {
          name: 'api_v1_workspaces_members_create',
          args: { id: t.workspace.id, body: { username: attacker.username, role: 'viewer' } },
        },
        happened: async () => (await roleOf('workspaces', t.workspace.id, attacker.id)) !== undefined,
      },
      {
        what: "raise an organization member's role",
        method: 'PATCH',
        path: `/api/v1/organizations/${t.org.id}/members/${orgViewer.id}/`,
        body: { role: 'admin' },
        tool: {
          name: 'api_v1_organizations_members_partial_update',
          args: { id: t.org.id, user_id: orgViewer.id, body: { role: 'admin' } },
        },
        happened: async () => (await roleOf('organizations', t.org.id, orgViewer.id)) !== 'viewer',
      },
      {
        what: "raise a workspace member's role",
        method: 'PATCH',
        path: `/api/v1/workspaces/${t.workspace.id}/members/${wsViewer.id}/`,
        body: { role: 'user' },
        tool: {
          name: 'api_v1_workspaces_members_partial_update',
          args: { id: t.workspace.id, user_id: wsViewer.id, body: { role: 'user' } },
        },
        happened: async () => (await roleOf('workspaces', t.workspace.id, wsViewer.id)) !== 'viewer',
      },
      {
        // Set by hand, a role is never removed by group sync: the same role would outlive the group.
        what: 'pin a role the identity provider granted, by setting it again',
        method: 'PATCH',
        path: `/api/v1/organizations/${t.org.id}/members/${fromGroups.id}/`,
        body: { role: 'user' },
        tool: {
          name: 'api_v1_organizations_members_partial_update',
          args: { id: t.org.id, user_id: fromGroups.id, body: { role: 'user' } },
        },
        happened: async () => (await sourceOf(fromGroups.id)) === 'manual',
      },
    ];
    if (key === 'admin organization key') {
      return [
        ...members,
        {
          what: 'create an organization key',
          method: 'POST',
          path: `/api/v1/organizations/${t.org.id}/api-keys/`,
          body: { name: keyName, role: 'admin' },
          happened: keyMade,
        },
      ];
    }
    const withPassword = w.unique('minted');
    const superuser = w.unique('minted');
    const victim = await w.user();
    const inactive = await w.user({ active: false });
    const linked = await w.user();
    const moved = await w.org();
    const slug = w.unique('moved');
    return [
      {
        what: 'create a user with a password',
        method: 'POST',
        path: '/api/v1/users/',
        body: { username: withPassword, password: NEW_PASSWORD },
        tool: {
          name: 'api_v1_users_create',
          args: { body: { username: withPassword, password: NEW_PASSWORD } },
        },
        happened: () => exists(withPassword),
      },
      {
        what: 'create a Super Admin',
        method: 'POST',
        path: '/api/v1/users/',
        body: { username: superuser, is_superuser: true },
        tool: { name: 'api_v1_users_create', args: { body: { username: superuser, is_superuser: true } } },
        happened: () => exists(superuser),
      },
      {
        what: "reset a user's password",
        method: 'PATCH',
        path: `/api/v1/users/${victim.id}/`,
        body: { password: NEW_PASSWORD },
        tool: {
          name: 'api_v1_users_partial_update',
          args: { id: victim.id, body: { password: NEW_PASSWORD } },
        },
        happened: () => signsIn(victim.username, NEW_PASSWORD),
      },
      {
        what: 'make a user Super Admin',
        method: 'PATCH',
        path: `/api/v1/users/${victim.id}/`,
        body: { is_superuser: true },
        tool: {
          name: 'api_v1_users_partial_update',
          args: { id: victim.id, body: { is_superuser: true } },
        },
        happened: async () => (await user(victim.id)).is_superuser === true,
      },
      {
        what: 'reactivate a deactivated user',
        method: 'PATCH',
        path: `/api/v1/users/${inactive.id}/`,
        body: { is_active: true },
        tool: { name: 'api_v1_users_partial_update', args: { id: inactive.id, body: { is_active: true } } },
        happened: async () =>
          (await user(inactive.id)).is_active === true && signsIn(inactive.username, PASSWORD),
      },
      {
        what: 'link a user to an identity',
        method: 'POST',
        path: `/api/v1/users/${linked.id}/identities/`,
        body: { provider: 'op', subject: w.unique('sub') },
        happened: async () =>
          (await w.expectStatus(200, 'GET', `/api/v1/users/${linked.id}/sso/`, { token: root.token }))
            .identities.length > 0,
      },
      {
        // svc-<slug>-* groups and ServiceAccounts mapped to the slug get roles in the organization.
        what: "change an organization's slug",
        method: 'PATCH',
        path: `/api/v1/organizations/${moved.id}/`,
        body: { slug },
        tool: { name: 'api_v1_organizations_partial_update', args: { id: moved.id, body: { slug } } },
        keysHaveTool: true,
        happened: async () =>
          (await w.expectStatus(200, 'GET', `/api/v1/organizations/${moved.id}/`, { token: root.token }))
            .slug === slug,
      },
      ...members,
      key === 'system key'
        ? {
            what: 'create a system key',
            method: 'POST',
            path: '/api/v1/system-api-keys/',
            body: { name: keyName },
            happened: keyMade,
          }
        : {
            what: 'create a user key',
            method: 'POST',
            path: '/api/v1/users/me/api-keys/',
            body: { name: keyName },
            happened: keyMade,
          },
    ];
  }

  /** One JSON-RPC request to the MCP endpoint, in-process. */
  async function mcp(token: string, method: string, params: Record<string, unknown> = {}) {
    const res = await w.call('POST', '/mcp', {
      token,
      body: { jsonrpc: '2.0', id: 1, method, params },
      headers: { Accept: 'application/json, text/event-stream' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result as {
      tools?: { name: string }[];
      isError?: boolean;
      content?: { text: string }[];
    };
  }
  const callTool = (token: string, tool: NonNullable<Escalation['tool']>) =>
    mcp(token, 'tools/call', { name: tool.name, arguments: tool.args });

  it.each(KEYS)('refuses each escalation with a %s over REST (403), and nothing changes', async (key) => {
    for (const e of await escalations(key)) {
      const res = await w.call(e.method, e.path, { token: keys[key], body: e.body });
      expect
        .soft([res.status, res.body.code], `${e.what}: ${JSON.stringify(res.body)}`)
        .toEqual([403, 'interactive_login_required']);
      expect.soft(await e.happened(), e.what).toBe(false);
    }
  });

  it.each(KEYS)(
    'refuses each escalation with a %s as an MCP tool (not even listed), and nothing changes',
    async (key) => {
      const listed = (await mcp(keys[key], 'tools/list')).tools!.map((t) => t.name);
      for (const e of await escalations(key)) {
        if (!e.tool) continue;
        const result = await callTool(keys[key], e.tool);
        expect.soft(result.isError, e.what).toBe(true);
        if (e.keysHaveTool) {
          expect.soft(result.content![0]!.text, e.what).toMatch(/^403 interactive_login_required: /);
        } else {
          expect.soft(listed, e.what).not.toContain(e.tool.name);
          expect.soft(result.content![0]!.text, e.what).toContain('Unknown tool');
        }
        expect.soft(await e.happened(), e.what).toBe(false);
      }
    },
  );

  it.each(KEYS)('lets the person behind a %s, signed in, do each over REST', async (key) => {
    for (const e of await escalations(key)) {
      const res = await w.call(e.method, e.path, { token: person[key], body: e.body });
      expect.soft(res.status, `${e.what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expect.soft(await e.happened(), e.what).toBe(true);
    }
  });

  it.each(KEYS)('lets the person behind a %s, signed in, do each over MCP', async (key) => {
    const listed = (await mcp(person[key], 'tools/list')).tools!.map((t) => t.name);
    for (const e of await escalations(key)) {
      if (!e.tool) continue;
      expect.soft(listed, e.what).toContain(e.tool.name);
      const result = await callTool(person[key], e.tool);
      expect.soft(result.isError, `${e.what}: ${result.content?.[0]?.text}`).toBeFalsy();
      expect.soft(await e.happened(), e.what).toBe(true);
    }
  });

  it('still lets a key change what makes no credential', async () => {
    const token = keys['system key'];
    const made = await w.expectStatus(201, 'POST', '/api/v1/users/', {
      token,
      body: { username: w.unique('sso-only'), email: 'someone@example.com' },
    });
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${made.id}/`, {
      token,
      body: { full_name: 'Renamed', email: 'renamed@example.com', is_active: true },
    });
    const staff = await w.user({ superuser: true });
    await w.expectStatus(200, 'PATCH', `/api/v1/users/${staff.id}/`, {
      token,
      body: { is_superuser: false, is_active: false },
    });
    await w.expectStatus(204, 'DELETE', `/api/v1/users/${staff.id}/sessions/`, { token });
    const admin = await w.user({ org: { id: t.org.id, role: 'admin' } });
    const orgKey = keys['admin organization key'];
    await w.expectStatus(200, 'PATCH', `/api/v1/organizations/${t.org.id}/`, {
      token: orgKey,
      body: { name: 'Renamed', slug: t.org.slug },
    });
    await w.expectStatus(200, 'PATCH', `/api/v1/organizations/${t.org.id}/members/${admin.id}/`, {
      token: orgKey,
      body: { role: 'viewer' },
    });
    await w.expectStatus(204, 'DELETE', `/api/v1/organizations/${t.org.id}/members/${admin.id}/`, {
      token: orgKey,
    });
  });
});
