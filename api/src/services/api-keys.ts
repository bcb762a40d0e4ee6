import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paginateTable } from '../db/paginate.ts';
import { apiKeys } from '../db/schema/index.ts';
import type { ApiKey, ApiKeyKind, MemberRole } from '../db/schema/index.ts';
import { ApiError, notFound, validationError } from '../lib/errors.ts';
import type { PageQuery } from '../lib/pagination.ts';
import { generateToken } from '../lib/tokens.ts';
import type { AuditLog } from './audit.ts';
import type { RequestInfo } from './auth.ts';
import { authorize, requireInteractive } from './policy.ts';
import type { Principal } from './policy.ts';

export interface ApiKeyView {
  id: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  organization: string | null;
  role: MemberRole | null;
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

const toView = (k: ApiKey): ApiKeyView => ({
  id: k.id,
  kind: k.kind,
  name: k.name,
  prefix: k.displayPrefix,
  organization: k.organizationId,
  role: k.role,
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

async function checkRight(db: Database, principal: Principal, owner: KeyOwner): Promise<SQL> {
  switch (owner.kind) {
    case 'user':
      if (
        principal.userId === null ||
        principal.via === 'organization_key' ||
        principal.via === 'system_key'
      ) {
        throw new ApiError(
          403,
          'no_user',
          'User API keys belong to a user; use a login token or a user key.',
        );
      }
      await authorize(db, principal, 'api_key.user.create', 'global');
      return and(eq(apiKeys.kind, 'user'), eq(apiKeys.userId, principal.userId))!;
    case 'organization':
      await authorize(db, principal, 'api_key.organization.manage', { organizationId: owner.organizationId });
      return and(eq(apiKeys.kind, 'organization'), eq(apiKeys.organizationId, owner.organizationId))!;
    case 'system':
      await authorize(db, principal, 'api_key.system.manage', 'global');
      return eq(apiKeys.kind, 'system');
  }
}

export async function listKeys(
  db: Database,
  principal: Principal,
  owner: KeyOwner,
  url: URL,
  page: PageQuery,
) {
  const where = and(await checkRight(db, principal, owner), isNull(apiKeys.revokedAt));
  return paginateTable(db, url, page, {
    table: apiKeys,
    where,
    orderBy: [desc(apiKeys.createdAt)],
    map: toView,
  });
}

export async function createKey(
  db: Database,
  audit: AuditLog,
  principal: Principal,
  owner: KeyOwner,
  input: { name: string; expires_at?: string | null | undefined; role?: MemberRole | undefined },
  req: RequestInfo,
): Promise<ApiKeyView & { token: string }> {
  requireInteractive(principal);
  await checkRight(db, principal, owner);
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationError([
      { attr: 'expires_at', code: 'invalid', detail: 'The expiry must be in the future.' },
    ]);
  }
  const { token, hash, displayPrefix } = generateToken(owner.kind);
  const [key] = await db
    .insert(apiKeys)
    .values({
      kind: owner.kind,
      name: input.name,
      tokenHash: hash,
      displayPrefix,
      userId: principal.userId,
      organizationId: owner.kind === 'organization' ? owner.organizationId : null,
      role: owner.kind === 'organization' ? (input.role ?? 'viewer') : null,
      expiresAt,
    })
    .returning();
  await audit.record({
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
      created_with: principal.apiKeyId,
    },
  });
  return { ...toView(key!), token };
}

/** Marks the key revoked; the very next request with it fails (authentication reads it every time). */
export async function revokeKey(
  db: Database,
  audit: AuditLog,
  principal: Principal,
  owner: KeyOwner,
  keyId: string,
  req: RequestInfo,
): Promise<void> {
  requireInteractive(principal);
  const where = await checkRight(db, principal, owner);
  const [key] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(where, eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!key) throw notFound('No such API key.');
  await audit.record({
    event: 'api_key.revoked',
    actorUserId: principal.userId,
    apiKeyId: key.id,
    organizationId: key.organizationId,
    username: principal.username,
    ip: req.ip,
    requestId: req.requestId,
    details: { name: key.name, kind: key.kind },
  });
}
