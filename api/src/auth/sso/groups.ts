import type { MemberRole } from '../../core/db/schema/index.ts';
import { storableText } from '../../core/storable.ts';

/**
 * The spec's group-to-role mapping, as pure logic: `<prefix>-admins` is Super Admin (only where the
 * provider is trusted with it), `<prefix>-<org>-admins|users|viewers` is Org Admin, User or Viewer in
 * the organization whose slug is `<org>`. A group counts only by its whole path, directly under the
 * provider's `group_parent`: at GitLab anyone can create `my-namespace/svc-admins`, and in Keycloak
 * anyone who may create a subgroup anywhere can create `/team/svc-admins`.
 */

const ROLE_BY_SUFFIX = { admins: 'admin', users: 'user', viewers: 'viewer' } as const;
const RANK: Record<MemberRole, number> = { admin: 3, user: 2, viewer: 1 };

/** What of a provider's configuration the mapping reads. */
export interface GroupRules {
  readonly groupPrefix: string;
  /** The path the groups must be directly under ('' = top-level groups only), without slashes at the ends. */
  readonly groupParent: string;
  /** Whether `<prefix>-admins` makes Super Admin (off: the group is ignored). */
  readonly superAdminFromGroups: boolean;
  /** The slugs this provider may grant roles in; null = any. */
  readonly organizations: readonly string[] | null;
}

export interface MappedGroups {
  readonly superuser: boolean;
  /** Organization slug to role: the highest role wins when several groups name one organization. */
  readonly organizations: ReadonlyMap<string, MemberRole>;
  /** Groups that named no role here (kept for the admins' claims view). */
  readonly ignored: readonly string[];
}

/**
 * The groups in a claim value: an array of strings, or one string; anything else is no group.
 * Made storable (a NUL or a lone surrogate replaced): they are kept on the identity.
 */
export function groupsFromClaim(value: unknown): string[] {
  if (typeof value === 'string') return [storableText(value)];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').map(storableText);
  return [];
}

/** `/platform/svc-acme-users/` → `platform/svc-acme-users`: one leading and one trailing `/` removed. */
export function normalizeGroup(group: string): string {
  const path = group.startsWith('/') ? group.slice(1) : group;
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

export function higherRole(a: MemberRole | undefined, b: MemberRole): MemberRole {
  return a !== undefined && RANK[a] >= RANK[b] ? a : b;
}

/**
 * Maps groups to roles. A group counts only when its whole path is `<parent>/<name>` (or `<name>`
 * with no parent), `<name>` being `<prefix>-admins` or `<prefix>-<org>-<role>`; the organization
 * part is everything between the prefix and the role suffix, so slugs with dashes
 * (`svc-acme-corp-users`) map unambiguously. Whether the organization exists is the caller's
 * question. Matching is exact and case-sensitive, as group paths are.
 */
export function mapGroups(groups: readonly string[], rules: GroupRules): MappedGroups {
  let superuser = false;
  const organizations = new Map<string, MemberRole>();
  const ignored: string[] = [];
  const under = rules.groupParent ? `${rules.groupParent}/` : '';
  const allowed = rules.organizations ? new Set(rules.organizations) : null;
  for (const raw of groups) {
    const path = normalizeGroup(raw);
    const name = path.startsWith(under) ? path.slice(under.length) : null;
    // A name with a `/` is a group further down the tree: never one of ours.
    if (name === null || name.includes('/')) {
      ignored.push(raw);
      continue;
    }
    if (name === `${rules.groupPrefix}-admins`) {
      if (rules.superAdminFromGroups) superuser = true;
      else ignored.push(raw);
      continue;
    }
    const match = name.startsWith(`${rules.groupPrefix}-`)
      ? /^(.+)-(admins|users|viewers)$/.exec(name.slice(rules.groupPrefix.length + 1))
      : null;
    const slug = match?.[1];
    if (!match || !slug || (allowed && !allowed.has(slug))) {
      ignored.push(raw);
      continue;
    }
    const role = ROLE_BY_SUFFIX[match[2] as keyof typeof ROLE_BY_SUFFIX];
    organizations.set(slug, higherRole(organizations.get(slug), role));
  }
  return { superuser, organizations, ignored };
}
