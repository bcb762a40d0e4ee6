import { createSecretKey, randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { apiKeys, users } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';
import { hashToken, parseBearer } from '../lib/tokens.ts';
import type { AuditLog, KeyUsage } from './audit.ts';
import { knownAddressSql, rememberAddress, reserve, throttleAddress } from './login-throttle.ts';
import { assertHashingCapacity, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import type { Principal } from './policy.ts';

const ISSUER = 'plinth';
const AUDIENCE = 'plinth-api';

const unauthorized = (code: string, detail: string) => new ApiError(401, code, detail);

/** Signs and checks short-lived login tokens (HS256 JWTs with a shared key, so any replica verifies). */
export class LoginTokens {
  // A KeyObject, imported once: jose would re-import raw key bytes on every sign and verify.
  readonly #key: KeyObject;
  readonly ttlSeconds: number;

  constructor(signingKey: string, ttlSeconds: number) {
    this.#key = createSecretKey(Buffer.from(signingKey, 'utf8'));
    this.ttlSeconds = ttlSeconds;
  }

  async issue(userId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((iat + this.ttlSeconds) * 1000);
    const token = await new SignJWT({ typ: 'login' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(randomUUID())
      .sign(this.#key);
    return { token, expiresAt };
  }

  /** The user ID in a valid token; 401 `token_expired` or `token_invalid` otherwise. */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (payload.typ !== 'login' || typeof payload.sub !== 'string') throw new Error('not a login token');
      return payload.sub;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthorized('token_expired', 'The login token has expired.');
      throw unauthorized('token_invalid', 'Invalid token.');
    }
  }
}

export interface AuthContext {
  readonly db: Database;
  readonly loginTokens: LoginTokens;
  readonly keyUsage: KeyUsage;
  readonly audit: AuditLog;
}

export interface RequestInfo {
  readonly ip: string | null;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
}

/**
 * Resolves `Authorization: Bearer <token>` to a principal. Every call reads the key (or the user)
 * from the database: no cache outlives a revocation, so a revoked key fails on the very next
 * request on every replica. Key uses are audited and `last_used_at` maintained off the request path.
 */
export async function authenticate(
  ctx: AuthContext,
  header: string | undefined,
  req: RequestInfo,
): Promise<Principal> {
  if (!header) throw unauthorized('not_authenticated', 'Authentication credentials were not provided.');
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer') {
    throw unauthorized(
      'unsupported_authentication_scheme',
      'Use "Authorization: Bearer <token>" with an API key or a login token; HTTP Basic is not accepted.',
    );
  }
  if (!token || rest.length > 0) throw unauthorized('token_malformed', 'The bearer token is malformed.');
  const parsed = parseBearer(token);
  if (parsed.type === 'malformed') throw unauthorized('token_malformed', 'The bearer token is malformed.');
  if (parsed.type === 'jwt') return principalFromLoginToken(ctx, await ctx.loginTokens.verify(parsed.token));
  if (parsed.kind === 'agent') {
    // Agent tokens reach only the agent endpoints, none of which is behind this middleware.
    throw new ApiError(403, 'token_wrong_kind', 'Agent tokens can only be used on the agent endpoints.');
  }

  const [row] = await keyStatement(ctx.db).execute({ hash: hashToken(parsed.token) });
  if (!row) throw unauthorized('token_invalid', 'Invalid token.');
  if (row.revokedAt) throw unauthorized('token_revoked', 'This API key has been revoked.');
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now) throw unauthorized('token_expired', 'This API key has expired.');
  if (row.kind === 'user' && row.userActive !== true) {
    throw unauthorized('user_inactive', 'The user this key belongs to is deactivated.');
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

  const base = { apiKeyId: row.id, userId: row.userId, username: row.username };
  if (row.kind === 'organization') {
    return {
      ...base,
      via: 'organization_key',
      superuser: false,
      organizationScope: { organizationId: row.organizationId!, role: row.role ?? 'viewer' },
    };
  }
  if (row.kind === 'system') return { ...base, via: 'system_key', superuser: true, organizationScope: null };
  return { ...base, via: 'user_key', superuser: row.superuser === true, organizationScope: null };
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

function userStatement(db: Database) {
  return prepared(db, 'auth_user_by_id', (d, name) =>
    d
      .select({
        id: users.id,
        username: users.username,
        isActive: users.isActive,
        isSuperuser: users.isSuperuser,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare(name),
  );
}

async function principalFromLoginToken(ctx: AuthContext, userId: string): Promise<Principal> {
  const [user] = await userStatement(ctx.db).execute({ id: userId });
  if (!user) throw unauthorized('token_invalid', 'Invalid token.');
  if (!user.isActive) throw unauthorized('user_inactive', 'This user is deactivated.');
  return {
    via: 'login_token',
    userId: user.id,
    username: user.username,
    superuser: user.isSuperuser,
    apiKeyId: null,
    organizationScope: null,
  };
}

// Checking a password against this when the user does not exist (or has none) costs what a real
// check costs, so timing does not tell which usernames exist.
const DUMMY_HASH = await hashPassword('plinth-dummy-password-for-timing');

// The user by name, with whether the request's address is one they signed in from before.
function loginUserStatement(db: Database) {
  return prepared(db, 'login_user_by_name', (d, name) =>
    d
      .select({
        id: users.id,
        username: users.username,
        passwordHash: users.passwordHash,
        isActive: users.isActive,
        knownAddress: knownAddressSql(users.id, sql.placeholder('address')),
      })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${sql.placeholder('username')})`)
      .prepare(name),
  );
}

/**
 * Username and password to a login token. Every attempt is first reserved against the throttling
 * counters (see login-throttle.ts): a refused one is 429 with Retry-After and never reaches a
 * password check. Failures are audited with IP and reason and answer one generic 401. Password
 * checks share a bounded gate (passwords.ts): when it is full, 503 with Retry-After, and the
 * attempt is given back. A success upgrades a hash made with older parameters.
 */
export async function login(
  ctx: AuthContext,
  input: { username: string; password: string },
  req: RequestInfo,
): Promise<{ token: string; expiresAt: Date }> {
  // A full hashing gate refuses at once, before any database work (it would refuse later anyway).
  assertHashingCapacity();
  const [user] = await loginUserStatement(ctx.db).execute({
    username: input.username,
    address: throttleAddress(req.ip),
  });
  const failed = (reason: string) =>
    ctx.audit.record({
      event: 'login.failed',
      actorUserId: user?.id ?? null,
      username: input.username.slice(0, 150),
      ip: req.ip,
      requestId: req.requestId,
      details: { reason },
    });
  const reservation = await reserve(ctx.db, input.username, req.ip, user?.knownAddress === true);
  if (!reservation.admitted) {
    await failed('throttled');
    const retryAfter = reservation.retryAfter;
    throw new ApiError(429, 'throttled', `Too many failed logins. Try again in ${retryAfter} seconds.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  } catch (err) {
    // Not checked (the hashing gate was full): the attempt does not count.
    await reservation.release();
    throw err;
  }
  const reason = !user
    ? 'unknown_user'
    : !user.passwordHash
      ? 'no_password'
      : !passwordOk
        ? 'bad_password'
        : !user.isActive
          ? 'inactive_user'
          : null;
  if (reason || !user) {
    await failed(reason ?? 'unknown_user');
    throw unauthorized('authentication_failed', 'Invalid username or password.');
  }
  await reservation.release();
  await rememberAddress(ctx.db, user.id, req.ip);
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  if (needsRehash(user.passwordHash!)) await upgradeHash(ctx.db, user.id, user.passwordHash!, input.password);
  await ctx.audit.record({
    event: 'login.succeeded',
    actorUserId: user.id,
    username: user.username,
    ip: req.ip,
    requestId: req.requestId,
    details: { method: 'password' },
  });
  return ctx.loginTokens.issue(user.id);
}

/** Stores a hash with today's parameters, unless the password changed meanwhile. */
async function upgradeHash(db: Database, userId: string, old: string, password: string): Promise<void> {
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (err) {
    // The hashing gate is full: the next sign-in upgrades it.
    if (err instanceof ApiError && err.code === 'password_hashing_busy') return;
    throw err;
  }
  await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, old)));
}
