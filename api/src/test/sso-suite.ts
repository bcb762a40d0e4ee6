import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createLogger } from '../core/logger.ts';
import {
  auditLog,
  organizationMembers,
  organizations,
  userIdentities,
  users,
} from '../core/db/schema/index.ts';
import type { OidcProviderConfig } from '../auth/sso/config.ts';
import { OidcProviders } from '../auth/sso/providers.ts';
import { CookieJar, loginAtIdp, startTestIdp } from './oidc-provider.ts';
import type { TestIdp } from './oidc-provider.ts';
import type { World } from './world.ts';

/**
 * What the single sign-on suites (api/src/auth/sso/*.int.test.ts) share: two in-process OpenID
 * providers, the API's providers on them, and the helpers that sign in through them.
 */

export const PUBLIC_URL = 'http://plinth.test';
export const TLS_URL = 'https://plinth.test';
export const CLIENT = { client_id: 'plinth', client_secret: 'plinth-secret-0123456789' };
export const provider = (over: Partial<OidcProviderConfig> = {}): OidcProviderConfig => ({
  name: 'op',
  displayName: 'Test OP',
  issuer: '',
  clientId: CLIENT.client_id,
  clientSecret: CLIENT.client_secret,
  scopes: ['openid', 'profile', 'email', 'groups', 'offline_access'],
  groupsClaim: 'groups',
  groupPrefix: 'svc',
  groupParent: '',
  superAdminFromGroups: false,
  organizations: null,
  groupSync: true,
  allowSignup: true,
  resyncIntervalSeconds: 900,
  cliClientId: 'plinth-cli',
  ...over,
});

/** The CLI's client at the userinfo provider, signing in with the code flow (same tokens as the device grant). */
export const CLI_REDIRECT = 'http://127.0.0.1/cli-callback/';
/** The one organization the provider `limited` may grant roles in. */
export const LIMITED_SLUG = `lim-${randomUUID().slice(0, 8)}`;

export let idp: TestIdp;
/** A second provider that, like GitLab, sends the groups in userinfo only. */
export let infoIdp: TestIdp;

/**
 * Starts the two providers (`idp`, `infoIdp`) in the calling file's `beforeAll`, and stops them in
 * its `afterAll`.
 */
function useTestIdps(): void {
  beforeAll(async () => {
    infoIdp = await startTestIdp(
      [
        {
          ...CLIENT,
          redirect_uris: [`${PUBLIC_URL}/auth/oidc/info/callback/`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
        {
          client_id: 'plinth-cli',
          token_endpoint_auth_method: 'none',
          redirect_uris: [CLI_REDIRECT],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      [],
      { scopeClaimsInIdToken: false },
    );
    idp = await startTestIdp([
      {
        ...CLIENT,
        redirect_uris: [
          ...['op', 'closed', 'fast', 'plain', 'limited', 'nested'].map(
            (n) => `${PUBLIC_URL}/auth/oidc/${n}/callback/`,
          ),
          `${TLS_URL}/auth/oidc/op/callback/`,
        ],
        post_logout_redirect_uris: [`${PUBLIC_URL}/ui/login/?signed_out=1`],
        grant_types: ['authorization_code', 'refresh_token'],
        // With it the ID token carries `sid`; the provider's own POSTs are never sent in these tests.
        backchannel_logout_uri: `${PUBLIC_URL}/auth/oidc/op/backchannel-logout/`,
        backchannel_logout_session_required: true,
        response_types: ['code'],
      },
    ]);
  });
  afterAll(async () => {
    await idp.stop();
    await infoIdp.stop();
  });
}

/** The suites' world: the API with every provider these tests sign in with, on the two IdPs above. */
const WITH_PROVIDERS = {
  world: () => {
    const configs = [
      provider({ issuer: idp.issuer, superAdminFromGroups: true }),
      provider({ name: 'closed', issuer: idp.issuer, allowSignup: false }),
      provider({ name: 'fast', issuer: idp.issuer, resyncIntervalSeconds: 1 }),
      provider({ name: 'plain', issuer: idp.issuer }),
      provider({ name: 'limited', issuer: idp.issuer, organizations: [LIMITED_SLUG] }),
      provider({ name: 'nested', issuer: idp.issuer, groupParent: 'platform', superAdminFromGroups: true }),
      provider({ name: 'info', issuer: infoIdp.issuer }),
    ];
    return {
      providers: new OidcProviders(configs, PUBLIC_URL, createLogger('silent')),
      publicUrl: PUBLIC_URL,
    };
  },
};

/**
 * `describeOnEachDatabase`'s options for a single sign-on suite: the two providers started for the
 * calling file (in its `beforeAll`, stopped in its `afterAll`), and the API with every provider the
 * tests sign in with on them.
 */
export function useProviders() {
  useTestIdps();
  return WITH_PROVIDERS;
}

/**
 * What the suites do with the world: requests as a browser (`request`, `signIn` through the
 * provider), accounts at `idp`, and reads of what the sign-ins left (users, roles, audit entries).
 */
export function ssoHelpers(w: World) {
  const request = (path: string, jar: CookieJar, init: RequestInit = {}) =>
    w.env.app.request(path, {
      ...init,
      headers: {
        cookie: jar.header(),
        'X-Forwarded-For': '203.0.113.7',
        ...(init.headers as Record<string, string>),
      },
    });

  /** A browser's sign-in: Plinth → the provider's login and consent → the callback. */
  async function signIn(account: string, opts: { next?: string; jar?: CookieJar; via?: string } = {}) {
    const jar = opts.jar ?? new CookieJar();
    const start = await request(
      `/auth/oidc/${opts.via ?? 'op'}/login/${opts.next ? `?next=${encodeURIComponent(opts.next)}` : ''}`,
      jar,
    );
    expect(start.status, await start.clone().text()).toBe(302);
    jar.take(start.headers);
    const back = await loginAtIdp(start.headers.get('location')!, account, PUBLIC_URL);
    const res = await request(back.pathname + back.search, jar);
    jar.take(res.headers);
    return { res, jar, callback: back };
  }

  async function org(slug = `org-${randomUUID().slice(0, 8)}`) {
    const [o] = await w.db
      .insert(organizations)
      .values({ slug, name: `Org ${slug}` })
      .returning();
    return o!;
  }

  const account = (groups: string[], name = `u-${randomUUID().slice(0, 8)}`) => {
    const sub = randomUUID();
    idp.accounts.set(sub, {
      sub,
      preferred_username: name,
      email: `${name}@example.com`,
      email_verified: true,
      name: `Name ${name}`,
      groups,
    });
    return { sub, name, groups };
  };

  const userOf = async (sub: string) => {
    const [row] = await w.db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(eq(userIdentities.subject, sub));
    return row?.user;
  };

  const rolesOf = async (userId: string) =>
    Object.fromEntries(
      (
        await w.db
          .select({
            slug: organizations.slug,
            role: organizationMembers.role,
            source: organizationMembers.source,
          })
          .from(organizationMembers)
          .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
          .where(eq(organizationMembers.userId, userId))
      ).map((r) => [r.slug, `${r.role}/${r.source}`]),
    );

  const audits = async (event: string) =>
    (await w.db.select().from(auditLog).where(eq(auditLog.event, event))).map((e) => e);
  return { request, signIn, org, account, userOf, rolesOf, audits };
}
