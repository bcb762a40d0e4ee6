import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { paginateWindowed } from '../../core/db/paginate.ts';
import { prepared } from '../../core/db/prepared.ts';
import { organizations, workspaces } from '../../core/db/schema/index.ts';
import type { OrganizationRow } from '../../core/db/schema/index.ts';
import type { Organization, OrganizationCreate, OrganizationUpdate } from './schema.ts';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import type { Page, PageQuery } from '../../core/pagination.ts';
import type { ServiceContext } from '../../auth/context.ts';
import {
  authorize,
  requireInteractive,
  requireScope,
  visibilityParams,
  visibleOrganizationsSql,
} from '../../auth/policy.ts';
import type { Action } from '../../auth/policy.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';

const toView = (o: OrganizationRow): Organization => ({
  id: o.id,
  slug: o.slug,
  name: o.name,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

/** The list's page and count: prepared once, the caller's visibility as parameters. */
function listStatements(db: Database) {
  return prepared(db, 'organizations_page', (d, name) => ({
    page: d
      .select({
        id: organizations.id,
        slug: organizations.slug,
        name: organizations.name,
        createdAt: organizations.createdAt,
        updatedAt: organizations.updatedAt,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(organizations)
      .where(visibleOrganizationsSql())
      .orderBy(asc(organizations.slug))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
    count: d
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(visibleOrganizationsSql())
      .prepare(`${name}_count`),
  }));
}

export async function listOrganizations(
  ctx: ServiceContext,
  url: URL,
  page: PageQuery,
): Promise<Page<Organization>> {
  const { db, principal } = ctx;
  requireScope(principal, 'organization.view');
  const statements = listStatements(db);
  const params = visibilityParams(principal);
  return paginateWindowed(url, page, {
    page: (limit, offset) => statements.page.execute({ ...params, limit, offset }),
    count: async () => (await statements.count.execute(params))[0]!.n,
    map: (row) => toView(row),
  });
}

const byId = (db: Database) =>
  prepared(db, 'organization_by_id', (d, name) =>
    d
      .select()
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder('id')))
      .prepare(name),
  );

/**
 * The organization if it exists and the principal may see it (404 otherwise) and do `action` there
 * (403 otherwise; by default viewing it).
 */
export async function findOrganization(
  ctx: ServiceContext,
  id: string,
  action: Action = 'organization.view',
): Promise<OrganizationRow> {
  const [org] = await byId(ctx.db).execute({ id });
  if (!org) throw notFound();
  await authorize(ctx, action, { organizationId: org.id });
  return org;
}

export async function getOrganization(ctx: ServiceContext, id: string): Promise<Organization> {
  return toView(await findOrganization(ctx, id));
}

const slugTaken = () =>
  validationError([
    { attr: 'slug', code: 'unique', detail: 'An organization with this slug already exists.' },
  ]);

export async function createOrganization(
  ctx: ServiceContext,
  input: OrganizationCreate,
): Promise<Organization> {
  const { db, audit, principal, req } = ctx;
  await authorize(ctx, 'organization.create', 'global');
  try {
    // The organization and its audit entry commit together or not at all.
    const org = await db.transaction(async (tx) => {
      const [created] = await tx.insert(organizations).values(input).returning();
      await audit.record(
        {
          event: 'organization.created',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          organizationId: created!.id,
          ip: req.ip,
          requestId: req.requestId,
          details: { slug: created!.slug },
        },
        tx,
      );
      return created!;
    });
    return toView(org);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function updateOrganization(
  ctx: ServiceContext,
  id: string,
  input: OrganizationUpdate,
): Promise<Organization> {
  const { db, audit, principal, req } = ctx;
  const org = await findOrganization(ctx, id);
  await authorize(ctx, 'organization.update', { organizationId: org.id });
  // The slug names the OIDC groups (svc-{slug}-admins …) and the ServiceAccounts mapped here: only
  // a Super Admin may change it, signed in, since a new slug grants roles to whoever holds those.
  if (input.slug !== undefined && input.slug !== org.slug) {
    await authorize(ctx, 'organization.create', 'global');
    requireInteractive(
      principal,
      "Changing an organization's slug needs a person signed in (a login token from POST /api/login/, or the web UI), not an API key.",
    );
  }
  try {
    // The change and its audit entry commit together: the row read locked, so "before" is exact.
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(organizations)
        .set({
          ...(input.slug !== undefined && { slug: input.slug }),
          ...(input.name !== undefined && { name: input.name }),
        })
        .where(eq(organizations.id, id))
        .returning();
      const changed = (['slug', 'name'] as const).filter((k) => before[k] !== after![k]);
      if (changed.length > 0) {
        // Old and new: the slug decides which svc-<slug>-* groups grant roles here.
        await audit.record(
          {
            event: 'organization.updated',
            actorUserId: principal.userId,
            apiKeyId: principal.apiKeyId,
            organizationId: id,
            username: principal.username,
            ip: req.ip,
            requestId: req.requestId,
            details: {
              changed,
              slug: after!.slug,
              ...(changed.includes('slug') && { previous_slug: before.slug }),
              ...(changed.includes('name') && { name: after!.name, previous_name: before.name }),
            },
          },
          tx,
        );
      }
      return after!;
    });
    return toView(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function deleteOrganization(ctx: ServiceContext, id: string): Promise<void> {
  const { db, audit, principal, req } = ctx;
  const org = await findOrganization(ctx, id);
  await authorize(ctx, 'organization.delete', 'global');
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaces)
    .where(eq(workspaces.organizationId, id))) as [{ n: number }];
  if (n > 0) {
    throw conflict(
      `The organization still has ${n} workspace(s); delete them first.`,
      'organization_not_empty',
    );
  }
  // The deletion and its audit entry commit together or not at all.
  await db.transaction(async (tx) => {
    await tx.delete(organizations).where(eq(organizations.id, id));
    await audit.record(
      {
        event: 'organization.deleted',
        actorUserId: principal.userId,
        apiKeyId: principal.apiKeyId,
        organizationId: id,
        ip: req.ip,
        requestId: req.requestId,
        details: { slug: org.slug },
      },
      tx,
    );
  });
}
