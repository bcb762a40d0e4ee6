import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../../core/config-error.ts';

/**
 * The `oidc` section of the PLINTH_CONFIG file: one or several OpenID Connect providers the web UI
 * signs in with (docs/sso.md). Client secrets are never in the file, only the name of the variable
 * that holds each.
 */

const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

const ProviderSchema = z
  .object({
    /** In URLs (`/auth/oidc/<name>/callback/`) and in the audit log. */
    name: z.string().regex(NAME, { error: 'must be 1 to 63 characters of a-z, 0-9 and -' }),
    display_name: z.string().min(1).max(100).optional(),
    issuer: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    client_id: z.string().min(1),
    /** The variable holding the client secret; unset: a public client (PKCE only). */
    client_secret_env: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be a variable name' })
      .optional(),
    scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).default(['openid', 'profile', 'email']),
    /** The claim carrying the user's groups (ID token or userinfo). */
    groups_claim: z.string().min(1).default('groups'),
    /** The `svc` of `svc-admins` and `svc-{org}-admins|users|viewers`. */
    group_prefix: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/)
      .default('svc'),
    /**
     * The group the mapped groups must be directly under (`platform` for `platform/svc-acme-users`);
     * empty: top-level groups only. Slashes at either end are ignored.
     */
    group_parent: z
      .string()
      .max(500)
      // eslint-disable-next-line no-control-regex -- control characters belong in no group path
      .regex(/^\/?([^/\u0000-\u001f\u007f]+\/)*([^/\u0000-\u001f\u007f]+\/?)?$/, {
        error: 'must be a group path such as platform or platform/plinth',
      })
      .default(''),
    /** Whether `<prefix>-admins` grants (and its absence revokes) Super Admin; off by default. */
    super_admin_from_groups: z.boolean().default(false),
    /** The organization slugs this provider's groups may grant roles in; absent: any. */
    organizations: z
      .array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, { error: 'must be an organization slug' }))
      .optional(),
    group_sync: z.boolean().default(true),
    /** Create a user on the first sign-in of an unknown identity (just-in-time provisioning). */
    allow_signup: z.boolean().default(true),
    /** How often a session's groups are re-read with the refresh token (0: only at sign-in). */
    resync_interval_seconds: z.number().int().min(0).max(86_400).default(900),
    /** The provider's public client for `plinth login` (device authorization grant); see docs/sso.md. */
    cli_client_id: z.string().min(1).optional(),
  })
  .strict();

export const OidcSectionSchema = z
  .object({ providers: z.array(ProviderSchema).min(1, { error: 'needs at least one provider' }) })
  .strict();

export interface OidcProviderConfig {
  readonly name: string;
  readonly displayName: string;
  readonly issuer: string;
  readonly clientId: string;
  /** Unset for a public client. Never logged. */
  readonly clientSecret: string | undefined;
  readonly scopes: readonly string[];
  readonly groupsClaim: string;
  readonly groupPrefix: string;
  /** Without slashes at either end; '' = top-level groups only. */
  readonly groupParent: string;
  readonly superAdminFromGroups: boolean;
  /** The slugs this provider may grant roles in; null = any. */
  readonly organizations: readonly string[] | null;
  readonly groupSync: boolean;
  readonly allowSignup: boolean;
  readonly resyncIntervalSeconds: number;
  readonly cliClientId: string | undefined;
}

/** The providers declared in the PLINTH_CONFIG file, in order; empty when there are none. */
export function loadOidcConfig(
  path: string | undefined,
  env: Record<string, string | undefined>,
): readonly OidcProviderConfig[] {
  if (!path) return [];
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch {
    return []; // loadStorageConfig reports an unreadable file
  }
  const section = (raw as { oidc?: unknown } | null)?.oidc;
  if (section === undefined) return [];
  const where = (p: PropertyKey[]) => `PLINTH_CONFIG ${path}: oidc.${p.join('.')}`;
  const parsed = OidcSectionSchema.safeParse(section);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${where(i.path)} ${i.message}`));
  const problems: string[] = [];
  const seen = new Set<string>();
  const providers = parsed.data.providers.map((p, n) => {
    if (seen.has(p.name)) problems.push(`${where(['providers', n, 'name'])} ${p.name} is declared twice`);
    seen.add(p.name);
    if (!p.scopes.includes('openid'))
      problems.push(`${where(['providers', n, 'scopes'])} must include openid`);
    // The CLI's ID tokens are exchanged for login tokens: the browser client's must not be.
    if (p.cli_client_id !== undefined && p.cli_client_id === p.client_id)
      problems.push(`${where(['providers', n, 'cli_client_id'])} must differ from client_id`);
    let clientSecret: string | undefined;
    if (p.client_secret_env !== undefined) {
      clientSecret = env[p.client_secret_env];
      if (!clientSecret)
        problems.push(`${p.client_secret_env} (client secret of OIDC provider ${p.name}) is not set`);
    }
    return {
      name: p.name,
      displayName: p.display_name ?? p.name,
      issuer: p.issuer,
      clientId: p.client_id,
      clientSecret,
      scopes: p.scopes,
      groupsClaim: p.groups_claim,
      groupPrefix: p.group_prefix,
      groupParent: p.group_parent.replace(/^\//, '').replace(/\/$/, ''),
      superAdminFromGroups: p.super_admin_from_groups,
      organizations: p.organizations ?? null,
      groupSync: p.group_sync,
      allowSignup: p.allow_signup,
      resyncIntervalSeconds: p.resync_interval_seconds,
      cliClientId: p.cli_client_id,
    } satisfies OidcProviderConfig;
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return providers;
}
