import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../config.ts';
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
  - name: c1
    driver: ceph
    endpoint: not-a-url
    admin_access_key_env: A
    admin_secret_key_env: B
    admin_secret_key: oops
regions:
  - name: r1
    cluster: nowhere
`);
    const found = problems(path, { A: 'a', B: 'b' }).join('\n');
    expect(found).toContain('clusters.0.driver must be minio');
    expect(found).toContain('clusters.0.endpoint must be an http(s) URL');
    expect(found).toContain('admin_secret_key');
    expect(problems(file('regions:\n  - name: r1\n    cluster: nowhere\n'))).toEqual([
      expect.stringContaining('region r1 names unknown cluster nowhere'),
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
