import { eq, sql } from 'drizzle-orm';
import type { Database } from '../core/db/client.ts';
import { prepared } from '../core/db/prepared.ts';
import { apiKeys, organizations, usedTokens, users } from '../core/db/schema/index.ts';
import { forbidden, unauthenticated } from '../core/errors.ts';
import { hashToken, parseBearer } from '../core/tokens.ts';
import type { ParsedBearer } from '../core/tokens.ts';
import type { RequestInfo } from './context.ts';
import { endedLoginKey } from './login.ts';
import type { AuthContext } from './login.ts';
import { expandScopes } from './policy.ts';
import type { Principal, Scope } from './policy.ts';
import type { ActiveSession } from './sessions.ts';

/**
 * The authentication registry: one resolver per kind of credential, each turning a credential
 * into the one `Principal` shape (who, which role where, which scopes, interactive or not). A new
 * way in (the web UI's session, agents' own endpoints) is one more resolver here.
 */
export type CredentialKind = 'login_token' | 'api_key' | 'agent_token' | 'service_account_token';

type Resolver = (ctx: AuthContext, token: string, req: RequestInfo) => Promise<Principal>;

/** Login tokens (JWTs from POST /api/login/): the user, interactively, with every scope. */
const loginToken: Resolver = async (ctx, token) => {
  const claims = await ctx.loginTokens.verify(token);
  const [user] = await userStatement(ctx.db).execute({ id: claims.userId, ended: endedLoginKey(claims.jti) });
  if (!user) throw unauthenticated('token_invalid', 'Invalid token.');
  if (user.ended) throw unauthenticated('token_revoked', 'This login token was signed out.');
  if (!user.isActive) throw unauthenticated('user_inactive', 'This user is deactivated.');
  return {
    kind: 'user',
    via: 'login_token',
    interactive: true,
    userId: user.id,
    username: user.username,
    superuser: user.isSuperuser,
    apiKeyId: null,
    organizationScope: null,
    scopes: expandScopes(null),
  };
};

/**
 * The web UI's session (auth/sessions.ts), resolved by the browser edge alone and never from a
 * header: the user, interactively, with every scope, like a login token.
 */
export function sessionPrincipal(session: ActiveSession): Principal {
  return {
    kind: 'user',
    via: 'session',
    interactive: true,
    userId: session.userId,
    username: session.username,
    superuser: session.superuser,
    apiKeyId: null,
    organizationScope: null,
    scopes: expandScopes(null),
  };
}

/**
 * API keys (user, organization and system): read from the database on every request, so a revoked
 * key fails on the very next request on every replica. Uses are audited and `last_used_at`
 * maintained off the request path.
 */
const apiKey: Resolver = async (ctx, token, req) => {
  const [row] = await keyStatement(ctx.db).execute({ hash: hashToken(token) });
  if (!row) throw unauthenticated('token_invalid', 'Invalid token.');
  if (row.revokedAt) throw unauthenticated('token_revoked', 'This API key has been revoked.');
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now)
    throw unauthenticated('token_expired', 'This API key has expired.');
  if (row.kind === 'user' && row.userActive !== true) {
    throw unauthenticated('user_inactive', 'The user this key belongs to is deactivated.');
  }
  // Organization and system keys belong to the organization and to the system: their creator
  // leaving changes nothing (docs/authentication.md).

  ctx.keyUsage.touch(row.id, row.lastUsedAt, now);
  ctx.audit.enqueue({
    event: 'api_key.used',
    apiKeyId: row.id,
    actorUserId: row.userId,
    organizationId: row.organizationId,
    ip: req.ip,
    requestId: req.requestId,
    details: { endpoint: `${req.method} ${req.path}`, kind: row.kind },
    occurredAt: now,
  });

  const base = {
    interactive: false,
    apiKeyId: row.id,
    userId: row.userId,
    username: row.username,
    scopes: expandScopes((row.scopes as Scope[] | null) ?? null),
  };
  switch (row.kind) {
    case 'organization':
      return {
        ...base,
        kind: 'organization',
        via: 'organization_key',
        superuser: false,
        organizationScope: { organizationId: row.organizationId!, role: row.role ?? 'viewer' },
      };
    case 'system':
      return { ...base, kind: 'system', via: 'system_key', superuser: true, organizationScope: null };
    case 'user':
      return {
        ...base,
        kind: 'user',
        via: 'user_key',
        superuser: row.superuser === true,
        organizationScope: null,
      };
  }
};

/**
 * Kubernetes ServiceAccount tokens (auth/service-accounts.ts): verified against the cluster's
 * keys, then the account's mapping: one organization (an organization principal with the Admin
 * role) or all of them (a system principal), always with bucket scopes only. Audited like a key.
 */
