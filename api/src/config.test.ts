import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { ConfigError } from './core/config-error.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const JWT = 'j'.repeat(40);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(Object.keys(env))}`);
}

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database under ./.data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './.data' });
    expect(config.bootstrapAdmin).toEqual({ username: 'admin', password: undefined });
    expect(config.migrateOnStart).toBe(true);
    expect(config.bodyLimitBytes).toBe(1024 * 1024);
    expect([config.metricsPort, config.metricsHost]).toEqual([9090, '0.0.0.0']);
    expect(config.hstsMaxAgeSeconds).toBe(0);
  });

  it('serves metrics on a port of their own and sends HSTS only when asked to', () => {
    expect(problemsOf({ PORT: '9100', PLINTH_METRICS_PORT: '9100' })).toEqual([
      'PLINTH_METRICS_PORT must differ from PORT',
    ]);
    expect(problemsOf({ PLINTH_HSTS_MAX_AGE_SECONDS: '-1' })[0]).toMatch(/^PLINTH_HSTS_MAX_AGE_SECONDS /);
    const config = loadConfig({ PLINTH_METRICS_PORT: '9464', PLINTH_HSTS_MAX_AGE_SECONDS: '31536000' });
    expect([config.metricsPort, config.hstsMaxAgeSeconds]).toEqual([9464, 31_536_000]);
  });

  it('stores two monitoring results batches at a time unless told otherwise, at least one', () => {
    expect(loadConfig({}).monitoring.batchWriters).toBe(2);
    expect(loadConfig({ PLINTH_RESULT_BATCH_WRITERS: '6' }).monitoring.batchWriters).toBe(6);
    for (const bad of ['0', '101', '1.5'])
      expect(problemsOf({ PLINTH_RESULT_BATCH_WRITERS: bad })[0]).toMatch(/^PLINTH_RESULT_BATCH_WRITERS /);
  });

  it('rolls up monitoring results every minute unless told otherwise, from 1 to 300 seconds', () => {
    expect(loadConfig({}).monitoring.rollupIntervalSeconds).toBe(60);
    expect(loadConfig({ PLINTH_ROLLUP_INTERVAL_SECONDS: '5' }).monitoring.rollupIntervalSeconds).toBe(5);
    for (const bad of ['0', '301', '1.5', 'often'])
      expect(problemsOf({ PLINTH_ROLLUP_INTERVAL_SECONDS: bad })[0]).toMatch(
        /^PLINTH_ROLLUP_INTERVAL_SECONDS /,
      );
  });

  it('names PORT when it is not a port number, without echoing the value', () => {
    for (const bad of ['abc', '0', '70000', '80.5']) {
      const problems = problemsOf({ PORT: bad });
      expect(problems, `PORT=${bad}`).toHaveLength(1);
      expect(problems[0]).toMatch(/^PORT /);
    }
  });

  it('uses postgres when DATABASE_URL is set, and then requires both keys', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://u:secretpw@db/plinth' });
    expect(problems).toEqual([
      'PLINTH_ENCRYPTION_KEY is required when DATABASE_URL is set',
      'PLINTH_JWT_SIGNING_KEY is required when DATABASE_URL is set',
    ]);
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:secretpw@db/plinth',
      PLINTH_ENCRYPTION_KEY: KEY,
      PLINTH_JWT_SIGNING_KEY: JWT,
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:secretpw@db/plinth',
      poolSize: 10,
    });
    expect(config.encryptionKey?.length).toBe(32);
  });

  it('rejects a DATABASE_URL that is not a postgres URL and never prints it', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://u:hunter2hunter2@db/x' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL /);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('rejects an encryption key that is not 32 bytes of base64', () => {
    expect(problemsOf({ PLINTH_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })[0]).toMatch(
      /^PLINTH_ENCRYPTION_KEY must be 32 bytes/,
    );
  });

  it('rejects short bootstrap passwords and odd usernames', () => {
    expect(problemsOf({ PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'short' })[0]).toMatch(
      /^PLINTH_BOOTSTRAP_ADMIN_PASSWORD /,
    );
    expect(problemsOf({ PLINTH_BOOTSTRAP_ADMIN_USERNAME: 'a b' })[0]).toMatch(
      /^PLINTH_BOOTSTRAP_ADMIN_USERNAME /,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', PLINTH_MIGRATE_ON_START: 'yes' });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual([
      'LOG_LEVEL',
      'PLINTH_MIGRATE_ON_START',
      'PORT',
    ]);
  });

  it('reads PLINTH_TRUST_PROXY as false, true (one hop) or a number of hops', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ PLINTH_TRUST_PROXY: 'false' }).trustProxyHops).toBe(0);
    expect(loadConfig({ PLINTH_TRUST_PROXY: 'true' }).trustProxyHops).toBe(1);
    expect(loadConfig({ PLINTH_TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(loadConfig({ PLINTH_TRUST_PROXY: '0' }).trustProxyHops).toBe(0);
    for (const bad of ['yes', '-1', '1.5', '11']) {
      expect(problemsOf({ PLINTH_TRUST_PROXY: bad }), bad).toEqual([
        'PLINTH_TRUST_PROXY must be false, true or a number of proxy hops from 0 to 10',
      ]);
    }
  });

  it('refuses the saga pause hook unless the test hooks are switched on', () => {
    expect(problemsOf({ PLINTH_TEST_PAUSE_AFTER_STEP: 'deleting' })).toEqual([
      'PLINTH_TEST_PAUSE_AFTER_STEP is a test hook, refused unless PLINTH_TEST_HOOKS=true',
    ]);
    expect(problemsOf({ PLINTH_TEST_PAUSE_AFTER_STEP: 'access', PLINTH_TEST_HOOKS: 'false' })).toHaveLength(
      1,
    );
    expect(problemsOf({ PLINTH_TEST_HOOKS: 'yes' })[0]).toMatch(/^PLINTH_TEST_HOOKS /);
    expect(loadConfig({}).testPauseAfterStep).toBeUndefined();
    const config = loadConfig({ PLINTH_TEST_PAUSE_AFTER_STEP: 'delete-bucket', PLINTH_TEST_HOOKS: 'true' });
    expect(config.testPauseAfterStep).toBe('delete-bucket');
  });
});
