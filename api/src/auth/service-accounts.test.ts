import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { DomainError } from '../core/errors.ts';
import { fromDomain } from '../edges/http/errors.ts';
import { loadServiceAccountsConfig, ServiceAccountVerifier } from './service-accounts.ts';
import type { ServiceAccountsConfig } from './service-accounts.ts';
import { startFakeIssuer } from '../test/fake-issuer.ts';
import type { TokenClaims } from '../test/fake-issuer.ts';

const OPERATOR = 'system:serviceaccount:plinth:plinth-operator';

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'plinth-sa-')), 'plinth.yaml');
  writeFileSync(path, text);
  return path;
}

function problems(text: string): string[] {
  try {
    loadServiceAccountsConfig(file(text));
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadServiceAccountsConfig', () => {
  it('reads issuers and accounts, with bucket scopes by default', () => {
    const config = loadServiceAccountsConfig(
      file(`
service_accounts:
  issuers:
    - url: https://kubernetes.default.svc.cluster.local/
  accounts:
    - name: ${OPERATOR}
      organization: acme
    - name: system:serviceaccount:plinth:reader
      all_organizations: true
      scopes: [buckets:read]
`),
    )!;
    expect(config.issuers).toEqual([
      {
        url: 'https://kubernetes.default.svc.cluster.local',
        discoveryUrl: 'https://kubernetes.default.svc.cluster.local',
        ca: undefined,
        tokenFile: undefined,
        audience: 'plinth',
      },
    ]);
    expect(config.accounts.get(OPERATOR)).toEqual({
      name: OPERATOR,
      organization: 'acme',
      scopes: ['buckets:read', 'buckets:write'],
    });
    expect(config.accounts.get('system:serviceaccount:plinth:reader')?.organization).toBeNull();
  });

  it('is null without the section or the file', () => {
    expect(loadServiceAccountsConfig(undefined)).toBeNull();
    expect(loadServiceAccountsConfig(file('clusters: []\n'))).toBeNull();
  });

  it('refuses other scopes, a missing or double target, a bad name and an unreadable CA', () => {
    const issuers = 'service_accounts:\n  issuers: [{url: "https://k8s.example"}]\n';
    expect(
      problems(`${issuers}  accounts: [{name: "${OPERATOR}", organization: acme, scopes: [keys:write]}]\n`),
    ).toEqual([
      expect.stringContaining('service_accounts.accounts.0.scopes.0 only buckets:read and buckets:write'),
    ]);
    expect(problems(`${issuers}  accounts: [{name: "${OPERATOR}"}]\n`)).toEqual([
      expect.stringContaining('needs exactly one of organization or all_organizations: true'),
    ]);
    expect(
      problems(`${issuers}  accounts: [{name: "${OPERATOR}", organization: a, all_organizations: true}]\n`),
    ).toEqual([expect.stringContaining('needs exactly one of')]);
    expect(problems(`${issuers}  accounts: [{name: "plinth-operator", organization: a}]\n`)).toEqual([
      expect.stringContaining('must be system:serviceaccount:<namespace>:<name>'),
    ]);
    expect(
      problems(
        'service_accounts:\n  issuers: [{url: "https://k8s.example", ca_file: /nonexistent/ca.crt}]\n',
      ),
    ).toEqual([expect.stringContaining('ca_file /nonexistent/ca.crt is not readable')]);
    expect(problems('service_accounts: {accounts: []}\n')).toEqual([
      expect.stringContaining('service_accounts.issuers'),
    ]);
  });
});

describe('ServiceAccountVerifier', () => {
  let fake: Awaited<ReturnType<typeof startFakeIssuer>>;
  beforeAll(async () => {
    fake = await startFakeIssuer();
  });
  afterAll(() => fake.close());

  function config(): ServiceAccountsConfig {
    return {
      issuers: [
        { url: fake.url, discoveryUrl: fake.url, ca: undefined, tokenFile: undefined, audience: 'plinth' },
      ],
      accounts: new Map([[OPERATOR, { name: OPERATOR, organization: 'acme', scopes: ['buckets:write'] }]]),
    };
  }

  const token = (claims: TokenClaims = {}, kid = 'k1') => fake.token(OPERATOR, claims, kid);

  async function refusal(verifier: ServiceAccountVerifier, jwt: string) {
    const err = await verifier.verify(jwt).then(
      () => new Error('accepted'),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    const { status, code } = fromDomain(err as DomainError);
    return { status, code };
  }

  it('accepts the mapped ServiceAccount with audience plinth', async () => {
    const verifier = new ServiceAccountVerifier(config());
    expect(await verifier.verify(await token())).toMatchObject({ name: OPERATOR, organization: 'acme' });
  });

  it('claims only tokens of its issuers', async () => {
    const verifier = new ServiceAccountVerifier(config());
    expect(verifier.claims(await token())).toBe(true);
    expect(verifier.claims(await token({ iss: 'plinth' }))).toBe(false);
    expect(verifier.claims('not.a.jwt')).toBe(false);
  });

  it('refuses another ServiceAccount, another audience and another issuer with 401 token_invalid', async () => {
    const verifier = new ServiceAccountVerifier(config());
    const invalid = { status: 401, code: 'token_invalid' };
    expect(await refusal(verifier, await token({ sub: 'system:serviceaccount:plinth:other' }))).toEqual(
      invalid,
    );
    expect(await refusal(verifier, await token({ aud: 'https://kubernetes.default.svc' }))).toEqual(invalid);
    expect(await refusal(verifier, await token({ iss: 'https://elsewhere.example' }))).toEqual(invalid);
    const [h, p] = (await token()).split('.');
    expect(await refusal(verifier, `${h}.${p}.${'A'.repeat(342)}`)).toEqual(invalid);
  });

  it('refuses an expired token with 401 token_expired, allowing 30 s of clock skew', async () => {
    const verifier = new ServiceAccountVerifier(config());
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(verifier, await token({ exp: now - 60 }))).toEqual({
      status: 401,
      code: 'token_expired',
    });
    await expect(verifier.verify(await token({ exp: now - 5 }))).resolves.toBeDefined();
    expect(await refusal(verifier, await token({ nbf: now + 120 }))).toEqual({
      status: 401,
      code: 'token_invalid',
    });
  });

  it('caches the keys and refetches them for an unknown kid (a rotated signing key)', async () => {
    const verifier = new ServiceAccountVerifier(config(), () => {}, 0);
    await verifier.verify(await token());
    const before = fake.state.jwksFetches;
    await verifier.verify(await token());
    expect(fake.state.jwksFetches).toBe(before);
    await fake.addKey('k2');
    await expect(verifier.verify(await token({}, 'k2'))).resolves.toMatchObject({ name: OPERATOR });
    expect(fake.state.jwksFetches).toBe(before + 1);
  });

  it('answers 503 issuer_unavailable, not 500, when discovery fails, and recovers', async () => {
    const verifier = new ServiceAccountVerifier(config());
    fake.state.down = true;
    try {
      expect(await refusal(verifier, await token())).toEqual({ status: 503, code: 'issuer_unavailable' });
    } finally {
      fake.state.down = false;
    }
    await expect(verifier.verify(await token())).resolves.toBeDefined();
  });
});
