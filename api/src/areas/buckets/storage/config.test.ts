import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../core/config-error.ts';
import { loadStorageConfig } from './config.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../../config/plinth.example.yaml', import.meta.url));

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'plinth-cfg-')), 'plinth.yaml');
  writeFileSync(path, text);
  return path;
}

function problems(path: string, env: Record<string, string> = {}): string[] {
  try {
    loadStorageConfig(path, env);
  } catch (err) {
    if (err instanceof ConfigError) return [...err.problems];
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadStorageConfig', () => {
  it('reads the documented example, with credentials from the environment only', () => {
    const config = loadStorageConfig(EXAMPLE, {
      MINIO_ROOT_USER: 'root',
      MINIO_ROOT_PASSWORD: 'secret-password',
    });
    expect(config.regions.get('eu-central')).toBe('minio-local');
    expect(config.clusters.get('minio-local')).toMatchObject({
      driver: 'minio',
      endpoint: 'http://127.0.0.1:9000',
      publicEndpoint: 'http://127.0.0.1:9000',
      pathStyle: true,
      accessKey: 'root',
      secretKey: 'secret-password',
    });
  });

  it('names unset credential variables without printing anything secret', () => {
    expect(problems(EXAMPLE)).toEqual([
      'MINIO_ROOT_USER (admin access key of cluster minio-local) is not set',
      'MINIO_ROOT_PASSWORD (admin secret key of cluster minio-local) is not set',
    ]);
  });

  it('refuses credentials in the file, unknown drivers, bad URLs and dangling regions', () => {
    const path = file(`clusters:
  - name: c0
    driver: ceph
    endpoint: http://127.0.0.1:9000
  - name: c1
    driver: minio
    endpoint: not-a-url
    admin_access_key_env: A
    admin_secret_key_env: B
    admin_secret_key: oops
  - name: c2
    driver: garage
    endpoint: http://127.0.0.1:3900
    admin_endpoint: nope
    admin_token_env: T
    admin_token: oops
regions:
  - name: r1
    cluster: nowhere
`);
    const found = problems(path, { A: 'a', B: 'b', T: 't' }).join('\n');
    expect(found).toContain('clusters.0.driver must be minio or garage');
    expect(found).toContain('clusters.1.endpoint must be an http(s) URL');
    expect(found).toContain('admin_secret_key');
    expect(found).toContain('clusters.2.admin_endpoint must be an http(s) URL');
    expect(found).toContain('admin_token"');
    expect(problems(file('regions:\n  - name: r1\n    cluster: nowhere\n'))).toEqual([
      expect.stringContaining('region r1 names unknown cluster nowhere'),
    ]);
  });

  it('reads a Garage cluster: admin endpoint, token from the environment, its S3 region', () => {
    const path = file(`clusters:
  - name: garage-eu
    driver: garage
    endpoint: http://garage.storage:3900/
    public_endpoint: https://s3.example.test
    admin_endpoint: http://garage.storage:3903/
    admin_token_env: GARAGE_ADMIN_TOKEN
    signing_region: eu-garage
  - name: garage-min
    driver: garage
    endpoint: http://127.0.0.1:3900
    admin_endpoint: http://127.0.0.1:3903
    admin_token_env: GARAGE_ADMIN_TOKEN
regions:
  - name: eu-west
    cluster: garage-eu
`);
    const config = loadStorageConfig(path, { GARAGE_ADMIN_TOKEN: 'token-value' });
    expect(config.regions.get('eu-west')).toBe('garage-eu');
    expect(config.clusters.get('garage-eu')).toEqual({
      name: 'garage-eu',
      driver: 'garage',
      endpoint: 'http://garage.storage:3900',
      publicEndpoint: 'https://s3.example.test',
      pathStyle: true,
      signingRegion: 'eu-garage',
      adminEndpoint: 'http://garage.storage:3903',
      adminToken: 'token-value',
      apiKeyName: 'plinth-api',
    });
    expect(config.clusters.get('garage-min')).toMatchObject({
      publicEndpoint: 'http://127.0.0.1:3900',
      signingRegion: 'garage',
    });
    // The token is named by its variable, never printed.
    expect(problems(path)).toEqual([
      'GARAGE_ADMIN_TOKEN (admin token of cluster garage-eu) is not set',
      'GARAGE_ADMIN_TOKEN (admin token of cluster garage-min) is not set',
    ]);
  });

  it('says when the file is missing or not YAML', () => {
    expect(problems('/nonexistent/plinth.yaml')[0]).toContain('file not found');
    expect(problems(file('clusters: [unclosed'))[0]).toContain('not readable YAML');
  });

  it('means no storage when PLINTH_CONFIG is unset', () => {
    expect(loadStorageConfig(undefined, {}).regions.size).toBe(0);
  });
});
