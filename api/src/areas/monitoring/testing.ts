import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { rowsOf } from '../../core/db/client.ts';
import { eventually } from '../../test/eventually.ts';
import type { AreaTesting } from '../../test/operations.ts';
import type { World } from '../../test/world.ts';
import { evaluateEndpoint } from './alerts/evaluate.ts';
import { STREAKS_LOCK_SPACE } from './alerts/states.ts';
import { rollUp } from './rollups.ts';

/**
 * A batch of an organization's location under way: a transaction holding the location's streaks
 * lock (alerts/states.ts) until the returned function is called, which ends it.
 */
export async function holdLocation(
  db: Database,
  organizationId: string,
  location: string,
): Promise<() => Promise<void>> {
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${STREAKS_LOCK_SPACE}, hashtext(${organizationId} || ' ' || ${location}))`,
    );
    locked();
    await new Promise<void>((r) => (release = r));
  });
  await isLocked;
  return () => (release(), holder);
}

/**
 * Runs the rollup job until it has counted every stored result: a transaction open anywhere on
 * the server (another test file's database included) holds its horizon back until it ends.
 */
export async function rollUpAll(db: Database, timeoutMs = 30_000): Promise<void> {
  await eventually(
    'every stored result rolled up',
    async () => {
      await rollUp(db);
      const [left] = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from check_results where tx >= (select upto from check_rollup_mark)`,
        ),
      );
      return left!.n === 0;
    },
    { timeoutMs, intervalMs: 50 },
  );
}

/**
 * One failure from the agent, and the endpoint's rule applied at once (not by a job): with
 * `alert.failures` 1, its alert fires. Returns the alert's ID, as `reader` sees it.
 */
export async function fireAlert(
  w: World,
  agentToken: string,
  endpointId: string,
  reader: string,
): Promise<string> {
  await w.expectStatus(200, 'POST', '/api/v1/agent/results/', {
    token: agentToken,
    body: {
      results: [
        {
          result_id: randomUUID(),
          endpoint_id: endpointId,
          success: false,
          checked_at: new Date().toISOString(),
          duration_ms: 5,
        },
      ],
    },
  });
  await evaluateEndpoint(w.db, endpointId);
  const [alert] = (
    await w.expectStatus(200, 'GET', `/api/v1/alerts/?endpoint=${endpointId}`, { token: reader })
  ).results;
  return alert.id as string;
}

/** How the walks over every operation call monitoring's (api/src/test/operations.ts). */
export const testing: AreaTesting = {
  // An agent of the organization and an endpoint of the workspace, made by its Org Admin signed in.
  prepare: async (w, a) => {
    const agent = await w.expectStatus(201, 'POST', '/api/v1/agents/', {
      token: a.orgAdmin.token,
      body: { organization: a.org.id, name: 'probe-a', location: 'eu-central' },
    });
    const endpoint = await w.expectStatus(201, 'POST', '/api/v1/endpoints/', {
      token: a.orgAdmin.token,
      body: {
        workspace: a.workspace.id,
        name: 'shop',
        kind: 'http',
        target: 'https://shop.example.com/',
        alert: { failures: 1 },
      },
    });
    const alert = await fireAlert(w, agent.token as string, endpoint.id as string, a.orgAdmin.token);
    return { agent: agent.id as string, endpoint: endpoint.id as string, alert };
  },
  paths: {
    '/api/v1/agents/{id}': (f) => f.objects.agent!,
    '/api/v1/endpoints/{id}': (f) => f.objects.endpoint!,
    '/api/v1/alerts/{id}': (f) => f.objects.alert!,
  },
  bodies: {
    api_v1_agents_create: (w, f) => ({
      organization: f.a.org.id,
      name: w.unique('probe'),
      location: 'eu-west',
    }),
    api_v1_agents_partial_update: () => ({ description: 'the walk was here' }),
    api_v1_agents_archive_create: () => undefined,
    api_v1_agents_rotate_token_create: () => ({ grace_seconds: 60 }),
    api_v1_endpoints_create: (w, f) => ({
      workspace: f.a.workspace.id,
      name: w.unique('ep'),
      kind: 'tcp',
      target: 'db.example.com:5432',
    }),
    api_v1_endpoints_partial_update: () => ({ enabled: false }),
    api_v1_alerts_acknowledge_create: () => ({ comment: 'the walk looked' }),
    api_v1_alerts_unacknowledge_create: () => undefined,
  },
  interactiveOnly: ['api_v1_agents_create', 'api_v1_agents_rotate_token_create'],
};
