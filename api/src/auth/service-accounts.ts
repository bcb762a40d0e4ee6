import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createRemoteJWKSet, customFetch, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../core/config-error.ts';
import { unauthenticated, unavailable } from '../core/errors.ts';

/**
 * Kubernetes ServiceAccount tokens as a credential (docs/authentication.md): a projected token
 * with audience `plinth`, verified offline against the issuing cluster's keys (OIDC discovery,
 * then its JWKS, cached and refetched when a token names an unknown key), and mapped by the
 * `service_accounts` section of the PLINTH_CONFIG file to a bucket-scoped principal.
 */

/** The only scopes a ServiceAccount can be given: it stands in for an operator, nothing more. */
export const SERVICE_ACCOUNT_SCOPES = ['buckets:read', 'buckets:write'] as const;
export type ServiceAccountScope = (typeof SERVICE_ACCOUNT_SCOPES)[number];

const SUBJECT = /^system:serviceaccount:[a-z0-9]([-a-z0-9]*[a-z0-9])?:[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/;

const IssuerSchema = z
  .object({
    /** The `iss` of the cluster's tokens (`kubectl get --raw /.well-known/openid-configuration`). */
    url: z.url({ error: 'must be an http(s) URL' }),
    /** Where discovery is fetched, when not at the issuer URL itself (e.g. in-cluster). */
    discovery_url: z.url({ error: 'must be an http(s) URL' }).optional(),
    /** A PEM bundle trusted for discovery and JWKS (in a pod: the ServiceAccount's ca.crt). */
    ca_file: z.string().min(1).optional(),
    /** A bearer token sent to discovery and JWKS (in a pod: the API's own ServiceAccount token). */
    token_file: z.string().min(1).optional(),
    audience: z.string().min(1).default('plinth'),
  })
  .strict();

const AccountSchema = z
  .object({
    name: z.string().regex(SUBJECT, { error: 'must be system:serviceaccount:<namespace>:<name>' }),
    /**
     * The `url` of the configured issuer (cluster) whose tokens this account comes with; optional
     * with exactly one issuer configured. The same name in another cluster is another account.
     */
    issuer: z.url({ error: 'must be an http(s) URL' }).optional(),
    /** The organization (slug) it acts for; or `all_organizations: true` for a multi-tenant operator. */
    organization: z.string().min(1).optional(),
    all_organizations: z.boolean().default(false),
    scopes: z
      .array(z.enum(SERVICE_ACCOUNT_SCOPES, { error: 'only buckets:read and buckets:write' }))
      .min(1)
      .default([...SERVICE_ACCOUNT_SCOPES]),
  })
  .strict()
  .refine((a) => a.all_organizations !== (a.organization !== undefined), {
    error: 'needs exactly one of organization or all_organizations: true',
  });

export const ServiceAccountsSchema = z
  .object({
    issuers: z.array(IssuerSchema).min(1, { error: 'needs at least one issuer' }),
    accounts: z.array(AccountSchema).default([]),
  })
  .strict();

export interface ServiceAccountIssuer {
  readonly url: string;
  readonly discoveryUrl: string;
  readonly ca: string | undefined;
  readonly tokenFile: string | undefined;
  readonly audience: string;
}

export interface ServiceAccountMapping {
  /** `system:serviceaccount:<namespace>:<name>` */
  readonly name: string;
  /** The URL of the issuer (cluster) it is mapped for: a token of another issuer never gets it. */
  readonly issuer: string;
  /** An organization slug, or null for every organization. */
  readonly organization: string | null;
  readonly scopes: readonly ServiceAccountScope[];
}

export interface ServiceAccountsConfig {
  readonly issuers: readonly ServiceAccountIssuer[];
  /** At most one per issuer and name. */
  readonly accounts: readonly ServiceAccountMapping[];
}

/** Issuer URLs compare without trailing slashes (`iss` claims, configured URLs). */
const issuerKey = (url: string) => url.replace(/\/+$/, '');

/** The `service_accounts` section of the PLINTH_CONFIG file; null when there is none. */
export function loadServiceAccountsConfig(path: string | undefined): ServiceAccountsConfig | null {
  if (!path) return null;
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch {
    return null; // loadStorageConfig reports an unreadable file
  }
  const section = (raw as { service_accounts?: unknown } | null)?.service_accounts;
  if (section === undefined) return null;
  const parsed = ServiceAccountsSchema.safeParse(section);
  const where = (p: PropertyKey[]) => `PLINTH_CONFIG ${path}: service_accounts.${p.join('.')}`;
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${where(i.path)} ${i.message}`));
  const problems: string[] = [];
  const issuers = parsed.data.issuers.map((i, n) => {
    let ca: string | undefined;
    if (i.ca_file !== undefined) {
      try {
        ca = readFileSync(i.ca_file, 'utf8');
      } catch {
        problems.push(`${where(['issuers', n, 'ca_file'])} ${i.ca_file} is not readable`);
      }
    }
    return {
      url: issuerKey(i.url),
      discoveryUrl: issuerKey(i.discovery_url ?? i.url),
      ca,
      tokenFile: i.token_file,
      audience: i.audience,
    };
  });
  if (new Set(issuers.map((i) => i.url)).size !== issuers.length)
    problems.push(`${where(['issuers'])} an issuer is declared twice`);
  // Each account is bound to one issuer: a name alone would let every trusted cluster's account
  // of that name act as this one.
  const known = new Set(issuers.map((i) => i.url));
  const accounts: ServiceAccountMapping[] = [];
  const seen = new Set<string>();
  parsed.data.accounts.forEach((a, n) => {
    let issuer: string;
    if (a.issuer !== undefined) {
      issuer = issuerKey(a.issuer);
      if (!known.has(issuer)) {
        problems.push(
          `${where(['accounts', n, 'issuer'])} ${a.issuer} is not the url of a configured issuer (service_accounts.issuers)`,
        );
        return;
      }
    } else if (issuers.length === 1) {
      issuer = issuers[0]!.url;
    } else {
      problems.push(
        `${where(['accounts', n])} ${a.name} needs issuer: the url of the issuer (cluster) its tokens come from, as ${issuers.length} issuers are configured`,
      );
      return;
    }
    const key = `${issuer} ${a.name}`;
    if (seen.has(key))
      problems.push(`${where(['accounts'])} ${a.name} is declared twice for the issuer ${issuer}`);
    seen.add(key);
    accounts.push({ name: a.name, issuer, organization: a.organization ?? null, scopes: a.scopes });
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return { issuers, accounts };
}

function errnoOf(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : 'request failed';
}

/** Clock skew allowed on `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** A failed fetch of discovery or JWKS; its message (URL and status) is safe to log. */
export class IssuerFetchError extends Error {
  override readonly name = 'IssuerFetchError';
}

/**
 * What to log about a failed discovery or JWKS fetch: our own messages and jose's (URLs, statuses,
 * never token content), with the cause's.
 */
export function issuerFailureReason(err: unknown): string | undefined {
  if (!(err instanceof IssuerFetchError) && !(err instanceof joseErrors.JOSEError)) return undefined;
  const cause = (err as Error).cause;
  const inner =
    cause instanceof IssuerFetchError || cause instanceof joseErrors.JOSEError || cause instanceof SyntaxError
      ? `: ${(cause as Error).message}`
      : '';
  return `${err.message}${inner}`;
}

/** A GET with the issuer's CA and bearer token, as a fetch (what jose's customFetch expects). */
function issuerFetch(issuer: ServiceAccountIssuer) {
  return (url: string, init?: { signal?: AbortSignal | null }): Promise<Response> =>
    new Promise((resolve, reject) => {
      // kube-apiserver answers 406 to a JWKS request that does not accept application/jwk-set+json.
      const headers: Record<string, string> = { accept: 'application/json, application/jwk-set+json' };
      if (issuer.tokenFile !== undefined)
        headers.authorization = `Bearer ${readFileSync(issuer.tokenFile, 'utf8').trim()}`;
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        { method: 'GET', headers, ca: issuer.ca, signal: init?.signal ?? undefined },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200) {
              reject(new IssuerFetchError(`GET ${url}: HTTP ${res.statusCode}`));
              return;
            }
            resolve(
              new Response(Buffer.concat(chunks), {
                status: 200,
                headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
              }),
            );
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(5000, () => req.destroy(new IssuerFetchError(`GET ${url}: timed out`)));
      req.on('error', (err) =>
        reject(err instanceof IssuerFetchError ? err : new IssuerFetchError(`GET ${url}: ${errnoOf(err)}`)),
      );
      req.end();
    });
}

class IssuerKeys {
  #jwks: Promise<JWTVerifyGetKey> | undefined;
  readonly #fetch: ReturnType<typeof issuerFetch>;
  readonly issuer: ServiceAccountIssuer;
  readonly #cooldownMs: number;
  constructor(issuer: ServiceAccountIssuer, cooldownMs: number) {
    this.issuer = issuer;
    this.#cooldownMs = cooldownMs;
    this.#fetch = issuerFetch(issuer);
  }

  /** Discovery once (retried after a failure), then jose's cached, self-refreshing JWKS. */
  keys(): Promise<JWTVerifyGetKey> {
    this.#jwks ??= (async () => {
      const url = `${this.issuer.discoveryUrl}/.well-known/openid-configuration`;
      const res = await this.#fetch(url, { signal: AbortSignal.timeout(5000) });
      const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (doc.issuer !== this.issuer.url)
        throw new IssuerFetchError(`GET ${url}: issuer is ${String(doc.issuer)}, not ${this.issuer.url}`);
      if (typeof doc.jwks_uri !== 'string') throw new IssuerFetchError(`GET ${url}: no jwks_uri`);
      // Behind discovery_url (in-cluster), fetch the JWKS there too: the advertised host may be
      // the public issuer, not reachable from inside.
      const advertised = new URL(doc.jwks_uri);
      const jwksUrl =
        this.issuer.discoveryUrl === this.issuer.url
          ? advertised
          : new URL(advertised.pathname + advertised.search, this.issuer.discoveryUrl);
      return createRemoteJWKSet(jwksUrl, {
        [customFetch]: this.#fetch,
        timeoutDuration: 5000,
        cooldownDuration: this.#cooldownMs,
      });
    })();
    this.#jwks.catch(() => {
      this.#jwks = undefined;
    });
    return this.#jwks;
  }
}

