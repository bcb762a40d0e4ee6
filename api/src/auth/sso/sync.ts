import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import type { AuditLog } from '../../core/audit/writer.ts';
import { organizationMembers, organizations, users, userIdentities } from '../../core/db/schema/index.ts';
import type { MemberRole } from '../../core/db/schema/index.ts';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import { mapGroups } from './groups.ts';

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
  db: Database,
  audit: AuditLog,
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
