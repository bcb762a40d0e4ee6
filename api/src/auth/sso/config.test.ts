import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ConfigError } from '../../core/config-error.ts';

const dir = mkdtempSync(join(tmpdir(), 'plinth-oidc-config-'));
let n = 0;
const file = (yaml: string) => {
  const path = join(dir, `config-${n++}.yaml`);
  writeFileSync(path, yaml);
  return path;
};
const PROVIDER = `oidc:
  providers:
    - name: keycloak
      issuer: https://sso.example.com/realms/plinth
      client_id: plinth
      client_secret_env: KC_SECRET
`;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('the oidc section of PLINTH_CONFIG', () => {
  it('reads a provider with its defaults, the secret from its variable', () => {
    const config = loadConfig({
      PLINTH_CONFIG: file(PROVIDER),
      KC_SECRET: 's3cret',
      PLINTH_PUBLIC_URL: 'https://plinth.example.com/',
    });
    expect(config.publicUrl).toBe('https://plinth.example.com');
    expect(config.oidcProviders).toEqual([
      {
        name: 'keycloak',
        displayName: 'keycloak',
        issuer: 'https://sso.example.com/realms/plinth',
        clientId: 'plinth',
        clientSecret: 's3cret',
        scopes: ['openid', 'profile', 'email'],
        groupsClaim: 'groups',
        groupPrefix: 'svc',
        groupParent: '',
        superAdminFromGroups: false,
        organizations: null,
        groupSync: true,
        allowSignup: true,
        resyncIntervalSeconds: 900,
        cliClientId: undefined,
      },
    ]);
  });

  it('needs PLINTH_PUBLIC_URL, the secret variable, unique names and the openid scope, and never echoes a secret', () => {
    expect(problemsOf({ PLINTH_CONFIG: file(PROVIDER), KC_SECRET: 's3cret' })).toEqual([
      'PLINTH_PUBLIC_URL is required when PLINTH_CONFIG declares OIDC providers',
    ]);
    expect(problemsOf({ PLINTH_CONFIG: file(PROVIDER), PLINTH_PUBLIC_URL: 'https://p.example' })).toEqual([
      'KC_SECRET (client secret of OIDC provider keycloak) is not set',
    ]);
    const twice = `${PROVIDER}      scopes: [profile]\n    - name: keycloak\n      issuer: https://b.example\n      client_id: x\n`;
    const problems = problemsOf({
      PLINTH_CONFIG: file(twice),
      KC_SECRET: 's3cret',
      PLINTH_PUBLIC_URL: 'https://p.example',
    });
    expect(problems.join('\n')).toMatch(/oidc\.providers\.1\.name keycloak is declared twice/);
    expect(problems.join('\n')).toMatch(/oidc\.providers\.0\.scopes must include openid/);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('refuses a CLI client that is the browser client (its ID tokens would become login tokens)', () => {
    const same = `${PROVIDER}      cli_client_id: plinth\n`;
    expect(
      problemsOf({ PLINTH_CONFIG: file(same), KC_SECRET: 's', PLINTH_PUBLIC_URL: 'https://p.example' }),
    ).toEqual([
      `PLINTH_CONFIG ${join(dir, `config-${n - 1}.yaml`)}: oidc.providers.0.cli_client_id must differ from client_id`,
    ]);
  });

  it('reads the group rules: group_parent without slashes at the ends, the opt-in, the organizations', () => {
    const rules = `${PROVIDER}      group_parent: /platform/plinth/\n      super_admin_from_groups: true\n      organizations: [acme, acme-corp]\n`;
    const [p] = loadConfig({
      PLINTH_CONFIG: file(rules),
      KC_SECRET: 's',
      PLINTH_PUBLIC_URL: 'https://p.example',
    }).oidcProviders;
    expect(p).toMatchObject({
      groupParent: 'platform/plinth',
      superAdminFromGroups: true,
      organizations: ['acme', 'acme-corp'],
    });
    for (const [key, value] of [
      ['group_parent', 'a//b'],
      ['group_parent', '"a\\tb"'],
      ['organizations', '[Acme]'],
      ['organizations', '[-acme]'],
      ['super_admin_from_groups', 'yes'],
    ]) {
      const bad = `${PROVIDER}      ${key}: ${value}\n`;
      const problems = problemsOf({
        PLINTH_CONFIG: file(bad),
        KC_SECRET: 's',
        PLINTH_PUBLIC_URL: 'https://p.example',
      }).join('\n');
      expect(problems, `${key}: ${value}`).toMatch(new RegExp(`oidc\\.providers\\.0\\.${key}`));
    }
  });

  it('refuses unknown keys, bad names and bad URLs with the path of each', () => {
    const bad = `oidc:\n  providers:\n    - name: Key Cloak\n      issuer: ftp://x\n      client_id: p\n      colour: red\n`;
    const problems = problemsOf({ PLINTH_CONFIG: file(bad), PLINTH_PUBLIC_URL: 'https://p.example' }).join(
      '\n',
    );
    expect(problems).toMatch(/oidc\.providers\.0\.name must be 1 to 63 characters/);
    expect(problems).toMatch(/oidc\.providers\.0\.issuer must be an http\(s\) URL/);
    expect(problems).toMatch(/colour/);
    expect(problemsOf({ PLINTH_PUBLIC_URL: 'https://p.example/app' })[0]).toMatch(
      /^PLINTH_PUBLIC_URL must be an origin/,
    );
  });

  it('keeps the idle timeout within the absolute one', () => {
    expect(
      problemsOf({ PLINTH_SESSION_IDLE_SECONDS: '7200', PLINTH_SESSION_ABSOLUTE_SECONDS: '3600' }),
    ).toEqual(['PLINTH_SESSION_IDLE_SECONDS must not exceed PLINTH_SESSION_ABSOLUTE_SECONDS']);
  });
});
