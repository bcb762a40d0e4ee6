import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { organizationMembers, workspaceMembers, users, organizations } from '../../core/db/schema/index.ts';
import type { MemberRole } from '../../core/db/schema/index.ts';
import type { Member, MemberCreate, MemberUpdate } from './schema.ts';
import { notFound, validationError } from '../../core/errors.ts';
import type { Page, PageQuery } from '../../core/pagination.ts';
import { paginate } from '../../core/pagination.ts';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize, requireInteractive } from '../../auth/policy.ts';
import type { Action } from '../../auth/policy.ts';
import { findOrganization } from '../organizations/public.ts';
import { findWorkspace } from '../workspaces/public.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';

/** What has members: the same operations on two tables. */
export const MEMBER_PARENTS = ['organization', 'workspace'] as const;
export type MemberParent = (typeof MEMBER_PARENTS)[number];

/** The organization or workspace whose members are read or changed, and how rights are checked there. */
export interface MembershipTarget {
  readonly kind: MemberParent;
  readonly id: string;
  readonly scope: { organizationId: string; workspaceId?: string };
  readonly manageAction: Action;
}

/** The parent if the principal may see it (404 otherwise). */
export async function membershipTarget(
  ctx: ServiceContext,
  kind: MemberParent,
  id: string,
): Promise<MembershipTarget> {
  if (kind === 'organization') {
    const org = await findOrganization(ctx, id);
    return {
      kind,
      id: org.id,
      scope: { organizationId: org.id },
      manageAction: 'organization.members.manage',
    };
  }
  const ws = await findWorkspace(ctx, id);
  return {
    kind,
    id: ws.id,
    scope: { organizationId: ws.organizationId, workspaceId: ws.id },
    manageAction: 'workspace.members.manage',
  };
}

function table(kind: MemberParent) {
  return kind === 'organization'
    ? { t: organizationMembers, parent: organizationMembers.organizationId }
    : { t: workspaceMembers, parent: workspaceMembers.workspaceId };
}

export async function listMembers(
  ctx: ServiceContext,
  target: MembershipTarget,
  url: URL,
  page: PageQuery,
): Promise<Page<Member>> {
  const { db } = ctx;
  await authorize(ctx, target.kind === 'organization' ? 'organization.view' : 'workspace.view', target.scope);
  const { t, parent } = table(target.kind);
  return paginate(
    url,
    page,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(t)
          .where(eq(parent, target.id))
      )[0]!.n,
    async (limit, offset) =>
      (
        await db
          .select({
            user: users.id,
            username: users.username,
            full_name: users.fullName,
            role: t.role,
            source: t.source,
            createdAt: t.createdAt,
          })
          .from(t)
          .innerJoin(users, eq(users.id, t.userId))
          .where(eq(parent, target.id))
          .orderBy(asc(users.username))
          .limit(limit)
          .offset(offset)
      ).map(({ createdAt, ...m }) => ({ ...m, created_at: createdAt.toISOString() })),
  );
}

/** Records a membership change in `tx`, the transaction of the change itself. */
async function audited(
  tx: Database,
  { audit, principal, req }: ServiceContext,
  target: MembershipTarget,
  action: 'added' | 'changed' | 'removed',
  details: Record<string, unknown>,
) {
  await audit.record(
    {
      event: `${target.kind}.member.${action}`,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: target.scope.organizationId,
      ip: req.ip,
      requestId: req.requestId,
      details: { [target.kind]: target.id, ...details },
    },
    tx,
  );
}

/**
 * A member holds their own sign-ins and keys there: adding one, or raising one's role, from a key
 * would let the key outlive its revocation through that person (docs/authentication.md).
 */
const PERSON_NEEDED =
  "Adding a member and setting a member's role other than lower need a person signed in (a login token from POST /api/login/, or the web UI), not an API key.";
const RANK: Record<MemberRole, number> = { viewer: 1, user: 2, admin: 3 };

/**
 * Adds a user by username or e-mail address (both case-insensitive), never by ID. A name or address
 * that does not lead to exactly one active user gets one and the same answer, whatever the reason,
 * so a caller learns nothing about users it cannot add.
 */
