import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paginateRendered } from '../db/paginate.ts';
import { prepared } from '../db/prepared.ts';
import { workspaces } from '../db/schema/index.ts';
import type { Workspace } from '../db/schema/index.ts';
import { errorInfo } from '../lib/error-info.ts';
import { conflict, notFound, validationError } from '../lib/errors.ts';
import type { PageQuery, RenderedPage } from '../lib/pagination.ts';
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

/**
 * The list is the API's busiest query, so it is one prepared statement for every kind of caller
 * (visibility comes in as parameters, see `visibilityParams`) that answers in one row: the page's
 * items as JSON texts joined by commas, how many, and the total as a window count. Each row's JSON
 * is stored with it (`list_item`, kept by a trigger on every write), so a page joins texts and
 * renders nothing. A page past the end has no row to carry the total, so only then is it counted
 * apart.
 */
function listStatement(db: Database) {
  return prepared(db, 'workspaces_page', (d, name) => {
    const org = sql.placeholder('org');
    const where = sql`${visibleWorkspacesSql()} and (${org}::uuid is null or ${workspaces.organizationId} = ${org}::uuid)`;
    const page = d
      .select({
        id: workspaces.id,
        name: workspaces.name,
        listItem: workspaces.listItem,
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(workspaces)
      .where(where)
      .orderBy(asc(workspaces.name), asc(workspaces.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('p');
    return {
      page: d
        .select({
          items: sql<string>`coalesce(string_agg(${page.listItem}, ',' order by ${page.name}, ${page.id}), '')`,
          rows: sql<number>`count(*)::int`,
          total: sql<number | null>`max(${page.total})::int`,
        })
        .from(page)
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
): Promise<RenderedPage> {
  const statement = listStatement(db);
  const params = { ...visibilityParams(principal), org: query.organization ?? null };
  return paginateRendered(url, query, {
    page: async (limit, offset) => (await statement.page.execute({ ...params, limit, offset }))[0]!,
    count: async () => (await statement.count.execute(params))[0]!.n,
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
