import postgres from 'postgres';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken } from '../../core/tokens.ts';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../../test/api-process.ts';
import type { ApiProcess } from '../../test/api-process.ts';
import { freshDatabaseUrl } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';

/**
 * The MCP endpoint over real HTTP, with the SDK's own client, against the API process on
 * PostgreSQL: the same credentials as /api/v1/, tools per role, tool errors, audit entries.
 */
describe('MCP interface', () => {
  let api: ApiProcess;
  let databaseUrl: string;
  let adminToken: string;
  let adminKey: string;
  let orgId: string;
  let otherOrgWorkspace: string;
  const keys: Record<'viewer' | 'user' | 'orgAdmin', string> = { viewer: '', user: '', orgAdmin: '' };
  const loginTokens: Record<string, string> = {};

  const rest = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    const res = await jsonRequest(api.url, method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  async function connect(
    token: string | undefined,
    opts: { path?: string; headers?: Record<string, string> } = {},
  ) {
    const client = new Client({ name: 'plinth-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${api.url}${opts.path ?? '/mcp'}`), {
      requestInit: {
        headers: { ...(token !== undefined && { Authorization: `Bearer ${token}` }), ...opts.headers },
      },
    });
    await client.connect(transport);
    return client;
  }
  const toolNames = async (token: string, opts?: Parameters<typeof connect>[1]) => {
    const client = await connect(token, opts);
    try {
      return (await client.listTools()).tools.map((t) => t.name);
    } finally {
      await client.close();
    }
  };
  const callTool = async (token: string, name: string, args: Record<string, unknown> = {}) => {
    const client = await connect(token);
    try {
      return (await client.callTool({ name, arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
  };
  const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    api = await startApiProcess({
      DATABASE_URL: databaseUrl,
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'mcp-admin-password',
      PLINTH_MCP_ALLOWED_ORIGINS: 'https://assistant.example',
    });
    await api.waitReady();
    adminToken = (
      await rest('POST', '/api/login/', undefined, { username: 'admin', password: 'mcp-admin-password' })
    ).token;
    adminKey = (await rest('POST', '/api/v1/users/me/api-keys/', adminToken, { name: 'mcp admin' })).token;
    orgId = (await rest('POST', '/api/v1/organizations/', adminToken, { slug: 'mcp-org', name: 'MCP Org' }))
      .id;
    const other = (
      await rest('POST', '/api/v1/organizations/', adminToken, { slug: 'other-org', name: 'Other' })
    ).id;
    otherOrgWorkspace = (
      await rest('POST', '/api/v1/workspaces/', adminToken, { organization: other, name: 'theirs' })
    ).id;
    for (const [who, role] of [
      ['viewer', 'viewer'],
      ['user', 'user'],
      ['orgAdmin', 'admin'],
    ] as const) {
      const username = `mcp-${who.toLowerCase()}`;
      await rest('POST', '/api/v1/users/', adminToken, {
        username,
        password: 'mcp-user-password-1',
        email: `${username}@example.com`,
      });
      await rest('POST', `/api/v1/organizations/${orgId}/members/`, adminToken, { username, role });
      loginTokens[who] = (
        await rest('POST', '/api/login/', undefined, { username, password: 'mcp-user-password-1' })
      ).token;
      // A Viewer may not make a key of its own: its key is the organization's viewer key.
      keys[who] =
        who === 'viewer'
          ? (
              await rest('POST', `/api/v1/organizations/${orgId}/api-keys/`, adminToken, {
                name: 'dashboard',
                role: 'viewer',
              })
            ).token
          : (await rest('POST', '/api/v1/users/me/api-keys/', loginTokens[who], { name: `mcp ${who}` }))
              .token;
    }
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
  });

  it('lists different tools for a Viewer, a User, an Org Admin and a Super Admin', async () => {
    const viewer = await toolNames(keys.viewer);
    const user = await toolNames(keys.user);
    const orgAdmin = await toolNames(keys.orgAdmin);
    const superAdmin = await toolNames(adminKey);
    expect(viewer).toContain('api_v1_workspaces_list');
    expect(viewer).not.toContain('api_v1_workspaces_create');
    expect(viewer).not.toContain('api_v1_s3_buckets_create');
    expect(user).toContain('api_v1_s3_buckets_create');
    expect(user).not.toContain('api_v1_workspaces_create');
    expect(orgAdmin).toContain('api_v1_workspaces_create');
    expect(orgAdmin).toContain('api_v1_audit_log_list');
    expect(orgAdmin).not.toContain('api_v1_organizations_create');
    expect(superAdmin).toContain('api_v1_organizations_create');
    expect(superAdmin).toContain('api_v1_users_list');
    expect(new Set([viewer.length, user.length, orgAdmin.length, superAdmin.length]).size).toBe(4);
    // Never a tool that returns a secret.
    for (const name of superAdmin) {
      expect(name).not.toMatch(/api_keys_create|credentials|upload_url|export/);
    }
    // Revoking keys needs a person signed in: listed for a login token, not for a key.
    expect(superAdmin).not.toContain('api_v1_users_me_api_keys_destroy');
    expect(await toolNames(adminToken)).toContain('api_v1_users_me_api_keys_destroy');
  });

  it('describes each tool with its argument schema and hints', async () => {
    const client = await connect(keys.orgAdmin);
    try {
      const { tools } = await client.listTools();
      const list = tools.find((t) => t.name === 'api_v1_workspaces_list')!;
      expect(list.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(Object.keys(list.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['page', 'page_size']),
      );
      const del = tools.find((t) => t.name === 'api_v1_workspaces_destroy')!;
      expect(del.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(del.inputSchema.required).toContain('id');
      const create = tools.find((t) => t.name === 'api_v1_workspaces_create')!;
      expect(create.inputSchema.required).toContain('body');
      expect(create.description).toContain('POST /api/v1/workspaces/');
    } finally {
      await client.close();
    }
  });

  it('calls list and create tools, with the API answer as the result', async () => {
    const created = await callTool(keys.orgAdmin, 'api_v1_workspaces_create', {
      body: { organization: orgId, name: 'made-by-mcp' },
    });
    expect(created.isError, textOf(created)).toBeFalsy();
    expect(created.structuredContent).toMatchObject({ name: 'made-by-mcp', organization: orgId });
    const listed = await callTool(keys.viewer, 'api_v1_workspaces_list', { page_size: 1 });
    expect(listed.isError).toBeFalsy();
    expect(listed.structuredContent).toMatchObject({ count: 1, results: [{ name: 'made-by-mcp' }] });
    // The same through REST, so nothing differs.
    const viaRest = await rest('GET', '/api/v1/workspaces/?page_size=1', keys.viewer);
    expect(listed.structuredContent).toEqual(viaRest);
  });

  it("links a list's next and previous pages at the address the client called, as REST does", async () => {
    const second = await callTool(adminKey, 'api_v1_organizations_list', { page: 2, page_size: 1 });
    expect(second.isError, textOf(second)).toBeFalsy();
    const page = second.structuredContent as { next: string | null; previous: string | null };
    expect(page.previous).toBe(`${api.url}/api/v1/organizations/?page_size=1`);
    // A login token, not the key: the audit test below counts the key's own entries.
    expect(page).toEqual(await rest('GET', '/api/v1/organizations/?page=2&page_size=1', adminToken));
  });

  it('answers a forbidden, an invalid and another tenant’s call with a clear tool error', async () => {
    // A Viewer asking for a write it cannot see listed: the tool does not exist for it.
    const hidden = await callTool(keys.viewer, 'api_v1_workspaces_create', {
      body: { organization: orgId, name: 'x' },
    });
    expect(hidden.isError).toBe(true);
    expect(textOf(hidden)).toContain('not one this credential may use');
    // Listed (the User administers one workspace), refused for another one: the API's 403.
    const own = (await rest('POST', '/api/v1/workspaces/', adminToken, {
      organization: orgId,
      name: 'users-own',
    })) as {
      id: string;
    };
    await rest('POST', `/api/v1/workspaces/${own.id}/members/`, adminToken, {
      username: 'mcp-user',
      role: 'admin',
    });
    const another = (await rest('POST', '/api/v1/workspaces/', adminToken, {
      organization: orgId,
      name: 'not-theirs',
    })) as {
      id: string;
    };
    // Adding members needs a person signed in: the User's login token has the tool, its key not.
    expect(await toolNames(keys.user)).not.toContain('api_v1_workspaces_members_create');
    expect(await toolNames(loginTokens.user!)).toContain('api_v1_workspaces_members_create');
    const denied = await callTool(loginTokens.user!, 'api_v1_workspaces_members_create', {
      id: another.id,
      body: { username: 'mcp-viewer', role: 'admin' },
    });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/^403 permission_denied: /);
    const forbidden = await callTool(keys.orgAdmin, 'api_v1_organizations_destroy', { id: orgId });
    expect(forbidden.isError).toBe(true);
    expect(textOf(forbidden)).toContain('Unknown tool');
    // Invalid input: the API's field errors.
    const invalid = await callTool(keys.orgAdmin, 'api_v1_workspaces_create', {
      body: { organization: orgId },
    });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/^400 invalid: .*\n- name: /);
    expect(invalid.structuredContent).toMatchObject({ status: 400, code: 'invalid' });
    const dots = await callTool(keys.orgAdmin, 'api_v1_workspaces_retrieve', { id: '..' });
    expect(textOf(dots)).toBe('invalid: id is not a valid identifier.');
    const unknownArg = await callTool(keys.orgAdmin, 'api_v1_workspaces_list', { pagesize: 2 });
    expect(textOf(unknownArg)).toBe('invalid: Unknown argument: pagesize.');
    // Another organization's workspace does not exist for this Org Admin.
    const theirs = await callTool(keys.orgAdmin, 'api_v1_workspaces_retrieve', { id: otherOrgWorkspace });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs)).toMatch(/^404 not_found: /);
  });

  it('keeps bucket credentials out of results and offers no tool that reveals them', async () => {
    const names = await toolNames(adminKey);
    expect(names).toContain('api_v1_s3_buckets_create');
    expect(names).not.toContain('api_v1_s3_buckets_credentials_retrieve');
    expect(names).not.toContain('api_v1_s3_buckets_objects_upload_url_create');
  });

  it('offers only read tools in read-only mode, by path or header, whatever the role', async () => {
    for (const opts of [{ path: '/mcp/readonly' }, { headers: { 'X-MCP-Readonly': 'true' } }]) {
      const names = await toolNames(adminKey, opts);
      expect(names).toContain('api_v1_workspaces_list');
      expect(names.filter((n) => !/_(list|retrieve)$/.test(n))).toEqual([]);
    }
  });

  it('refuses a missing, unknown, revoked or Basic credential with 401, and an agent token with 403', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const revocable = (await rest('POST', '/api/v1/users/me/api-keys/', loginTokens.user, {
      name: 'soon revoked',
    })) as {
      id: string;
      token: string;
    };
    await rest('DELETE', `/api/v1/users/me/api-keys/${revocable.id}/`, loginTokens.user);
    for (const [what, headers] of [
      ['missing', {}],
      ['unknown key', { Authorization: `Bearer ${generateToken('user').token}` }],
      ['revoked key', { Authorization: `Bearer ${revocable.token}` }],
      ['Basic', { Authorization: `Basic ${Buffer.from('admin:mcp-admin-password').toString('base64')}` }],
    ] as const) {
      const res = await post(headers);
      expect(res.status, what).toBe(401);
      expect(res.headers.get('www-authenticate'), what).toMatch(
        /^Bearer error="invalid_token", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/,
      );
    }
    const agent = await post({ Authorization: `Bearer ${generateToken('agent').token}` });
    expect(agent.status).toBe(403);
    expect(((await agent.json()) as { code: string }).code).toBe('token_wrong_kind');
    // The SDK client surfaces the 401 as an error on connect.
    await expect(connect(revocable.token)).rejects.toMatchObject({ code: 401 });
    // The metadata the challenge points to.
    const meta = (await (
      await fetch(`${api.url}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({ resource: `${api.url}/mcp`, bearer_methods_supported: ['header'] });
  });

  it('refuses a browser page of another origin and accepts the configured one (DNS rebinding)', async () => {
    const post = (origin: string) =>
      fetch(`${api.url}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${keys.viewer}`,
          Origin: origin,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const rebinding = await post('http://attacker.example');
    expect(rebinding.status).toBe(403);
    expect(((await rebinding.json()) as { code: string }).code).toBe('origin_not_allowed');
    const allowed = await post('https://assistant.example');
    expect(allowed.status).toBe(200);
  });

  it('records a key’s tool calls in the audit log with the tool as the endpoint', async () => {
    await callTool(keys.orgAdmin, 'api_v1_organizations_list', {});
    // A name PostgreSQL cannot store is an unknown tool, and its entry is stored, not the batch lost.
    const odd = await callTool(keys.orgAdmin, 'api_v1_\u0000odd', {});
    expect(odd.isError).toBe(true);
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const endpoints = await eventually(
        'the api_key.used entry of the odd tool call',
        async () => {
          const rows =
            await sql`select details->>'endpoint' as endpoint from audit_log where event = 'api_key.used'`;
          const found = rows.map((r) => r.endpoint as string);
          return found.includes('MCP tools/call api_v1_\ufffdodd') && found;
        },
        { timeoutMs: 5000 },
      );
      expect(endpoints).toContain('MCP tools/call api_v1_organizations_list');
      expect(endpoints).toContain('MCP tools/list');
      expect(endpoints).toContain('MCP tools/call api_v1_\ufffdodd');
      // One entry per MCP request: the in-process call did not record a second use.
      expect(endpoints).not.toContain('GET /api/v1/organizations/');
    } finally {
      await sql.end({ timeout: 2 });
    }
  });

  it('serves the OpenAPI document and a workspace configuration as resources', async () => {
    const client = await connect(keys.orgAdmin);
    try {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toContain('plinth://openapi.json');
      const doc = await client.readResource({ uri: 'plinth://openapi.json' });
      const text = (doc.contents[0] as { text: string }).text;
      expect(JSON.parse(text)).toMatchObject({ openapi: '3.1.0' });
      const ws = (await rest('POST', '/api/v1/workspaces/', keys.orgAdmin, {
        organization: orgId,
        name: 'configured',
        config: { tier: 'gold' },
      })) as { id: string };
      const config = await client.readResource({ uri: `plinth://workspaces/${ws.id}/config` });
      expect(JSON.parse((config.contents[0] as { text: string }).text)).toEqual({ tier: 'gold' });
      await expect(
        client.readResource({ uri: `plinth://workspaces/${otherOrgWorkspace}/config` }),
      ).rejects.toThrow(/not found/i);
    } finally {
      await client.close();
    }
  });
});
