import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest } from '../../api/src/test/api-process.ts';
import { eventually } from '../../api/src/test/eventually.ts';
import {
  OPERATOR_NAMESPACE,
  OPERATOR_SA_USER,
  serviceAccountManifest,
  startOperatorStack,
} from '../src/test/stack.ts';
import type { OperatorStack, Tenant } from '../src/test/stack.ts';

/**
 * The operator's in-cluster credential (docs/operator.md): its own ServiceAccount token with
 * audience `plinth`, minted by the real kube-apiserver (TokenRequest), verified by the API against
 * the cluster's OIDC discovery and JWKS, and mapped by PLINTH_CONFIG to one organization with the
 * bucket scopes. No API key is created for the operator anywhere in this file.
 */
describe('ServiceAccount tokens on a real kube-apiserver', () => {
  let stack: OperatorStack;
  let tenant: Tenant;
  let other: Tenant;
  const as = (token: string, method: string, path: string, body?: unknown) =>
    jsonRequest(stack.api.url, method, path, { token, body });

  beforeAll(async () => {
    stack = await startOperatorStack();
    tenant = await stack.tenant('sa-acme', { key: false });
    other = await stack.tenant('sa-other', { key: false });
    await stack.kubectl(['apply', '-f', '-'], serviceAccountManifest(OPERATOR_NAMESPACE, 'someone-else'));
    await stack.trustServiceAccounts([{ name: OPERATOR_SA_USER, organization: 'sa-acme' }]);
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  it('accepts the mapped ServiceAccount with audience plinth, with bucket scopes only', async () => {
    const token = await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'plinth-operator', 'plinth');
    expect(decodeJwt(token)).toMatchObject({
      iss: stack.controlPlane.server,
      aud: ['plinth'],
      sub: OPERATOR_SA_USER,
    });

    const list = await as(token, 'GET', '/api/v1/s3/buckets/');
    expect(list.status, `${JSON.stringify(list.body)}\n${stack.api.output().slice(-4000)}`).toBe(200);
    const created = await as(token, 'POST', '/api/v1/s3/buckets/', {
      name: 'sa-acme-direct',
      region: 'eu-central',
      organization: tenant.org.id,
      workspace: tenant.workspace.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);

    // Everything but buckets: 403, whatever the organization role would allow.
    const workspace = await as(token, 'POST', '/api/v1/workspaces/', {
      organization: tenant.org.id,
      name: 'not-allowed',
    });
    expect(workspace).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    expect((await as(token, 'GET', '/api/v1/audit-log/')).status).toBe(403);
    expect((await as(token, 'GET', `/api/v1/organizations/${tenant.org.id}/api-keys/`)).status).toBe(403);
    // Another organization's workspace: not its organization.
    const elsewhere = await as(token, 'POST', '/api/v1/s3/buckets/', {
      name: 'sa-other-direct',
      region: 'eu-central',
      organization: other.org.id,
      workspace: other.workspace.id,
    });
    // (400 does_not_exist: its workspaces are invisible to this principal, as to any outsider.)
    expect(elsewhere, JSON.stringify(elsewhere.body)).toMatchObject({
      status: 400,
      body: { errors: [{ attr: 'workspace', code: 'does_not_exist' }] },
    });

    // Audited like a key use, with the ServiceAccount's name.
    await eventually('service_account.used in the audit log', async () => {
      const log = await stack.call('GET', '/api/v1/audit-log/?event=service_account.used');
      return (log.body.results as any[] | undefined)?.find(
        (e) => e.details?.service_account === OPERATOR_SA_USER,
      );
    });
  });

  it('refuses another ServiceAccount, another audience and an expired token with 401', async () => {
    const otherSa = await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'someone-else', 'plinth');
    expect(await as(otherSa, 'GET', '/api/v1/s3/buckets/')).toMatchObject({
      status: 401,
      body: { code: 'token_invalid' },
    });
    // The default audience: the kube-apiserver's own (the issuer URL), not plinth.
    const kubeAudience = await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'plinth-operator');
    expect(await as(kubeAudience, 'GET', '/api/v1/s3/buckets/')).toMatchObject({
      status: 401,
      body: { code: 'token_invalid' },
    });
    // TokenRequest's shortest lifetime is 10 minutes: an expired token is signed here with the
    // cluster's own ServiceAccount key and key ID, its exp an hour ago.
    const real = await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'plinth-operator', 'plinth');
    const key = createPrivateKey(readFileSync(stack.controlPlane.serviceAccountSigningKeyFile));
    const now = Math.floor(Date.now() / 1000);
    const forge = (exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(real).kid! })
        .setIssuer(stack.controlPlane.server)
        .setAudience('plinth')
        .setSubject(OPERATOR_SA_USER)
        .setIssuedAt(exp - 3600)
        .setNotBefore(exp - 3600)
        .setExpirationTime(exp)
        .sign(key);
    expect(
      (await as(await forge(now + 600), 'GET', '/api/v1/s3/buckets/')).status,
      'the forgery is sound',
    ).toBe(200);
    expect(await as(await forge(now - 3600), 'GET', '/api/v1/s3/buckets/')).toMatchObject({
      status: 401,
      body: { code: 'token_expired' },
    });
    // A JWT of an unknown issuer goes to the login-token check, and is refused there.
    expect(
      (await as(`${real.split('.')[0]}.e30.${real.split('.')[2]}`, 'GET', '/api/v1/s3/buckets/')).status,
    ).toBe(401);
  });

  it('a freshly started operator with only the projected token file makes an S3Bucket Ready', async () => {
    const tokenFile = join(mkdtempSync(join(tmpdir(), 'plinth-projected-')), 'token');
    writeFileSync(
      tokenFile,
      await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'plinth-operator', 'plinth'),
    );
    const operator = await stack.startOperator({ PLINTH_API_TOKEN_FILE: tokenFile });
    await operator.waitReady();
    await stack.annotatedNamespace('sa-team', tenant);
    await stack.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name: 'sa-team-data', namespace: 'sa-team' },
        spec: { region: 'eu-central' },
      }),
    );
    const obj = await eventually(
      'sa-team/sa-team-data Ready=True',
      async () => {
        const r = await stack.kubectlRaw(['get', 's3bucket', 'sa-team-data', '-n', 'sa-team', '-o', 'json']);
        const o = r.code === 0 ? JSON.parse(r.stdout) : undefined;
        return o?.status?.conditions?.find((c: any) => c.type === 'Ready')?.status === 'True' ? o : undefined;
      },
      { timeoutMs: 60_000, diagnostics: () => stack.diagnostics() },
    );
    expect(obj.status.bucketName).toBe('sa-team-data');
    const secret = await stack.kubectl(['get', 'secret', 'sa-team-data', '-n', 'sa-team', '-o', 'json']);
    expect(Object.keys(JSON.parse(secret).data)).toContain('AWS_SECRET_ACCESS_KEY');
    // No key was ever created, in the organization or the system.
    const keys = await stack.call('GET', `/api/v1/organizations/${tenant.org.id}/api-keys/`);
    expect(keys.body.results).toEqual([]);
    expect((await stack.call('GET', '/api/v1/system-api-keys/')).body.results).toEqual([]);
  });
});
