/**
 * The world `npm run bench:events` loads, seeded through the API: organizations of uneven size,
 * workspaces whose `events` list the same three receivers every tenant has here (a healthy one, a
 * slow one, a failing one), and people who run actions (members with role User, half with a
 * personal key) or only look (organization admins and viewers).
 */
import { seedingClient } from './api-world.ts';

const PASSWORD = 'bench-events-password-0123';
/** Workspaces per organization: uneven, like real tenants (10 in all). */
const WORKSPACES_PER_ORG = [4, 3, 2, 1];
/** People per workspace who run its actions. */
const RUNNERS_PER_WORKSPACE = 2;

export interface Producer {
  token: string;
  workspace: string;
}

export interface EventsWorld {
  organizations: number;
  workspaces: string[];
  /** A workspace's share of the events: a few busy tenants, many quieter ones. */
  weights: number[];
  /** By workspace: who runs its actions. */
  producers: Producer[][];
  /** Everyone's tokens, for the workspace list. */
  listTokens: string[];
  users: number;
}

/** The receivers' origins (those left out get no handler); each workspace has its own paths. */
export interface Receivers {
  healthy?: string;
  slow?: string;
  failing?: string;
}

export const handlersFor = (r: Receivers, ws: number) => [
  ...(r.healthy
    ? [
        {
          handler: 'webhook',
          name: 'audit-trail',
          endpoint: `${r.healthy}/hooks/${ws}`,
          headers: { Authorization: `Bearer tenant-${ws}-secret` },
        },
      ]
    : []),
  ...(r.slow
    ? [{ handler: 'webhook', name: 'chatops', endpoint: `${r.slow}/notify/${ws}`, timeout: '10s' }]
    : []),
  ...(r.failing ? [{ handler: 'webhook', name: 'legacy-cmdb', endpoint: `${r.failing}/cmdb/${ws}` }] : []),
];

export async function seedEventsWorld(
  apiUrl: string,
  admin: { username: string; password: string },
  receivers: Receivers,
): Promise<EventsWorld> {
  const { call, login } = seedingClient(apiUrl);
  const user = async (username: string) => {
    await call('POST', '/api/v1/users/', adminToken, {
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
    });
    return login(username, PASSWORD);
  };
  const adminToken = await login(admin.username, admin.password);

  const workspaces: string[] = [];
  const producers: Producer[][] = [];
  const listTokens: string[] = [];
  let users = 0;
  for (const [o, count] of WORKSPACES_PER_ORG.entries()) {
    const org = (
      await call('POST', '/api/v1/organizations/', adminToken, { slug: `tenant-${o}`, name: `Tenant ${o}` })
    ).id as string;
    for (const role of ['admin', 'viewer'] as const) {
      const username = `org-${o}-${role}`;
      listTokens.push(await user(username));
      users++;
      await call('POST', `/api/v1/organizations/${org}/members/`, adminToken, { username, role });
    }
    for (let j = 0; j < count; j++) {
      const i = workspaces.length;
      const ws = (
        await call('POST', '/api/v1/workspaces/', adminToken, {
          organization: org,
          name: `ws-${o}-${j}`,
          config: {
            blocks: [{ name: 'app', image: 'demo:v1', actions: [{ name: 'deploy', script: './deploy.sh' }] }],
            events: handlersFor(receivers, i),
          },
        })
      ).id as string;
      workspaces.push(ws);
      const mine: Producer[] = [];
      for (let k = 0; k < RUNNERS_PER_WORKSPACE; k++) {
        const username = `ws-${i}-dev-${k}`;
        const token = await user(username);
        users++;
        await call('POST', `/api/v1/workspaces/${ws}/members/`, adminToken, { username, role: 'user' });
        listTokens.push(token);
        // Half run from CI with a personal key, half from a laptop with a login token.
        const key =
          k % 2 === 0
            ? ((await call('POST', '/api/v1/users/me/api-keys/', token, { name: 'ci' })).token as string)
            : token;
        mine.push({ token: key, workspace: ws });
      }
      producers.push(mine);
    }
  }
  listTokens.push(adminToken);
  // Zipf-like: the busiest workspace makes about a quarter of the events.
  const raw = workspaces.map((_, i) => 1 / (i + 1) ** 0.8);
  const sum = raw.reduce((a, b) => a + b, 0);
  return {
    organizations: WORKSPACES_PER_ORG.length,
    workspaces,
    weights: raw.map((w) => w / sum),
    producers,
    listTokens,
    users,
  };
}
