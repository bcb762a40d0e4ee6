import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { errorInfo } from '../../core/error-info.ts';
import { organizationMembers, organizations, users, userIdentities } from '../../core/db/schema/index.ts';
import type { MemberRole } from '../../core/db/schema/index.ts';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import type { SsoContext } from './context.ts';
import { groupsFromClaim, mapGroups } from './groups.ts';

/** What one sync changed, and what it could not do (shown to admins, never blocking a sign-in). */
export interface SyncOutcome {
  readonly added: { organization: string; role: MemberRole }[];
  readonly changed: { organization: string; from: MemberRole; to: MemberRole }[];
  readonly removed: { organization: string; role: MemberRole }[];
  /** Organizations where a membership granted by hand was left as it is. */
  readonly keptManual: string[];
  /** Group slugs that match no organization. */
  readonly unknownOrganizations: string[];
  superuser: 'granted' | 'revoked' | null;
  readonly problems: string[];
}

/**
 * Applies the provider's groups to the user's roles, in one transaction: adds, changes and removes
 * memberships that came from the provider (`source = 'idp'`) and the provider-granted Super Admin
 * role (only for a provider with `super_admin_from_groups`), only in the organizations the provider
 * may grant roles in; never touches what was granted by hand. The last active Super Admin is never demoted by a
 * sync: the role stays and the problem is reported. Records the outcome on the identity and, when
 * anything changed, in the audit log.
 */
export async function syncGroups(
  { db, audit }: Pick<SsoContext, 'db' | 'audit'>,
  provider: OidcProviderConfig,
  identityId: string,
  userId: string,
  groups: readonly string[],
  req: RequestInfo,
): Promise<SyncOutcome> {
  const mapped = mapGroups(groups, provider);
  return db.transaction(async (tx) => {
    // Serializes syncs of one user (two tabs signing in at once) on the user's row.
    const [user] = await tx
      .select({
        isSuperuser: users.isSuperuser,
        superuserSource: users.superuserSource,
        username: users.username,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new Error('user vanished during sync');
    const slugs = [...mapped.organizations.keys()];
    const orgs = slugs.length
      ? await tx
          .select({ id: organizations.id, slug: organizations.slug })
          .from(organizations)
          .where(inArray(organizations.slug, slugs))
      : [];
    const idBySlug = new Map(orgs.map((o) => [o.slug, o.id]));
    const slugById = new Map(orgs.map((o) => [o.id, o.slug]));
    const desired = new Map<string, MemberRole>();
    for (const [slug, role] of mapped.organizations) {
      const id = idBySlug.get(slug);
      if (id) desired.set(id, role);
    }
    const current = await tx
      .select({
        organizationId: organizationMembers.organizationId,
        role: organizationMembers.role,
        source: organizationMembers.source,
      })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, userId));
    const currentSlugs = current.length
      ? await tx
          .select({ id: organizations.id, slug: organizations.slug })
          .from(organizations)
          .where(
            inArray(
              organizations.id,
              current.map((c) => c.organizationId),
            ),
          )
      : [];
    for (const o of currentSlugs) slugById.set(o.id, o.slug);

    const outcome: SyncOutcome = {
      added: [],
      changed: [],
      removed: [],
      keptManual: [],
      unknownOrganizations: slugs.filter((s) => !idBySlug.has(s)),
      superuser: null,
      problems: [],
    };
    const byOrg = new Map(current.map((c) => [c.organizationId, c]));
    for (const [orgId, role] of desired) {
      const row = byOrg.get(orgId);
      const organization = slugById.get(orgId)!;
      if (!row) {
        await tx
          .insert(organizationMembers)
          .values({ organizationId: orgId, userId, role, source: 'idp' })
          .onConflictDoNothing();
        outcome.added.push({ organization, role });
      } else if (row.source === 'manual') {
        if (row.role !== role) outcome.keptManual.push(organization);
      } else if (row.role !== role) {
        await tx
          .update(organizationMembers)
          .set({ role })
          .where(and(eq(organizationMembers.organizationId, orgId), eq(organizationMembers.userId, userId)));
        outcome.changed.push({ organization, from: row.role, to: role });
      }
    }
    // A provider limited to some organizations never removes memberships elsewhere (another
    // provider may have granted them).
    const limited = provider.organizations ? new Set(provider.organizations) : null;
    const stale = current.filter(
      (c) =>
        c.source === 'idp' &&
        !desired.has(c.organizationId) &&
        (!limited || limited.has(slugById.get(c.organizationId) ?? '')),
    );
    if (stale.length) {
      await tx.delete(organizationMembers).where(
        and(
          eq(organizationMembers.userId, userId),
          eq(organizationMembers.source, 'idp'),
          inArray(
            organizationMembers.organizationId,
            stale.map((s) => s.organizationId),
          ),
        ),
      );
      for (const s of stale)
        outcome.removed.push({
          organization: slugById.get(s.organizationId) ?? s.organizationId,
          role: s.role,
        });
    }

    // A provider not trusted with Super Admin neither grants nor revokes it.
    const trusted = provider.superAdminFromGroups;
    if (trusted && mapped.superuser && !user.isSuperuser) {
      await tx.update(users).set({ isSuperuser: true, superuserSource: 'idp' }).where(eq(users.id, userId));
      outcome.superuser = 'granted';
    } else if (trusted && !mapped.superuser && user.isSuperuser && user.superuserSource === 'idp') {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.isSuperuser, true), eq(users.isActive, true), ne(users.id, userId)));
      if ((others?.n ?? 0) > 0) {
        await tx
          .update(users)
          .set({ isSuperuser: false, superuserSource: 'manual' })
          .where(eq(users.id, userId));
        outcome.superuser = 'revoked';
      } else {
        outcome.problems.push(
          `not in ${superAdminGroup(provider)} any more, but the last active Super Admin: the role was kept`,
        );
      }
    }

    const problem = outcome.problems.length ? outcome.problems.join('; ') : null;
    await tx
      .update(userIdentities)
      .set({ lastSyncAt: new Date(), lastSyncProblem: problem })
      .where(eq(userIdentities.id, identityId));
    // One entry per organization, so each organization's admins see the changes in their log.
    const entries: { organizationId: string | null; details: Record<string, unknown> }[] = [
      ...outcome.added.map((a) => ({
        organizationId: idBySlug.get(a.organization)!,
        details: { change: 'added', ...a },
      })),
      ...outcome.changed.map((c) => ({
        organizationId: idBySlug.get(c.organization)!,
        details: { change: 'changed', ...c },
      })),
      ...stale.map((s) => ({
        organizationId: s.organizationId,
        details: { change: 'removed', organization: slugById.get(s.organizationId), role: s.role },
      })),
    ];
    if (outcome.superuser)
      entries.push({ organizationId: null, details: { change: `superuser_${outcome.superuser}` } });
    if (problem) entries.push({ organizationId: null, details: { change: 'none', problem } });
    for (const e of entries) {
      await audit.record(
        {
          event: 'sso.group_sync',
          actorUserId: userId,
          organizationId: e.organizationId,
          username: user.username,
          ip: req.ip,
          requestId: req.requestId,
          details: { provider: provider.name, ...e.details },
        },
        tx,
      );
    }
    return outcome;
  });
}

