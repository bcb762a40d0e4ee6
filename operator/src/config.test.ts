import { mkdtempSync, writeFileSync } from 'node:fs';
import type * as FsModule from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * The in-cluster namespace file, as this test decides: absent unless a test sets it, whatever the
 * machine the tests run on (a CI runner inside a pod has the real one).
 */
const inCluster = vi.hoisted(() => ({ namespace: undefined as string | undefined }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof FsModule>();
  const readFileSync = ((path: unknown, ...rest: unknown[]) => {
    if (path === NAMESPACE_FILE) {
      if (inCluster.namespace === undefined) {
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${NAMESPACE_FILE}'`), {
          code: 'ENOENT',
        });
      }
      return inCluster.namespace;
    }
    return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

const { ConfigError, loadConfig } = await import('./config.ts');

const ORG = '0b7f0c36-1f4e-4b8e-9a55-1c0a5e3a9d01';
const WS = '5d2c9a8e-7b61-4f3a-8e2d-9c4b1a0f6e02';

const MINIMAL = {
  PLINTH_API_URL: 'https://plinth.example',
  PLINTH_API_TOKEN: 'plo_0123456789abcdef',
  PLINTH_OPERATOR_LEADER_ELECT: 'false',
} as const;

/** The ConfigError message for `env`, failing the test with the result if it loads. */
function errorFor(env: NodeJS.ProcessEnv): string {
  try {
    const config = loadConfig(env);
    expect.fail(`expected a ConfigError, got a config: ${JSON.stringify(config)}`);
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

beforeEach(() => {
  inCluster.namespace = undefined;
});

describe('loadConfig defaults', () => {
  it('gives the documented defaults for a minimal environment', () => {
    const c = loadConfig({ ...MINIMAL });
    expect(c).toMatchObject({
      apiUrl: 'https://plinth.example',
      apiToken: MINIMAL.PLINTH_API_TOKEN,
      defaults: { organization: undefined, workspace: undefined },
      clusterId: undefined,
      workers: 32,
      resyncMs: 600_000,
      apiQps: 100,
      apiBurst: 100,
      apiTimeoutMs: 30_000,
      backoffBaseMs: 500,
      backoffMaxMs: 300_000,
      port: 8081,
      host: '0.0.0.0',
      logLevel: 'info',
      leaderElection: {
        enabled: false,
        namespace: '',
        name: 'plinth-operator',
        leaseDurationMs: 15_000,
        renewDeadlineMs: 10_000,
        retryPeriodMs: 2_000,
      },
    });
    expect(c.leaderElection.identity, 'identity is host_pid without POD_NAME').toBe(
      `${hostname()}_${process.pid}`,
    );
  });

  it('accepts a system key (pls_) and reads numbers and booleans from strings', () => {
    const c = loadConfig({
      ...MINIMAL,
      PLINTH_API_TOKEN: 'pls_abc',
      PLINTH_OPERATOR_WORKERS: '8',
      PLINTH_OPERATOR_RESYNC_SECONDS: '60',
      PLINTH_OPERATOR_API_QPS: '2.5',
    });
    expect({ token: c.apiToken, workers: c.workers, resyncMs: c.resyncMs, qps: c.apiQps }).toEqual({
      token: 'pls_abc',
      workers: 8,
      resyncMs: 60_000,
      qps: 2.5,
    });
  });

  it('checks each bucket for drift every 900 s at most 1 a second by default; 0 turns it off', () => {
    const c = loadConfig({ ...MINIMAL });
    expect({ ms: c.driftCheckMs, rate: c.driftChecksPerSecond }).toEqual({ ms: 900_000, rate: 1 });
    const tuned = loadConfig({
      ...MINIMAL,
      PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: '0',
      PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: '0.2',
    });
    expect({ ms: tuned.driftCheckMs, rate: tuned.driftChecksPerSecond }).toEqual({ ms: 0, rate: 0.2 });
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: '0' })).toBe(
      'PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND must be a number above 0 and at most 1000',
    );
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: '-5' })).toBe(
      'PLINTH_OPERATOR_DRIFT_CHECK_SECONDS must be an integer from 0 to 604800',
    );
  });

  it('strips trailing slashes from PLINTH_API_URL', () => {
    expect(loadConfig({ ...MINIMAL, PLINTH_API_URL: 'https://plinth.example/' }).apiUrl).toBe(
      'https://plinth.example',
    );
    expect(loadConfig({ ...MINIMAL, PLINTH_API_URL: 'http://plinth-api:8000//' }).apiUrl).toBe(
      'http://plinth-api:8000',
    );
  });

  it('takes the default organization and workspace together, with the namespaces that may use them', () => {
    const c = loadConfig({
      ...MINIMAL,
      PLINTH_OPERATOR_DEFAULT_ORGANIZATION: ORG,
      PLINTH_OPERATOR_DEFAULT_WORKSPACE: WS,
      PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR: ' plinth.dev/default-workspace=true, tier in (dev,test) ',
    });
    expect(c.defaults).toMatchObject({ organization: ORG, workspace: WS });
    const selector = c.defaults.namespaces;
    expect(String(selector)).toBe('plinth.dev/default-workspace=true, tier in (dev,test)');
    expect(selector?.matches({ 'plinth.dev/default-workspace': 'true', tier: 'dev' })).toBe(true);
    expect(selector?.matches({ 'plinth.dev/default-workspace': 'true', tier: 'prod' })).toBe(false);
    expect(selector?.matches({})).toBe(false);
  });

  it('has no default namespaces, and so no defaults in use, when nothing is set', () => {
    expect(loadConfig({ ...MINIMAL }).defaults.namespaces).toBeUndefined();
  });
});

