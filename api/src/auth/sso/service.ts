import { randomBytes } from 'node:crypto';
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Database } from '../../core/db/client.ts';
import { errorInfo } from '../../core/error-info.ts';
import type { Logger } from '../../core/logger.ts';
import type { SecretBox } from '../../core/secret-box.ts';
import { isStorableText, storableJson, storablePrefix } from '../../core/storable.ts';
import type { AuditLog } from '../../core/audit/writer.ts';
import { users, userIdentities } from '../../core/db/schema/index.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import type { RequestInfo } from '../context.ts';
import type { Sessions, ActiveSession } from '../sessions.ts';
import type { OidcProviderConfig } from './config.ts';
import { groupsFromClaim } from './groups.ts';
import { CLOCK_TOLERANCE_SECONDS } from './providers.ts';
import type { OidcProviders } from './providers.ts';
import { syncGroups } from './sync.ts';
import { useOnce } from './used-tokens.ts';

/** What the SSO flows are built with (the UI edge makes one). */
export interface SsoContext {
  readonly db: Database;
  readonly audit: AuditLog;
  readonly logger: Logger;
  readonly providers: OidcProviders;
  readonly sessions: Sessions;
  readonly box: SecretBox;
}

/** Why a sign-in failed: audited as `sso.login_failed` with this reason, shown to the user in words. */
export type SsoFailure =
  | 'state_mismatch'
  | 'flow_expired'
  | 'provider_error'
  | 'provider_unavailable'
  | 'token_invalid'
  | 'token_replayed'
  | 'unknown_user'
  | 'user_inactive';

