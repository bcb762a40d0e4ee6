import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, runToolScript, withScratchDir } from './process.ts';
import type { ScratchDir } from './process.ts';

/**
 * A throwaway Keycloak for tests: the distribution from `scripts/tools/keycloak.sh` (fetched from
 * Maven Central and pre-built on first use), run with `kc.sh start --optimized` on free loopback
 * ports with the JDK of `scripts/tools/java.sh`. Its H2 database, transaction logs and temp files
 * live in a temp directory (the database copied from the tool's template: schema and master realm
 * made once), so runs never share state and nothing is written into the tool cache. The hostname
 * is the loopback URL, so the issuer is what clients see. After start, the realm `plinth` is
 * created through the admin REST API: the groups and users of `KEYCLOAK_USERS`, a default client
 * scope `groups` (the group paths in a `groups` claim of the ID token, access token and userinfo,
 * e.g. `/svc-acme-users`), and the public client `plinth-cli` with the device authorization grant.
 */
export interface KeycloakServer {
  /** `http://127.0.0.1:<port>`, Keycloak's one URL (front end, back channel and admin API). */
  readonly url: string;
  /** `http://127.0.0.1:<port>/realms/plinth`. */
  readonly issuer: string;
  readonly realm: string;
  /** The master realm's bootstrap admin (`admin-cli`, password grant). */
  readonly admin: { readonly username: string; readonly password: string };
  /** The server's output, in its temp directory (deleted by `stop()`). */
  readonly logFile: string;
  /** Creates a confidential client: standard flow, PKCE S256 required, back-channel logout. */
  createClient(options: KeycloakClientOptions): Promise<KeycloakClient>;
  /** Creates a group by its path (`/team/svc-admins`), with any parent it lacks; one that exists is kept. */
  createGroup(path: string): Promise<void>;
  /** `group`: a top-level group's name (`svc-admins`), or any group's path (`/team/svc-admins`). */
  addUserToGroup(username: string, group: string): Promise<void>;
  removeUserFromGroup(username: string, group: string): Promise<void>;
  setUserEnabled(username: string, enabled: boolean): Promise<void>;
  /** The number of the user's active sessions in the realm. */
  userSessions(username: string): Promise<number>;
  /** An access token for the admin REST API (`${url}/admin/realms/...`), cached while valid. */
  adminToken(): Promise<string>;
  /** Stops Keycloak (its JVM with it) and deletes its data. */
  stop(): Promise<void>;
}

export interface KeycloakClientOptions {
  clientId: string;
  secret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** Called by Keycloak with a logout token when a session of this client ends. */
  backchannelLogoutUrl?: string;
  /** Enables the resource owner password grant (for tests that need tokens without a browser). */
  directAccessGrants?: boolean;
}

export interface KeycloakClient {
  /** Keycloak's internal ID of the client (for the admin API). */
  readonly id: string;
  readonly clientId: string;
  readonly secret: string;
}

export interface KeycloakUser {
  readonly password: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** Group names, all top-level groups. */
  readonly groups: readonly string[];
}

export const KEYCLOAK_REALM = 'plinth';

/** Every group of the realm; `staff` is one no organization maps to. */
export const KEYCLOAK_GROUPS = [
  'svc-admins',
  'svc-acme-admins',
  'svc-acme-users',
  'svc-acme-viewers',
  'svc-acme-corp-users',
  'staff',
] as const;

const user = (name: string, groups: string[]): KeycloakUser => ({
  password: `${name}-password`,
  email: `${name}@example.com`,
  firstName: name[0]!.toUpperCase() + name.slice(1),
  lastName: 'Tester',
  groups,
});

/** The realm's users: e-mails verified, no required actions, so a login goes straight through. */
export const KEYCLOAK_USERS = {
  alice: user('alice', ['svc-admins']),
  bob: user('bob', ['svc-acme-users', 'svc-acme-viewers']),
  carol: user('carol', ['svc-acme-admins']),
  dave: user('dave', ['svc-acme-viewers', 'svc-acme-corp-users']),
  erin: user('erin', []),
} as const satisfies Record<string, KeycloakUser>;

/** The public client of the CLI, with the device authorization grant. */
export const KEYCLOAK_CLI_CLIENT_ID = 'plinth-cli';

/** What the tool's template database holds (and what a database without one is bootstrapped with). */
const ADMIN = { username: 'admin', password: 'admin' };
const START_DEADLINE_MS = 180_000;

/** Starts a fresh Keycloak with the realm `plinth`; always `stop()` it, even when the test fails. */
export function startKeycloak(): Promise<KeycloakServer> {
  return withScratchDir('plinth-keycloak-', (dir) => startIn(dir));
}

