import { and, asc, desc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  auditLog,
  auditLogCounts,
  NO_ORGANIZATION,
  organizationMembers,
  users,
} from '../../core/db/schema/index.ts';
import type { AuditEntryRow } from '../../core/db/schema/index.ts';
import { excludedEvents } from './schema.ts';
import type { AuditEntry, AuditFilter, AuditListQuery } from './schema.ts';
import { forbidden } from '../../core/errors.ts';
import { paginate } from '../../core/pagination.ts';
import type { Page } from '../../core/pagination.ts';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize, requireScope } from '../../auth/policy.ts';

export const toAuditView = (e: AuditEntryRow): AuditEntry => ({
  id: e.id,
  occurred_at: e.occurredAt.toISOString(),
  event: e.event,
  actor: e.actorUserId,
  username: e.username,
  api_key: e.apiKeyId,
  organization: e.organizationId,
  ip: e.ip,
  request_id: e.requestId,
  details: e.details,
});

/**
 * The organizations whose entries the principal may read: all (undefined) for Super Admins; for
 * Org Admins (and admin organization keys), those they administer. Others: 403.
 */
async function readable(ctx: ServiceContext, filter: AuditFilter): Promise<string[] | undefined> {
  const { db, principal } = ctx;
  requireScope(principal, 'audit_log.view');
  if (principal.superuser) return undefined;
  let orgIds: string[];
  if (principal.organizationScope) {
    orgIds = principal.organizationScope.role === 'admin' ? [principal.organizationScope.organizationId] : [];
  } else {
    const rows = await db
      .select({ id: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.userId, principal.userId ?? ''), eq(organizationMembers.role, 'admin')),
      );
    orgIds = rows.map((r) => r.id);
  }
  if (orgIds.length === 0) {
    throw forbidden('Only Super Admins and Org Admins can read the audit log.');
  }
  if (filter.organization && !orgIds.includes(filter.organization)) {
    // Uniform with other tenants' objects: the organization's log does not exist for the caller.
    await authorize(ctx, 'audit_log.view', { organizationId: filter.organization });
  }
  return orgIds;
}

async function scope(ctx: ServiceContext, filter: AuditFilter): Promise<SQL | undefined> {
  const orgIds = await readable(ctx, filter);
  return orgIds && inArray(auditLog.organizationId, orgIds);
}

function filters(f: AuditFilter): SQL[] {
  const excluded = excludedEvents(f);
  return [
    excluded.length ? notInArray(auditLog.event, excluded) : undefined,
    f.event ? eq(auditLog.event, f.event) : undefined,
    f.actor ? eq(auditLog.actorUserId, f.actor) : undefined,
    f.organization ? eq(auditLog.organizationId, f.organization) : undefined,
    f.since ? gte(auditLog.occurredAt, new Date(f.since)) : undefined,
    f.until ? lt(auditLog.occurredAt, new Date(f.until)) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

export async function listAudit(
  ctx: ServiceContext,
  url: URL,
  query: AuditListQuery,
): Promise<Page<AuditEntry>> {
  const { db } = ctx;
  const orgIds = await readable(ctx, query);
  const where = and(orgIds && inArray(auditLog.organizationId, orgIds), ...filters(query));
  // Narrowed by organization and events only (the usual views, with or without key use): the kept
  // counts, not a count of the whole log. (Entries without an organization are counted under
  // NO_ORGANIZATION, which no filter may name.)
  const kept = !query.actor && !query.since && !query.until && query.organization !== NO_ORGANIZATION;
  const excluded = excludedEvents(query);
  const countOrgs = query.organization ? [query.organization] : orgIds;
  return paginate(
    url,
    query,
    async () => {
      const [row] = kept
        ? await db
            .select({ n: sql`coalesce(sum(${auditLogCounts.entries}), 0)`.mapWith(Number) })
            .from(auditLogCounts)
            .where(
              and(
                countOrgs && inArray(auditLogCounts.organizationId, countOrgs),
                query.event ? eq(auditLogCounts.event, query.event) : undefined,
                excluded.length ? notInArray(auditLogCounts.event, excluded) : undefined,
              ),
            )
        : await db
            .select({ n: sql`count(*)`.mapWith(Number) })
            .from(auditLog)
            .where(where);
      return row!.n;
    },
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toAuditView);
    },
  );
}

/**
 * All matching entries, oldest first, as NDJSON lines, read in batches by key so an export of any
 * size holds one batch in memory at a time.
 */
export async function exportAudit(
  ctx: ServiceContext,
  filter: AuditFilter,
): Promise<ReadableStream<Uint8Array>> {
  const { db } = ctx;
  const where = and(await scope(ctx, filter), ...filters(filter));
  const encoder = new TextEncoder();
  let after = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(where, gt(auditLog.id, after)))
        .orderBy(asc(auditLog.id))
        .limit(1000);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows.at(-1)!.id;
      controller.enqueue(encoder.encode(rows.map((r) => `${JSON.stringify(toAuditView(r))}\n`).join('')));
    },
  });
}

/**
 * The ID of the user with this username (in any case), for filtering the log by actor; null when
 * there is none. Super Admins only: those who may see users.
 */
export async function actorByUsername(ctx: ServiceContext, username: string): Promise<string | null> {
  await authorize(ctx, 'user.view', 'global');
  const [u] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return u?.id ?? null;
}

/** The usernames of these actors, by ID (those that no longer exist left out). Super Admins only. */
export async function actorNames(ctx: ServiceContext, ids: readonly string[]): Promise<Map<string, string>> {
  await authorize(ctx, 'user.view', 'global');
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((u) => [u.id, u.username]));
}