export class SsoLoginError extends Error {
  override readonly name = 'SsoLoginError';
  readonly reason: SsoFailure;
  constructor(reason: SsoFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** The transient state of one sign-in, sealed into a short-lived cookie bound to its `state`. */
interface Flow {
  readonly provider: string;
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  readonly next: string;
  readonly expiresAt: number;
}

/** How long a user may take at the provider's login page. */
export const FLOW_SECONDS = 600;

/**
 * Whether a callback's `state` could be one of ours (openid-client's `randomState()`: 43 base64url
 * characters). Anything else is refused before it is used, in a cookie name first of all.
 */
export const isFlowState = (state: string): boolean => /^[A-Za-z0-9_-]{22,128}$/.test(state);

/** The cookie of the flow whose `state` is given (several sign-ins may run in several tabs). */
export const flowCookieName = (state: string) => `plinth_oidc_${state.slice(0, 16)}`;

/** The longest `next` a flow carries: the flow cookies of a few sign-ins must fit a request's headers. */
export const MAX_NEXT_LENGTH = 512;

/**
 * Starts a sign-in: the provider's authorization URL (code flow with PKCE S256, `state` and
 * `nonce`) and the sealed flow for the cookie.
 */
export async function beginLogin(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  next: string,
): Promise<{ url: URL; state: string; sealedFlow: string }> {
  const config = await ctx.providers.client(provider.name);
  const flow: Flow = {
    provider: provider.name,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next: next.length <= MAX_NEXT_LENGTH ? next : '/ui/',
    expiresAt: Date.now() + FLOW_SECONDS * 1000,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ctx.providers.redirectUri(provider.name),
    scope: provider.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return {
    url,
    state: flow.state,
    sealedFlow: ctx.box.seal(JSON.stringify(flow), `oidc-flow:${flow.state}`),
  };
}

/**
 * Finishes a sign-in at the callback: checks the flow cookie against `state`, exchanges the code
 * (openid-client checks PKCE, `state`, `nonce`, issuer, audience and expiry), then signs the user
 * in. Every failure is audited with its reason and thrown as {@link SsoLoginError}.
 */
export async function finishLogin(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  callbackUrl: URL,
  sealedFlow: string | undefined,
  req: RequestInfo,
): Promise<{ sessionToken: string; next: string }> {
  const fail = async (reason: SsoFailure, message: string, details: Record<string, unknown> = {}) => {
    await ctx.audit.recordUnauthenticated({
      event: 'sso.login_failed',
      ip: req.ip,
      requestId: req.requestId,
      details: { provider: provider.name, reason, ...details },
    });
    return new SsoLoginError(reason, message);
  };
  const state = callbackUrl.searchParams.get('state') ?? '';
  let flow: Flow | undefined;
  try {
    if (sealedFlow && isFlowState(state))
      flow = JSON.parse(ctx.box.open(sealedFlow, `oidc-flow:${state}`)) as Flow;
  } catch {
    flow = undefined;
  }
  if (!flow || flow.state !== state || flow.provider !== provider.name)
    throw await fail(
      'state_mismatch',
      'This sign-in could not be matched to one started here. Please start again.',
    );
  if (flow.expiresAt < Date.now())
    throw await fail('flow_expired', 'This sign-in took too long. Please start again.');
  const providerError = callbackUrl.searchParams.get('error');
  if (providerError) {
    // The provider's own words (access_denied, …), bounded; never a token.
    throw await fail('provider_error', 'The identity provider did not sign you in.', {
      error: storablePrefix(providerError, 100),
    });
  }
  let config: oidc.Configuration;
  try {
    config = await ctx.providers.client(provider.name);
  } catch {
    throw await fail(
      'provider_unavailable',
      'The identity provider cannot be reached. Try again in a moment.',
    );
  }
  // The callback URL as registered: the public URL, not the (possibly proxied) request's.
  const current = new URL(ctx.providers.redirectUri(provider.name));
  current.search = callbackUrl.search;
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    const reason: SsoFailure =
      err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError
        ? 'provider_error'
        : 'token_invalid';
    ctx.logger.warn({ provider: provider.name, reason, err: errorInfo(err) }, 'SSO code exchange failed');
    throw await fail(reason, 'The identity provider’s answer could not be verified. Please start again.', {
      error: (err as { code?: string; error?: string }).error ?? (err as { code?: string }).code ?? 'invalid',
    });
  }
  const claims = tokens.claims()!;
  const groups = await groupsOf(ctx, provider, () => Promise.resolve(config), claims, tokens.access_token);
  const signedIn = await signIn(ctx, provider, claims, groups, req, 'browser', fail);
  const session = await ctx.sessions.create({
    userId: signedIn.userId,
    provider: provider.name,
    identityId: signedIn.identityId,
    // Kept to match back-channel logout tokens; one PostgreSQL cannot store would never match.
    oidcSid: typeof claims.sid === 'string' && isStorableText(claims.sid) ? claims.sid : null,
    idToken: tokens.id_token ?? null,
    refreshToken: tokens.refresh_token ?? null,
    ip: req.ip,
    userAgent: req.userAgent ?? null,
  });
  return { sessionToken: session.token, next: flow.next };
}

/** How old an ID token the CLI presents may be. */
const ID_TOKEN_MAX_AGE_SECONDS = 300;

/**
 * The CLI's sign-in (docs/sso.md, "plinth login"): an ID token the CLI obtained from the provider
 * with the device authorization grant, for the provider's `cli_client_id`, and optionally the access
 * token that came with it (for userinfo). Verified here (signature, issuer, at most 5 minutes old,
 * and that it is an ID token issued to the CLI client: see {@link notCliIdToken}), accepted once,
 * then the same user resolution and group sync as in the browser; the caller issues a login token.
 */
export async function signInWithIdToken(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  idToken: string,
  accessToken: string | undefined,
  req: RequestInfo,
): Promise<{ userId: string }> {
  const fail = async (reason: SsoFailure, message: string, details: Record<string, unknown> = {}) => {
    await ctx.audit.recordUnauthenticated({
      event: 'sso.login_failed',
      ip: req.ip,
      requestId: req.requestId,
      details: { provider: provider.name, reason, method: 'id_token', ...details },
    });
    return new SsoLoginError(reason, message);
  };
  const cliClientId = provider.cliClientId;
  if (!cliClientId) throw await fail('token_invalid', 'This provider has no command-line client configured.');
  let verified: { payload: JWTPayload; header: JWTHeaderParameters };
  try {
    verified = await ctx.providers.verifyJwt(provider.name, idToken, {
      audience: cliClientId,
      maxAgeSeconds: ID_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'issuer_unavailable')
      throw await fail(
        'provider_unavailable',
        'The identity provider cannot be reached. Try again in a moment.',
      );
    throw await fail('token_invalid', 'The ID token is not valid for this provider.');
  }
  const refused = notCliIdToken(verified.header, verified.payload, cliClientId);
  if (refused)
    throw await fail('token_invalid', 'The token is not an ID token issued to the command-line client.', {
      error: refused,
    });
  const claims = verified.payload as oidc.IDToken;
  // Single use: a copy of the token (a log, a proxy, a shared terminal) signs no one in again.
  const fresh = await useOnce(ctx.db, {
    kind: 'id_token',
    issuer: claims.iss,
    jti: claims.jti,
    token: idToken,
    until: new Date(
      (Math.min(claims.exp, claims.iat + ID_TOKEN_MAX_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS) * 1000,
    ),
  });
  if (!fresh)
    throw await fail('token_replayed', 'This ID token was used before. Run the sign-in again for a new one.');
  const groups = await groupsOf(
    ctx,
    provider,
    () => ctx.providers.cliClient(provider.name),
    claims,
    accessToken,
  );
  const signedIn = await signIn(ctx, provider, claims, groups, req, 'id_token', fail);
  return { userId: signedIn.userId };
}

/**
 * Why a verified JWT (audience `cli_client_id` among others) is not an ID token the provider issued
 * to the CLI client, or null when it is: another application's token naming the CLI client among
 * its audiences, a logout token, an access token in JWT form. The JOSE `typ` may be absent or `JWT`
 * (RFC 9068 access tokens are `at+jwt`, logout tokens `logout+jwt`); a payload `typ` (Keycloak's
 * token kind) must be `ID`; an `events` claim makes a security event (logout) token.
 */
export function notCliIdToken(
  header: JWTHeaderParameters,
  claims: JWTPayload,
  cliClientId: string,
): string | null {
  if (header.typ !== undefined && !/^(application\/)?jwt$/i.test(header.typ)) return 'token_type';
  if (claims.typ !== undefined && claims.typ !== 'ID') return 'token_type';
  if (claims.events !== undefined) return 'token_type';
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((claims.azp !== undefined || audiences.length > 1) && claims.azp !== cliClientId) return 'azp';
  if (typeof claims.sub !== 'string' || !claims.sub) return 'sub';
  return null;
}

/**
 * The user of an identity: found by (issuer, subject), or made just in time when the provider
 * allows sign-up (never matched by e-mail); then the group sync (a failure is logged and kept for
 * admins, never refusing the sign-in), `last_login_at`, and the `sso.login` audit entry.
 */
async function signIn(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  claims: oidc.IDToken,
  groups: GroupsRead,
  req: RequestInfo,
  method: 'browser' | 'id_token',
  fail: (reason: SsoFailure, message: string) => Promise<SsoLoginError>,
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
 * Runs the group sync; a failure is logged and recorded on the identity, and the sign-in goes on.
 * Groups that could not be read are no sync at all: the roles stay as they are, and the identity
 * says why.
 */
export async function syncSafely(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  identityId: string,
  userId: string,
  groups: GroupsRead,
  req: RequestInfo,
): Promise<void> {
  if (!groups.known) {
    await ctx.db
      .update(userIdentities)
      .set({ lastSyncProblem: `groups unknown (${groups.why}): roles left as they were` })
      .where(eq(userIdentities.id, identityId));
    return;
  }
  try {
    // No claim counts as no groups: Keycloak, for one, leaves the claim out for a user in no group.
    // The claims view shows `last_groups: null`, which tells that case from an empty list.
    await syncGroups(ctx.db, ctx.audit, provider, identityId, userId, groups.groups ?? [], req);
  } catch (err) {
    // Only the error's class and code: a driver's message can carry statement parameters.
    const { name, code } = errorInfo(err);
    const problem = `the group sync failed (${name}${code ? ` ${code}` : ''}); see the API log`;
    ctx.logger.warn(
      { provider: provider.name, user_id: userId, err: errorInfo(err) },
      'SSO group sync failed; sign-in continues',
    );
    await ctx.db
      .update(userIdentities)
      .set({ lastSyncAt: new Date(), lastSyncProblem: problem.slice(0, 500) })
      .where(eq(userIdentities.id, identityId))
      .catch(() => undefined);
  }
}

/**
 * The user's groups as read: a list, or null when the source was asked and has no groups claim (no
 * groups); or unknown, when they could not be read (no access token for userinfo, userinfo failing),
 * which must not count as "no groups".
 */
export type GroupsRead =
  | { readonly known: true; readonly groups: string[] | null }
  | { readonly known: false; readonly why: string };

/**
 * The user's groups, the same way for every flow: the ID token's claim, else userinfo with the
 * access token (its `sub` must be the ID token's). `configOf` is the client the access token was
 * issued to.
 */
async function groupsOf(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  configOf: () => Promise<oidc.Configuration>,
  claims: oidc.IDToken | undefined,
  accessToken: string | undefined,
): Promise<GroupsRead> {
  if (claims?.[provider.groupsClaim] !== undefined)
    return { known: true, groups: groupsFromClaim(claims[provider.groupsClaim]) };
  if (!claims?.sub) return { known: false, why: 'no ID token' };
  if (!accessToken) return { known: false, why: 'no groups claim in the ID token and no access token' };
  try {
    const config = await configOf();
    if (!config.serverMetadata().userinfo_endpoint) return { known: true, groups: null }; // the ID token is all there is
    const info = await oidc.fetchUserInfo(config, accessToken, claims.sub);
    const value: unknown = info[provider.groupsClaim];
    return { known: true, groups: value === undefined ? null : groupsFromClaim(value) };
  } catch (err) {
    ctx.logger.warn({ provider: provider.name, err: errorInfo(err) }, 'SSO userinfo request failed');
    return { known: false, why: 'the userinfo request failed' };
  }
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

async function identityBySubject(
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

/**
 * Re-reads the groups of an SSO session with its refresh token once the provider's resync interval
 * has passed (at most once per interval per session). A refused refresh (the provider ended the
 * session or disabled the user) revokes the session: null. A provider that cannot be reached
 * keeps the session and is tried again after the next interval.
 */
export async function refreshIfDue(
  ctx: SsoContext,
  session: ActiveSession,
  req: RequestInfo,
): Promise<ActiveSession | null> {
  const provider = session.provider ? ctx.providers.get(session.provider) : undefined;
  if (!provider || !provider.groupSync || provider.resyncIntervalSeconds === 0 || !session.hasRefreshToken)
    return session;
  if (!session.identityId) return session;
  const due = (session.syncedAt?.getTime() ?? 0) + provider.resyncIntervalSeconds * 1000;
  if (Date.now() < due) return session;
  // One request refreshes (on any replica); the others carry on with the session as it is, so a
  // refresh token is never sent twice (a provider that rotates them would take that for theft).
  if (!(await ctx.sessions.claimResync(session.id, session.syncedAt))) return session;
  const { refreshToken } = await ctx.sessions.providerTokens(session.id);
  if (!refreshToken) return session;
  let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
  let config: oidc.Configuration;
  try {
    config = await ctx.providers.client(provider.name);
    tokens = await oidc.refreshTokenGrant(config, refreshToken);
  } catch (err) {
    if (
      err instanceof oidc.ResponseBodyError &&
      (err.error === 'invalid_grant' || err.error === 'unauthorized_client')
    ) {
      await ctx.sessions.revoke(session.id, 'refresh_refused');
      await ctx.audit.record({
        event: 'session.revoked',
        actorUserId: session.userId,
        username: session.username,
        ip: req.ip,
        requestId: req.requestId,
        details: { provider: provider.name, reason: 'refresh_refused' },
      });
      return null;
    }
    ctx.logger.warn(
      { provider: provider.name, err: errorInfo(err) },
      'SSO session refresh failed; will retry',
    );
    await ctx.sessions.refreshed(session.id, {});
    return session;
  }
  const [identity] = await ctx.db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(eq(userIdentities.id, session.identityId));
  // A refresh may come without an ID token: userinfo is then asked for the identity's subject.
  const refreshed = tokens.claims();
  const groups: GroupsRead =
    !identity || (refreshed && refreshed.sub !== identity.subject)
      ? { known: false, why: 'the refreshed ID token is for another subject' }
      : await groupsOf(
          ctx,
          provider,
          () => Promise.resolve(config),
          refreshed ?? ({ sub: identity.subject } as oidc.IDToken),
          tokens.access_token,
        );
  if (groups.known)
    await ctx.db
      .update(userIdentities)
      .set({ lastGroups: groups.groups })
      .where(eq(userIdentities.id, session.identityId));
  await syncSafely(ctx, provider, session.identityId, session.userId, groups, req);
  await ctx.sessions.refreshed(session.id, { idToken: tokens.id_token, refreshToken: tokens.refresh_token });
  return session;
}

/** How old a back-channel logout token may be. */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;

/**
 * Back-channel logout (OpenID Connect Back-Channel Logout 1.0): verifies the provider's
 * `logout_token` (signature, issuer, audience, `iat`, `jti`, the logout event, `sid` or `sub`, no
 * `nonce`), accepts it once, and revokes the matching sessions. Returns how many were ended.
 */
export async function backchannelLogout(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  logoutToken: string,
  req: RequestInfo,
): Promise<number> {
  const { payload: claims } = await ctx.providers.verifyJwt(provider.name, logoutToken, {
    audience: provider.clientId,
    maxAgeSeconds: LOGOUT_TOKEN_MAX_AGE_SECONDS,
    // The spec requires `jti`: it is what makes a copy of the token recognisable.
    requiredClaims: ['iat', 'jti'],
  });
  const events = claims.events as Record<string, unknown> | undefined;
  if (
    !events ||
    typeof events !== 'object' ||
    !('http://schemas.openid.net/event/backchannel-logout' in events)
  )
    throw new Error('not a logout token: no back-channel logout event');
  if ('nonce' in claims) throw new Error('not a logout token: it carries a nonce');
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  if (!sid && !sub) throw new Error('a logout token needs sid or sub');
  const until =
    Math.min(claims.exp ?? Infinity, claims.iat! + LOGOUT_TOKEN_MAX_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
  // Single use: a replayed token (its `sub` alone ends every session of the identity) ends nothing.
  if (
    !(await useOnce(ctx.db, {
      kind: 'logout_token',
      issuer: claims.iss!,
      jti: claims.jti,
      token: logoutToken,
      until: new Date(until * 1000),
    }))
  )
    throw new Error('a logout token used before (a replay)');
  let identityId: string | undefined;
  if (!sid && sub) identityId = (await identityBySubject(ctx.db, claims.iss!, sub))?.identityId;
  const ended = await ctx.sessions.revokeForProvider(
    provider.name,
    { sid, identityId },
    'backchannel_logout',
  );
  for (const userId of new Set(ended)) {
    await ctx.audit.record({
      event: 'session.logout',
      actorUserId: userId,
      ip: req.ip,
      requestId: req.requestId,
      details: {
        provider: provider.name,
        kind: 'backchannel',
        sessions: ended.filter((u) => u === userId).length,
      },
    });
  }
  return ended.length;
}

/** Where to send the browser after a local logout of an SSO session: the provider's end-session URL. */
export async function endSessionUrl(
  ctx: SsoContext,
  provider: OidcProviderConfig,
  idToken: string | null,
): Promise<URL | null> {
  try {
    const config = await ctx.providers.client(provider.name);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      post_logout_redirect_uri: ctx.providers.postLogoutRedirectUri,
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
  } catch {
    return null; // the local session is ended anyway
  }
}