async function startIn(dir: ScratchDir): Promise<KeycloakServer> {
  const home = await runToolScript('keycloak.sh');
  const javaHome = await runToolScript('java.sh');
  const [port, managementPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;

  mkdirSync(join(dir.path, 'h2'));
  mkdirSync(join(dir.path, 'tmp'));
  const template = join(home, 'plinth-db-template', 'keycloakdb.mv.db');
  if (existsSync(template)) copyFileSync(template, join(dir.path, 'h2', 'keycloakdb.mv.db'));

  // Nothing of the caller's Keycloak or JVM configuration: only what is given here applies.
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(KC_|KEYCLOAK_|QUARKUS_|JAVA_OPTS|JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS)/.test(k)) env[k] = v;
  Object.assign(env, {
    JAVA_HOME: javaHome,
    // The client compiler only: a start takes about half the time on 2 busy cores (46 s -> 24 s
    // here), and a test's few hundred requests never need C2's code.
    JAVA_OPTS_APPEND: '-XX:TieredStopAtLevel=1',
    // Used only when there is no template database (a KEYCLOAK_HOME without one).
    KC_BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
    KC_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  });

  const keycloak = await dir.start({
    name: 'keycloak',
    command: join(home, 'bin', 'kc.sh'),
    args: [
      'start',
      // Built by keycloak.sh (`kc.sh build --db=dev-file --health-enabled=true`): no augmentation.
      '--optimized',
      '--http-enabled=true',
      '--http-host=127.0.0.1',
      `--http-port=${port}`,
      `--http-management-port=${managementPort}`,
      // The issuer and every URL Keycloak hands out are this one, whatever the request's Host.
      `--hostname=${url}`,
      // One node: no JGroups discovery, no cluster ports.
      '--cache=local',
      `--db-url=jdbc:h2:file:${join(dir.path, 'h2', 'keycloakdb')};NON_KEYWORDS=VALUE`,
      '--log-console-color=false',
      // By default under the distribution's data/: here in the temp directory.
      `-Dquarkus.transaction-manager.object-store.directory=${join(dir.path, 'transaction-logs')}`,
      `-Djava.io.tmpdir=${join(dir.path, 'tmp')}`,
    ],
    env,
    // kc.sh runs the JVM as its child: every signal goes to both.
    processGroup: true,
    graceMs: 15_000,
    ready: `http://127.0.0.1:${managementPort}/health/ready`,
    readyTimeoutMs: START_DEADLINE_MS,
  });

  const admin = adminApi(url);
  try {
    await createRealm(admin);
  } catch (err) {
    throw keycloak.withLog(err);
  }

  const realmApi = (path: string, init?: RequestInit) =>
    admin.call(`/admin/realms/${KEYCLOAK_REALM}${path}`, init);
  const userId = async (username: string): Promise<string> => {
    const users = (await realmApi(`/users?exact=true&username=${encodeURIComponent(username)}`)) as {
      id: string;
    }[];
    if (!users[0]) throw new Error(`keycloak: no user ${username}`);
    return users[0].id;
  };
  const groupIdByPath = async (path: string): Promise<string | undefined> => {
    const res = await fetch(`${url}/admin/realms/${KEYCLOAK_REALM}/group-by-path${path}`, {
      headers: { authorization: `Bearer ${await admin.token()}` },
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok) throw new Error(`keycloak: group-by-path ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const groupId = async (name: string): Promise<string> => {
    if (name.startsWith('/')) {
      const id = await groupIdByPath(name);
      if (!id) throw new Error(`keycloak: no group ${name}`);
      return id;
    }
    const groups = (await realmApi(`/groups?exact=true&search=${encodeURIComponent(name)}`)) as {
      id: string;
      name: string;
    }[];
    const group = groups.find((g) => g.name === name);
    if (!group) throw new Error(`keycloak: no group ${name}`);
    return group.id;
  };

  return {
    url,
    issuer: `${url}/realms/${KEYCLOAK_REALM}`,
    realm: KEYCLOAK_REALM,
    admin: ADMIN,
    logFile: keycloak.logFile,
    adminToken: admin.token,
    stop: () => dir.remove(),
    async createClient(options) {
      const location = await admin.create(`/admin/realms/${KEYCLOAK_REALM}/clients`, {
        clientId: options.clientId,
        protocol: 'openid-connect',
        enabled: true,
        publicClient: false,
        clientAuthenticatorType: 'client-secret',
        secret: options.secret,
        standardFlowEnabled: true,
        implicitFlowEnabled: false,
        directAccessGrantsEnabled: options.directAccessGrants ?? false,
        serviceAccountsEnabled: false,
        frontchannelLogout: false,
        redirectUris: options.redirectUris,
        attributes: {
          'pkce.code.challenge.method': 'S256',
          'post.logout.redirect.uris': (options.postLogoutRedirectUris ?? []).join('##'),
          ...(options.backchannelLogoutUrl ? { 'backchannel.logout.url': options.backchannelLogoutUrl } : {}),
          'backchannel.logout.session.required': 'true',
          'backchannel.logout.revoke.offline.tokens': 'false',
        },
      });
      return { id: location.split('/').pop()!, clientId: options.clientId, secret: options.secret };
    },
    async createGroup(path) {
      const names = path.split('/').filter(Boolean);
      let parent: string | undefined;
      for (let i = 0; i < names.length; i++) {
        const at = `/${names.slice(0, i + 1).join('/')}`;
        const existing = await groupIdByPath(at);
        if (!existing)
          await admin.create(
            parent
              ? `/admin/realms/${KEYCLOAK_REALM}/groups/${parent}/children`
              : `/admin/realms/${KEYCLOAK_REALM}/groups`,
            { name: names[i] },
          );
        parent = existing ?? (await groupIdByPath(at));
      }
    },
    async addUserToGroup(username, group) {
      const [u, g] = await Promise.all([userId(username), groupId(group)]);
      await realmApi(`/users/${u}/groups/${g}`, { method: 'PUT' });
    },
    async removeUserFromGroup(username, group) {
      const [u, g] = await Promise.all([userId(username), groupId(group)]);
      await realmApi(`/users/${u}/groups/${g}`, { method: 'DELETE' });
    },
    async setUserEnabled(username, enabled) {
      const id = await userId(username);
      // The whole representation back: a partial one may clear the fields it lacks.
      const rep = (await realmApi(`/users/${id}`)) as Record<string, unknown>;
      await realmApi(`/users/${id}`, { method: 'PUT', body: JSON.stringify({ ...rep, enabled }) });
    },
    async userSessions(username) {
      const sessions = (await realmApi(`/users/${await userId(username)}/sessions`)) as unknown[];
      return sessions.length;
    },
  };
}

interface AdminApi {
  token: () => Promise<string>;
  /** A JSON call; returns the parsed body, or undefined when there is none. */
  call(path: string, init?: RequestInit): Promise<unknown>;
  /** A POST that creates something; returns its Location. */
  create(path: string, body: unknown): Promise<string>;
}

function adminApi(url: string): AdminApi {
  let cached: { token: string; until: number } | undefined;
  const token = async () => {
    if (cached && Date.now() < cached.until) return cached.token;
    const res = await fetch(`${url}/realms/master/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', client_id: 'admin-cli', ...ADMIN }),
    });
    if (!res.ok) throw new Error(`keycloak: admin token: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // The master realm's tokens live 60 s: renewed well before.
    cached = { token: body.access_token, until: Date.now() + (body.expires_in - 15) * 1000 };
    return cached.token;
  };
  const request = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
    if (!res.ok)
      throw new Error(`keycloak: ${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  return {
    token,
    async call(path, init) {
      const text = await (await request(path, init)).text();
      return text ? (JSON.parse(text) as unknown) : undefined;
    },
    async create(path, body) {
      const res = await request(path, { method: 'POST', body: JSON.stringify(body) });
      await res.body?.cancel();
      return res.headers.get('location') ?? '';
    },
  };
}

async function createRealm(admin: AdminApi): Promise<void> {
  await admin.create('/admin/realms', {
    realm: KEYCLOAK_REALM,
    enabled: true,
    registrationAllowed: false,
    verifyEmail: false,
    groups: KEYCLOAK_GROUPS.map((name) => ({ name })),
    users: Object.entries(KEYCLOAK_USERS).map(([username, u]) => ({
      username,
      enabled: true,
      email: u.email,
      emailVerified: true,
      firstName: u.firstName,
      lastName: u.lastName,
      requiredActions: [],
      credentials: [{ type: 'password', value: u.password, temporary: false }],
      groups: u.groups.map((g) => `/${g}`),
    })),
  });
  const realm = `/admin/realms/${KEYCLOAK_REALM}`;
  // A default client scope, so every client (plinth-cli below, createClient's) gets the claim.
  const scope = await admin.create(`${realm}/client-scopes`, {
    name: 'groups',
    description: 'Group membership (full paths) in a groups claim',
    protocol: 'openid-connect',
    attributes: { 'include.in.token.scope': 'true', 'display.on.consent.screen': 'false' },
    protocolMappers: [
      {
        name: 'groups',
        protocol: 'openid-connect',
        protocolMapper: 'oidc-group-membership-mapper',
        config: {
          'claim.name': 'groups',
          'full.path': 'true',
          'id.token.claim': 'true',
          'access.token.claim': 'true',
          'userinfo.token.claim': 'true',
          'introspection.token.claim': 'true',
        },
      },
    ],
  });
  await admin.call(`${realm}/default-default-client-scopes/${scope.split('/').pop()!}`, { method: 'PUT' });
  await admin.create(`${realm}/clients`, {
    clientId: KEYCLOAK_CLI_CLIENT_ID,
    protocol: 'openid-connect',
    enabled: true,
    publicClient: true,
    standardFlowEnabled: false,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    attributes: { 'oauth2.device.authorization.grant.enabled': 'true' },
  });
}
