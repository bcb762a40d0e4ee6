import { asc, eq, inArray, sql } from 'drizzle-orm';
import { paginateTable } from '../../core/db/paginate.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { prepared } from '../../core/db/prepared.ts';
import {
  organizations,
  userIdentities,
  users,
  workspaceMembers,
  workspaces,
} from '../../core/db/schema/index.ts';
import type { UserRow } from '../../core/db/schema/index.ts';
import type { User, UserCreate, UserUpdate } from './schema.ts';
import { conflict, forbidden, notFound, validationError } from '../../core/errors.ts';
import type { PageQuery } from '../../core/pagination.ts';
import type { ServiceContext } from '../../auth/context.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeSessionsOf } from '../../auth/sessions.ts';
import { authorize, requireInteractive, requireScope } from '../../auth/policy.ts';

export function toUserView(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    full_name: u.fullName,
    is_superuser: u.isSuperuser,
    is_active: u.isActive,
    last_login_at: u.lastLoginAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}

export async function listUsers(ctx: ServiceContext, url: URL, page: PageQuery) {
  await authorize(ctx, 'user.view', 'global');
  return paginateTable(ctx.db, url, page, {
    table: users,
    where: undefined,
    orderBy: [asc(users.username)],
    map: toUserView,
  });
}

export async function getUser(ctx: ServiceContext, id: string): Promise<User> {
  const { db, principal } = ctx;
  // Everyone sees themselves; only Super Admins see others (others' IDs are simply not found).
  if (principal.userId !== id || principal.kind !== 'user') {
    if (!principal.superuser) throw notFound();
    requireScope(principal, 'user.view');
  } else {
    requireScope(principal, 'user.view_self');
  }
  const [user] = await prepared(db, 'user_by_id', (d, name) =>
    d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id });
  if (!user) throw notFound();
  return toUserView(user);
}

/**
 * The signed-in user's name and e-mail from their account, for what another area records of who
 * acted (a run's event): the caller is that user, so no right is checked.
 */
export async function actingUser(
  ctx: ServiceContext,
): Promise<{ id: string; email: string | null; name: string } | null> {
  const { principal } = ctx;
  if (principal.kind !== 'user' || principal.userId === null) return null;
  const [u] = await prepared(ctx.db, 'acting_user', (d, name) =>
    d
      .select({ id: users.id, email: users.email, fullName: users.fullName, username: users.username })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  ).execute({ id: principal.userId });
  return u ? { id: u.id, email: u.email, name: u.fullName || u.username } : null;
}

export async function me(ctx: ServiceContext): Promise<User> {
  const { principal } = ctx;
  if (principal.userId === null || principal.kind !== 'user') {
    throw forbidden(
      'This token does not belong to a user (organization and system keys act on their own).',
      'no_user',
    );
  }
  return getUser(ctx, principal.userId);
}

/**
 * Why a key may not: a password, Super Admin or a reactivated account is a sign-in someone can use
 * to mint keys that outlive the key's revocation (docs/authentication.md).
 */
const PERSON_NEEDED =
  'Setting a password, granting Super Admin and reactivating a user need a person signed in (a login token from POST /api/login/, or the web UI), not an API key.';

export async function createUser(ctx: ServiceContext, input: UserCreate): Promise<User> {
  const { db, audit, principal, req } = ctx;
  await authorize(ctx, 'user.manage', 'global');
  if (input.password !== undefined || input.is_superuser === true)
    requireInteractive(principal, PERSON_NEEDED);
  // Hashed before the transaction: hashing is slow on purpose and holds no connection.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    // The user and its audit entry commit together: a user is never made unrecorded.
    const user = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email ?? null,
          fullName: input.full_name ?? '',
          isSuperuser: input.is_superuser ?? false,
          passwordHash,
        })
        .returning();
      await audit.record(
        {
          event: 'user.created',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          username: user!.username,
          ip: req.ip,
          requestId: req.requestId,
          details: { user_id: user!.id, is_superuser: user!.isSuperuser },
        },
        tx,
      );
      return user!;
    });
    return toUserView(user);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw validationError([
        { attr: 'username', code: 'unique', detail: 'A user with that username already exists.' },
      ]);
    }
    throw err;
  }
}

