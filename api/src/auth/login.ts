import { createSecretKey, randomUUID } from 'node:crypto';
import type { webcrypto } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../core/db/client.ts';
import { prepared } from '../core/db/prepared.ts';
import { usedTokens, users } from '../core/db/schema/index.ts';
import { DomainError, throttled, unauthenticated } from '../core/errors.ts';
import type { RequestInfo } from './context.ts';
import type { ServiceAccountVerifier } from './service-accounts.ts';
import type { AuditLog, KeyUsage } from '../core/audit/writer.ts';
import { accountKey, knownAddressSql, rememberAddress, reserve, throttleAddress } from './login-throttle.ts';
import { assertHashingCapacity, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

const ISSUER = 'plinth';
const AUDIENCE = 'plinth-api';

/** Checked login tokens kept in memory per process (a few hundred bytes each). */
const CHECKED_TOKENS = 10_000;

/** Signs and checks short-lived login tokens (HS256 JWTs with a shared key, so any replica verifies). */
export class LoginTokens {
  // A CryptoKey, made once: jose converts raw bytes or a KeyObject to one on every sign and verify.
  readonly #key: webcrypto.CryptoKey;
  readonly ttlSeconds: number;
  /**
   * Tokens whose signature and claims were checked, with what they said: a client sends one token
   * for hours, and WebCrypto's HMAC is a round trip through libuv's thread pool. Bounded; a hit
   * still ends at the token's expiry, and revocation is checked in the database on every request.
   */
  readonly #checked = new Map<string, LoginClaims>();

  constructor(signingKey: string, ttlSeconds: number) {
    this.#key = createSecretKey(Buffer.from(signingKey, 'utf8')).toCryptoKey(
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
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

  /** Who a valid token is for, its ID and end; 401 `token_expired` or `token_invalid` otherwise. */
  async verify(token: string): Promise<LoginClaims> {
    const known = this.#checked.get(token);
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known;
      this.#checked.delete(token);
    }
    const claims = await this.#verify(token);
    // Oldest first out once full (Map keeps insertion order).
    if (this.#checked.size >= CHECKED_TOKENS) this.#checked.delete(this.#checked.keys().next().value!);
    this.#checked.set(token, claims);
    return claims;
  }

  async #verify(token: string): Promise<LoginClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (payload.typ !== 'login' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        throw new Error('not a login token');
      return {
        userId: payload.sub,
        jti: typeof payload.jti === 'string' ? payload.jti : undefined,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('token_expired', 'The login token has expired.');
      throw unauthenticated('token_invalid', 'Invalid token.');
    }
  }
}

/** A verified login token. */
export interface LoginClaims {
  readonly userId: string;
  readonly jti: string | undefined;
  readonly expiresAt: Date;
}

/**
 * The `used_tokens` key that marks a login token ended (signed out) until it expires. A token
 * without a `jti` (none is issued so) can be ended by nothing but its expiry: its key is one no
 * row has.
 */
export const endedLoginKey = (jti: string | undefined): string =>
  jti ? `login_token:${ISSUER}:jti:${jti}` : 'login_token:none';

/**
 * Signs a login token out (`POST /api/logout/`): it is refused from then on, on every replica,
 * until it would have expired anyway. A token that is not valid any more has nothing to end.
 */
export async function endLoginToken(ctx: AuthContext, token: string, req: RequestInfo): Promise<void> {
  let claims: LoginClaims;
  try {
    claims = await ctx.loginTokens.verify(token);
  } catch {
    return;
  }
  if (!claims.jti) return;
  const ended = await ctx.db
    .insert(usedTokens)
    .values({ key: endedLoginKey(claims.jti), expiresAt: claims.expiresAt })
    .onConflictDoNothing()
    .returning({ key: usedTokens.key });
  if (ended.length === 0) return;
  await ctx.audit.record({
    event: 'session.logout',
    actorUserId: claims.userId,
    ip: req.ip,
    requestId: req.requestId,
    details: { kind: 'login_token' },
  });
}

export interface AuthContext {
  readonly db: Database;
  readonly loginTokens: LoginTokens;
  readonly keyUsage: KeyUsage;
  readonly audit: AuditLog;
  /** ServiceAccount tokens, when PLINTH_CONFIG configures trusted issuers. */
  readonly serviceAccounts?: ServiceAccountVerifier | null;
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
 * counters (see login-throttle.ts): a refused one is a `throttled` error with a retry hint and
 * never reaches a password check. Failures are audited with IP and reason and answer one generic
 * `authentication_failed`. Password checks share a bounded gate (passwords.ts), trusted from the
 * user's known addresses and untrusted (budgeted) otherwise: when the attempt's class is full,
 * `password_hashing_busy` (unavailable, with a retry hint), and the attempt is given back. A
 * success upgrades a hash made with older parameters.
 */
export async function login(
  ctx: AuthContext,
  input: { username: string; password: string },
  req: RequestInfo,
): Promise<{ token: string; expiresAt: Date }> {
  const user = await checkPassword(ctx, input, req, 'password');
  return ctx.loginTokens.issue(user.id);
}

/**
 * The password check behind both sign-ins with a password: `POST /api/login/` (a login token) and
 * the web UI's form (a session). `method` is recorded in the audit entry.
 */
export async function checkPassword(
  ctx: AuthContext,
  input: { username: string; password: string },
  req: RequestInfo,
  method: 'password' | 'ui_password',
): Promise<{ id: string; username: string }> {
  // A full hashing gate refuses at once, before any database work (it would refuse later anyway);
  // once the user is known, the gate is asked again for the attempt's own class.
  assertHashingCapacity();
  const [user] = await loginUserStatement(ctx.db).execute({
    username: input.username,
    address: throttleAddress(req.ip),
  });
  // Failures come from unauthenticated requests: the audit log writes a few per address and
  // minute whole and counts the rest (docs/audit-log.md).
  const failed = (reason: string) =>
    ctx.audit.recordUnauthenticated({
      event: 'login.failed',
      actorUserId: user?.id ?? null,
      username: input.username.slice(0, 150),
      ip: req.ip,
      requestId: req.requestId,
      details: { reason },
    });
  // Likely real: the user at an address they signed in from before. Everything else (an unknown
  // address, an unknown user, the dummy hash) waits behind it and draws on the untrusted budget.
  const cls = user?.knownAddress === true && user.passwordHash ? 'trusted' : 'untrusted';
  assertHashingCapacity(cls);
  const reservation = await reserve(
    ctx.db,
    accountKey(user?.id, input.username),
    req.ip,
    user?.knownAddress === true,
  );
  if (!reservation.admitted) {
    await failed('throttled');
    const retryAfter = reservation.retryAfter;
    throw throttled(`Too many failed logins. Try again in ${retryAfter} seconds.`, retryAfter);
  }
  let passwordOk: boolean;
  try {
    passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH, cls);
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
    throw unauthenticated('authentication_failed', 'Invalid username or password.');
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
    details: { method },
  });
  return { id: user.id, username: user.username };
}

/** Stores a hash with today's parameters, unless the password changed meanwhile. */
async function upgradeHash(db: Database, userId: string, old: string, password: string): Promise<void> {
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (err) {
    // The hashing gate is full: the next sign-in upgrades it.
    if (err instanceof DomainError && err.code === 'password_hashing_busy') return;
    throw err;
  }
  await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, old)));
}
