/**
 * The world `npm run bench:api` loads: organizations, workspaces, users with memberships, their
 * credentials, buckets and an audit log, seeded through the API itself (only the audit history is
 * inserted in SQL: thousands of entries through the API would take minutes). What each caller may
 * see is computed here from the memberships given, so every request of the mix is one the caller
 * is allowed to make.
 */
import postgres from 'postgres';
import { jsonRequest } from '../api/src/test/api-process.ts';
import { eventually } from '../api/src/test/eventually.ts';

export const PASSWORD = 'bench-user-password-0123';
/** Workspaces per organization: uneven, like real tenants (300 in all). */
const WORKSPACES_PER_ORG = [80, 55, 40, 35, 30, 25, 20, 15];
const USERS = 64;
const BUCKETS = Number(process.env.BENCH_API_BUCKETS ?? 120);
const AUDIT_ROWS = Number(process.env.BENCH_API_AUDIT_ROWS ?? 100_000);

type Role = 'admin' | 'user' | 'viewer';

export interface Caller {
  /** `login`, `user_key`, `org_key`, `system_key`: how it authenticates. */
  kind: 'login' | 'user_key' | 'org_key' | 'system_key';
  token: string;
  /** For login callers: who, to create and revoke their own keys. */
  username?: string;
  visibleOrgs: string[];
  visibleWorkspaces: string[];
  visibleBuckets: string[];
  /** The key lists it may read (paths). */
  keyLists: string[];
  /** Whether it may read the audit log (Super Admin, Org Admin, admin organization key). */
  audit: boolean;
  /** A person signed in whose highest role is above Viewer: may create and revoke own keys. */
  createsKeys: boolean;
}

export interface World {
  callers: Caller[];
  /** Every seeded user's name (all share PASSWORD), for the login route. */
  usernames: string[];
  organizations: string[];
  workspaces: number;
  buckets: number;
  auditRows: number;
}

