import type { MemberRole } from '../../areas/members/tables.ts';

/**
 * The spec's group-to-role mapping, as pure logic: `<prefix>-admins` is Super Admin,
 * `<prefix>-<org>-admins|users|viewers` is Org Admin, User or Viewer in the organization whose slug
 * is `<org>`. A leading `/` and any parent path (Keycloak's full group paths) are ignored.
 */

const ROLE_BY_SUFFIX = { admins: 'admin', users: 'user', viewers: 'viewer' } as const;
const RANK: Record<MemberRole, number> = { admin: 3, user: 2, viewer: 1 };

export interface MappedGroups {
  readonly superuser: boolean;
  /** Organization slug to role: the highest role wins when several groups name one organization. */
  readonly organizations: ReadonlyMap<string, MemberRole>;
  /** Groups that named no role (kept for the admins' claims view). */
  readonly ignored: readonly string[];
}

/** The groups in a claim value: an array of strings, or one string; anything else is no group. */
export function groupsFromClaim(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** `/parent/svc-acme-users` → `svc-acme-users`. */
export function normalizeGroup(group: string): string {
  const trimmed = group.trim().replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export function higherRole(a: MemberRole | undefined, b: MemberRole): MemberRole {
  return a !== undefined && RANK[a] >= RANK[b] ? a : b;
}

/**
 * Maps groups to roles. The organization part is everything between the prefix and the role
 * suffix, so slugs with dashes (`svc-acme-corp-users`) map unambiguously; whether the organization
 * exists is the caller's question. Prefix matching is case-sensitive, as group names are.
 */
export function mapGroups(groups: readonly string[], prefix: string): MappedGroups {
  let superuser = false;
  const organizations = new Map<string, MemberRole>();
  const ignored: string[] = [];
  for (const raw of groups) {
    const group = normalizeGroup(raw);
    if (group === `${prefix}-admins`) {
      superuser = true;
      continue;
    }
    const match = group.startsWith(`${prefix}-`)
      ? /^(.+)-(admins|users|viewers)$/.exec(group.slice(prefix.length + 1))
      : null;
    if (!match) {
      ignored.push(raw);
      continue;
    }
    const slug = match[1]!;
    const role = ROLE_BY_SUFFIX[match[2] as keyof typeof ROLE_BY_SUFFIX];
    organizations.set(slug, higherRole(organizations.get(slug), role));
  }
  return { superuser, organizations, ignored };
}
