import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { ServiceAccountVerifier } from './service-accounts.ts';
import type { DatabaseHandle } from '../core/db/client.ts';
import { auditLog } from '../core/db/schema/index.ts';
import { startFakeIssuer } from '../test/fake-issuer.ts';
import { createWorld, describeOnEachDatabase } from '../test/world.ts';
import type { World, WorldOptions } from '../test/world.ts';
import { eventually } from '../test/eventually.ts';

const OPERATOR = 'system:serviceaccount:plinth-system:plinth-operator';
const FLEET = 'system:serviceaccount:plinth-system:fleet-operator';
const GHOST = 'system:serviceaccount:plinth-system:ghost-operator';

/**
 * ServiceAccount tokens through the whole app (auth registry, policy, audit) on each database: the
 * principal each mapping gives, routing by `iss` next to login tokens, and the audit entry.
 */
// A run's issuer and tenants, made before its world: the mappings name a tenant's slug.
let issuer: Awaited<ReturnType<typeof startFakeIssuer>>;
let tenant: Awaited<ReturnType<World['tenant']>>;
let other: Awaited<ReturnType<World['tenant']>>;

/** The world of a run: the API trusting a fresh issuer, its accounts mapped into a fresh tenant. */
async function trustingAnIssuer(database: DatabaseHandle): Promise<WorldOptions> {
  issuer = await startFakeIssuer();
  // The slug exists only once the world has made the tenant: mappings are resolved per request.
  const probe = createWorld(database);
  tenant = await probe.tenant();
  other = await probe.tenant();
  await probe.env.close();
  const verifier = new ServiceAccountVerifier({
    issuers: [
      {
        url: issuer.url,
        discoveryUrl: issuer.url,
        ca: undefined,
        tokenFile: undefined,
        audience: 'plinth',
      },
    ],
    accounts: [
      {
        name: OPERATOR,
        issuer: issuer.url,
        organization: tenant.org.slug,
        scopes: ['buckets:read', 'buckets:write'],
      },
      { name: FLEET, issuer: issuer.url, organization: null, scopes: ['buckets:read'] },
      { name: GHOST, issuer: issuer.url, organization: 'no-such-organization', scopes: ['buckets:read'] },
    ],
  });
  return { serviceAccounts: verifier };
}

describeOnEachDatabase('ServiceAccount tokens', { world: trustingAnIssuer }, (w, { database }) => {
  afterAll(async () => {
    await issuer.close();
  });

  it('an organization mapping acts in its organization, for buckets only', async () => {
    const token = await issuer.token(OPERATOR);
    await w.expectStatus(200, 'GET', '/api/v1/s3/buckets/', { token });
    const mine = await w.call('GET', `/api/v1/organizations/${tenant.org.id}/`, { token });
    expect(mine).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    const ws = await w.call('POST', '/api/v1/workspaces/', {
      token,
      body: { organization: tenant.org.id, name: 'nope' },
    });
    expect(ws).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect((await w.call('GET', '/api/v1/users/me/api-keys/', { token })).status).toBe(403);
    // Another organization's bucket list is empty to it, and its workspaces do not exist for it.
    const elsewhere = await w.call('POST', '/api/v1/s3/buckets/', {
      token,
      body: {
        name: 'elsewhere-bucket',
        region: 'eu-central',
        organization: other.org.id,
        workspace: other.workspace.id,
      },
    });
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.status).toBeLessThan(500);
  });

  it('an all-organizations mapping is a system principal with only its scopes', async () => {
    const token = await issuer.token(FLEET);
    await w.expectStatus(200, 'GET', '/api/v1/s3/buckets/', { token });
    expect(await w.call('GET', '/api/v1/users/', { token })).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope' },
    });
    const write = await w.call('POST', '/api/v1/s3/buckets/', {
      token,
      body: {
        name: 'fleet-bucket',
        region: 'eu-central',
        organization: tenant.org.id,
        workspace: tenant.workspace.id,
      },
    });
    expect(write).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
  });

  it('refuses unmapped accounts, missing organizations, other audiences and expired tokens with 401', async () => {
    const refused = async (token: string) =>
      (await w.call('GET', '/api/v1/s3/buckets/', { token })).body.code;
    expect(await refused(await issuer.token('system:serviceaccount:default:default'))).toBe('token_invalid');
    expect(await refused(await issuer.token(GHOST))).toBe('token_invalid');
    expect(await refused(await issuer.token(OPERATOR, { aud: 'kubernetes' }))).toBe('token_invalid');
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await refused(await issuer.token(OPERATOR, { exp: past }))).toBe('token_expired');
    // A JWT naming an issuer nobody trusts goes to the login-token check: 401, never a 500.
    expect(await refused(await issuer.token(OPERATOR, { iss: 'https://elsewhere.example' }))).toBe(
      'token_invalid',
    );
  });

  it('login tokens still work beside the verifier (told apart by iss)', async () => {
    const admin = await w.user({ superuser: true });
    await w.expectStatus(200, 'GET', '/api/v1/users/', { token: admin.token });
  });

  it('audits each use as service_account.used with the ServiceAccount', async () => {
    const marker = `sa-audit-${Date.now()}`;
    await w.call('GET', '/api/v1/s3/buckets/', {
      token: await issuer.token(OPERATOR),
      headers: { 'X-Request-ID': marker },
    });
    const rows = await eventually(
      'a service_account.used entry',
      async () => {
        const found = await database.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.event, 'service_account.used'),
              sql`${auditLog.details}->>'service_account' = ${OPERATOR}`,
              eq(auditLog.organizationId, tenant.org.id),
            ),
          );
        return found.length > 0 && found;
      },
      { timeoutMs: 5000, intervalMs: 50 },
    );
    expect(rows[0]!.details).toMatchObject({
      endpoint: 'GET /api/v1/s3/buckets/',
      service_account: OPERATOR,
      issuer: issuer.url,
    });
  });
});