export async function updateUser(ctx: ServiceContext, id: string, input: UserUpdate): Promise<User> {
  const { db, audit, principal, req } = ctx;
  await authorize(ctx, 'user.manage', 'global');
  if (id === principal.userId && (input.is_active === false || input.is_superuser === false)) {
    throw conflict('You cannot deactivate yourself or remove your own Super Admin role.', 'self_lockout');
  }
  // Refused before the (slow) hash: a key never sets a password nor grants Super Admin.
  if (input.password !== undefined || input.is_superuser === true)
    requireInteractive(principal, PERSON_NEEDED);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== undefined) changes.username = input.username;
  if (input.email !== undefined) changes.email = input.email;
  if (input.full_name !== undefined) changes.fullName = input.full_name;
  if (input.is_superuser !== undefined) changes.isSuperuser = input.is_superuser;
  if (input.is_active !== undefined) changes.isActive = input.is_active;
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
  // The change and its audit entry commit together: a user is never changed unrecorded.
  const updated = await db.transaction(async (tx) => {
    if (input.is_active === true && !principal.interactive) {
      // Locked, so a deactivation committed meanwhile cannot be undone by this key's request.
      const [current] = await tx
        .select({ isActive: users.isActive })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      if (!current) throw notFound();
      if (!current.isActive) requireInteractive(principal, PERSON_NEEDED);
    }
    let updated: UserRow | undefined;
    try {
      [updated] = Object.keys(changes).length
        ? await tx.update(users).set(changes).where(eq(users.id, id)).returning()
        : await tx.select().from(users).where(eq(users.id, id));
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw validationError([
          { attr: 'username', code: 'unique', detail: 'A user with that username already exists.' },
        ]);
      }
      throw err;
    }
    if (!updated) throw notFound();
    // A deactivated user's web sessions end for good: reactivation does not bring them back.
    if (input.is_active === false) await revokeSessionsOf(tx, id);
    if (Object.keys(changes).length) {
      await audit.record(
        {
          event: 'user.updated',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          username: updated.username,
          ip: req.ip,
          requestId: req.requestId,
          // Names of what changed, never the values (a password among them).
          details: {
            user_id: id,
            changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
          },
        },
        tx,
      );
    }
    return updated;
  });
  return toUserView(updated);
}

/** How a user signs in: a local password, identities at providers, both or neither. */
export interface SignInMethods {
  readonly password: boolean;
  readonly sso: boolean;
}

/**
 * How each of these users signs in (flags only: never a hash), for the users' pages; users that
 * do not exist are left out. Super Admins only, as the list of users.
 */
export async function signInMethods(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<Map<string, SignInMethods>> {
  await authorize(ctx, 'user.view', 'global');
  if (ids.length === 0) return new Map();
  const [passwords, identities] = await Promise.all([
    ctx.db
      .select({ id: users.id, password: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(inArray(users.id, [...ids])),
    ctx.db
      .selectDistinct({ id: userIdentities.userId })
      .from(userIdentities)
      .where(inArray(userIdentities.userId, [...ids])),
  ]);
  const sso = new Set(identities.map((r) => r.id));
  return new Map(passwords.map((r) => [r.id, { password: Boolean(r.password), sso: sso.has(r.id) }]));
}

/**
 * A user's own workspace memberships (not those an organization role gives), with each
 * workspace's organization, by organization and workspace name. Super Admins only.
 */
export async function workspaceRolesOfUser(
  ctx: ServiceContext,
  userId: string,
): Promise<{ id: string; name: string; organization: string; role: string }[]> {
  await authorize(ctx, 'user.view', 'global');
  return ctx.db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      organization: organizations.name,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(organizations.name), asc(workspaces.name));
}
