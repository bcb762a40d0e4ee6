import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../core/db/client.ts';
import { prepared } from '../core/db/prepared.ts';
import { organizationMembers, workspaceMembers, organizations, workspaces } from '../core/db/schema/index.ts';
import type { MemberRole } from '../core/db/schema/index.ts';
import { forbidden, notFound } from '../core/errors.ts';
import type { ServiceContext } from './context.ts';
import { registry } from '../core/registry.ts';
import type { RegisteredAction, RegisteredScope } from '../core/registry.ts';

/**
 * The permission policy: the one place that decides who may do what. Routes ask `authorize()`;
 * nothing else compares roles. Each area registers its actions (who may, with which scope) and its
 * scopes with `register()` (core/registry.ts) in its index.ts; docs/permissions.md is the table
 * for people, and each area's policy test restates its rows (double entry).
 */

export const ROLES = ['super_admin', 'org_admin', 'workspace_admin', 'user', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { super_admin: 5, org_admin: 4, workspace_admin: 3, user: 2, viewer: 1 };

/** An action any area registered (`<resource>.<verb>`). */
export type Action = RegisteredAction;

/** The role sets an action's rule names. */
export const ALL: readonly Role[] = ROLES;
export const NOT_VIEWER: readonly Role[] = ['super_admin', 'org_admin', 'workspace_admin', 'user'];
export const ADMINS: readonly Role[] = ['super_admin', 'org_admin', 'workspace_admin'];
export const ORG_ADMINS: readonly Role[] = ['super_admin', 'org_admin'];
export const SUPER: readonly Role[] = ['super_admin'];

/** Every registered action, in the order the areas load. */
export const actions = (): readonly Action[] => registry.actions() as Action[];

export function can(role: Role, action: Action): boolean {
  return registry.rule(action).roles.includes(role);
}

/**
 * Scopes: the permission areas a principal may act in, next to its role. `<area>:write` implies
 * `<area>:read`. Login tokens (and keys created without scopes) hold every scope; a key created
 * with scopes holds only those (docs/permissions.md). Each area registers its own.
 */
export type Scope = RegisteredScope;

/** Every registered scope, in the order the areas load. */
export const allScopes = (): readonly Scope[] => registry.scopes() as Scope[];

/** The one scope an action needs. */
export const scopeOf = (action: Action): Scope => registry.rule(action).scope as Scope;

/** Every scope `granted` gives: each one, and the read scope of each write scope. */
export function expandScopes(granted: readonly Scope[] | null): ReadonlySet<Scope> {
  if (granted === null) return new Set(allScopes());
  return new Set(
    granted.flatMap((s) => (s.endsWith(':write') ? [s, s.replace(/:write$/, ':read') as Scope] : [s])),
  );
}

/** Whether `role` may do at least one action that needs `scope` (so a key may be given it). */
export function scopeUsefulFor(role: Role, scope: Scope): boolean {
  return actions().some((a) => scopeOf(a) === scope && can(role, a));
}

/**
 * The scope half of `authorize`, for operations with no role to check: lists filtered by
 * visibility, one's own account. A principal without the action's scope gets 403
 * `insufficient_scope`, naming the scope it needs.
 */
export function requireScope(principal: Principal, action: Action): void {
  const needed = scopeOf(action);
  if (!principal.scopes.has(needed)) {
    throw forbidden(`This key lacks the scope ${needed}, which this action needs.`, 'insufficient_scope');
  }
}

/**
 * Who is calling: resolved once per request by the authentication registry (auth/registry.ts),
 * the same shape whatever the credential.
 */
export interface Principal {
  /** Who: a user (login token, user key), an organization (its key), the system (a system key), an agent. */
  readonly kind: 'user' | 'organization' | 'system' | 'agent';
  /** How it authenticated. */
  readonly via:
    'login_token' | 'session' | 'user_key' | 'organization_key' | 'system_key' | 'service_account';
  /** A person signed in (a login token, the web UI's session), not a key. */
  readonly interactive: boolean;
  /** The user acting (login token, user key) or the key's creator (organization and system keys). */
  readonly userId: string | null;
  readonly username: string | null;
  /** Super Admin rights: a superuser, or a system key. */
  readonly superuser: boolean;
  readonly apiKeyId: string | null;
  /** Organization keys act only inside this organization, with this role. */
  readonly organizationScope: { readonly organizationId: string; readonly role: MemberRole } | null;
  /** The permission areas it may act in (already expanded: a write scope brings its read scope). */
  readonly scopes: ReadonlySet<Scope>;
}

/** The role a member role of an organization (or an organization key's role) gives. */
export const ORG_ROLE: Record<MemberRole, Role> = { admin: 'org_admin', user: 'user', viewer: 'viewer' };
const WORKSPACE_ROLE: Record<MemberRole, Role> = { admin: 'workspace_admin', user: 'user', viewer: 'viewer' };

function higher(a: Role | null, b: Role | null): Role | null {
  if (a === null) return b;
  if (b === null) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * A principal's role from its memberships (pure, so it is tested on its own). Inside a workspace it
 * is the higher of the organization role and the workspace role. At organization level, a member
 * of only some workspaces of the organization may see it (Viewer), nothing more.
 */
export function effectiveRole(
  principal: Principal,
  scope: { organizationId: string; workspaceId?: string },
  memberships: { orgRole: MemberRole | null; workspaceRole: MemberRole | null; anyWorkspaceInOrg: boolean },
): Role | null {
  if (principal.superuser) return 'super_admin';
  if (principal.organizationScope) {
    return principal.organizationScope.organizationId === scope.organizationId
      ? ORG_ROLE[principal.organizationScope.role]
      : null;
  }
  const fromOrg = memberships.orgRole ? ORG_ROLE[memberships.orgRole] : null;
  if (scope.workspaceId !== undefined) {
    return higher(fromOrg, memberships.workspaceRole ? WORKSPACE_ROLE[memberships.workspaceRole] : null);
  }
  return fromOrg ?? (memberships.anyWorkspaceInOrg ? 'viewer' : null);
}

/**
 * A user's memberships in one organization and, when given, one of its workspaces: one prepared
 * statement (authorization runs on nearly every request). No row: the organization does not exist.
 */
function membershipStatement(db: Database) {
  return prepared(db, 'policy_memberships', (d, name) => {
    const user = sql`${sql.placeholder('user')}::uuid`;
    const org = sql`${sql.placeholder('org')}::uuid`;
    const ws = sql`${sql.placeholder('ws')}::uuid`;
    return d
      .select({
        orgRole: sql<MemberRole | null>`(select ${organizationMembers.role} from ${organizationMembers}
          where ${organizationMembers.organizationId} = ${org} and ${organizationMembers.userId} = ${user})`,
        workspaceRole: sql<MemberRole | null>`(select ${workspaceMembers.role} from ${workspaceMembers}
          join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId}
          where ${workspaceMembers.workspaceId} = ${ws} and ${workspaceMembers.userId} = ${user}
            and ${workspaces.organizationId} = ${org})`,
        anyWorkspaceInOrg: sql<boolean>`exists (select 1 from ${workspaceMembers}
          join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId}
          where ${workspaceMembers.userId} = ${user} and ${workspaces.organizationId} = ${org})`,
      })
      .from(organizations)
      .where(eq(organizations.id, org))
      .prepare(name);
  });
}

/** Who acts, and the database its memberships are read from: all the policy's checks need of a context. */
export type PolicyContext = Pick<ServiceContext, 'db' | 'principal'>;

/** The principal's role in an organization (or one of its workspaces); null when not a member. */
export async function roleIn(
  { db, principal }: PolicyContext,
  scope: { organizationId: string; workspaceId?: string },
): Promise<Role | null> {
  if (principal.superuser || principal.organizationScope || principal.userId === null) {
    return effectiveRole(principal, scope, { orgRole: null, workspaceRole: null, anyWorkspaceInOrg: false });
  }
  const [row] = await membershipStatement(db).execute({
    user: principal.userId,
    org: scope.organizationId,
    ws: scope.workspaceId ?? null,
  });
  if (!row) return null;
  return effectiveRole(principal, scope, row);
}

/** Every membership role a user holds, organization and workspace alike: one prepared statement. */
function rolesStatement(db: Database) {
  return prepared(db, 'policy_all_roles', (d, name) =>
    d
      .select({ scope: sql<'org' | 'ws'>`'org'`, role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, sql.placeholder('user')))
      .unionAll(
        d
          .select({ scope: sql<'org' | 'ws'>`'ws'`, role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(eq(workspaceMembers.userId, sql.placeholder('user'))),
      )
      .prepare(name),
  );
}

/**
 * The principal's role anywhere: Super Admin, else the highest role it holds in any organization
 * or workspace (Viewer with no membership at all). Used for actions outside one organization, such
 * as creating one's own user API keys.
 */
export async function highestRole({ db, principal }: PolicyContext): Promise<Role> {
  if (principal.superuser) return 'super_admin';
  if (principal.organizationScope) return ORG_ROLE[principal.organizationScope.role];
  if (principal.userId === null) return 'viewer';
  const rows = await rolesStatement(db).execute({ user: principal.userId });
  return rows.reduce<Role>(
    (best, r) => higher(best, (r.scope === 'org' ? ORG_ROLE : WORKSPACE_ROLE)[r.role]) ?? best,
    'viewer',
  );
}

/**
 * Checks `action` in `scope`: the role and the scope, in this one place. Not a member: 404 (other
 * tenants' objects do not exist for the caller). A key without the action's scope: 403
 * `insufficient_scope`. A member without the right: 403 `permission_denied`. Returns the role it
 * was decided with.
 */
export async function authorize(
  ctx: PolicyContext,
  action: Action,
  scope: { organizationId: string; workspaceId?: string } | 'global',
  notFoundDetail = 'Not found.',
): Promise<Role> {
  const role = scope === 'global' ? await highestRole(ctx) : await roleIn(ctx, scope);
  if (role === null) throw notFound(notFoundDetail);
  requireScope(ctx.principal, action);
  if (!can(role, action)) {
    throw forbidden();
  }
  return role;
}

/**
 * Actions a key (or any credential that is not a person signing in) must not do, called after the
 * role check: whatever makes a credential that would outlive a leaked key's revocation (creating
 * and revoking API keys, setting a password, granting Super Admin, reactivating a user, linking an
 * identity, adding a member, raising a member's role), and importing a bucket Plinth does not
 * manage, which hands someone else's data to a tenant. Only a person signed in interactively may
 * (a login token or the web UI's session): 403 `interactive_login_required` otherwise. The list:
 * docs/authentication.md, "Which operations need a person signed in".
 */
export function requireInteractive(
  principal: Principal,
  detail = 'API keys can only be created and revoked by a person signed in (a login token from POST /api/login/), not with an API key.',
): void {
  if (!principal.interactive) throw forbidden(detail, 'interactive_login_required');
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Visibility ("a caller only ever sees what it belongs to") as parameters, so the busiest queries
 * can be prepared once for every kind of caller: `all` for Super Admins, `scope_org` for an
 * organization key, `user` for everyone else (the unused ones get values that match nothing).
 */
export function visibilityParams(principal: Principal): { all: boolean; scope_org: string; user: string } {
  return {
    all: principal.superuser,
    scope_org: principal.organizationScope?.organizationId ?? NO_ID,
    user: principal.superuser || principal.organizationScope ? NO_ID : (principal.userId ?? NO_ID),
  };
}

/** The organizations `user` (an SQL expression) is a member of, as a sorted `uuid[]`. */
export const memberOrganizationsSql = (user: SQL): SQL =>
  sql`array(select ${organizationMembers.organizationId} from ${organizationMembers} where ${organizationMembers.userId} = ${user} order by 1)`;

/** The workspaces `user` is a direct member of, as a sorted `uuid[]` (see `memberOrganizationsSql`). */
export const memberWorkspacesSql = (user: SQL): SQL =>
  sql`array(select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${user} order by 1)`;

/**
 * SQL condition on table `workspaces`: any workspace for Super Admins (`all`), those of its
 * organization for an organization key (`scopeOrg`), else those of the organizations the user is a
 * member of (`orgs`) and those it is a member of itself (`workspaces`). By default the four come
 * from the placeholders `all`, `scope_org` and `user` (see `visibilityParams`); a query may pass
 * its own expressions.
 */
export function visibleWorkspacesSql(
  by: { all: SQL; scopeOrg: SQL; orgs: SQL; workspaces: SQL } = {
    all: sql`${sql.placeholder('all')}::boolean`,
    scopeOrg: sql`${sql.placeholder('scope_org')}::uuid`,
    orgs: memberOrganizationsSql(sql`${sql.placeholder('user')}::uuid`),
    workspaces: memberWorkspacesSql(sql`${sql.placeholder('user')}::uuid`),
  },
): SQL {
  return sql`(${by.all}
    or ${workspaces.organizationId} = ${by.scopeOrg}
    or ${workspaces.organizationId} = any(${by.orgs})
    or ${workspaces.id} = any(${by.workspaces}))`;
}

/** The IDs of the workspaces `principal` may see, as a subquery with its values bound (a list's filter). */
export function visibleWorkspaceIdsSql(principal: Principal): SQL {
  const p = visibilityParams(principal);
  const user = sql`${p.user}::uuid`;
  const visible = visibleWorkspacesSql({
    all: sql`${p.all}::boolean`,
    scopeOrg: sql`${p.scope_org}::uuid`,
    orgs: memberOrganizationsSql(user),
    workspaces: memberWorkspacesSql(user),
  });
  return sql`(select ${workspaces.id} from ${workspaces} where ${visible})`;
}

/** The IDs of the organizations `principal` may see, as a subquery with its values bound (a list's filter). */
export function visibleOrganizationIdsSql(principal: Principal): SQL {
  const p = visibilityParams(principal);
  const user = sql`${p.user}::uuid`;
  return sql`(select ${organizations.id} from ${organizations} where ${p.all}::boolean
    or ${organizations.id} = ${p.scope_org}::uuid
    or ${organizations.id} = any(${memberOrganizationsSql(user)})
    or ${organizations.id} in (select ${workspaces.organizationId} from ${workspaces} where ${workspaces.id} = any(${memberWorkspacesSql(user)})))`;
}

/**
 * SQL condition on table `organizations` for a prepared statement, with the placeholders of
 * `visibilityParams`: what `visibleOrganizations` decides, as one statement text for every caller.
 */
export function visibleOrganizationsSql(): SQL {
  const user = sql`${sql.placeholder('user')}::uuid`;
  return sql`(${sql.placeholder('all')}::boolean
    or ${organizations.id} = ${sql.placeholder('scope_org')}::uuid
    or ${organizations.id} in (select ${organizationMembers.organizationId} from ${organizationMembers} where ${organizationMembers.userId} = ${user})
    or ${organizations.id} in (select ${workspaces.organizationId} from ${workspaces} join ${workspaceMembers} on ${workspaceMembers.workspaceId} = ${workspaces.id} where ${workspaceMembers.userId} = ${user}))`;
}
