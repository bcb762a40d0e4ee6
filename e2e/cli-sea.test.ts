import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../api/src/test/api-process.ts';
import { BUNDLE, sea } from '../cli/build.ts';
import { ADMIN_PASSWORD, Machine, startCliApi } from './cli/harness.ts';
import type { CliApi } from './cli/harness.ts';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'cli/package.json'), 'utf8')) as { version: string })
  .version;

/**
 * The distributed forms of `plinth`, built once as the release steps build them (docs/releasing.md):
 * the single executable (Node SEA, cli/build.ts --sea) and the npm tarball of the bundle, each run
 * against a live API on PostgreSQL with MinIO.
 */
describe('plinth as it is distributed', () => {
  let live: CliApi;
  let executable: string;
  let work: string;
  let token: string;
  const machines: Machine[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'plinth-cli-dist-'));
    [executable, live] = await Promise.all([sea(), startCliApi()]);
    const login = await fetch(`${live.url}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);
  afterAll(async () => {
    await live?.stop();
    for (const m of machines) m.remove();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('builds one executable file of about the size of node', () => {
    const size = statSync(executable).size;
    expect(size).toBeGreaterThan(50 * 1024 * 1024);
    expect(statSync(executable).mode & 0o111).not.toBe(0);
  });

  it('runs plinth version and a real call from the single executable, with no Node on PATH', async () => {
    const m = new Machine([executable]);
    machines.push(m);
    // Nothing but the executable: an empty PATH, so no node, npm or repository file can help it.
    const none = { PATH: '/nonexistent' };
    const version = await m.run(['version', '-o', 'json'], { env: { ...none, PLINTH_URL: live.url } });
    expect(version.code, version.stderr).toBe(0);
    expect(JSON.parse(version.stdout)).toEqual({ client: VERSION, server_api: VERSION, server: live.url });
    expect(version.stderr).toBe('');
    const login = await m.run(['login', '--server', live.url, '--with-token'], { input: token, env: none });
    expect(login.stderr).toBe(`Signed in to ${live.url} as admin (context "default").\n`);
    const created = await m.json(['orgs', 'create', 'sea', '--name', 'From the executable'], { env: none });
    expect(created).toMatchObject({ slug: 'sea', name: 'From the executable' });
    const listed = await m.ok(['orgs', 'list', '-o', 'table', '--fields', 'slug,name'], { env: none });
    expect(listed).toBe('SLUG   NAME\nsea    From the executable\n');
  });

  it('installs from the packed tarball with npm, as docs/cli.md says, and runs', async () => {
    expect(existsSync(BUNDLE)).toBe(true);
    const packed = execFileSync(
      'npm',
      ['pack', join(REPO_ROOT, 'cli'), '--pack-destination', work, '--silent'],
      {
        encoding: 'utf8',
      },
    ).trim();
    expect(packed).toBe(`plinth-cli-${VERSION}.tgz`);
    const prefix = join(work, 'prefix');
    execFileSync(
      'npm',
      ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(work, packed)],
      {
        encoding: 'utf8',
      },
    );
    const m = new Machine([join(prefix, 'bin/plinth')]);
    machines.push(m);
    const orgs = await m.json(['orgs', 'list', '--fields', 'slug'], {
      env: { PLINTH_URL: live.url, PLINTH_TOKEN: token },
    });
    expect(orgs).toEqual([{ slug: 'sea' }]);
  });
});