export async function addMember(
  ctx: ServiceContext,
  target: MembershipTarget,
  input: MemberCreate,
): Promise<Member> {
  const { db, principal } = ctx;
  await authorize(ctx, target.manageAction, target.scope);
  requireInteractive(principal, PERSON_NEEDED);
  const by =
    input.username !== undefined
      ? { attr: 'username', match: sql`lower(${users.username}) = lower(${input.username})` }
      : { attr: 'email', match: sql`lower(${users.email}) = lower(${input.email ?? ''})` };
  // Two rows tell an ambiguous e-mail address (addresses are not unique) from a single match.
  const found = await db
    .select()
    .from(users)
    .where(and(by.match, eq(users.isActive, true)))
    .limit(2);
  const user = found.length === 1 ? found[0]! : undefined;
  if (!user) {
    throw validationError([
      {
        attr: by.attr,
        code: 'does_not_exist',
        detail: 'No single active user has this username or e-mail address.',
      },
    ]);
  }
  try {
    const row = await db.transaction(async (tx) => {
      const [added] =
        target.kind === 'organization'
          ? await tx
              .insert(organizationMembers)
              .values({ organizationId: target.id, userId: user.id, role: input.role })
              .returning()
          : await tx
              .insert(workspaceMembers)
              .values({ workspaceId: target.id, userId: user.id, role: input.role })
              .returning();
      await audited(tx, ctx, target, 'added', { user: user.id, role: input.role });
      return added!;
    });
    return {
      user: user.id,
      username: user.username,
      full_name: user.fullName,
      role: row.role,
      source: row.source,
      created_at: row.createdAt.toISOString(),
    };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw validationError([
        { attr: by.attr, code: 'unique', detail: `This user is already a member of the ${target.kind}.` },
      ]);
    }
    throw err;
  }
}

export async function changeMember(
  ctx: ServiceContext,
  target: MembershipTarget,
  userId: string,
  input: MemberUpdate,
): Promise<Member> {
  const { db, principal } = ctx;
  await authorize(ctx, target.manageAction, target.scope);
  const { t, parent } = table(target.kind);
  return db.transaction(async (tx) => {
    if (!principal.interactive) {
      // Locked, so the role compared is the one this update replaces.
      const [current] = await tx
        .select({ role: t.role })
        .from(t)
        .where(and(eq(parent, target.id), eq(t.userId, userId)))
        .for('update');
      if (!current) throw notFound('No such member.');
      // Only a lower role: the same one set again is marked manual, which group sync never removes.
      if (RANK[input.role] >= RANK[current.role]) requireInteractive(principal, PERSON_NEEDED);
    }
    const [row] = await tx
      .update(t)
      // A role set by hand is the administrator's from now on: group sync leaves it alone.
      .set({ role: input.role, source: 'manual' })
      .where(and(eq(parent, target.id), eq(t.userId, userId)))
      .returning();
    if (!row) throw notFound('No such member.');
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await audited(tx, ctx, target, 'changed', { user: userId, role: input.role });
    return {
      user: userId,
      username: user!.username,
      full_name: user!.fullName,
      role: row.role,
      source: row.source,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function removeMember(
  ctx: ServiceContext,
  target: MembershipTarget,
  userId: string,
): Promise<void> {
  const { db } = ctx;
  await authorize(ctx, target.manageAction, target.scope);
  const { t, parent } = table(target.kind);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(t)
      .where(and(eq(parent, target.id), eq(t.userId, userId)))
      .returning({ userId: t.userId });
    if (removed.length === 0) throw notFound('No such member.');
    await audited(tx, ctx, target, 'removed', { user: userId });
  });
}

/** The organizations a user belongs to, with role and where each membership came from. */
export async function membershipsOfUser(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; organization: string; slug: string; role: string; source: string }[]> {
  return ctx.db
    .select({
      id: organizations.id,
      organization: organizations.name,
      slug: organizations.slug,
      role: organizationMembers.role,
      source: organizationMembers.source,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizations.slug));
}
