/**
 * The floor of `npm run bench:api`: the routes of its mix served by a bare `node:http` handler and
 * postgres-js, no framework, no validation library, no ORM, running the SQL the API runs for them
 * (read from the services and checked against PostgreSQL's statement log), in the same order, on
 * the same database: bearer lookup by token hash (or login-token check and user lookup), the
 * "API key used" audit entries batched every 100 ms, the same visibility conditions, the same
 * pages and the same JSON. What it leaves out is what the framework adds: routing tables, zod,
 * drizzle's query building, middleware, logging. Statements go through postgres-js's defaults
 * (each one prepared once per connection), as a hand-written service would run them.
 *
 * Run as its own process (bench/api.ts starts it as the API is started, with the same Node flags):
 * `node bench/api-floor.ts` with DATABASE_URL, PORT,
 * PLINTH_JWT_SIGNING_KEY and BENCH_STORAGE_ENDPOINT (the bucket view's `endpoint`).
 */
import { argon2, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import postgres from 'postgres';
import { generateToken, hashToken, parseBearer } from '../api/src/core/tokens.ts';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, idle_timeout: 60, onnotice: () => {} });
const SIGNING_KEY = Buffer.from(process.env.PLINTH_JWT_SIGNING_KEY!, 'utf8');
const ENDPOINT = process.env.BENCH_STORAGE_ENDPOINT ?? '';
const NO_ID = '00000000-0000-0000-0000-000000000000';
const TTL_SECONDS = 7200;

class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

interface Principal {
  kind: 'user' | 'organization' | 'system';
  interactive: boolean;
  userId: string | null;
  username: string | null;
  superuser: boolean;
  apiKeyId: string | null;
  orgScope: { org: string; role: string } | null;
}

// "API key used" entries, written every 100 ms in one statement, as the API's AuditLog does.
let auditBuffer: Record<string, unknown>[] = [];
setInterval(() => {
  if (auditBuffer.length === 0) return;
  const rows = auditBuffer;
  auditBuffer = [];
  const col = (k: string) => rows.map((r) => (r[k] ?? null) as string | null);
  void sql`insert into "audit_log" ("id", "occurred_at", "event", "actor_user_id", "api_key_id", "organization_id", "username", "ip", "request_id", "details")
    select nextval('audit_log_id_seq'), t.* from unnest(
      (select ${col('occurred_at')}::text[])::timestamptz[], (select ${col('event')}::text[]),
      (select ${col('actor_user_id')}::uuid[]), (select ${col('api_key_id')}::uuid[]),
      (select ${col('organization_id')}::uuid[]), (select ${col('username')}::text[]),
      (select ${col('ip')}::text[]), (select ${col('request_id')}::text[]),
      (select ${col('details')}::jsonb[])
    ) as t(occurred_at, event, actor_user_id, api_key_id, organization_id, username, ip, request_id, details)`.catch(
    (err: unknown) => console.error('audit batch failed', err),
  );
}, 100).unref();

// last_used_at, at most once a minute per key, written every 15 s (the API's KeyUsage).
const lastUsed = new Map<string, Date>();
setInterval(() => {
  if (lastUsed.size === 0) return;
  const rows = [...lastUsed].map(([id, at]) => [id, at.toISOString()]);
  lastUsed.clear();
  void sql`update "api_keys" set last_used_at = v.at from (values ${sql(rows)}) as v(id, at)
    where "api_keys"."id" = v.id::uuid and ("api_keys"."last_used_at" is null or "api_keys"."last_used_at" < v.at::timestamptz)`.catch(
    (err: unknown) => console.error('last_used flush failed', err),
  );
}, 15_000).unref();

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function signJwt(userId: string): { token: string; expiresAt: Date } {
  const iat = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(
    JSON.stringify({
      typ: 'login',
      sub: userId,
      iss: 'plinth',
      aud: 'plinth-api',
      iat,
      exp: iat + TTL_SECONDS,
      jti: randomUUID(),
    }),
  );
  const sig = createHmac('sha256', SIGNING_KEY).update(`${head}.${body}`).digest('base64url');
  return { token: `${head}.${body}.${sig}`, expiresAt: new Date((iat + TTL_SECONDS) * 1000) };
}

