import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEYCLOAK_CLI_CLIENT_ID,
  KEYCLOAK_USERS,
  startKeycloak,
  type KeycloakClient,
  type KeycloakServer,
} from '../api/src/test/keycloak-server.ts';

/**
 * The Keycloak harness (api/src/test/keycloak-server.ts) against a real Keycloak, started once:
 * the realm's discovery, the groups claim, and the admin helpers changing what the next login
 * gets. A client with the password grant stands in for a browser login.
 */

let kc: KeycloakServer;
let client: KeycloakClient;

beforeAll(async () => {
  kc = await startKeycloak();
  client = await kc.createClient({
    clientId: 'harness-test',
    secret: 'harness-test-secret',
    redirectUris: ['http://127.0.0.1:1/callback'],
    postLogoutRedirectUris: ['http://127.0.0.1:1/'],
    backchannelLogoutUrl: 'http://127.0.0.1:1/backchannel-logout',
    directAccessGrants: true,
  });
}, 300_000);

afterAll(async () => {
  await kc?.stop();
});

interface Discovery {
  issuer: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  end_session_endpoint?: string;
  backchannel_logout_supported?: boolean;
  backchannel_logout_session_supported?: boolean;
  device_authorization_endpoint?: string;
}

const discovery = async (): Promise<Discovery> =>
  (await (await fetch(`${kc.issuer}/.well-known/openid-configuration`)).json()) as Discovery;

const claims = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** A password grant for `username`: the response status and body. */
async function login(username: keyof typeof KEYCLOAK_USERS) {
  const res = await fetch((await discovery()).token_endpoint, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: client.clientId,
      client_secret: client.secret,
      username,
      password: KEYCLOAK_USERS[username].password,
      scope: 'openid',
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('Keycloak harness', () => {
  it('serves the realm at the loopback issuer with logout and device endpoints', async () => {
    const doc = await discovery();
    expect(doc.issuer).toBe(kc.issuer);
    expect(kc.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/realms\/plinth$/);
    expect(doc.end_session_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(doc.backchannel_logout_supported).toBe(true);
    expect(doc.backchannel_logout_session_supported).toBe(true);
    expect(doc.device_authorization_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:/);

    // plinth-cli starts a device authorization.
    const res = await fetch(doc.device_authorization_endpoint!, {
      method: 'POST',
      body: new URLSearchParams({ client_id: KEYCLOAK_CLI_CLIENT_ID, scope: 'openid' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      device_code: expect.any(String),
      user_code: expect.any(String),
    });
  });

  it('puts the group paths in the ID token and userinfo', async () => {
    const { status, body } = await login('bob');
    expect(status).toBe(200);
    const id = claims(body.id_token!);
    expect(id.iss).toBe(kc.issuer);
    expect(id.email).toBe('bob@example.com');
    expect(id.email_verified).toBe(true);
    expect(id.groups).toEqual(expect.arrayContaining(['/svc-acme-users', '/svc-acme-viewers']));
    expect(id.groups).toHaveLength(2);

    const userinfo = await fetch((await discovery()).userinfo_endpoint, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(((await userinfo.json()) as { groups: string[] }).groups).toEqual(
      expect.arrayContaining(['/svc-acme-users', '/svc-acme-viewers']),
    );
    expect(await kc.userSessions('bob')).toBeGreaterThanOrEqual(1);

    // A dash in the organization's slug, and a user in no group.
    expect(claims((await login('dave')).body.id_token!).groups).toEqual(
      expect.arrayContaining(['/svc-acme-viewers', '/svc-acme-corp-users']),
    );
    expect(claims((await login('erin')).body.id_token!).groups ?? []).toEqual([]);
  });

  it('changes group membership and the enabled flag for the next login', async () => {
    await kc.removeUserFromGroup('bob', 'svc-acme-viewers');
    expect(claims((await login('bob')).body.id_token!).groups).toEqual(['/svc-acme-users']);
    await kc.addUserToGroup('bob', 'svc-acme-viewers');
    expect(claims((await login('bob')).body.id_token!).groups).toEqual(
      expect.arrayContaining(['/svc-acme-users', '/svc-acme-viewers']),
    );

    // A nested group of a top-level group's name: its full path in the token.
    await kc.createGroup('/harness-team/svc-admins');
    await kc.createGroup('/harness-team/svc-admins');
    await kc.addUserToGroup('erin', '/harness-team/svc-admins');
    expect(claims((await login('erin')).body.id_token!).groups).toEqual(['/harness-team/svc-admins']);
    await kc.removeUserFromGroup('erin', '/harness-team/svc-admins');
    expect(claims((await login('erin')).body.id_token!).groups ?? []).toEqual([]);

    await kc.setUserEnabled('bob', false);
    const refused = await login('bob');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    await kc.setUserEnabled('bob', true);
    expect((await login('bob')).status).toBe(200);
  });
});
