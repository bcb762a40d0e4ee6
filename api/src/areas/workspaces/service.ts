import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { paginateWindowed } from '../../core/db/paginate.ts';
import { prepared } from '../../core/db/prepared.ts';
import { workspaces } from '../../core/db/schema/index.ts';
import type { WorkspaceRow } from '../../core/db/schema/index.ts';
import type { Workspace, WorkspaceCreate, WorkspaceListQuery, WorkspaceUpdate } from './schema.ts';
import { keepMaskedHeaders, maskHeaders } from './config.ts';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import {
  authorize,
  requireScope,
  roleIn,
  visibilityParams,
  visibleWorkspacesSql,
} from '../../auth/policy.ts';
import type { ServiceContext } from '../../auth/context.ts';
import type { Action } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import { isReferenceViolation, isUniqueViolation } from '../../core/db/errors.ts';

const toView = (w: WorkspaceRow): Workspace => ({
  id: w.id,
  organization: w.organizationId,
  name: w.name,
  config: maskHeaders(w.config),
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

/**
 * The list is the API's busiest query: one named prepared statement per request, with the caller's
 * visibility (see `visibilityParams`), the filter and the page as its parameters, so no request's
 * input can fail another's. Rows are rendered in code (`toView`): `bench:api` measured no gain from
 * rendering them in SQL or storing their JSON (ADR 0003). The rows carry the total as a window
 * count; only a page past the end (no row to carry it) is counted apart.
 */
function listStatements(db: Database) {
  return prepared(db, 'workspaces_page', (d, name) => {
    const org = sql.placeholder('org');
    const where = sql`${visibleWorkspacesSql()} and (${org}::uuid is null or ${workspaces.organizationId} = ${org}::uuid)`;
    return {
      page: d
        .select({
          id: workspaces.id,
          organizationId: workspaces.organizationId,
          name: workspaces.name,
          config: workspaces.config,
          createdAt: workspaces.createdAt,
          updatedAt: workspaces.updatedAt,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(workspaces)
        .where(where)
        .orderBy(workspaces.name, workspaces.id)
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

export async function listWorkspaces(
  ctx: ServiceContext,
  url: URL,
  query: WorkspaceListQuery,
): Promise<Page<Workspace>> {
  const { db, principal } = ctx;
  requireScope(principal, 'workspace.view');
  const statements = listStatements(db);
  const params = { ...visibilityParams(principal), org: query.organization ?? null };
  return paginateWindowed(url, query, {
    page: (limit, offset) => statements.page.execute({ ...params, limit, offset }),
    count: async () => (await statements.count.execute(params))[0]!.n,
    map: (row) => toView(row),
  });
}

const nameTaken = () =>
  validationError([
    { attr: 'name', code: 'unique', detail: 'The organization already has a workspace with this name.' },
  ]);

const byId = (db: Database) =>
  prepared(db, 'workspace_by_id', (d, name) =>
    d
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, sql.placeholder('id')))
      .prepare(name),
  );

export async function findWorkspace(ctx: ServiceContext, id: string): Promise<WorkspaceRow> {
  const [ws] = await byId(ctx.db).execute({ id });
  if (!ws) throw notFound();
  await authorize(ctx, 'workspace.view', {
    organizationId: ws.organizationId,
    workspaceId: ws.id,
  });
  return ws;
}

/**
 * A workspace for another area's `action` (a run, an event handler): 404 unless the caller has a
 * role in it, then that action's rule and scope decide (not `workspace.view`'s).
 */
export async function workspaceFor(ctx: ServiceContext, id: string, action: Action): Promise<WorkspaceRow> {
  const [ws] = await byId(ctx.db).execute({ id });
  if (!ws) throw notFound();
  await authorize(ctx, action, { organizationId: ws.organizationId, workspaceId: ws.id });
  return ws;
}

export async function getWorkspace(ctx: ServiceContext, id: string): Promise<Workspace> {
  return toView(await findWorkspace(ctx, id));
}

/** Records a workspace change in `tx`, the transaction of the change: never made unrecorded. */
function audited(
  tx: Database,
  { audit, principal, req }: ServiceContext,
  event: AuditEventType,
  ws: WorkspaceRow,
  details: Record<string, unknown> = {},
): Promise<void> {
  return audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: ws.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: { workspace: ws.id, name: ws.name, ...details },
    },
    tx,
  );
}

export async function createWorkspace(ctx: ServiceContext, input: WorkspaceCreate): Promise<Workspace> {
  const { db } = ctx;
  // A reference the caller cannot see is an invalid field, not a hint that it exists.
  if ((await roleIn(ctx, { organizationId: input.organization })) === null) {
    throw validationError([
      { attr: 'organization', code: 'does_not_exist', detail: 'Organization not found.' },
    ]);
  }
  await authorize(ctx, 'workspace.create', { organizationId: input.organization });
  try {
    const ws = await db.transaction(async (tx) => {
      const [ws] = await tx
        .insert(workspaces)
        .values({ organizationId: input.organization, name: input.name, config: input.config ?? {} })
        .returning();
      await audited(tx, ctx, 'workspace.created', ws!);
      return ws!;
    });
    return toView(ws);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    if (isReferenceViolation(err)) {
      throw validationError([
        { attr: 'organization', code: 'does_not_exist', detail: 'Organization not found.' },
      ]);
    }
    throw err;
  }
}

export async function updateWorkspace(
  ctx: ServiceContext,
  id: string,
  input: WorkspaceUpdate,
): Promise<Workspace> {
  const { db } = ctx;
  const ws = await findWorkspace(ctx, id);
  await authorize(ctx, 'workspace.configure', {
    organizationId: ws.organizationId,
    workspaceId: ws.id,
  });
  try {
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(workspaces)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.config !== undefined && { config: keepMaskedHeaders(input.config, before.config) }),
        })
        .where(eq(workspaces.id, id))
        .returning();
      // Both read back from jsonb, so equal configurations print alike.
      const changed = [
        ...(before.name !== after!.name ? ['name'] : []),
        ...(JSON.stringify(before.config) !== JSON.stringify(after!.config) ? ['config'] : []),
      ];
      // Names of what changed; a configuration's values may be secrets and are never recorded.
      if (changed.length > 0)
        await audited(tx, ctx, 'workspace.updated', after!, {
          changed,
          ...(changed.includes('name') && { previous_name: before.name }),
        });
      return after!;
    });
    return toView(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function deleteWorkspace(ctx: ServiceContext, id: string) {
  const { db } = ctx;
  const ws = await findWorkspace(ctx, id);
  await authorize(ctx, 'workspace.delete', {
    organizationId: ws.organizationId,
    workspaceId: ws.id,
  });
  try {
    await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(workspaces).where(eq(workspaces.id, id)).returning();
      if (!deleted) throw notFound();
      await audited(tx, ctx, 'workspace.deleted', deleted);
    });
  } catch (err) {
    // The buckets' reference restricts deletes.
    if (isReferenceViolation(err)) {
      throw conflict('The workspace still has buckets; delete them first.', 'workspace_not_empty');
    }
    throw err;
  }
}
