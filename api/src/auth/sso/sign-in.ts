import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { users, userIdentities } from '../../core/db/schema/index.ts';
import { isStorableText, storableJson, storablePrefix } from '../../core/storable.ts';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import type { LoginFailure, SsoContext } from './context.ts';
import { syncSafely } from './sync.ts';
import type { GroupsRead } from './sync.ts';

/**
 * Signing in an identity, whichever flow verified it (browser.ts, cli.ts): its user found, or made
 * just in time, and the groups the flow read applied.
 */

/**
 * The user of an identity: found by (issuer, subject), or made just in time when the provider
 * allows sign-up (never matched by e-mail); then the group sync (a failure is logged and kept for
 * admins, never refusing the sign-in), `last_login_at`, and the `sso.login` audit entry.
 */
export async function signIn(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  claims: oidc.IDToken,
  groups: GroupsRead,
  req: RequestInfo,
  method: 'browser' | 'id_token',
  fail: LoginFailure,
): Promise<{ userId: string; identityId: string }> {
  const issuer = claims.iss;
  const subject = claims.sub;
  // The identity's key is never altered to fit: a subject PostgreSQL cannot store is refused.
  if (!isStorableText(subject))
    throw await fail('token_invalid', 'The identity provider sent an unusable subject.');
  const email = verifiedEmail(claims);
  // Kept for the admins' claims view: the ID token's claims without the token bookkeeping, made
  // storable (a NUL or a lone surrogate in any claim would fail the write, and the sign-in).
  const { nonce: _n, at_hash: _a, c_hash: _c, ...kept } = claims as Record<string, unknown>;
  const lastClaims = storableJson({
    ...kept,
    ...(groups.known && groups.groups && !(provider.groupsClaim in kept)
      ? { [provider.groupsClaim]: groups.groups }
      : {}),
  }) as Record<string, unknown>;
  let found = await identityBySubject(ctx.db, issuer, subject);
  if (!found) {
    if (!provider.allowSignup)
      throw await fail('unknown_user', 'You have no account here yet. Ask an administrator to add you.');
    found = await provision(ctx, provider, claims, email, req);
  }
  if (!found.isActive) throw await fail('user_inactive', 'This account is deactivated.');
  await ctx.db
    .update(userIdentities)
    .set({
      provider: provider.name,
      email,
      lastClaims,
      // Unknown groups leave the last ones received in place (and the roles they gave).
      ...(groups.known ? { lastGroups: groups.groups } : {}),
      lastLoginAt: new Date(),
    })
    .where(eq(userIdentities.id, found.identityId));
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, found.userId));
  if (provider.groupSync) await syncSafely(ctx, provider, found.identityId, found.userId, groups, req);
  await ctx.audit.record({
    event: 'sso.login',
    actorUserId: found.userId,
    username: found.username,
    ip: req.ip,
    requestId: req.requestId,
    details: { provider: provider.name, method },
  });
  return { userId: found.userId, identityId: found.identityId };
}

/**
 * The e-mail address to keep: only one the provider says it verified (`email_verified: true`), as
 * members are added by address; made storable and at most 254 characters.
 */
function verifiedEmail(claims: oidc.IDToken): string | null {
  if (typeof claims.email !== 'string' || claims.email_verified !== true) return null;
  const email = storablePrefix(claims.email, 254);
  return email || null;
}

interface FoundIdentity {
  identityId: string;
  userId: string;
  username: string;
  isActive: boolean;
}

export async function identityBySubject(
  db: Database,
  issuer: string,
  subject: string,
): Promise<FoundIdentity | undefined> {
  const [row] = await db
    .select({
      identityId: userIdentities.id,
      userId: users.id,
      username: users.username,
      isActive: users.isActive,
    })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row;
}

/** A sign-in name from the claims: letters, digits and `@ . + - _`, as local names. */
function baseUsername(claims: oidc.IDToken): string {
  // Anything but those characters becomes `_`: a NUL or a lone surrogate included.
  const candidates = [
    claims.preferred_username,
    typeof claims.email === 'string' ? claims.email.split('@')[0] : undefined,
  ];
  for (const c of candidates) {
    const clean = typeof c === 'string' ? c.replace(/[^A-Za-z0-9@.+_-]/g, '_').slice(0, 120) : '';
    if (clean.replace(/_/g, '')) return clean;
  }
  return `sso-${randomBytes(4).toString('hex')}`;
}

/**
 * Creates the user and its identity together. A local user with the same name is never taken
 * over: the new user gets `<name>-<provider>` (or a random suffix) instead.
 */
async function provision(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  claims: oidc.IDToken,
  email: string | null,
  req: RequestInfo,
): Promise<FoundIdentity> {
  const base = baseUsername(claims);
  const names = [base, `${base}-${provider.name}`, `${base}-${randomBytes(3).toString('hex')}`];
  const fullName = typeof claims.name === 'string' ? storablePrefix(claims.name, 150) : '';
  for (const username of names) {
    const taken = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    if (taken.length) continue;
    try {
      return await ctx.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username, email, fullName, passwordHash: null })
          .returning();
        const [identity] = await tx
          .insert(userIdentities)
          .values({
            userId: user!.id,
            provider: provider.name,
            issuer: claims.iss,
            subject: claims.sub,
            email,
          })
          .returning();
        await ctx.audit.record(
          {
            event: 'user.created',
            actorUserId: user!.id,
            username,
            ip: req.ip,
            requestId: req.requestId,
            details: { user_id: user!.id, via: 'sso', provider: provider.name },
          },
          tx,
        );
        return { identityId: identity!.id, userId: user!.id, username, isActive: true };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The same identity signed in twice at once: the other sign-in made it.
      const raced = await identityBySubject(ctx.db, claims.iss, claims.sub);
      if (raced) return raced;
    }
  }
  throw new Error('no free username for a new SSO user');
}
