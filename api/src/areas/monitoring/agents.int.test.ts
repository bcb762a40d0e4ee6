import { beforeAll, expect, it } from 'vitest';
import { generateToken } from '../../core/tokens.ts';
import {
  agentOperations,
  fillPath,
  operationFixtures,
  protectedOperations,
  VALID_BODIES,
} from '../../test/operations.ts';
import type { Operation, OperationFixtures } from '../../test/operations.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import type { World } from '../../test/world.ts';

type Tenant = Awaited<ReturnType<World['tenant']>>;

/**
 * Monitoring agents and their tokens over HTTP: who may create and manage them, the token shown
 * once, rotation with a grace period, archiving, and the token's reach: the agent endpoints and
 * nothing else, and the agent endpoints for its token only.
 */
describeOnEachDatabase('monitoring agents', (w) => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    a = await w.tenant();
    b = await w.tenant();
  });

  const newAgent = (t: Tenant, body: Record<string, unknown> = {}, token = t.orgAdmin.token) =>
    w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token,
      body: { organization: t.org.id, name: w.unique('probe'), location: 'eu-central', ...body },
    });
  const assignments = (token: string, headers: Record<string, string> = {}) =>
    w.call('GET', '/api/v1/agent/endpoints/', { token, headers });

  it('creates an agent whose token is shown once, and lists it without the token', async () => {
    const agent = await newAgent(a, { name: 'eu-probe-1', description: 'rack 4' });
    expect(agent).toMatchObject({
      organization: a.org.id,
      workspace: null,
      name: 'eu-probe-1',
      location: 'eu-central',
      archived: false,
      health: null,
    });
    expect(agent.token).toMatch(/^pla_[0-9A-Za-z]{36}$/);
    expect(agent.token.startsWith(agent.token_prefix)).toBe(true);
    const got = await w.expectStatus(200, 'GET', `/api/v1/agents/${agent.id}/`, { token: a.viewer.token });
    expect(got).not.toHaveProperty('token');
    expect(got.token_prefix).toBe(agent.token_prefix);
    expect(JSON.stringify(got)).not.toContain(agent.token);
    const list = await w.expectStatus(200, 'GET', `/api/v1/agents/?organization=${a.org.id}`, {
      token: a.user.token,
    });
    expect(list.results.map((x: { id: string }) => x.id)).toContain(agent.id);
    expect(JSON.stringify(list)).not.toContain(agent.token);
    // The other tenant sees nothing of it.
    await w.expectStatus(404, 'GET', `/api/v1/agents/${agent.id}/`, { token: b.orgAdmin.token });
    const theirs = await w.expectStatus(200, 'GET', '/api/v1/agents/', { token: b.orgAdmin.token });
    expect(theirs.results.map((x: { id: string }) => x.id)).not.toContain(agent.id);
    // A name is the organization's once.
    const again = await w.call('POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, name: 'eu-probe-1', location: 'eu-west' },
    });
    expect([again.status, again.body.code]).toEqual([409, 'agent_name_taken']);
  });

  it('lets a Workspace Admin create its workspace’s agents only, and needs a person signed in', async () => {
    const mine = await newAgent(a, { workspace: a.workspace.id }, a.workspaceAdmin.token);
    expect(mine.workspace).toBe(a.workspace.id);
    const orgWide = await w.call('POST', '/api/v1/agents/', {
      token: a.workspaceAdmin.token,
      body: { organization: a.org.id, name: w.unique('p'), location: 'eu-central' },
    });
    expect(orgWide.status).toBe(403); // an organization-wide agent is the Org Admin's
    for (const token of [a.user.token, a.viewer.token]) {
      const res = await w.call('POST', '/api/v1/agents/', {
        token,
        body: { organization: a.org.id, workspace: a.workspace.id, name: w.unique('p'), location: 'x' },
      });
      expect(res.status).toBe(403);
    }
    const elsewhere = await w.call('POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, workspace: b.workspace.id, name: w.unique('p'), location: 'x' },
    });
    expect([elsewhere.status, elsewhere.body.errors?.[0]?.attr]).toEqual([400, 'workspace']);
    const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
      token: a.orgAdmin.token,
      body: { name: 'automation', role: 'admin' },
    });
    const byKey = await w.call('POST', '/api/v1/agents/', {
      token: key.token,
      body: { organization: a.org.id, name: w.unique('p'), location: 'x' },
    });
    expect([byKey.status, byKey.body.code]).toEqual([403, 'interactive_login_required']);
  });

  it('refuses a real agent token on every other route, over REST and MCP', async () => {
    const agent = await newAgent(a);
    const f: OperationFixtures = await operationFixtures(w);
    const operations: Operation[] = await protectedOperations(w);
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) {
      const res = await w.call(op.method, fillPath(op, f, f.a.viewer.id), {
        token: agent.token,
        body: VALID_BODIES[op.operationId]?.(w, f),
      });
      expect([res.status, res.body.code], `${op.method} ${op.path}`).toEqual([403, 'token_wrong_kind']);
    }
    const mcp = await w.call('POST', '/mcp', {
      token: agent.token,
      headers: { Accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect([mcp.status, mcp.body.code]).toEqual([403, 'token_wrong_kind']);
    // It did work where it belongs.
    await w.expectStatus(200, 'GET', '/api/v1/agent/endpoints/', { token: agent.token });
  });

  it('refuses every other credential on the agent endpoints, and a claimed agent that is not the token’s', async () => {
    const agent = await newAgent(a);
    const other = await newAgent(a);
    const ops = await agentOperations(w);
    expect(ops.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /api/v1/agent/endpoints/',
      'POST /api/v1/agent/errors/',
      'POST /api/v1/agent/health/',
      'POST /api/v1/agent/results/',
    ]);
    const bodies: Record<string, unknown> = {
      '/api/v1/agent/errors/': { recent_errors: [] },
      '/api/v1/agent/health/': { status: 'healthy', version: '1.0.0', uptime_seconds: 5 },
      '/api/v1/agent/results/': {
        results: [
          {
            result_id: crypto.randomUUID(),
            endpoint_id: crypto.randomUUID(),
            success: true,
            checked_at: new Date().toISOString(),
            duration_ms: 1,
          },
        ],
      },
    };
    const cases: [string, { token?: string; headers?: Record<string, string> }, number, string][] = [
      ['no token', {}, 401, 'not_authenticated'],
      ['a login token', { token: a.orgAdmin.token }, 403, 'agent_token_required'],
      ['a Super Admin', { token: (await w.user({ superuser: true })).token }, 403, 'agent_token_required'],
      ['an unknown agent token', { token: generateToken('agent').token }, 401, 'token_invalid'],
      ['a malformed token', { token: 'pla_nope' }, 401, 'token_malformed'],
      [
        'another agent named',
        { token: agent.token, headers: { 'X-Agent-ID': other.id } },
        403,
        'agent_mismatch',
      ],
    ];
    for (const op of ops)
      for (const [what, opts, status, code] of cases) {
        const res = await w.call(op.method, op.path, { ...opts, body: bodies[op.path] });
        expect([res.status, res.body.code], `${what}: ${op.method} ${op.path}`).toEqual([status, code]);
      }
    const own = await assignments(agent.token, { 'X-Agent-ID': agent.id.toUpperCase() });
    expect(own.status).toBe(200);
    expect(own.body.agent).toEqual({ id: agent.id, name: agent.name, location: 'eu-central' });
    const claimed = await w.call('POST', '/api/v1/agent/health/', {
      token: agent.token,
      body: { status: 'healthy', version: '1', uptime_seconds: 1, reported_agent_id: other.id },
    });
    expect([claimed.status, claimed.body.code]).toEqual([403, 'agent_mismatch']);
  });

  it('rotates a token with a grace period, and ends every token when archived', async () => {
    const agent = await newAgent(a);
    const rotated = await w.expectStatus(200, 'POST', `/api/v1/agents/${agent.id}/rotate-token/`, {
      token: a.orgAdmin.token,
      body: { grace_seconds: 600 },
    });
    expect(rotated.token).not.toBe(agent.token);
    const ends = Date.parse(rotated.previous_token_expires_at);
    expect(ends - Date.now()).toBeGreaterThan(590_000);
    expect(ends - Date.now()).toBeLessThan(610_000);
    expect((await assignments(agent.token)).status).toBe(200);
    expect((await assignments(rotated.token)).status).toBe(200);
    const now = await w.expectStatus(200, 'POST', `/api/v1/agents/${agent.id}/rotate-token/`, {
      token: a.orgAdmin.token,
      body: { grace_seconds: 0 },
    });
    for (const old of [agent.token, rotated.token]) {
      const res = await assignments(old);
      expect([res.status, res.body.code]).toEqual([401, 'token_expired']);
    }
    expect((await assignments(now.token)).status).toBe(200);
    const archived = await w.expectStatus(200, 'POST', `/api/v1/agents/${agent.id}/archive/`, {
      token: a.orgAdmin.token,
    });
    expect(archived.archived).toBe(true);
    const gone = await assignments(now.token);
    expect([gone.status, gone.body.code]).toEqual([401, 'token_revoked']);
    const again = await w.call('POST', `/api/v1/agents/${agent.id}/rotate-token/`, {
      token: a.orgAdmin.token,
      body: {},
    });
    expect([again.status, again.body.code]).toEqual([409, 'agent_archived']);
    // Hidden from lists unless asked for.
    const list = await w.expectStatus(200, 'GET', `/api/v1/agents/?organization=${a.org.id}`, {
      token: a.orgAdmin.token,
    });
    expect(list.results.map((x: { id: string }) => x.id)).not.toContain(agent.id);
    const all = await w.expectStatus(200, 'GET', `/api/v1/agents/?organization=${a.org.id}&archived=true`, {
      token: a.orgAdmin.token,
    });
    expect(all.results.map((x: { id: string }) => x.id)).toContain(agent.id);
    // Every change is in the audit log, never with a token.
    const log = await w.expectStatus(
      200,
      'GET',
      `/api/v1/audit-log/?organization=${a.org.id}&page_size=200`,
      {
        token: a.orgAdmin.token,
      },
    );
    const mine = log.results.filter((e: { details: { agent?: string } }) => e.details.agent === agent.id);
    expect(mine.map((e: { event: string }) => e.event).sort()).toEqual([
      'agent.archived',
      'agent.created',
      'agent.token_rotated',
      'agent.token_rotated',
    ]);
    expect(JSON.stringify(log)).not.toContain(now.token);
  });

  it('updates and deletes an agent (Admins), and the deleted agent’s token stops at once', async () => {
    const agent = await newAgent(a);
    await w.expectStatus(403, 'PATCH', `/api/v1/agents/${agent.id}/`, {
      token: a.user.token,
      body: { location: 'x' },
    });
    const moved = await w.expectStatus(200, 'PATCH', `/api/v1/agents/${agent.id}/`, {
      token: a.orgAdmin.token,
      body: { location: 'us-east' },
    });
    expect(moved.location).toBe('us-east');
    expect((await assignments(agent.token)).body.agent.location).toBe('us-east');
    await w.expectStatus(404, 'DELETE', `/api/v1/agents/${agent.id}/`, { token: b.orgAdmin.token });
    await w.expectStatus(204, 'DELETE', `/api/v1/agents/${agent.id}/`, { token: a.orgAdmin.token });
    expect((await assignments(agent.token)).status).toBe(401);
    await w.expectStatus(404, 'GET', `/api/v1/agents/${agent.id}/`, { token: a.orgAdmin.token });
  });
});