/** Verifies ServiceAccount tokens of the configured issuers and maps them to their accounts. */
export class ServiceAccountVerifier {
  readonly #issuers: Map<string, IssuerKeys>;
  /** Issuer URL, then subject: an account is looked up with the issuer that signed its token. */
  readonly #accounts = new Map<string, Map<string, ServiceAccountMapping>>();
  readonly #log: (msg: string, err: unknown) => void;

  /**
   * `refetchCooldownMs`: the least time between two JWKS fetches for unknown key IDs (jose's
   * cooldown), so tokens naming random keys cannot make the API hammer the cluster.
   */
  constructor(
    config: ServiceAccountsConfig,
    log: (msg: string, err: unknown) => void = () => {},
    refetchCooldownMs = 10_000,
  ) {
    this.#issuers = new Map(config.issuers.map((i) => [i.url, new IssuerKeys(i, refetchCooldownMs)]));
    for (const a of config.accounts) {
      const byName = this.#accounts.get(issuerKey(a.issuer)) ?? new Map<string, ServiceAccountMapping>();
      byName.set(a.name, a);
      this.#accounts.set(issuerKey(a.issuer), byName);
    }
    this.#log = log;
  }

  /** Whether a JWT claims to be from one of the configured issuers (so this verifier decides it). */
  claims(token: string): boolean {
    try {
      const { iss } = decodeJwt(token);
      return typeof iss === 'string' && this.#issuers.has(issuerKey(iss));
    } catch {
      return false;
    }
  }