/** The whole path of the provider's Super Admin group, as the docs and problems name it. */
export function superAdminGroup(provider: OidcProviderConfig): string {
  return `${provider.groupParent ? `${provider.groupParent}/` : ''}${provider.groupPrefix}-admins`;
}

/**
 * Runs the group sync; a failure is logged and recorded on the identity, and the sign-in goes on.
 * Groups that could not be read are no sync at all: the roles stay as they are, and the identity
 * says why.
 */
export async function syncSafely(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  identityId: string,
  userId: string,
  groups: GroupsRead,
  req: RequestInfo,
): Promise<void> {
  if (!groups.known) {
    await ctx.db
      .update(userIdentities)
      .set({ lastSyncProblem: `groups unknown (${groups.why}): roles left as they were` })
      .where(eq(userIdentities.id, identityId));
    return;
  }
  try {
    // No claim counts as no groups: Keycloak, for one, leaves the claim out for a user in no group.
    // The claims view shows `last_groups: null`, which tells that case from an empty list.
    await syncGroups(ctx, provider, identityId, userId, groups.groups ?? [], req);
  } catch (err) {
    // Only the error's class and code: a driver's message can carry statement parameters.
    const { name, code } = errorInfo(err);
    const problem = `the group sync failed (${name}${code ? ` ${code}` : ''}); see the API log`;
    ctx.logger.warn(
      { provider: provider.name, user_id: userId, err: errorInfo(err) },
      'SSO group sync failed; sign-in continues',
    );
    await ctx.db
      .update(userIdentities)
      .set({ lastSyncAt: new Date(), lastSyncProblem: problem.slice(0, 500) })
      .where(eq(userIdentities.id, identityId))
      .catch(() => undefined);
  }
}

/**
 * The user's groups as read: a list, or null when the source was asked and has no groups claim (no
 * groups); or unknown, when they could not be read (no access token for userinfo, userinfo failing),
 * which must not count as "no groups".
 */
export type GroupsRead =
  | { readonly known: true; readonly groups: string[] | null }
  | { readonly known: false; readonly why: string };

/**
 * The user's groups, the same way for every flow: the ID token's claim, else userinfo with the
 * access token (its `sub` must be the ID token's). `configOf` is the client the access token was
 * issued to.
 */
export async function groupsOf(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  configOf: () => Promise<oidc.Configuration>,
  claims: oidc.IDToken | undefined,
  accessToken: string | undefined,
): Promise<GroupsRead> {
  if (claims?.[provider.groupsClaim] !== undefined)
    return { known: true, groups: groupsFromClaim(claims[provider.groupsClaim]) };
  if (!claims?.sub) return { known: false, why: 'no ID token' };
  if (!accessToken) return { known: false, why: 'no groups claim in the ID token and no access token' };
  try {
    const config = await configOf();
    if (!config.serverMetadata().userinfo_endpoint) return { known: true, groups: null }; // the ID token is all there is
    const info = await oidc.fetchUserInfo(config, accessToken, claims.sub);
    const value: unknown = info[provider.groupsClaim];
    return { known: true, groups: value === undefined ? null : groupsFromClaim(value) };
  } catch (err) {
    ctx.logger.warn({ provider: provider.name, err: errorInfo(err) }, 'SSO userinfo request failed');
    return { known: false, why: 'the userinfo request failed' };
  }
}