function verifyJwt(token: string): string {
  const [head, body, sig] = token.split('.') as [string, string, string];
  const expected = createHmac('sha256', SIGNING_KEY).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new HttpError(401, 'token_invalid');
  const h = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const p = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  if (
    h.alg !== 'HS256' ||
    p.iss !== 'plinth' ||
    p.aud !== 'plinth-api' ||
    p.typ !== 'login' ||
    typeof p.sub !== 'string'
  )
    throw new HttpError(401, 'token_invalid');
  if (typeof p.exp !== 'number' || p.exp <= Date.now() / 1000) throw new HttpError(401, 'token_expired');
  return p.sub;
}

async function authenticate(
  req: IncomingMessage,
  path: string,
  requestId: string,
  ip: string,
): Promise<Principal> {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new HttpError(401, 'not_authenticated');
  const parsed = parseBearer(token);
  if (parsed.type === 'malformed') throw new HttpError(401, 'token_malformed');
  if (parsed.type === 'jwt') {
    const id = verifyJwt(token);
    const [user] =
      await sql`select "id", "username", "is_active", "is_superuser" from "users" where "users"."id" = ${id}`;
    if (!user) throw new HttpError(401, 'token_invalid');
    if (!user.is_active) throw new HttpError(401, 'user_inactive');
    return {
      kind: 'user',
      interactive: true,
      userId: user.id,
      username: user.username,
      superuser: user.is_superuser,
      apiKeyId: null,
      orgScope: null,
    };
  }
  const [row] =
    await sql`select "api_keys"."id", "api_keys"."kind", "api_keys"."organization_id", "api_keys"."role", "api_keys"."scopes", "api_keys"."expires_at", "api_keys"."revoked_at", "api_keys"."last_used_at", "api_keys"."user_id", "users"."username", "users"."is_active", "users"."is_superuser" from "api_keys" left join "users" on "users"."id" = "api_keys"."user_id" where "api_keys"."token_hash" = ${hashToken(token)}`;
  if (!row) throw new HttpError(401, 'token_invalid');
  if (row.revoked_at) throw new HttpError(401, 'token_revoked');
  const now = new Date();
  if (row.expires_at && row.expires_at <= now) throw new HttpError(401, 'token_expired');
  if (row.kind === 'user' && row.is_active !== true) throw new HttpError(401, 'user_inactive');
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= 60_000) lastUsed.set(row.id, now);
  auditBuffer.push({
    occurred_at: now.toISOString(),
    event: 'api_key.used',
    actor_user_id: row.user_id,
    api_key_id: row.id,
    organization_id: row.organization_id,
    ip,
    request_id: requestId,
    details: JSON.stringify({ endpoint: `${req.method} ${path}`, kind: row.kind }),
  });
  const base = { interactive: false, apiKeyId: row.id, userId: row.user_id, username: row.username };
  if (row.kind === 'organization')
    return {
      ...base,
      kind: 'organization',
      superuser: false,
      orgScope: { org: row.organization_id, role: row.role ?? 'viewer' },
    };
  if (row.kind === 'system') return { ...base, kind: 'system', superuser: true, orgScope: null };
  return { ...base, kind: 'user', superuser: row.is_superuser === true, orgScope: null };
}

const RANK: Record<string, number> = { super_admin: 5, org_admin: 4, workspace_admin: 3, user: 2, viewer: 1 };
const ORG_ROLE: Record<string, string> = { admin: 'org_admin', user: 'user', viewer: 'viewer' };
const WS_ROLE: Record<string, string> = { admin: 'workspace_admin', user: 'user', viewer: 'viewer' };
const higher = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : RANK[a]! >= RANK[b]! ? a : b;

/** policy.ts `roleIn`: the same two queries, one after the other. */
async function roleIn(p: Principal, org: string, workspace?: string): Promise<string | null> {
  if (p.superuser) return 'super_admin';
  if (p.orgScope) return p.orgScope.org === org ? ORG_ROLE[p.orgScope.role]! : null;
  if (p.userId === null) return null;
  const [orgRow] =
    await sql`select "role" from "organization_members" where ("organization_members"."organization_id" = ${org} and "organization_members"."user_id" = ${p.userId})`;
  const wsRows =
    await sql`select "workspace_members"."workspace_id", "workspace_members"."role" from "workspace_members" inner join "workspaces" on "workspaces"."id" = "workspace_members"."workspace_id" where ("workspace_members"."user_id" = ${p.userId} and "workspaces"."organization_id" = ${org})`;
  const fromOrg = orgRow ? ORG_ROLE[orgRow.role]! : null;
  if (workspace !== undefined) {
    const ws = wsRows.find((r) => r.workspace_id === workspace);
    return higher(fromOrg, ws ? WS_ROLE[ws.role]! : null);
  }
  return fromOrg ?? (wsRows.length > 0 ? 'viewer' : null);
}