describe('loadConfig errors name the variable', () => {
  it('requires PLINTH_API_URL', () => {
    const { PLINTH_API_URL: _, ...env } = MINIMAL;
    expect(errorFor(env)).toBe('PLINTH_API_URL is required');
  });

  it('requires PLINTH_API_TOKEN or PLINTH_API_TOKEN_FILE, not both', () => {
    const { PLINTH_API_TOKEN: _, ...env } = MINIMAL;
    expect(errorFor(env)).toMatch(/^PLINTH_API_TOKEN or PLINTH_API_TOKEN_FILE is required/);
    const dir = mkdtempSync(join(tmpdir(), 'plinth-op-token-'));
    const file = join(dir, 'token');
    expect(errorFor({ ...env, PLINTH_API_TOKEN_FILE: file })).toBe(
      `PLINTH_API_TOKEN_FILE ${file} is missing, unreadable or empty`,
    );
    writeFileSync(file, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln\n');
    expect(loadConfig({ ...env, PLINTH_API_TOKEN_FILE: file })).toMatchObject({
      apiToken: undefined,
      apiTokenFile: file,
    });
    expect(errorFor({ ...MINIMAL, PLINTH_API_TOKEN_FILE: file })).toBe(
      'set only one of PLINTH_API_TOKEN and PLINTH_API_TOKEN_FILE',
    );
  });

  it('refuses a URL that is not http(s)', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_API_URL: 'plinth.example' })).toMatch(/^PLINTH_API_URL .*http/);
  });

  it('refuses a user key (plu_)', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_API_TOKEN: 'plu_0123456789abcdef' })).toMatch(
      /^PLINTH_API_TOKEN must be an organization key \(plo_…\) or a system key \(pls_…\)/,
    );
  });

  it('refuses a default organization that is not a UUID', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_DEFAULT_ORGANIZATION: 'acme' })).toBe(
      'PLINTH_OPERATOR_DEFAULT_ORGANIZATION must be a UUID',
    );
  });

  it('refuses a default workspace without a default organization', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_DEFAULT_WORKSPACE: WS })).toMatch(
      /^PLINTH_OPERATOR_DEFAULT_ORGANIZATION is required when PLINTH_OPERATOR_DEFAULT_WORKSPACE is set/,
    );
  });

  it('refuses defaults without a default-namespace selector: the default mapping is opt-in', () => {
    expect(
      errorFor({
        ...MINIMAL,
        PLINTH_OPERATOR_DEFAULT_ORGANIZATION: ORG,
        PLINTH_OPERATOR_DEFAULT_WORKSPACE: WS,
      }),
    ).toMatch(
      /^PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR is required when PLINTH_OPERATOR_DEFAULT_ORGANIZATION is set/,
    );
  });

  it('refuses a default-namespace selector without a default organization', () => {
    expect(
      errorFor({ ...MINIMAL, PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR: 'plinth.dev/default-workspace' }),
    ).toMatch(
      /^PLINTH_OPERATOR_DEFAULT_ORGANIZATION is required when PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR is set/,
    );
  });

  it.each([
    ['tier in dev', 'expected "(" after in/notin'],
    ['a>1', 'not supported'],
    ['Bad_Prefix/x', 'prefix'],
  ])('refuses the selector %j, saying why', (selector, why) => {
    const message = errorFor({
      ...MINIMAL,
      PLINTH_OPERATOR_DEFAULT_ORGANIZATION: ORG,
      PLINTH_OPERATOR_DEFAULT_WORKSPACE: WS,
      PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR: selector,
    });
    expect(message).toMatch(/^PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR is not a label selector: /);
    expect(message).toContain(why);
  });

  it('refuses a renew deadline that is not below the lease duration', () => {
    for (const renew of ['15', '20']) {
      expect(
        errorFor({
          ...MINIMAL,
          PLINTH_OPERATOR_LEASE_DURATION_SECONDS: '15',
          PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS: renew,
        }),
        `renew deadline ${renew} s, lease 15 s`,
      ).toMatch(
        /^PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS must be less than PLINTH_OPERATOR_LEASE_DURATION_SECONDS/,
      );
    }
    expect(
      loadConfig({
        ...MINIMAL,
        PLINTH_OPERATOR_LEASE_DURATION_SECONDS: '15',
        PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS: '14',
      }).leaderElection.renewDeadlineMs,
      'one second below is fine',
    ).toBe(14_000);
  });

  it('names an out-of-range number and its bounds', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_WORKERS: '0' })).toBe(
      'PLINTH_OPERATOR_WORKERS must be an integer from 1 to 256',
    );
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_PORT: 'http' })).toMatch(/^PLINTH_OPERATOR_PORT /);
  });

  it('refuses a leader-election flag other than true or false', () => {
    expect(errorFor({ ...MINIMAL, PLINTH_OPERATOR_LEADER_ELECT: 'yes' })).toBe(
      'PLINTH_OPERATOR_LEADER_ELECT must be true or false',
    );
  });
});

describe('loadConfig leader election namespace', () => {
  const electing = { ...MINIMAL, PLINTH_OPERATOR_LEADER_ELECT: 'true' };

  it('requires POD_NAMESPACE outside a cluster', () => {
    expect(errorFor(electing)).toMatch(/^POD_NAMESPACE is required for leader election/);
    expect(
      errorFor({ PLINTH_API_URL: MINIMAL.PLINTH_API_URL, PLINTH_API_TOKEN: MINIMAL.PLINTH_API_TOKEN }),
      'on by default',
    ).toMatch(/^POD_NAMESPACE is required/);
  });

  it('uses POD_NAMESPACE and POD_NAME when set', () => {
    const c = loadConfig({ ...electing, POD_NAMESPACE: 'plinth-system', POD_NAME: 'plinth-operator-0' });
    expect(c.leaderElection).toMatchObject({
      enabled: true,
      namespace: 'plinth-system',
      identity: `plinth-operator-0_${process.pid}`,
    });
  });

  it('falls back to the service account namespace file in a cluster', () => {
    inCluster.namespace = 'from-serviceaccount\n';
    expect(loadConfig(electing).leaderElection.namespace).toBe('from-serviceaccount');
  });
});