const serviceAccountToken: Resolver = async (ctx, token, req) => {
  if (!ctx.serviceAccounts) throw unauthenticated('token_invalid', 'Invalid token.');
  const account = await ctx.serviceAccounts.verify(token);
  let organizationId: string | null = null;
  if (account.organization !== null) {
    const [org] = await orgBySlugStatement(ctx.db).execute({ slug: account.organization });
    if (!org)
      throw unauthenticated('token_invalid', 'The organization of this ServiceAccount does not exist.');
    organizationId = org.id;
  }
  ctx.audit.enqueue({
    event: 'service_account.used',
    organizationId,
    ip: req.ip,
    requestId: req.requestId,
    details: { endpoint: `${req.method} ${req.path}`, service_account: account.name, issuer: account.issuer },
  });
  const base = {
    via: 'service_account',
    interactive: false,
    apiKeyId: null,
    userId: null,
    username: account.name,
    scopes: expandScopes(account.scopes),
  } as const;
  return organizationId === null
    ? { ...base, kind: 'system', superuser: true, organizationScope: null }
    : {
        ...base,
        kind: 'organization',
        superuser: false,
        organizationScope: { organizationId, role: 'admin' },
      };
};

/** Agent tokens reach only the agent endpoints, none of which is behind this registry yet. */
const agentToken: Resolver = () =>
  Promise.reject(forbidden('Agent tokens can only be used on the agent endpoints.', 'token_wrong_kind'));

export const RESOLVERS: Record<CredentialKind, Resolver> = {
  login_token: loginToken,
  api_key: apiKey,
  agent_token: agentToken,
  service_account_token: serviceAccountToken,
};

/**
 * `Authorization: Bearer <token>` to a principal, through the resolver of the token's kind. The
 * errors are docs/authentication.md's: 401 for a missing, malformed, unknown, revoked or expired
 * credential, 403 `token_wrong_kind` for an agent token.
 */
export async function authenticate(
  ctx: AuthContext,
  header: string | undefined,
  req: RequestInfo,
): Promise<Principal> {
  if (!header) throw unauthenticated('not_authenticated', 'Authentication credentials were not provided.');
  const parsed = bearerOf(header);
  // Both login tokens and ServiceAccount tokens are JWTs: the issuer (`iss`) tells them apart.
  const kind: CredentialKind =
    parsed.type === 'jwt'
      ? ctx.serviceAccounts?.claims(parsed.token)
        ? 'service_account_token'
        : 'login_token'
      : parsed.kind === 'agent'
        ? 'agent_token'
        : 'api_key';
  return RESOLVERS[kind](ctx, parsed.token, req);
}

/** The token of an `Authorization: Bearer <token>` header; 401 for another scheme or a malformed token. */
export function bearerOf(header: string): Exclude<ParsedBearer, { type: 'malformed' }> {
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer') {
    throw unauthenticated(
      'unsupported_authentication_scheme',
      'Use "Authorization: Bearer <token>" with an API key or a login token; HTTP Basic is not accepted.',
    );
  }
  if (!token || rest.length > 0) throw unauthenticated('token_malformed', 'The bearer token is malformed.');
  const parsed = parseBearer(token);
  if (parsed.type === 'malformed') throw unauthenticated('token_malformed', 'The bearer token is malformed.');
  return parsed;
}

// One named prepared statement per lookup, made for every request: no cache and no batch, so a
// revocation or deactivation committed before a request is seen by it, on every replica.
function keyStatement(db: Database) {
  return prepared(db, 'auth_key_by_hash', (d, name) =>
    d
      .select({
        id: apiKeys.id,
        kind: apiKeys.kind,
        organizationId: apiKeys.organizationId,
        role: apiKeys.role,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        userId: apiKeys.userId,
        username: users.username,
        userActive: users.isActive,
        superuser: users.isSuperuser,
      })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.tokenHash, sql.placeholder('hash')))
      .prepare(name),
  );
}

function orgBySlugStatement(db: Database) {
  return prepared(db, 'auth_org_by_slug', (d, name) =>
    d
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, sql.placeholder('slug')))
      .prepare(name),
  );
}

function userStatement(db: Database) {
  return prepared(db, 'auth_user_by_id', (d, name) =>
    d
      .select({
        id: users.id,
        username: users.username,
        isActive: users.isActive,
        isSuperuser: users.isSuperuser,
        // Signed out (POST /api/logout/): in the same round trip as the user.
        ended: sql<boolean>`exists(select 1 from ${usedTokens} where ${usedTokens.key} = ${sql.placeholder('ended')})`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  );
}