/** policy.ts `highestRole`. */
async function highestRole(p: Principal): Promise<string> {
  if (p.superuser) return 'super_admin';
  if (p.orgScope) return ORG_ROLE[p.orgScope.role]!;
  if (p.userId === null) return 'viewer';
  const rows =
    await sql`(select 'org', "role" from "organization_members" where "organization_members"."user_id" = ${p.userId}) union all (select 'ws', "role" from "workspace_members" where "workspace_members"."user_id" = ${p.userId})`;
  return rows.reduce<string>(
    (best, r) => higher(best, (r['?column?'] === 'org' ? ORG_ROLE : WS_ROLE)[r.role]!)!,
    'viewer',
  );
}

async function authorize(p: Principal, allowed: string[], org: string, workspace?: string): Promise<void> {
  const role = await roleIn(p, org, workspace);
  if (role === null) throw new HttpError(404, 'not_found');
  if (!allowed.includes(role)) throw new HttpError(403, 'permission_denied');
}
const ALL = ['super_admin', 'org_admin', 'workspace_admin', 'user', 'viewer'];
const NOT_VIEWER = ['super_admin', 'org_admin', 'workspace_admin', 'user'];
const ORG_ADMINS = ['super_admin', 'org_admin'];

function envelope(url: URL, page: number, size: number, total: number, results: unknown[]) {
  const at = (n: number) => {
    const u = new URL(url);
    if (n === 1) u.searchParams.delete('page');
    else u.searchParams.set('page', String(n));
    return u.toString();
  };
  const offset = (page - 1) * size;
  if (page > 1 && offset >= total) throw new HttpError(404, 'invalid_page');
  return {
    count: total,
    next: offset + results.length < total ? at(page + 1) : null,
    previous: page > 1 ? at(page - 1) : null,
    results,
  };
}

