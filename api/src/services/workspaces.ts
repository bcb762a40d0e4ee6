import { asc, eq, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paginateWindowed } from '../db/paginate.ts';
import { prepared } from '../db/prepared.ts';
import { workspaces } from '../db/schema/index.ts';
import type { Workspace } from '../db/schema/index.ts';
import { errorInfo } from '../lib/error-info.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { Page, PageQuery, RawJson } from '../lib/pagination.ts';
import type { MembershipTarget } from './memberships.ts';
import { authorize, roleIn, visibilityParams, visibleWorkspacesSql } from './policy.ts';
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

/** An ISO 8601 UTC timestamp rendered by Postgres exactly as `Date.toISOString()` renders it. */
const isoSql = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list is the API's busiest query, so it is one prepared statement for every kind of caller
 * (visibility comes in as parameters, see `visibilityParams`), Postgres renders each item as JSON
 * (same fields as `toView`), and the total rides along as a window count: a page costs one round
 * trip and no per-row work here. (The count is queried apart only for a page past the end, which
 * has no rows to carry it.)
 */
function listStatement(db: Database) {
  return prepared(db, 'workspaces_page', (d, name) => {
    const org = sql.placeholder('org');
    const where = sql`${visibleWorkspacesSql()} and (${org}::uuid is null or ${workspaces.organizationId} = ${org}::uuid)`;
    const item = sql<string>`json_build_object(
      'id', ${workspaces.id}, 'organization', ${workspaces.organizationId}, 'name', ${workspaces.name},
      'config', ${workspaces.config}, 'created_at', ${isoSql(workspaces.createdAt)},
      'updated_at', ${isoSql(workspaces.updatedAt)})::text`;
    return {
      page: d
        .select({ item, total: sql<number>`count(*) over ()::int` })
        .from(workspaces)
        .where(where)
        .orderBy(asc(workspaces.name), asc(workspaces.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: d
        .select({ n: sql<number>`count(*)::int` })
        .from(workspaces)
        .where(where)
        .prepare(`${name}_count`),
    };
  });
}

/** A page whose items are already JSON text (see `pageJson`). */
export async function listWorkspaces(
  db: Database,
  principal: Principal,
  url: URL,
  query: PageQuery & { organization?: string | undefined },
): Promise<Page<RawJson>> {
  const statement = listStatement(db);
  const params = { ...visibilityParams(principal), org: query.organization ?? null };
  return paginateWindowed(url, query, {
    page: (limit, offset) => statement.page.execute({ ...params, limit, offset }),
    count: async () => (await statement.count.execute(params))[0]!.n,
    map: (r) => r.item as RawJson,
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
