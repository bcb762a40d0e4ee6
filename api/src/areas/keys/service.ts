import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { paginateTable } from '../../core/db/paginate.ts';
import { apiKeys } from '../../core/db/schema/index.ts';
import type { ApiKeyRow } from '../../core/db/schema/index.ts';
import type { ApiKey, ApiKeyCreate, CreatedApiKey } from './schema.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import type { PageQuery } from '../../core/pagination.ts';
import { generateToken } from '../../core/tokens.ts';
import type { ServiceContext } from '../../auth/context.ts';
import { allScopes, authorize, ORG_ROLE, requireInteractive, scopeUsefulFor } from '../../auth/policy.ts';
import type { Role, Scope } from '../../auth/policy.ts';

/** Scopes a key can never hold: API keys never manage API keys (see `requireInteractive`). */
export const NOT_GRANTABLE: readonly Scope[] = ['keys:write'];

const toView = (k: ApiKeyRow): ApiKey => ({
  id: k.id,
  kind: k.kind,
  name: k.name,
  prefix: k.displayPrefix,
  organization: k.organizationId,
  role: k.role,
  // Written by createKey from registered scopes only.
  scopes: k.scopes as Scope[] | null,
  // The owner of a user key; who created an organization or system key (which belong to the
  // organization and to the system, not to that person).
  created_by: k.userId,
  created_at: k.createdAt.toISOString(),
  expires_at: k.expiresAt?.toISOString() ?? null,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});

/**
 * Which keys an operation is about: the caller's own user keys, one organization's keys, or the
 * system keys. Each owner kind has its own right to check.
 */
export type KeyOwner =
  { kind: 'user' } | { kind: 'organization'; organizationId: string } | { kind: 'system' };

async function checkRight(
  ctx: ServiceContext,
  owner: KeyOwner,
  op: 'list' | 'manage',
): Promise<{ where: SQL; role: Role }> {
  const { principal } = ctx;
  switch (owner.kind) {
    case 'user': {
      if (principal.userId === null || principal.kind !== 'user') {
        throw forbidden('User API keys belong to a user; use a login token or a user key.', 'no_user');
      }
      const role = await authorize(
        ctx,
        op === 'list' ? 'api_key.user.list' : 'api_key.user.create',
        'global',
      );
      return { where: and(eq(apiKeys.kind, 'user'), eq(apiKeys.userId, principal.userId))!, role };
    }
    case 'organization': {
      const action = op === 'list' ? 'api_key.organization.list' : 'api_key.organization.manage';
      const role = await authorize(ctx, action, { organizationId: owner.organizationId });
      return {
        where: and(eq(apiKeys.kind, 'organization'), eq(apiKeys.organizationId, owner.organizationId))!,
        role,
      };
    }
    case 'system': {
      const role = await authorize(
        ctx,
        op === 'list' ? 'api_key.system.list' : 'api_key.system.manage',
        'global',
      );
      return { where: eq(apiKeys.kind, 'system'), role };
    }
  }
}

/**
 * The scopes asked for, in registration order, if the key's owner could use each (400 otherwise):
 * never more than the owner has. `null` (no scopes) is all the owner's rights.
 */
function grantableScopes(requested: readonly Scope[] | null | undefined, ownerRole: Role): Scope[] | null {
  if (requested === null || requested === undefined) return null;
  const errors = requested.flatMap((scope, i) => {
    if (NOT_GRANTABLE.includes(scope)) {
      return [
        { attr: `scopes.${i}`, code: 'not_grantable', detail: `${scope}: API keys cannot manage API keys.` },
      ];
    }
    if (!scopeUsefulFor(ownerRole, scope)) {
      return [
        {
          attr: `scopes.${i}`,
          code: 'beyond_owner',
          detail: `${scope}: the key's owner has no right in this area.`,
        },
      ];
    }
    return [];
  });
  if (errors.length) throw validationError(errors);
  return allScopes().filter((s) => requested.includes(s));
}

export async function listKeys(ctx: ServiceContext, owner: KeyOwner, url: URL, page: PageQuery) {
  const where = and((await checkRight(ctx, owner, 'list')).where, isNull(apiKeys.revokedAt));
  return paginateTable(ctx.db, url, page, {
    table: apiKeys,
    where,
    orderBy: [desc(apiKeys.createdAt)],
    map: toView,
  });
}

export async function createKey(
  ctx: ServiceContext,
  owner: KeyOwner,
  input: ApiKeyCreate,
): Promise<CreatedApiKey> {
  const { db, audit, principal, req } = ctx;
  requireInteractive(principal);
  const { role: creatorRole } = await checkRight(ctx, owner, 'manage');
  const keyRole = owner.kind === 'organization' ? (input.role ?? 'viewer') : null;
  // What the key's owner may do: the user (user keys), the role given (organization keys), staff.
  const scopes = grantableScopes(input.scopes, keyRole ? ORG_ROLE[keyRole] : creatorRole);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationError([
      { attr: 'expires_at', code: 'invalid', detail: 'The expiry must be in the future.' },
    ]);
  }
  const { token, hash, displayPrefix } = generateToken(owner.kind);
  // The key and its audit entry commit together: a key is never made unrecorded.
  const key = await db.transaction(async (tx) => {
    const [key] = await tx
      .insert(apiKeys)
      .values({
        kind: owner.kind,
        name: input.name,
        tokenHash: hash,
        displayPrefix,
        userId: principal.userId,
        organizationId: owner.kind === 'organization' ? owner.organizationId : null,
        role: keyRole,
        scopes,
        expiresAt,
      })
      .returning();
    await audit.record(
      {
        event: 'api_key.created',
        actorUserId: principal.userId,
        apiKeyId: key!.id,
        organizationId: key!.organizationId,
        username: principal.username,
        ip: req.ip,
        requestId: req.requestId,
        details: {
          name: key!.name,
          kind: key!.kind,
          ...(key!.role && { role: key!.role }),
          scopes: key!.scopes,
          created_with: principal.apiKeyId,
        },
      },
      tx,
    );
    return key;
  });
  return { ...toView(key!), token };
}

/** Marks the key revoked; the very next request with it fails (authentication reads it every time). */
export async function revokeKey(ctx: ServiceContext, owner: KeyOwner, keyId: string): Promise<void> {
  const { db, audit, principal, req } = ctx;
  requireInteractive(principal);
  const { where } = await checkRight(ctx, owner, 'manage');
  // The revocation and its audit entry commit together.
  await db.transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(where, eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!key) throw notFound('No such API key.');
    await audit.record(
      {
        event: 'api_key.revoked',
        actorUserId: principal.userId,
        apiKeyId: key.id,
        organizationId: key.organizationId,
        username: principal.username,
        ip: req.ip,
        requestId: req.requestId,
        details: { name: key.name, kind: key.kind },
      },
      tx,
    );
  });
}