function pageOf(url: URL): { page: number; size: number; offset: number } {
  const page = Number(url.searchParams.get('page') ?? 1);
  const size = Number(url.searchParams.get('page_size') ?? 50);
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 500)
    throw new HttpError(400, 'invalid');
  return { page, size, offset: (page - 1) * size };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function listWorkspaces(p: Principal, url: URL) {
  const { page, size, offset } = pageOf(url);
  const all = p.superuser;
  const scopeOrg = p.orgScope?.org ?? NO_ID;
  const user = p.superuser || p.orgScope ? NO_ID : (p.userId ?? NO_ID);
  const org = url.searchParams.get('organization');
  const where = sql`(${all}::boolean
    or "workspaces"."organization_id" = ${scopeOrg}::uuid
    or "workspaces"."organization_id" = any(array(select "organization_members"."organization_id" from "organization_members" where "organization_members"."user_id" = ${user}::uuid order by 1))
    or "workspaces"."id" = any(array(select "workspace_members"."workspace_id" from "workspace_members" where "workspace_members"."user_id" = ${user}::uuid order by 1))) and (${org}::uuid is null or "workspaces"."organization_id" = ${org}::uuid)`;
  const rows =
    await sql`select "id", "organization_id", "name", "config", "created_at", "updated_at", (count(*) over ())::int as total from "workspaces" where ${where}
    order by "workspaces"."name", "workspaces"."id" limit ${size} offset ${offset}`;
  const total =
    rows[0]?.total ?? (await sql`select count(*)::int as n from "workspaces" where ${where}`)[0]!.n;
  const results = rows.map((r) => ({
    id: r.id,
    organization: r.organization_id,
    name: r.name,
    config: r.config,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
  return envelope(url, page, size, total, results);
}

async function getWorkspace(p: Principal, id: string) {
  const [w] =
    await sql`select "id", "organization_id", "name", "config", "created_at", "updated_at" from "workspaces" where "workspaces"."id" = ${id}`;
  if (!w) throw new HttpError(404, 'not_found');
  await authorize(p, ALL, w.organization_id, w.id);
  return {
    id: w.id,
    organization: w.organization_id,
    name: w.name,
    config: w.config,
    created_at: iso(w.created_at),
    updated_at: iso(w.updated_at),
  };
}

async function getBucket(p: Principal, id: string) {
  const [b] =
    await sql`select "id", "name", "region", "cluster", "organization_id", "workspace_id", "state", "access_key_id", "secret_sealed", "cors_allow_all", "created_on_cluster", "create_attempted", "owner_reference", "created_for", "adoptable_by", "usage_bytes", "usage_objects", "usage_updated_at", "lease_until", "created_by_id", "created_at", "updated_at" from "buckets" where "buckets"."id" = ${id}`;
  if (!b) throw new HttpError(404, 'not_found');
  await authorize(p, ALL, b.organization_id, b.workspace_id);
  return {
    id: b.id,
    name: b.name,
    region: b.region,
    organization: b.organization_id,
    workspace: b.workspace_id,
    endpoint: ENDPOINT,
    state: b.state,
    cors_allow_all: b.cors_allow_all,
    origin: b.created_on_cluster === null ? null : b.created_on_cluster ? 'created' : 'adopted',
    owner_reference: b.owner_reference ?? null,
    created_for: b.created_for ?? null,
    adoptable_by: b.adoptable_by ?? null,
    usage: {
      bytes: b.usage_bytes === null ? null : Number(b.usage_bytes),
      objects: b.usage_objects === null ? null : Number(b.usage_objects),
      updated_at: iso(b.usage_updated_at),
    },
    created_at: iso(b.created_at),
    updated_at: iso(b.updated_at),
  };
}

/** paginateTable: count and page in parallel. */
async function countAndPage(
  url: URL,
  count: Promise<{ n: number }[]>,
  rows: Promise<Record<string, any>[]>,
  map: (r: any) => unknown,
) {
  const { page, size } = pageOf(url);
  const [[c], r] = await Promise.all([count, rows]);
  return envelope(url, page, size, c!.n, r.map(map));
}

function listOrganizations(p: Principal, url: URL) {
  const { size, offset } = pageOf(url);
  const where = p.superuser
    ? sql`true`
    : p.orgScope
      ? sql`"organizations"."id" = ${p.orgScope.org}`
      : sql`("organizations"."id" in (select "organization_members"."organization_id" from "organization_members" where "organization_members"."user_id" = ${p.userId ?? NO_ID}) or "organizations"."id" in (select "workspaces"."organization_id" from "workspaces" join "workspace_members" on "workspace_members"."workspace_id" = "workspaces"."id" where "workspace_members"."user_id" = ${p.userId ?? NO_ID}))`;
  return countAndPage(
    url,
    sql`select count(*)::int as n from "organizations" where ${where}`,
    sql`select "id", "slug", "name", "created_at", "updated_at" from "organizations" where ${where} order by "organizations"."slug" asc limit ${size} ${offset ? sql`offset ${offset}` : sql``}`,
    (o) => ({
      id: o.id,
      slug: o.slug,
      name: o.name,
      created_at: iso(o.created_at),
      updated_at: iso(o.updated_at),
    }),
  );
}

const keyView = (k: any) => ({
  id: k.id,
  kind: k.kind,
  name: k.name,
  prefix: k.display_prefix,
  organization: k.organization_id,
  role: k.role,
  scopes: k.scopes,
  created_by: k.user_id,
  created_at: iso(k.created_at),
  expires_at: iso(k.expires_at),
  last_used_at: iso(k.last_used_at),
});

const KEY_COLUMNS = sql`"id", "kind", "name", "token_hash", "display_prefix", "user_id", "organization_id", "role", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at"`;

function listKeys(url: URL, where: postgres.PendingQuery<any>) {
  const { size, offset } = pageOf(url);
  return countAndPage(
    url,
    sql`select count(*)::int as n from "api_keys" where (${where} and "api_keys"."revoked_at" is null)`,
    sql`select ${KEY_COLUMNS} from "api_keys" where (${where} and "api_keys"."revoked_at" is null) order by "api_keys"."created_at" desc limit ${size} ${offset ? sql`offset ${offset}` : sql``}`,
    keyView,
  );
}

async function userKeyRight(p: Principal, allowed: string[]) {
  if (p.userId === null || p.kind !== 'user') throw new HttpError(403, 'no_user');
  if (!allowed.includes(await highestRole(p))) throw new HttpError(403, 'permission_denied');
  // Wrapped: a fragment returned from an async function would be awaited, that is, run on its own.
  return { where: sql`("api_keys"."kind" = ${'user'} and "api_keys"."user_id" = ${p.userId})` };
}

async function listOrgKeys(p: Principal, url: URL, org: string) {
  // The route finds the organization (and checks the right), then the service checks it again.
  const [o] =
    await sql`select "id", "slug", "name", "created_at", "updated_at" from "organizations" where "organizations"."id" = ${org}`;
  if (!o) throw new HttpError(404, 'not_found');
  await authorize(p, ORG_ADMINS, o.id);
  await authorize(p, ORG_ADMINS, o.id);
  return listKeys(
    url,
    sql`("api_keys"."kind" = ${'organization'} and "api_keys"."organization_id" = ${org})`,
  );
}

async function listAudit(p: Principal, url: URL) {
  const { size, offset } = pageOf(url);
  let where = sql``;
  let counted = sql``;
  if (!p.superuser) {
    let orgs: string[];
    if (p.orgScope) orgs = p.orgScope.role === 'admin' ? [p.orgScope.org] : [];
    else
      orgs = (
        await sql`select "organization_id" from "organization_members" where ("organization_members"."user_id" = ${p.userId ?? ''} and "organization_members"."role" = ${'admin'})`
      ).map((r) => r.organization_id as string);
    if (orgs.length === 0) throw new HttpError(403, 'permission_denied');
    where = sql`where "audit_log"."organization_id" in ${sql(orgs)}`;
    counted = sql`where "audit_log_counts"."organization_id" in ${sql(orgs)}`;
  }
  // The mix reads unfiltered pages: their count is a sum of the kept counts, as the API's.
  return countAndPage(
    url,
    sql`select coalesce(sum("audit_log_counts"."entries"), 0)::int as n from "audit_log_counts" ${counted}`,
    sql`select "id", "occurred_at", "event", "actor_user_id", "api_key_id", "organization_id", "username", "ip", "request_id", "details" from "audit_log" ${where} order by "audit_log"."id" desc limit ${size} ${offset ? sql`offset ${offset}` : sql``}`,
    (e) => ({
      id: Number(e.id),
      occurred_at: iso(e.occurred_at),
      event: e.event,
      actor: e.actor_user_id,
      username: e.username,
      api_key: e.api_key_id,
      organization: e.organization_id,
      ip: e.ip,
      request_id: e.request_id,
      details: e.details,
    }),
  );
}

const recordAudit = (e: Record<string, unknown>) =>
  sql`insert into "audit_log" ("id", "occurred_at", "event", "actor_user_id", "api_key_id", "organization_id", "username", "ip", "request_id", "details") values (default, default, ${e.event as string}, ${(e.actor ?? null) as string}, ${(e.key ?? null) as string}, ${(e.org ?? null) as string}, ${(e.username ?? null) as string}, ${(e.ip ?? null) as string}, ${e.requestId as string}, ${sql.json((e.details ?? {}) as never)})`;

async function createKey(p: Principal, body: { name: string }, ip: string | null, requestId: string) {
  if (!p.interactive) throw new HttpError(403, 'interactive_login_required');
  await userKeyRight(p, NOT_VIEWER);
  const { token, hash, displayPrefix } = generateToken('user');
  const [k] =
    await sql`insert into "api_keys" ("id", "kind", "name", "token_hash", "display_prefix", "user_id", "organization_id", "role", "scopes", "created_at", "expires_at", "last_used_at", "revoked_at") values (default, ${'user'}, ${body.name}, ${hash}, ${displayPrefix}, ${p.userId}, ${null}, ${null}, ${null}, default, ${null}, default, default) returning ${KEY_COLUMNS}`;
  await recordAudit({
    event: 'api_key.created',
    actor: p.userId,
    key: k!.id,
    org: null,
    username: p.username,
    ip,
    requestId,
    details: { name: k!.name, kind: k!.kind, scopes: null, created_with: null },
  });
  return { ...keyView(k), token };
}

async function revokeKey(p: Principal, id: string, ip: string | null, requestId: string) {
  if (!p.interactive) throw new HttpError(403, 'interactive_login_required');
  const { where } = await userKeyRight(p, NOT_VIEWER);
  const [k] =
    await sql`update "api_keys" set "revoked_at" = ${new Date()} where (${where} and "api_keys"."id" = ${id} and "api_keys"."revoked_at" is null) returning ${KEY_COLUMNS}`;
  if (!k) throw new HttpError(404, 'not_found');
  await recordAudit({
    event: 'api_key.revoked',
    actor: p.userId,
    key: k.id,
    org: k.organization_id,
    username: p.username,
    ip,
    requestId,
    details: { name: k.name, kind: k.kind },
  });
}

/** One throttle counter's reservation, login-throttle.ts `take`. */
async function take(key: string, free: number, delay?: { first: number; max: number }) {
  const w = 15 * 60;
  const expired = sql`("login_throttle"."window_start" <= now() - make_interval(secs => ${w}))`;
  const admitted = delay
    ? sql`(${expired} or "login_throttle"."attempts" < ${free} or coalesce("login_throttle"."next_at" <= now(), true))`
    : sql`(${expired} or "login_throttle"."attempts" < ${free})`;
  const nextAfter = (n: postgres.PendingQuery<any>) =>
    delay
      ? sql`case when ${n} >= ${free} then now() + make_interval(secs => least(${delay.max}, ${delay.first} * power(2, ${n} - ${free}))) end`
      : sql`null::timestamptz`;
  const [row] =
    await sql`insert into "login_throttle" ("key", "window_start", "attempts", "next_at", "admitted") values (${key}, now(), ${1}, ${nextAfter(sql`1`)}, ${true})
    on conflict ("key") do update set "window_start" = case when ${expired} then now() else "login_throttle"."window_start" end,
      "attempts" = case when ${expired} then 1 when ${admitted} then "login_throttle"."attempts" + 1 else "login_throttle"."attempts" end,
      "next_at" = case when ${expired} then ${nextAfter(sql`1`)} when ${admitted} then ${nextAfter(sql`"login_throttle"."attempts" + 1`)} else "login_throttle"."next_at" end,
      "admitted" = ${admitted}
    returning "admitted", "window_start"::text as window_start`;
  return row!;
}

function verifyPassword(password: string, phc: string): Promise<boolean> {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!m) return Promise.resolve(false);
  const hash = Buffer.from(m[5]!, 'base64');
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      {
        message: password.normalize('NFKC'),
        nonce: Buffer.from(m[4]!, 'base64'),
        memory: Number(m[1]),
        passes: Number(m[2]),
        parallelism: Number(m[3]),
        tagLength: hash.length,
      },
      (err, key) => (err ? reject(err) : resolve(timingSafeEqual(key, hash))),
    ),
  );
}

