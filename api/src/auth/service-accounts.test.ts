import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../core/config-error.ts';
import { DomainError } from '../core/errors.ts';
import { fromDomain } from '../http/errors.ts';
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
    // One issuer: every account is bound to it.
    expect(config.accounts).toEqual([
      {
        name: OPERATOR,
        issuer: 'https://kubernetes.default.svc.cluster.local',
        organization: 'acme',
        scopes: ['buckets:read', 'buckets:write'],
      },
      expect.objectContaining({ name: 'system:serviceaccount:plinth:reader', organization: null }),
    ]);
  });

  it('binds each account to its issuer; with several issuers, an account must name one', () => {
    const two = `
service_accounts:
  issuers:
    - url: https://cluster-a.example/
    - url: https://cluster-b.example
`;
    const config = loadServiceAccountsConfig(
      file(`${two}  accounts:
    - {name: "${OPERATOR}", issuer: "https://cluster-a.example", organization: acme}
    - {name: "${OPERATOR}", issuer: "https://cluster-b.example/", organization: globex}
`),
    )!;
    expect(config.accounts.map((a) => [a.issuer, a.name, a.organization])).toEqual([
      ['https://cluster-a.example', OPERATOR, 'acme'],
      ['https://cluster-b.example', OPERATOR, 'globex'],
    ]);
    expect(problems(`${two}  accounts: [{name: "${OPERATOR}", organization: acme}]\n`)).toEqual([
      expect.stringContaining(
        `service_accounts.accounts.0 ${OPERATOR} needs issuer: the url of the issuer (cluster) its tokens come from, as 2 issuers are configured`,
      ),
    ]);
    expect(
      problems(
        `${two}  accounts: [{name: "${OPERATOR}", issuer: "https://cluster-c.example", organization: a}]\n`,
      ),
    ).toEqual([
      expect.stringContaining(
        'service_accounts.accounts.0.issuer https://cluster-c.example is not the url of a configured issuer',
      ),
    ]);
    const twice = `{name: "${OPERATOR}", issuer: "https://cluster-a.example", organization: a}`;
    expect(problems(`${two}  accounts: [${twice}, ${twice}]\n`)).toEqual([
      expect.stringContaining(`${OPERATOR} is declared twice for the issuer https://cluster-a.example`),
    ]);
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
      accounts: [{ name: OPERATOR, issuer: fake.url, organization: 'acme', scopes: ['buckets:write'] }],
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

  it("looks an account up with the issuer that signed its token, never another cluster's of that name", async () => {
    const other = await startFakeIssuer();
    try {
      const issuers = [fake, other].map((f) => ({
        url: f.url,
        discoveryUrl: f.url,
        ca: undefined,
        tokenFile: undefined,
        audience: 'plinth',
      }));
      const onlyA = new ServiceAccountVerifier({
        issuers,
        accounts: [{ name: OPERATOR, issuer: fake.url, organization: 'acme', scopes: ['buckets:write'] }],
      });
      expect(await onlyA.verify(await fake.token(OPERATOR))).toMatchObject({ organization: 'acme' });
      expect(await refusal(onlyA, await other.token(OPERATOR))).toEqual({
        status: 401,
        code: 'token_invalid',
      });
      const both = new ServiceAccountVerifier({
        issuers,
        accounts: [
          { name: OPERATOR, issuer: fake.url, organization: 'acme', scopes: ['buckets:write'] },
          { name: OPERATOR, issuer: other.url, organization: 'globex', scopes: ['buckets:read'] },
        ],
      });
      expect(await both.verify(await fake.token(OPERATOR))).toMatchObject({
        issuer: fake.url,
        organization: 'acme',
        scopes: ['buckets:write'],
      });
      expect(await both.verify(await other.token(OPERATOR))).toMatchObject({
        issuer: other.url,
        organization: 'globex',
        scopes: ['buckets:read'],
      });
    } finally {
      await other.close();
    }
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
