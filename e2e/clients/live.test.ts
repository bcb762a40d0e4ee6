import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../api/src/test/api-process.ts';
import { runToolScript } from '../../operator/src/test/control-plane.ts';
import { ADMIN_PASSWORD, sh, startLiveApi } from './live-api.ts';
import type { LiveApi } from './live-api.ts';

const LIVE = join(REPO_ROOT, 'e2e/clients/live');
const API_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** The version and statuses the Go and Python clients report (the TypeScript one throws instead). */
const STATUSES = {
  version: API_VERSION,
  login_status: 200,
  org_status: 201,
  workspace_status: 201,
  key_status: 201,
  revoke_status: 204,
  bucket_status: 201,
};

/** docs/clients.md's first Python call, as a reader copies it, against `url`. */
function docsPythonExample(url: string): string {
  const docs = readFileSync(join(REPO_ROOT, 'docs/clients.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## A first call'));
  const block = /\*\*Python\*\*\s*```python\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('docs/clients.md has no Python block under "A first call"');
  return block[1]!.replace('https://plinth.example.com', url);
}

/** What every language's program must have seen (e2e/clients/live/). */
function expectTheCalls(seen: Record<string, unknown>, prefix: string) {
  expect(seen).toMatchObject({
    workspaces_count: 2,
    workspaces_page: 1,
    workspaces_next: true,
    key_user: 'admin',
    revoked_status: 401,
    revoked_code: 'token_revoked',
    bucket_has_secret: true,
    upload_status: 200,
    missing_status: 401,
    missing_code: 'not_authenticated',
    missing_www_authenticate: expect.stringMatching(/^Bearer/),
  });
  expect(seen.org_slugs).toContain(prefix);
}

/**
 * The generated clients against a real API on PostgreSQL with a real MinIO, each with the spec's
 * call shapes (e2e/clients/live/): login through the plain client, an organization and two
 * workspaces, the workspace list one per page, the organization list, a user API key created,
 * used and revoked, a bucket and a presigned upload to it, and a 401 for a call with no token.
 * Each language uses the client as its users install it from this checkout.
 */
describe('the generated clients against a live API', () => {
  let live: LiveApi;
  let work: string;
  const env = () => ({
    ...process.env,
    PLINTH_URL: live.url,
    PLINTH_USERNAME: 'admin',
    PLINTH_PASSWORD: ADMIN_PASSWORD,
  });

  beforeAll(async () => {
    live = await startLiveApi();
    work = mkdtempSync(join(tmpdir(), 'plinth-clients-live-'));
  }, 120_000);
  /** A virtual environment with only the client installed, made once. */
  async function pythonWithClient(): Promise<string> {
    const venv = join(work, 'venv');
    if (existsSync(join(venv, 'bin/python'))) return venv;
    await sh(process.env.PYTHON ?? 'python3', ['-m', 'venv', venv]);
    await sh(join(venv, 'bin/pip'), [
      'install',
      '--quiet',
      '--disable-pip-version-check',
      join(REPO_ROOT, 'clients/python'),
    ]);
    return venv;
  }

  afterAll(async () => {
    await live?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('Go: a module that requires the client, on the go 1.23 line', { timeout: 300_000 }, async () => {
    const go = await runToolScript('go.sh');
    const dir = mkdtempSync(join(work, 'go-'));
    copyFileSync(join(LIVE, 'main.go'), join(dir, 'main.go'));
    writeFileSync(
      join(dir, 'go.mod'),
      [
        'module plinth.test/live',
        '',
        'go 1.23',
        '',
        'require github.com/plinth-dev/plinth/clients/go v0.0.0',
        '',
        `replace github.com/plinth-dev/plinth/clients/go => ${join(REPO_ROOT, 'clients/go')}`,
        '',
      ].join('\n'),
    );
    const goEnv = { ...env(), GOTOOLCHAIN: 'local', GOFLAGS: '-mod=mod', PREFIX: 'go-live' };
    await sh(go, ['mod', 'tidy'], { cwd: dir, env: goEnv });
    // Nothing the client needs asks for a newer Go than the spec's floor: tidy kept the line.
    expect(readFileSync(join(dir, 'go.mod'), 'utf8')).toMatch(/^go 1\.23$/m);
    // A newer compiler builds code that calls standard library newer than the go line; vet's
    // stdversion check does not let it through ("strings.Lines requires go1.24 or later").
    await sh(go, ['vet', 'github.com/plinth-dev/plinth/clients/go', '.'], { cwd: dir, env: goEnv });
    const { stdout } = await sh(go, ['run', '.'], { cwd: dir, env: goEnv });
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toMatchObject(STATUSES);
    expectTheCalls(seen, 'go-live');
  });

  it(
    'Python: a virtual environment with only the client and its dependencies',
    { timeout: 300_000 },
    async () => {
      const venv = await pythonWithClient();
      const pip = join(venv, 'bin/pip');
      const installed = (JSON.parse((await sh(pip, ['list', '--format=json'])).stdout) as { name: string }[])
        .map((p) => p.name.toLowerCase())
        .filter((n) => !['pip', 'setuptools'].includes(n));
      expect(installed).toContain('plinth-client');
      expect(installed).toEqual(expect.arrayContaining(['httpx', 'attrs']));
      const { stdout } = await sh(join(venv, 'bin/python'), [join(LIVE, 'live.py')], {
        env: { ...env(), PREFIX: 'py-live' },
      });
      const seen = JSON.parse(stdout) as Record<string, unknown>;
      expect(seen).toMatchObject({ ...STATUSES, asyncio_count: 2, asyncio_missing_status: 401 });
      expectTheCalls(seen, 'py-live');
    },
  );

  it(
    "Python: docs/clients.md's first call lists workspaces, and says an error answer in one line",
    {
      timeout: 300_000,
    },
    async () => {
      const venv = await pythonWithClient();
      const program = join(work, 'first-call.py');
      writeFileSync(program, docsPythonExample(live.url));
      const login = await fetch(`${live.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const call = (PLINTH_TOKEN: string) =>
        spawnSync(join(venv, 'bin/python'), [program], {
          env: { ...process.env, PLINTH_TOKEN },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const ok = call(token);
      expect(ok.status, ok.stderr).toBe(0);
      // A token the API refuses: its error answer, not a traceback.
      const refused = call('plt_not-a-token');
      expect(refused.stderr).not.toContain('Traceback');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^[a-z_]+: .+\n$/);
    },
  );

  it('TypeScript: the packed package installed with npm, run by Node 24', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(work, 'ts-'));
    const packed = (
      await sh('npm', ['pack', '--silent', '--pack-destination', dir, join(REPO_ROOT, 'clients/typescript')])
    ).stdout.trim();
    expect(packed).toBe(`plinth-client-${API_VERSION}.tgz`);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'live', private: true, type: 'module' }));
    await sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `./${packed}`], { cwd: dir });
    copyFileSync(join(LIVE, 'live.ts'), join(dir, 'live.ts'));
    const { stdout } = await sh(process.execPath, ['live.ts'], {
      cwd: dir,
      env: { ...env(), PREFIX: 'ts-live' },
    });
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen).toMatchObject({ missing_request_id: true });
    expectTheCalls(seen, 'ts-live');
    // A TypeScript project that installed it type-checks the same program, with strict options of
    // its own and no allowImportingTsExtensions (the package gives it declarations).
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
        },
        files: ['live.ts'],
      }),
    );
    await sh(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: dir,
    });
    // The sources themselves, outside node_modules, load with Node's type stripping as well.
    const direct = await sh(process.execPath, [
      '--input-type=module',
      '-e',
      `const c = await import(${JSON.stringify(join(REPO_ROOT, 'clients/typescript/src/index.ts'))}); console.log(typeof c.apiV1WorkspacesList, typeof c.OpenAPI);`,
    ]);
    expect(direct.stdout.trim()).toBe('function object');
  });
});