async function login(body: { username: string; password: string }, ip: string, requestId: string) {
  const [user] =
    await sql`select "id", "username", "password_hash", "is_active", exists (select 1 from "login_addresses" where "user_id" = "id" and "address" = ${ip} and "last_succeeded_at" > now() - make_interval(days => ${90})) as known from "users" where lower("users"."username") = lower(${body.username})`;
  const name = body.username.toLowerCase();
  const counters: [string, number, { first: number; max: number }?][] = [[`pair:${name}|${ip}`, 5]];
  if (!user?.known) counters.push([`ip:${ip}`, 50], [`user:${name}`, 10, { first: 5, max: 60 }]);
  const held: { key: string; windowStart: string }[] = [];
  for (const [key, free, delay] of counters) {
    const r = await take(key, free, delay);
    if (!r.admitted) throw new HttpError(429, 'throttled');
    held.push({ key, windowStart: r.window_start });
  }
  const ok = user?.password_hash ? await verifyPassword(body.password, user.password_hash) : false;
  if (!user || !ok || !user.is_active) throw new HttpError(401, 'authentication_failed');
  for (const h of held)
    // `::text` first: postgres-js would send a timestamptz parameter through a Date, which drops
    // the microseconds this matches on (the API's drizzle sends it untyped, as text).
    await sql`update "login_throttle" set "attempts" = greatest("login_throttle"."attempts" - 1, 0) where ("login_throttle"."key" = ${h.key} and "login_throttle"."window_start" = ${h.windowStart}::text::timestamptz)`;
  await sql`insert into "login_addresses" ("user_id", "address", "last_succeeded_at") values (${user.id}, ${ip}, now()) on conflict ("user_id","address") do update set "last_succeeded_at" = now()`;
  const now = new Date();
  await sql`update "users" set "last_login_at" = ${now}, "updated_at" = ${now} where "users"."id" = ${user.id}`;
  await recordAudit({
    event: 'login.succeeded',
    actor: user.id,
    username: user.username,
    ip,
    requestId,
    details: { method: 'password' },
  });
  const { token, expiresAt } = signJwt(user.id);
  return { token, expires_at: expiresAt.toISOString() };
}

