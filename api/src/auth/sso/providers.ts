import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTHeaderParameters, JWTPayload, JWTVerifyGetKey } from 'jose';
import { unavailable } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type { OidcProviderConfig } from './config.ts';

/** How long a failed discovery is remembered before the next sign-in tries again. */
const DISCOVERY_RETRY_MS = 10_000;
/** Seconds allowed between clocks on `iat`, `exp` and `nbf` (openid-client's default too). */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** One provider's discovered metadata and keys, made on first use and kept for the process. */
interface Discovered {
  readonly config: oidc.Configuration;
  readonly jwks: JWTVerifyGetKey;
}

/**
 * The configured OpenID Connect providers. Discovery runs on first use, not at start, so a provider
 * that is down delays only its own sign-ins; a failure is remembered for a few seconds and then
 * retried. Keys come from the provider's JWKS through jose, which refetches on an unknown key ID
 * (key rotation).
 */
export class OidcProviders {
  readonly #byName: ReadonlyMap<string, OidcProviderConfig>;
  readonly #publicUrl: string;
  readonly #logger: Logger;
  readonly #discovered = new Map<string, Promise<Discovered>>();
  readonly #failedAt = new Map<string, number>();

  constructor(providers: readonly OidcProviderConfig[], publicUrl: string, logger: Logger) {
    this.#byName = new Map(providers.map((p) => [p.name, p]));
    this.#publicUrl = publicUrl.replace(/\/+$/, '');
    this.#logger = logger;
  }

  list(): readonly OidcProviderConfig[] {
    return [...this.#byName.values()];
  }

  get(name: string): OidcProviderConfig | undefined {
    return this.#byName.get(name);
  }

  /** The callback registered at the provider. */
  redirectUri(name: string): string {
    return `${this.#publicUrl}/auth/oidc/${name}/callback/`;
  }

  /** Where the provider sends the browser after RP-initiated logout. */
  get postLogoutRedirectUri(): string {
    return `${this.#publicUrl}/ui/login/?signed_out=1`;
  }

  /** The origins a sign-in or logout form may be sent on to (the UI's `form-action`). */
  origins(): string[] {
    return [...new Set(this.list().map((p) => new URL(p.issuer).origin))];
  }

  /** The client of `name`, discovering the provider first; `unavailable` when it cannot be reached. */
  async client(name: string): Promise<oidc.Configuration> {
    return (await this.#discover(name)).config;
  }

  async #discover(name: string): Promise<Discovered> {
    const provider = this.#byName.get(name);
    if (!provider) throw new Error(`unknown provider ${name}`);
    const failedAt = this.#failedAt.get(name);
    if (failedAt !== undefined && Date.now() - failedAt < DISCOVERY_RETRY_MS) throw providerDown(provider);
    let pending = this.#discovered.get(name);
    if (!pending) {
      pending = discover(provider);
      this.#discovered.set(name, pending);
      pending.catch((err: unknown) => {
        this.#discovered.delete(name);
        this.#failedAt.set(name, Date.now());
        // openid-client's messages name the URL and the failure, never a secret.
        this.#logger.warn(
          { provider: name, issuer: provider.issuer, reason: (err as Error).message },
          'OIDC discovery failed; sign-ins with this provider fail until it answers',
        );
      });
    }
    try {
      return await pending;
    } catch {
      throw providerDown(provider);
    }
  }

  /**
   * The provider's client for the command line (`cli_client_id`, public): what a userinfo request
   * with the CLI's access token is made as.
   */
  async cliClient(name: string): Promise<oidc.Configuration> {
    const provider = this.#byName.get(name);
    if (!provider?.cliClientId) throw new Error(`provider ${name} has no cli_client_id`);
    const { config } = await this.#discover(name);
    const cli = new oidc.Configuration(config.serverMetadata(), provider.cliClientId, undefined, oidc.None());
    if (new URL(provider.issuer).protocol === 'http:') oidc.allowInsecureRequests(cli);
    cli.timeout = 10;
    return cli;
  }

  /**
   * Verifies a JWT the provider signed (a back-channel `logout_token`, or an ID token the CLI
   * presents): signature against the provider's keys, issuer, audience, `exp`, `iat` at most
   * `maxAgeSeconds` old, and the claims named in `requiredClaims`. The caller checks the rest.
   */
  async verifyJwt(
    name: string,
    token: string,
    options: { audience: string; maxAgeSeconds: number; requiredClaims?: string[] },
  ): Promise<{ payload: JWTPayload; header: JWTHeaderParameters }> {
    const discovered = await this.#discover(name);
    const { payload, protectedHeader } = await jwtVerify(token, discovered.jwks, {
      issuer: discovered.config.serverMetadata().issuer,
      audience: options.audience,
      maxTokenAge: options.maxAgeSeconds,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(options.requiredClaims ? { requiredClaims: options.requiredClaims } : {}),
    });
    return { payload, header: protectedHeader };
  }
}

function providerDown(provider: OidcProviderConfig) {
  return unavailable(
    `The identity provider ${provider.displayName} cannot be reached. Try again in a moment.`,
    'issuer_unavailable',
    10,
  );
}

async function discover(provider: OidcProviderConfig): Promise<Discovered> {
  const insecure = new URL(provider.issuer).protocol === 'http:';
  const config = await oidc.discovery(
    new URL(provider.issuer),
    provider.clientId,
    undefined,
    provider.clientSecret !== undefined ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None(),
    { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
  );
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw new Error(`the provider at ${provider.issuer} publishes no jwks_uri`);
  return { config, jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 }) };
}
