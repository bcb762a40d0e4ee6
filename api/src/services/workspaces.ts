import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paginateRendered } from '../db/paginate.ts';
import { arrayParameter, prepared, rawStatement } from '../db/prepared.ts';
import { TurnBatch } from '../db/turn-batch.ts';
import { workspaces } from '../db/schema/index.ts';
import type { Workspace } from '../db/schema/index.ts';
import { errorInfo } from '../lib/error-info.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { PageQuery, RenderedPage } from '../lib/pagination.ts';
import type { MembershipTarget } from './memberships.ts';
import {
  authorize,
  memberOrganizationsSql,
  memberWorkspacesSql,
  roleIn,
  visibilityParams,
  visibleWorkspacesSql,
} from './policy.ts';
import type { Principal } from './policy.ts';
import { isUniqueViolation } from './users.ts';

export interface WorkspaceView {
  id: string;
  organization: string;
  name: string;
  config: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

const toView = (w: Workspace): WorkspaceView => ({
  id: w.id,
  organization: w.organizationId,
  name: w.name,
  config: w.config,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

interface ListArgs {
  all: boolean;
  scope_org: string;
  user: string;
  org: string | null;
  limit: number;
  offset: number;
}

interface ListPage {
  /** The page's items as JSON texts joined by commas, UTF-8. */
  items: Buffer;
  rows: number;
  total: number | null;
}

/**
 * The list is the API's busiest query. Every list request of one event-loop turn goes to the
 * database as one prepared statement (see `TurnBatch`): each request's visibility (see
 * `visibilityParams`), filter and page are one element of parallel arrays. Each request's
 * memberships are read as sorted arrays, and requests that see the same workspaces and ask for the
 * same page (members of one organization, typically) form a group whose first request computes the
 * page, in a lateral subquery: the items as JSON texts joined by commas, how many, and the total as
 * a window count. The others get its counts and point at it (`same_as`) instead of carrying a copy.
 * Each workspace's JSON is stored with it (`list_item`, kept by a trigger on every write), so a page
 * joins texts and renders nothing, and on PostgreSQL the joined text reaches the response as the
 * bytes the server sent (`rawStatement`). A page past the end has no row to carry the total, so
 * only then is it counted apart.
 */
/** A column's text-format bytes as an integer. */
const int = (b: Buffer) => Number(b.toString('latin1'));

function listStatements(db: Database) {
  return prepared(db, 'workspaces_page', (d, name) => {
    const arg = (n: keyof ListArgs, type: string) => arrayParameter(n, type);
    const requests = sql`(
      select r.i, r.see_all, r.scope_org, r.org, r.lim, r.off,
        ${memberOrganizationsSql(sql`r.member`)} as orgs, ${memberWorkspacesSql(sql`r.member`)} as wss
      from unnest(${arg('all', 'int')}::boolean[], ${arg('scope_org', 'uuid')}, ${arg('user', 'uuid')},
        ${arg('org', 'uuid')}, ${arg('limit', 'int')}, ${arg('offset', 'int')})
        with ordinality as r(see_all, scope_org, member, org, lim, off, i)
    ) v`;
    const alike = sql`partition by v.see_all, v.scope_org, v.orgs, v.wss, v.org, v.lim, v.off`;
    const grouped = sql`(
      select v.*, row_number() over (${alike} order by v.i) as nth, min(v.i) over (${alike}) as first_i
      from ${requests}
    ) g`;
    const visible = visibleWorkspacesSql({
      all: sql`g.see_all`,
      scopeOrg: sql`g.scope_org`,
      orgs: sql`g.orgs`,
      workspaces: sql`g.wss`,
    });
    // `g.nth = 1` refers to nothing in the subquery, so PostgreSQL checks it once per request and
    // scans nothing for the rest of a group.
    const page = sql`(
      select coalesce(string_agg(q.list_item, ',' order by q.name, q.id), '') as items,
        count(*)::int as rows, max(q.total)::int as total
      from (
        select ${workspaces.id} as id, ${workspaces.name} as name, ${workspaces.listItem} as list_item,
          count(*) over () as total
        from ${workspaces}
        where g.nth = 1 and ${visible} and (g.org is null or ${workspaces.organizationId} = g.org)
        order by ${workspaces.name}, ${workspaces.id} limit g.lim offset g.off
      ) q
    ) p`;
    const group = sql`partition by g.first_i order by g.nth`;
    const query = d
      .select({
        items: sql<string | null>`case when g.nth = 1 then p.items end`,
        rows: sql<number>`first_value(p.rows) over (${group})`,
        total: sql<number | null>`first_value(p.total) over (${group})`,
        sameAs: sql<number>`g.first_i::int`,
      })
      .from(sql`${grouped} cross join lateral ${page}`)
      .orderBy(sql`g.i`);
    type GroupedRow = { items: Buffer | null; rows: number; total: number | null; sameAs: number };
    // On PostgreSQL the rows come undecoded (`rawStatement`); on PGlite through drizzle.
    const raw = rawStatement(d, query);
    const pages = raw ? undefined : query.prepare(name);
    const run = async (values: Record<string, unknown>): Promise<GroupedRow[]> =>
      raw
        ? (await raw(values)).map(([items, rows, total, sameAs]) => ({
            items: items ?? null,
            rows: int(rows!),
            total: total ? int(total) : null,
            sameAs: int(sameAs!),
          }))
        : (await pages!.execute(values)).map((p) => ({
            ...p,
            items: p.items === null ? null : Buffer.from(p.items),
          }));
    const org = sql.placeholder('org');
    return {
      batch: new TurnBatch<ListArgs, ListPage>(
        async (batch) => {
          const column = (n: keyof ListArgs) => batch.map((r) => r[n]);
          const rows = await run({
            // As 0/1: postgres-js types a boolean array as a scalar boolean parameter.
            all: batch.map((r) => Number(r.all)),
            scope_org: column('scope_org'),
            user: column('user'),
            org: column('org'),
            limit: column('limit'),
            offset: column('offset'),
          });
          // Rows in request order, each with its items or pointing at the row that has them.
          return rows.map((r) => ({
            items: r.items ?? rows[r.sameAs - 1]!.items!,
            rows: r.rows,
            total: r.total,
          }));
        },
        { keyOf: (r) => `${r.all}|${r.scope_org}|${r.user}|${r.org}|${r.limit}|${r.offset}` },
      ),
      count: d
        .select({ n: sql<number>`count(*)::int` })
        .from(workspaces)
        .where(
          sql`${visibleWorkspacesSql()} and (${org}::uuid is null or ${workspaces.organizationId} = ${org}::uuid)`,
        )
        .prepare(`${name}_count`),
    };
  });
}

/** A page whose items the database rendered (see `pageJson`). */
export async function listWorkspaces(
  db: Database,
  principal: Principal,
  url: URL,
  query: PageQuery & { organization?: string | undefined },
): Promise<RenderedPage> {
  const statements = listStatements(db);
  const visibility = visibilityParams(principal);
  const org = query.organization ?? null;
  return paginateRendered(url, query, {
    page: async (limit, offset) => (await statements.batch.get({ ...visibility, org, limit, offset }))!,
    count: async () => (await statements.count.execute({ ...visibility, org }))[0]!.n,
  });
}

const nameTaken = () =>
  validationError([
    { attr: 'name', code: 'unique', detail: 'The organization already has a workspace with this name.' },
  ]);

export async function findWorkspace(db: Database, principal: Principal, id: string): Promise<Workspace> {
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, id));
  if (!ws) throw notFound();
  await authorize(db, principal, 'view', { organizationId: ws.organizationId, workspaceId: ws.id });
  return ws;
}

export async function getWorkspace(db: Database, principal: Principal, id: string) {
  return toView(await findWorkspace(db, principal, id));
}

export async function createWorkspace(
  db: Database,
  principal: Principal,
  input: { organization: string; name: string; config?: Record<string, unknown> | undefined },
) {
  // A reference the caller cannot see is an invalid field, not a hint that it exists.
  if ((await roleIn(db, principal, { organizationId: input.organization })) === null) {
    throw validationError([
      { attr: 'organization', code: 'does_not_exist', detail: 'Organization not found.' },
    ]);
  }
  await authorize(db, principal, 'workspace.create', { organizationId: input.organization });
  try {
    const [ws] = await db
      .insert(workspaces)
      .values({ organizationId: input.organization, name: input.name, config: input.config ?? {} })
      .returning();
    return toView(ws!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    if ((err as { cause?: { code?: string } }).cause?.code === '23503') {
      throw validationError([
        { attr: 'organization', code: 'does_not_exist', detail: 'Organization not found.' },
      ]);
    }
    throw err;
  }
}

export async function updateWorkspace(
  db: Database,
  principal: Principal,
  id: string,
  input: { name?: string | undefined; config?: Record<string, unknown> | undefined },
) {
  const ws = await findWorkspace(db, principal, id);
  await authorize(db, principal, 'workspace.configure', {
    organizationId: ws.organizationId,
    workspaceId: ws.id,
  });
  try {
    const [updated] = await db
      .update(workspaces)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.config !== undefined && { config: input.config }),
      })
      .where(eq(workspaces.id, id))
      .returning();
    return toView(updated!);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function deleteWorkspace(db: Database, principal: Principal, id: string) {
  const ws = await findWorkspace(db, principal, id);
  await authorize(db, principal, 'workspace.delete', {
    organizationId: ws.organizationId,
    workspaceId: ws.id,
  });
  try {
    await db.delete(workspaces).where(eq(workspaces.id, id));
  } catch (err) {
    if (errorInfo(err).code === '23503') {
      throw conflict('The workspace still has buckets; delete them first.', 'workspace_not_empty');
    }
    throw err;
  }
}

export async function workspaceMembershipTarget(
  db: Database,
  principal: Principal,
  id: string,
): Promise<MembershipTarget> {
  const ws = await findWorkspace(db, principal, id);
  return {
    kind: 'workspace',
    id: ws.id,
    scope: { organizationId: ws.organizationId, workspaceId: ws.id },
    manageAction: 'workspace.members.manage',
  };
}
