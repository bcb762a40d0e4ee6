import type { JWTHeaderParameters, JWTPayload } from 'jose';
import type * as oidc from 'openid-client';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import { loginFailure } from './context.ts';
import type { SsoContext } from './context.ts';
import { CLOCK_TOLERANCE_SECONDS } from './providers.ts';
import { signIn } from './sign-in.ts';
import { groupsOf } from './sync.ts';
import { useOnce } from './used-tokens.ts';

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
  const fail = loginFailure(ctx, provider, req, 'id_token');
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
