import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK } from 'jose';
import Provider from 'oidc-provider';
import type { ClientMetadata } from 'oidc-provider';

/**
 * A real, certified OpenID provider (panva's oidc-provider) in this process, on a loopback port:
 * accounts with a `groups` claim the test can change between logins, dev interactions (a login form
 * that takes any password), refresh tokens, back-channel logout, and the signing key, so a test can
 * also mint tokens the provider would (logout tokens, ID tokens for the CLI's exchange).
 */
export interface TestAccount {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestIdp {
  readonly issuer: string;
  readonly accounts: Map<string, TestAccount>;
  /** Signs a JWT with the provider's own key (as the provider would); `iat` is now unless given. */
  sign(claims: Record<string, unknown>, opts?: { typ?: string }): Promise<string>;
  /** Signs with a key the provider never published (a forgery). */
  forge(claims: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export async function startTestIdp(
  clients: ClientMetadata[],
  accounts: TestAccount[] = [],
  opts: {
    /**
     * false: the claims of the requested scopes (groups among them) only in userinfo, as the
     * specification has it and GitLab does; by default they are in the ID token too, as Keycloak's.
     */
    scopeClaimsInIdToken?: boolean;
  } = {},
): Promise<TestIdp> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const forged = await generateKeyPair('RS256');
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const server = createServer();
  // Idle connections outlive the clients' pools (undici keeps one for the server's hint less a
  // second): with Node's 5 s, a request sent as the server closes its idle socket met ECONNRESET.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [jwk] },
    findAccount: (_ctx, id) => {
      const account = byId.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
    // By default the claims of the requested scopes go into the ID token itself, as Keycloak does.
    conformIdTokenClaims: opts.scopeClaimsInIdToken === false,
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      deviceFlow: { enabled: true },
    },
    pkce: { required: () => true },
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    // Set, so the provider does not warn about its defaults on every token.
    ttl: {
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: 86_400,
      Grant: 86_400,
      Session: 86_400,
      Interaction: 600,
    },
  });
  // oidc-provider warns about its dev-only defaults on stderr; that is what this is.
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    accounts: byId,
    sign: (claims, opts) => {
      const jwt = new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: opts?.typ ?? 'JWT' })
        .setIssuer(issuer);
      // Now, unless the claims say when.
      return (claims.iat === undefined ? jwt.setIssuedAt() : jwt).sign(privateKey);
    },
    forge: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(forged.privateKey),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar of name → value for one origin (enough for these flows). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives the provider's dev login and consent pages without a browser, from the authorization URL
 * to the redirect back to the client: returns that redirect URL (with `code` and `state`).
 */
export async function loginAtIdp(
  authorizationUrl: string,
  account: string,
  redirectPrefix: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res.headers);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const page = await res.text();
    if (res.status !== 200) throw new Error(`IdP answered ${res.status} at ${url}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url}: ${page.slice(0, 300)}`);
    const body = new URLSearchParams({
      prompt,
      ...(prompt === 'login' ? { login: account, password: 'any' } : {}),
    });
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    init = { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many steps at the IdP');
}
