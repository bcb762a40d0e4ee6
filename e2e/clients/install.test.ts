import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../api/src/test/api-process.ts';
import { runToolScript } from '../../operator/src/test/control-plane.ts';
import { sh } from './live-api.ts';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
const TAG = `v${VERSION}`;
const GO_MODULE = 'github.com/plinth-dev/plinth/clients/go';

/** docs/clients.md's lines for a copy the public Go proxy does not serve, at this version's tag. */
function goPrivateLines(): string {
  const docs = readFileSync(join(REPO_ROOT, 'docs/clients.md'), 'utf8');
  const block = /<!-- go-private:start -->\s*```sh\n([\s\S]*?)```\s*<!-- go-private:end -->/.exec(docs);
  if (!block) throw new Error('docs/clients.md has no ```sh block between the go-private markers');
  return block[1]!.replaceAll('@v0.1.0', `@${TAG}`);
}

/**
 * Each client installed the way docs/clients.md tells users to, from a bare clone of this
 * repository (its committed HEAD) tagged as a release is (docs/releasing.md): `v<version>` and,
 * for Go's subdirectory module, `clients/go/v<version>`. The GitHub address the docs name is
 * pointed at the bare clone with git's `insteadOf`, so Go and pip resolve the tags themselves.
 */
describe('installing the clients from a release tag', () => {
  let work: string;
  let bare: string;
  let gitEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'plinth-clients-install-'));
    bare = join(work, 'plinth.git');
    await sh('git', ['clone', '--quiet', '--bare', REPO_ROOT, bare]);
    for (const tag of [TAG, `clients/go/${TAG}`]) await sh('git', ['-C', bare, 'tag', '-f', tag, 'HEAD']);
    const gitconfig = join(work, 'gitconfig');
    // Without `.git`: git finds `plinth.git` for a local path, whether the URL names it or not
    // (Go asks for …/plinth, pip for …/plinth.git, pnpm for git+ssh://git@github.com/…/plinth.git).
    const base = `file://${join(work, 'plinth')}`;
    writeFileSync(
      gitconfig,
      `[url "${base}"]\n\tinsteadOf = https://github.com/plinth-dev/plinth\n\tinsteadOf = git+ssh://git@github.com/plinth-dev/plinth\n`,
    );
    gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: '1' };
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /**
   * A fresh Go module in `dir` that gets the client with docs/clients.md's lines for a mirror (the
   * bare clone is one, through `insteadOf`): their GOPRIVATE skips the proxy and checksum database.
   */
  async function goGet(go: string, name: string) {
    const dir = join(work, name);
    mkdirSync(dir);
    const env = {
      ...gitEnv,
      PATH: `${dirname(go)}:${process.env.PATH}`,
      GOFLAGS: '-modcacherw',
      GOMODCACHE: join(work, 'gomodcache'),
      GOTOOLCHAIN: 'local',
    };
    await sh(go, ['mod', 'init', 'plinth.test/install'], { cwd: dir, env });
    const lines = goPrivateLines();
    expect(lines).toContain(`go get ${GO_MODULE}@${TAG}`);
    return { dir, env, get: () => sh('bash', ['-euo', 'pipefail', '-c', lines], { cwd: dir, env }) };
  }

  it('Go: go get of the module at the tag needs the clients/go/ tag too', { timeout: 300_000 }, async () => {
    const go = await runToolScript('go.sh');
    // Without the prefixed tag the version does not exist for the subdirectory module.
    await sh('git', ['-C', bare, 'tag', '-d', `clients/go/${TAG}`]);
    const without = await goGet(go, 'go-without');
    await expect(without.get()).rejects.toThrow(
      /does not contain package|unknown revision|no matching versions/,
    );
    await sh('git', ['-C', bare, 'tag', `clients/go/${TAG}`, 'HEAD']);

    const { dir, env, get } = await goGet(go, 'go-with');
    await get();
    writeFileSync(
      join(dir, 'main.go'),
      `package main\n\nimport (\n\t"fmt"\n\n\tplinth "${GO_MODULE}"\n)\n\nfunc main() { fmt.Println(plinth.Version) }\n`,
    );
    expect((await sh(go, ['run', '.'], { cwd: dir, env })).stdout.trim()).toBe(VERSION);
    expect((await sh(go, ['list', '-m', GO_MODULE], { cwd: dir, env })).stdout.trim()).toBe(
      `${GO_MODULE} ${TAG}`,
    );
  });

  it('Python: pip install of git+…@tag#subdirectory=clients/python', { timeout: 300_000 }, async () => {
    const venv = join(work, 'venv');
    await sh(process.env.PYTHON ?? 'python3', ['-m', 'venv', venv]);
    await sh(
      join(venv, 'bin/pip'),
      [
        'install',
        '--quiet',
        '--disable-pip-version-check',
        `git+https://github.com/plinth-dev/plinth.git@${TAG}#subdirectory=clients/python`,
      ],
      { env: gitEnv },
    );
    const { stdout } = await sh(join(venv, 'bin/python'), [
      '-c',
      'import importlib.metadata, plinth_client; print(importlib.metadata.version("plinth-client"), plinth_client.AuthenticatedClient.__name__)',
    ]);
    expect(stdout.trim()).toBe(`${VERSION} AuthenticatedClient`);
  });

  it(
    'TypeScript: the folder at the tag with pnpm, and the packed release asset with npm',
    { timeout: 300_000 },
    async () => {
      const check =
        "import { OpenAPI, apiV1WorkspacesList } from '@plinth/client'; console.log(typeof OpenAPI, typeof apiV1WorkspacesList);";
      const pnpm = await runToolScript('pnpm.sh');
      const withPnpm = join(work, 'ts-pnpm');
      mkdirSync(withPnpm);
      writeFileSync(
        join(withPnpm, 'package.json'),
        JSON.stringify({ name: 'a', private: true, type: 'module' }),
      );
      await sh(process.execPath, [pnpm, 'add', `github:plinth-dev/plinth#${TAG}&path:/clients/typescript`], {
        cwd: withPnpm,
        env: { ...gitEnv, npm_config_store_dir: join(work, 'pnpm-store') },
      });
      const pkg = JSON.parse(
        readFileSync(join(withPnpm, 'node_modules/@plinth/client/package.json'), 'utf8'),
      ) as {
        name: string;
        version: string;
      };
      expect([pkg.name, pkg.version]).toEqual(['@plinth/client', VERSION]);
      writeFileSync(join(withPnpm, 'check.ts'), check);
      expect((await sh(process.execPath, ['check.ts'], { cwd: withPnpm })).stdout.trim()).toBe(
        'object function',
      );

      // The release asset: the tag's folder, packed (docs/releasing.md).
      const tree = join(work, 'tree');
      mkdirSync(tree);
      const archive = join(work, 'tag.tar');
      await sh('git', ['-C', bare, 'archive', '--output', archive, TAG, 'clients/typescript']);
      await sh('tar', ['-xf', archive, '-C', tree]);
      const asset = (
        await sh('npm', ['pack', '--silent', '--pack-destination', work, join(tree, 'clients/typescript')])
      ).stdout.trim();
      const withNpm = join(work, 'ts-npm');
      mkdirSync(withNpm);
      writeFileSync(
        join(withNpm, 'package.json'),
        JSON.stringify({ name: 'b', private: true, type: 'module' }),
      );
      await sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, asset)], {
        cwd: withNpm,
      });
      writeFileSync(join(withNpm, 'check.ts'), check);
      expect((await sh(process.execPath, ['check.ts'], { cwd: withNpm })).stdout.trim()).toBe(
        'object function',
      );
    },
  );
});