const UUID = '([0-9a-f-]{36})';
const ROUTES: [
  string,
  RegExp,
  (p: Principal, url: URL, m: RegExpExecArray, body: any, ip: string, id: string) => Promise<unknown>,
  number,
][] = [
  ['GET', /^\/api\/v1\/workspaces\/$/, (p, url) => listWorkspaces(p, url), 200],
  ['GET', new RegExp(`^/api/v1/workspaces/${UUID}/$`), (p, _u, m) => getWorkspace(p, m[1]!), 200],
  ['GET', new RegExp(`^/api/v1/s3/buckets/${UUID}/$`), (p, _u, m) => getBucket(p, m[1]!), 200],
  ['GET', /^\/api\/v1\/organizations\/$/, (p, url) => listOrganizations(p, url), 200],
  [
    'GET',
    /^\/api\/v1\/users\/me\/api-keys\/$/,
    async (p, url) => listKeys(url, (await userKeyRight(p, NOT_VIEWER)).where),
    200,
  ],
  [
    'GET',
    new RegExp(`^/api/v1/organizations/${UUID}/api-keys/$`),
    (p, url, m) => listOrgKeys(p, url, m[1]!),
    200,
  ],
  [
    'GET',
    /^\/api\/v1\/system-api-keys\/$/,
    (p, url) => {
      if (!p.superuser) throw new HttpError(403, 'permission_denied');
      return listKeys(url, sql`"api_keys"."kind" = ${'system'}`);
    },
    200,
  ],
  ['GET', /^\/api\/v1\/audit-log\/$/, (p, url) => listAudit(p, url), 200],
  [
    'POST',
    /^\/api\/v1\/users\/me\/api-keys\/$/,
    (p, _u, _m, body, ip, id) => createKey(p, body, ip, id),
    201,
  ],
  [
    'DELETE',
    new RegExp(`^/api/v1/users/me/api-keys/${UUID}/$`),
    (p, _u, m, _b, ip, id) => revokeKey(p, m[1]!, ip, id),
    204,
  ],
];

function send(res: ServerResponse, status: number, body: unknown, requestId: string) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  const peer = req.socket.remoteAddress ?? 'unknown';
  const ip = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    if (url.pathname === '/readyz')
      return send(res, 200, { status: 'ok', rows: (await sql`select 1`).length }, requestId);
    if (req.method === 'POST' && url.pathname === '/api/login/')
      return send(res, 200, await login(body, ip, requestId), requestId);
    for (const [method, pattern, run, status] of ROUTES) {
      const m = method === req.method ? pattern.exec(url.pathname) : null;
      if (!m) continue;
      const principal = await authenticate(req, url.pathname, requestId, ip);
      const out = await run(principal, url, m, body, ip, requestId);
      if (status === 204) {
        res.writeHead(204, { 'X-Request-Id': requestId });
        return void res.end();
      }
      return send(res, status, out, requestId);
    }
    throw new HttpError(404, 'not_found');
  } catch (err) {
    if (err instanceof HttpError)
      return send(res, err.status, { detail: err.code, code: err.code, request_id: requestId }, requestId);
    console.error(err);
    send(res, 500, { detail: 'server_error', code: 'server_error', request_id: requestId }, requestId);
  }
}

const server = createServer((req, res) => void handle(req, res));
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
