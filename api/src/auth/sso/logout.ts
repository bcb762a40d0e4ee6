import * as oidc from 'openid-client';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import type { SsoContext } from './context.ts';
import { CLOCK_TOLERANCE_SECONDS } from './providers.ts';
import { identityBySubject } from './sign-in.ts';
import { useOnce } from './used-tokens.ts';

/** Signing out at the provider: its back-channel logout, and where the browser goes after a local logout. */

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