  /**
   * The mapping of a valid token's ServiceAccount. 401 `token_expired` for an expired token,
   * `token_invalid` for a bad signature, another audience or issuer, or an account not mapped for
   * the issuer that signed the token; 503
   * `issuer_unavailable` when the issuer's keys cannot be fetched.
   */
  async verify(token: string): Promise<ServiceAccountMapping> {
    let iss: unknown;
    try {
      iss = decodeJwt(token).iss;
    } catch {
      throw unauthenticated('token_invalid', 'Invalid token.');
    }
    const keys = typeof iss === 'string' ? this.#issuers.get(issuerKey(iss)) : undefined;
    if (!keys) throw unauthenticated('token_invalid', 'Invalid token.');
    let getKey: JWTVerifyGetKey;
    try {
      getKey = await keys.keys();
    } catch (err) {
      this.#log('service-account issuer discovery failed', err);
      throw unavailable('The token issuer cannot be reached; try again.', 'issuer_unavailable');
    }
    let sub: unknown;
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: keys.issuer.url,
        audience: keys.issuer.audience,
        algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'sub'],
      });
      sub = payload.sub;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('token_expired', 'The token has expired.');
      if (
        err instanceof joseErrors.JWKSTimeout ||
        (err instanceof joseErrors.JOSEError && err.code === 'ERR_JOSE_GENERIC') ||
        !(err instanceof joseErrors.JOSEError)
      ) {
        this.#log('service-account JWKS fetch failed', err);
        throw unavailable('The token issuer cannot be reached; try again.', 'issuer_unavailable');
      }
      throw unauthenticated('token_invalid', 'Invalid token.');
    }
    // The issuer whose keys verified the token, never another one's account of the same name.
    const account = typeof sub === 'string' ? this.#accounts.get(keys.issuer.url)?.get(sub) : undefined;
    if (!account)
      throw unauthenticated('token_invalid', 'This ServiceAccount is not allowed to use the API.');
    return account;
  }
}
