import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const BASE = { PLINTH_API_URL: 'https://plinth.example/', PLINTH_AGENT_TOKEN: 'pla_secret' };

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loaded');
}

describe('loadConfig', () => {
  it('has defaults for everything but the URL and the token', () => {
    expect(loadConfig(BASE)).toEqual({
      apiUrl: 'https://plinth.example',
      token: { token: 'pla_secret' },
      bufferDir: resolve('plinth-agent-buffer'),
      concurrency: 64,
      batchSize: 200,
      bufferMaxBytes: 256 * 1024 * 1024,
      healthPort: undefined,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      ...BASE,
      PLINTH_AGENT_BUFFER_DIR: '/var/lib/agent',
      PLINTH_AGENT_CONCURRENCY: '8',
      PLINTH_AGENT_BATCH_SIZE: '500',
      PLINTH_AGENT_BUFFER_MAX_BYTES: '1048576',
      PLINTH_AGENT_HEALTH_PORT: '8082',
      LOG_LEVEL: 'debug',
    });
    expect(c).toMatchObject({
      bufferDir: '/var/lib/agent',
      concurrency: 8,
      batchSize: 500,
      bufferMaxBytes: 1048576,
      healthPort: 8082,
      logLevel: 'debug',
    });
  });

  it('names the variable at fault, without its value', () => {
    expect(failure({ PLINTH_AGENT_TOKEN: 'x' })).toBe('PLINTH_API_URL is required');
    expect(failure({ ...BASE, PLINTH_API_URL: 'ftp://x' })).toBe(
      'PLINTH_API_URL must be an http:// or https:// URL',
    );
    expect(failure({ ...BASE, PLINTH_AGENT_BATCH_SIZE: '501' })).toBe(
      'PLINTH_AGENT_BATCH_SIZE must be an integer from 1 to 500',
    );
    expect(failure({ ...BASE, PLINTH_AGENT_CONCURRENCY: 'many' })).toMatch(/^PLINTH_AGENT_CONCURRENCY must/);
    expect(failure({ ...BASE, LOG_LEVEL: 'loud' })).toMatch(/^LOG_LEVEL must be one of/);
    expect(failure({ PLINTH_API_URL: 'http://x' })).toMatch(/^PLINTH_AGENT_TOKEN or PLINTH_AGENT_TOKEN_FILE/);
    expect(failure({ ...BASE, PLINTH_AGENT_TOKEN_FILE: '/nonexistent/token' })).toMatch(/only one/);
    expect(failure({ ...BASE, PLINTH_AGENT_BATCH_SIZE: '0' })).not.toContain('pla_secret');
  });

  it('takes a token file that exists and is not empty, and treats empty variables as unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-config-'));
    try {
      const file = join(dir, 'token');
      expect(failure({ PLINTH_API_URL: 'http://x', PLINTH_AGENT_TOKEN_FILE: file })).toMatch(/is missing/);
      writeFileSync(file, '\n');
      expect(failure({ PLINTH_API_URL: 'http://x', PLINTH_AGENT_TOKEN_FILE: file })).toMatch(/empty/);
      writeFileSync(file, 'pla_file\n');
      const c = loadConfig({
        PLINTH_API_URL: 'http://x',
        PLINTH_AGENT_TOKEN: '',
        PLINTH_AGENT_TOKEN_FILE: file,
      });
      expect(c.token).toEqual({ file });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
