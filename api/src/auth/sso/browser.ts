import * as oidc from 'openid-client';
import { errorInfo } from '../../core/error-info.ts';
import { isStorableText, storablePrefix } from '../../core/storable.ts';
import type { RequestInfo } from '../context.ts';
import type { OidcProviderConfig } from './config.ts';
import { loginFailure } from './context.ts';
import type { SsoContext, SsoFailure } from './context.ts';
import { signIn } from './sign-in.ts';
import { groupsOf } from './sync.ts';

/**
 * The browser's sign-in (docs/sso.md): the authorization code flow with PKCE, its state sealed
 * into a short-lived cookie, then the user signed in and a web UI session made.
 */

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
  const fail = loginFailure(ctx, provider, req);
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
