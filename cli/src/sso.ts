import * as oidc from 'openid-client';
import type { PlinthClient } from '../../clients/typescript/src/index.ts';
import type { Credential } from './config.ts';
import { authError, CliError, EXIT } from './errors.ts';

/** A provider as `GET /api/login/providers/` lists it. */
export interface Provider {
  name: string;
  display_name: string;
  issuer: string;
  cli_client_id: string | null;
}

/** The provider's configuration for the CLI's public client. Plain HTTP only on this machine. */
async function discover(issuer: string, clientId: string): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !loopback)
    throw new CliError(`The identity provider ${issuer} is not on HTTPS; refusing to sign in through it.`);
  return oidc.discovery(url, clientId, undefined, oidc.None(), {
    ...(url.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
  });
}

/** What the device grant shows the user. */
export interface DeviceStart {
  verificationUri: string;
  verificationUriComplete: string | undefined;
  userCode: string;
  expiresIn: number;
}

/**
 * The OAuth 2.0 device authorization grant (RFC 8628) with the provider's CLI client
 * (docs/sso.md, "The command line"): `show` is told the URL and code, then the provider is polled
 * until the user approved, and the ID token is exchanged for a Plinth login token.
 */
export async function deviceLogin(
  client: PlinthClient,
  provider: Provider,
  show: (start: DeviceStart) => void,
  waiting: () => (done?: string) => void,
): Promise<Credential> {
  if (!provider.cli_client_id)
    throw new CliError(
      `The provider ${provider.name} has no command-line client (cli_client_id) configured.`,
    );
  const config = await discover(provider.issuer, provider.cli_client_id);
  const device = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile email' });
  show({
    verificationUri: device.verification_uri,
    verificationUriComplete: device.verification_uri_complete,
    userCode: device.user_code,
    expiresIn: device.expires_in,
  });
  const stop = waiting();
  let tokens: oidc.TokenEndpointResponse;
  try {
    tokens = await oidc.pollDeviceAuthorizationGrant(config, device);
  } catch (err) {
    stop();
    const code = (err as { error?: string }).error;
    if (code === 'expired_token')
      throw authError('The code expired before it was approved. Run `plinth login` again.');
    if (code === 'access_denied') throw authError('The sign-in was denied at the identity provider.');
    throw err;
  }
  stop();
  return exchange(client, provider, config, tokens);
}

async function exchange(
  client: PlinthClient,
  provider: Provider,
  config: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse,
): Promise<Credential> {
  if (!tokens.id_token) throw new CliError('The identity provider answered without an ID token.', EXIT.auth);
  const login = await client.apiLoginOidcCreate({
    requestBody: { provider: provider.name, id_token: tokens.id_token, access_token: tokens.access_token },
  });
  return {
    kind: 'sso',
    token: login.token,
    expires_at: login.expires_at,
    provider: provider.name,
    issuer: provider.issuer,
    client_id: config.clientMetadata().client_id,
    refresh_token: tokens.refresh_token,
  };
}

/**
 * A new login token for a device-grant sign-in whose token expired: the provider's refresh token
 * gives a fresh ID token (the provider still decides whether the session lives), exchanged as at
 * sign-in. An auth error when the provider ended the session.
 */
export async function renewSso(client: PlinthClient, credential: Credential): Promise<Credential> {
  const { issuer, client_id: clientId, refresh_token: refreshToken, provider } = credential;
  if (!issuer || !clientId || !refreshToken || !provider)
    throw authError('Your sign-in expired. Run `plinth login` again.', 'token_expired');
  const config = await discover(issuer, clientId);
  let tokens: oidc.TokenEndpointResponse;
  try {
    tokens = await oidc.refreshTokenGrant(config, refreshToken, { scope: 'openid profile email' });
  } catch {
    throw authError(
      'Your sign-in expired and the identity provider ended its session. Run `plinth login` again.',
      'token_expired',
    );
  }
  return exchange(
    client,
    { name: provider, display_name: provider, issuer, cli_client_id: clientId },
    config,
    tokens,
  );
}

/** Ends the provider's session behind a device-grant sign-in (RFC 7009 revocation of the refresh token). */
export async function endSsoSession(credential: Credential): Promise<boolean> {
  const { issuer, client_id: clientId, refresh_token: refreshToken } = credential;
  if (!issuer || !clientId || !refreshToken) return false;
  const config = await discover(issuer, clientId);
  await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
  return true;
}
