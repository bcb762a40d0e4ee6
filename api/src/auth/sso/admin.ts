import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { conflict, notFound, validationError } from '../../core/errors.ts';
import { organizations, users, userIdentities } from '../../core/db/schema/index.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { ServiceContext } from '../context.ts';
import { authorize, requireInteractive } from '../policy.ts';
import type { Sessions } from '../sessions.ts';
import type { OidcProviderConfig } from './config.ts';
import { mapGroups } from './groups.ts';
import type { GroupRules } from './groups.ts';
import type { IdentityLink, UserSso } from './schema.ts';

/**
 * What Super Admins use to support SSO users: the claims and groups a user's identities last
 * brought, what they map to, and the last sync problem ("my groups don't arrive"); linking a local
 * user to an identity; ending a user's sessions.
 */

const UNCONFIGURED: GroupRules = {
  groupPrefix: 'svc',
  groupParent: '',
  superAdminFromGroups: false,
  organizations: null,
};

async function userExists(db: Database, id: string): Promise<{ username: string }> {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  if (!user) throw notFound();
  return user;
}

export async function userSso(
  ctx: ServiceContext,
  providers: readonly OidcProviderConfig[],
  id: string,
): Promise<UserSso> {
  const { db } = ctx;
  await authorize(ctx, 'user.view', 'global');
  const [user] = await db
    .select({ isSuperuser: users.isSuperuser, superuserSource: users.superuserSource })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound();
  const rows = await db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, id))
    .orderBy(asc(userIdentities.createdAt));
  const identities = [];
  for (const row of rows) {
    const provider = providers.find((p) => p.name === row.provider);
    // A provider no longer configured maps as the defaults would: top-level groups, no Super Admin.
    const mapped = mapGroups(row.lastGroups ?? [], provider ?? UNCONFIGURED);
    const slugs = [...mapped.organizations.keys()];
    const known = slugs.length
      ? new Set(
          (
            await db
              .select({ slug: organizations.slug })
              .from(organizations)
              .where(inArray(organizations.slug, slugs))
          ).map((o) => o.slug),
        )
      : new Set<string>();
    identities.push({
      id: row.id,
      provider: row.provider,
      issuer: row.issuer,
      subject: row.subject,
      email: row.email,
      last_login_at: row.lastLoginAt?.toISOString() ?? null,
      last_sync_at: row.lastSyncAt?.toISOString() ?? null,
      last_sync_problem: row.lastSyncProblem,
      last_groups: row.lastGroups,
      last_claims: row.lastClaims ?? null,
      group_sync: provider?.groupSync ?? false,
      mapping: {
        superuser: mapped.superuser,
        organizations: [...mapped.organizations].map(([slug, role]) => ({
          slug,
          role,
          exists: known.has(slug),
        })),
        ignored_groups: [...mapped.ignored],
      },
    });
  }
  return { superuser: user.isSuperuser, superuser_source: user.superuserSource, identities };
}

/**
 * Links a user to an identity at a configured provider, so their next SSO sign-in is this user
 * (never matched by e-mail). An identity already linked to someone is a conflict.
 */
export async function linkIdentity(
  ctx: ServiceContext,
  providers: readonly OidcProviderConfig[],
  issuerOf: (provider: string) => Promise<string>,
  id: string,
  input: IdentityLink,
) {
  const { db, audit, principal, req } = ctx;
  await authorize(ctx, 'user.manage', 'global');
  // A link is a sign-in for whoever holds the identity: a key must not make one for its holder.
  requireInteractive(
    principal,
    'Linking an identity needs a person signed in (a login token from POST /api/login/, or the web UI), not an API key.',
  );
  const user = await userExists(db, id);
  const provider = providers.find((p) => p.name === input.provider);
  if (!provider)
    throw validationError([
      { attr: 'provider', code: 'does_not_exist', detail: 'No OIDC provider of this name is configured.' },
    ]);
  const issuer = await issuerOf(provider.name);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userIdentities)
        .values({ userId: id, provider: provider.name, issuer, subject: input.subject })
        .returning();
      await audit.record(
        {
          event: 'sso.identity_linked',
          actorUserId: principal.userId,
          apiKeyId: principal.apiKeyId,
          username: user.username,
          ip: req.ip,
          requestId: req.requestId,
          details: { user_id: id, provider: provider.name, subject: input.subject },
        },
        tx,
      );
      return {
        id: row!.id,
        provider: row!.provider,
        issuer: row!.issuer,
        subject: row!.subject,
        created_at: row!.createdAt.toISOString(),
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This identity is already linked to a user.', 'conflict');
    throw err;
  }
}

/** Ends every session of a user (an administrator's "sign out everywhere"). */
export async function revokeUserSessions(ctx: ServiceContext, sessions: Sessions, id: string): Promise<void> {
  const { db, audit, principal, req } = ctx;
  await authorize(ctx, 'user.manage', 'global');
  const user = await userExists(db, id);
  await db.transaction(async (tx) => {
    const ended = await sessions.revokeAllOfUser(id, 'revoked_by_admin', tx);
    await audit.record(
      {
        event: 'session.revoked',
        actorUserId: principal.userId,
        apiKeyId: principal.apiKeyId,
        username: user.username,
        ip: req.ip,
        requestId: req.requestId,
        details: { user_id: id, kind: 'admin', sessions: ended },
      },
      tx,
    );
  });
}
