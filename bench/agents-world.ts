/**
 * The world `npm run bench:agents` loads: organizations of uneven size, each with a few
 * workspaces, people who look at them (the workspace list's callers), its endpoints (written
 * straight to the database: 10,000 calls would only slow the set-up) and its agents, one per
 * location, each with its own token, created through the API as an Org Admin does.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { seedingClient } from './api-world.ts';

const PASSWORD = 'bench-agents-password-0123';

export interface BenchAgent {
  id: string;
  token: string;
  location: string;
  /** The endpoints it checks: every one of its organization's. */
  endpoints: string[];
}

export interface AgentsWorld {
  organizations: number;
  workspaces: string[];
  endpoints: number;
  agents: BenchAgent[];
  listTokens: string[];
  /** An Org Admin's login token and organization, for the agent program's own run. */
  admin: { token: string; organization: string };
}

export async function seedAgentsWorld(
  apiUrl: string,
  sql: Sql,
  admin: { username: string; password: string },
  opts: { endpointsPerOrg: readonly number[]; locationsPerOrg: number; frequencySeconds: number },
): Promise<AgentsWorld> {
  const { call, login } = seedingClient(apiUrl);
  const adminToken = await login(admin.username, admin.password);
  const user = async (username: string) => {
    await call('POST', '/api/v1/users/', adminToken, {
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
    });
    return login(username, PASSWORD);
  };
  const workspaces: string[] = [];
  const agents: BenchAgent[] = [];
  const listTokens: string[] = [adminToken];
  let first: AgentsWorld['admin'] | undefined;
  for (const [o, count] of opts.endpointsPerOrg.entries()) {
    const org = (
      await call('POST', '/api/v1/organizations/', adminToken, { slug: `org-${o}`, name: `Org ${o}` })
    ).id as string;
    const orgAdmin = await user(`org-${o}-admin`);
    await call('POST', `/api/v1/organizations/${org}/members/`, adminToken, {
      username: `org-${o}-admin`,
      role: 'admin',
    });
    listTokens.push(orgAdmin);
    const mine: string[] = [];
    for (let j = 0; j < 3; j++) {
      const ws = (
        await call('POST', '/api/v1/workspaces/', adminToken, { organization: org, name: `ws-${o}-${j}` })
      ).id as string;
      mine.push(ws);
      workspaces.push(ws);
      const username = `ws-${o}-${j}-dev`;
      listTokens.push(await user(username));
      await call('POST', `/api/v1/workspaces/${ws}/members/`, adminToken, { username, role: 'user' });
    }
    first ??= { token: orgAdmin, organization: org };
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      organization_id: org,
      workspace_id: mine[i % mine.length]!,
      name: `svc-${o}-${i}`,
      kind: 'http',
      target: `https://svc-${i}.org-${o}.example.com/healthz`,
      settings: {
        method: 'GET',
        headers: {},
        expected_status: [],
        body_match: null,
        tls_expiry_days: 14,
        insecure_skip_verify: false,
      },
      frequency_seconds: opts.frequencySeconds,
      timeout_ms: 5000,
      locations: [] as string[],
      labels: { severity: i % 10 === 0 ? 'critical' : 'warning', team: `team-${i % 7}` },
      annotations: {},
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await sql`insert into check_endpoints ${sql(
        rows.slice(i, i + 1000).map((r) => ({
          ...r,
          settings: sql.json(r.settings),
          labels: sql.json(r.labels),
          annotations: sql.json(r.annotations),
        })),
      )}`;
    const ids = rows.map((r) => r.id);
    for (let l = 0; l < opts.locationsPerOrg; l++) {
      const created = await call('POST', '/api/v1/agents/', orgAdmin, {
        organization: org,
        name: `probe-${o}-${l}`,
        location: `region-${l}`,
      });
      agents.push({
        id: created.id as string,
        token: created.token as string,
        location: `region-${l}`,
        endpoints: ids,
      });
    }
  }
  return {
    organizations: opts.endpointsPerOrg.length,
    workspaces,
    endpoints: opts.endpointsPerOrg.reduce((a, b) => a + b, 0),
    agents,
    listTokens,
    admin: first!,
  };
}