/** A small deterministic PRNG (mulberry32), so every run seeds the same world. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `task` over `items` with `concurrency` in flight. */
async function pool<T, R>(items: T[], concurrency: number, task: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * The calls a benchmark seeds its world with: any failure throws, and a sign-in refused for want
 * of password checks (first sign-ins from one address draw on a budget of a few a second) is made
 * again a moment later, as a person would.
 */
export function seedingClient(apiUrl: string) {
  const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
    let res = await jsonRequest(apiUrl, method, path, { token, body });
    while (res.status === 503 && res.body?.code === 'password_hashing_busy') {
      await new Promise((r) => setTimeout(r, 250));
      res = await jsonRequest(apiUrl, method, path, { token, body });
    }
    if (res.status >= 300)
      throw new Error(`seeding: ${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const login = async (username: string, password: string) =>
    (await call('POST', '/api/login/', undefined, { username, password })).token as string;
  return { call, login };
}

export async function seedWorld(
  apiUrl: string,
  databaseUrl: string,
  admin: { username: string; password: string },
): Promise<World> {
  const random = rng(13);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const { call, login } = seedingClient(apiUrl);

  const adminToken = await login(admin.username, admin.password);

  // Organizations and their workspaces.
  const orgs: string[] = [];
  for (let i = 0; i < WORKSPACES_PER_ORG.length; i++) {
    orgs.push(
      (await call('POST', '/api/v1/organizations/', adminToken, { slug: `tenant-${i}`, name: `Tenant ${i}` }))
        .id,
    );
  }
  const wsSpecs = WORKSPACES_PER_ORG.flatMap((n, o) => Array.from({ length: n }, (_, j) => ({ o, j })));
  const workspaces = await pool(wsSpecs, 8, async ({ o, j }) => {
    const ws = await call('POST', '/api/v1/workspaces/', adminToken, {
      organization: orgs[o],
      name: `ws-${o}-${String(j).padStart(3, '0')}`,
      config: {
        events: { handler: `handler-${j % 7}`, retries: 3 },
        tier: j % 3 ? 'standard' : 'premium',
        labels: { team: `team-${j % 11}` },
      },
    });
    return { id: ws.id as string, org: o };
  });

  // Users: org admins, org members (user or viewer), and workspace-only members.
  const usernames = Array.from({ length: USERS }, (_, i) => `bench-user-${String(i).padStart(2, '0')}`);
  await pool(usernames, 2, (username) =>
    call('POST', '/api/v1/users/', adminToken, {
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
    }),
  );
  const orgRoles = usernames.map(() => new Map<number, Role>());
  const wsRoles = usernames.map(() => new Map<string, Role>());
  for (let u = 0; u < USERS; u++) {
    if (u < 8) {
      orgRoles[u]!.set(u, 'admin');
      if (u < 2) orgRoles[u]!.set(u + 4, 'admin');
    } else if (u < 32) {
      const n = random() < 0.3 ? 2 : 1;
      for (let k = 0; k < n; k++)
        orgRoles[u]!.set(Math.floor(random() * orgs.length), random() < 0.6 ? 'user' : 'viewer');
    } else {
      const n = 1 + Math.floor(random() * 5);
      const home = Math.floor(random() * orgs.length);
      const inOrg = workspaces.filter((w) => w.org === home);
      for (let k = 0; k < n; k++)
        wsRoles[u]!.set(pick(inOrg).id, pick(['admin', 'user', 'user', 'viewer'] as const));
    }
  }
  const memberships = [
    ...orgRoles.flatMap((m, u) =>
      [...m].map(([o, role]) => ({
        path: `/api/v1/organizations/${orgs[o]}/members/`,
        username: usernames[u]!,
        role,
      })),
    ),
    ...wsRoles.flatMap((m, u) =>
      [...m].map(([ws, role]) => ({
        path: `/api/v1/workspaces/${ws}/members/`,
        username: usernames[u]!,
        role,
      })),
    ),
  ];
  await pool(memberships, 8, (m) => call('POST', m.path, adminToken, { username: m.username, role: m.role }));

  // Buckets, through the API (so the storage cluster has them too), more in the bigger tenants.
  const bucketSpecs = Array.from({ length: BUCKETS }, (_, i) => ({
    i,
    ws: workspaces[Math.floor(random() ** 2 * workspaces.length)]!,
  }));
  const buckets = await pool(bucketSpecs, 8, async ({ i, ws }) => {
    const b = await call('POST', '/api/v1/s3/buckets/', adminToken, {
      name: `bench-bucket-${String(i).padStart(3, '0')}`,
      region: 'eu-central',
      organization: orgs[ws.org],
      workspace: ws.id,
    });
    return { id: b.id as string, ws: ws.id, org: ws.org };
  });

  // What each user sees and may do.
  const RANK: Record<Role, number> = { admin: 3, user: 2, viewer: 1 };
  const seen = (u: number | null, orgKey: { org: number; role: Role } | null) => {
    const all = u === null && orgKey === null;
    const orgSet = new Set<number>();
    const wsSet = new Set<string>();
    for (const w of workspaces) {
      const visible =
        all || (orgKey ? w.org === orgKey.org : orgRoles[u!]!.has(w.org) || wsRoles[u!]!.has(w.id));
      if (visible) {
        wsSet.add(w.id);
        orgSet.add(w.org);
      }
    }
    if (orgKey) orgSet.add(orgKey.org);
    if (u !== null) for (const o of orgRoles[u]!.keys()) orgSet.add(o);
    return {
      visibleOrgs: [...orgSet].map((o) => orgs[o]!),
      visibleWorkspaces: [...wsSet],
      visibleBuckets: buckets.filter((b) => wsSet.has(b.ws)).map((b) => b.id),
    };
  };
  const highest = (u: number) =>
    Math.max(1, ...[...orgRoles[u]!.values(), ...wsRoles[u]!.values()].map((r) => RANK[r]));
  const adminOf = (u: number) => [...orgRoles[u]!].filter(([, r]) => r === 'admin').map(([o]) => o);

  const callers: Caller[] = [];
  // Every user signs in (key creation needs a person signed in); those above Viewer make a key.
  const tokens = await pool(usernames, 2, (username) => login(username, PASSWORD));
  await pool(usernames, 4, async (username, u) => {
    const personal = highest(u) > 1;
    const base = {
      ...seen(u, null),
      keyLists: [
        ...(personal ? ['/api/v1/users/me/api-keys/'] : []),
        ...adminOf(u).map((o) => `/api/v1/organizations/${orgs[o]}/api-keys/`),
      ],
      audit: adminOf(u).length > 0,
    };
    // A quarter of the people call with their login token, the others with a key of their own.
    if (!personal || u % 4 === 0) {
      callers.push({ kind: 'login', token: tokens[u]!, username, ...base, createsKeys: personal });
    } else {
      const key = await call('POST', '/api/v1/users/me/api-keys/', tokens[u], { name: 'automation' });
      callers.push({ kind: 'user_key', token: key.token, ...base, createsKeys: false });
    }
  });
  // Organization keys (an admin one for tooling, a viewer one for dashboards), a system key, the Super Admin.
  for (const [o, org] of orgs.entries()) {
    for (const role of ['admin', 'viewer'] as const) {
      const key = await call('POST', `/api/v1/organizations/${org}/api-keys/`, adminToken, {
        name: `${role} tooling`,
        role,
      });
      callers.push({
        kind: 'org_key',
        token: key.token,
        ...seen(null, { org: o, role }),
        keyLists: role === 'admin' ? [`/api/v1/organizations/${org}/api-keys/`] : [],
        audit: role === 'admin',
        createsKeys: false,
      });
    }
  }
  const systemKey = await call('POST', '/api/v1/system-api-keys/', adminToken, { name: 'billing export' });
  const everything = seen(null, null);
  callers.push({
    kind: 'system_key',
    token: systemKey.token,
    ...everything,
    keyLists: ['/api/v1/system-api-keys/'],
    audit: true,
    createsKeys: false,
  });
  callers.push({
    kind: 'login',
    token: adminToken,
    username: admin.username,
    ...everything,
    keyLists: ['/api/v1/users/me/api-keys/', '/api/v1/system-api-keys/'],
    audit: true,
    createsKeys: true,
  });

  // An audit history: a month of entries spread over the organizations.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      insert into audit_log (occurred_at, event, actor_user_id, organization_id, ip, request_id, details)
      select now() - make_interval(secs => (g * 26)::double precision),
        (array['api_key.used','api_key.used','api_key.used','login.succeeded','login.failed','organization.member.added','bucket.credentials_revealed'])[1 + g % 7],
        u.ids[1 + g % array_length(u.ids, 1)],
        (${orgs}::uuid[])[1 + (g * 7 + g / 13) % ${orgs.length}],
        '10.0.' || (g % 250) || '.' || (g % 97), gen_random_uuid()::text,
        jsonb_build_object('endpoint', 'GET /api/v1/workspaces/', 'kind', 'user')
      from generate_series(1, ${AUDIT_ROWS}) g, (select array_agg(id) as ids from users) u`;
    // A month-old append-only table has been vacuumed by autovacuum's insert threshold (PostgreSQL
    // 13+): its visibility map is set and counts are index-only scans, as in production. A vacuum
    // right after the insert can find a transaction of the API's still open and skip the pages, so
    // it is repeated until they are marked (within a deadline).
    await sql`analyze`;
    await eventually(
      'seeding: audit_log all-visible after vacuum',
      async () => {
        await sql`vacuum audit_log`;
        const [v] =
          await sql`select relallvisible::float / greatest(relpages, 1) as visible from pg_class where relname = 'audit_log'`;
        return v!.visible as number;
      },
      { intervalMs: 500, until: (visible) => visible >= 0.95 },
    );
  } finally {
    await sql.end({ timeout: 2 });
  }

  return {
    callers,
    usernames,
    organizations: orgs,
    workspaces: workspaces.length,
    buckets: buckets.length,
    auditRows: AUDIT_ROWS,
  };
}
