import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * scripts/tools/go.sh gives the other tool scripts a Go of at least the pinned version: the one on
 * PATH when new enough, else the toolchain it fetched into the cache. A fresh machine has no Go;
 * these tests hide every `go` from PATH and check that a warm cache is reused as is (and that the
 * tool scripts get their Go from go.sh). They download and build nothing: the warm cache is the
 * toolchain this machine already has (the one go.sh finds), linked into a temporary cache, and
 * GOPROXY=off makes any attempt to fetch fail. The cold fetch itself (about 70 MB) runs only with
 * PLINTH_TEST_GO_FETCH=1.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));
const GO_SH = join(REPO, 'scripts/tools/go.sh');
const PINNED = /^version='([0-9.]+)'$/m.exec(readFileSync(GO_SH, 'utf8'))?.[1];

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** This process's PATH without any directory holding a `go`: a machine with no Go installed. */
const HIDDEN_PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => dir !== '' && !isExecutable(join(dir, 'go')))
  .join(delimiter);

const TOOL_VARS = [
  'GO_BIN',
  'MINIO_BIN',
  'ETCD_BIN',
  'HELM_BIN',
  'KUBECONFORM_BIN',
  'KUBE_BIN_DIR',
  'OAPI_CODEGEN_BIN',
  'GOROOT',
];

/** Runs a tool script with `env` on top of this process's; `fetch` lets it reach the Go proxy. */
function run(script: string, env: Record<string, string>, fetch = false) {
  const base: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const v of TOOL_VARS) if (!(v in env)) delete base[v];
  if (!fetch) base.GOPROXY = 'off';
  const r = spawnSync('bash', [join(REPO, 'scripts/tools', script)], {
    env: base,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout.trim(), stderr: r.stderr.trim() };
}

function goVersion(goBin: string): string {
  const r = spawnSync(goBin, ['env', 'GOVERSION'], {
    env: { ...process.env, GOTOOLCHAIN: 'local' },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'plinth-go-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A directory with a fake `go` that reports `version`, for PATH. */
function fakeGo(version: string): string {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'go'), `#!/bin/sh\necho "go version go${version} linux/amd64"\n`, { mode: 0o755 });
  return bin;
}

describe('scripts/tools/go.sh', () => {
  it('pins one Go version, and the hidden PATH really has no go', () => {
    expect(PINNED).toMatch(/^1\.\d+\.\d+$/);
    expect(
      spawnSync('bash', ['-c', 'command -v go'], { env: { ...process.env, PATH: HIDDEN_PATH } }).status,
    ).toBe(1);
  });

  // The toolchain this machine has (on PATH, or fetched by go.sh into the real cache), linked into
  // a temporary cache where go.sh keeps a fetched one: a warm cache without a download.
  const machineGo = run('go.sh', {});
  const machineVersion = machineGo.status === 0 ? goVersion(machineGo.stdout) : '';
  const warmCache = (): string => {
    const cache = tempDir();
    const dir = join(cache, `plinth/tools/go-${PINNED}`);
    mkdirSync(dir, { recursive: true });
    const goroot = spawnSync(machineGo.stdout, ['env', 'GOROOT'], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(goroot, join(dir, 'go'));
    return cache;
  };

  it.skipIf(machineVersion !== `go${PINNED}`)(
    'with no go on PATH, reuses the cached toolchain on every run and fetches nothing',
    () => {
      const cache = warmCache();
      const expected = join(cache, `plinth/tools/go-${PINNED}/go/bin/go`);
      for (let i = 0; i < 2; i++) {
        const r = run('go.sh', { PATH: HIDDEN_PATH, XDG_CACHE_HOME: cache });
        expect(r, r.stderr).toMatchObject({ status: 0, stdout: expected, stderr: '' });
        expect(goVersion(r.stdout)).toBe(`go${PINNED}`);
      }
    },
  );

  it.skipIf(machineGo.status !== 0)(
    'passes over a go on PATH older than the pin, and takes one as new or newer',
    () => {
      const cache = warmCache();
      const cached = join(cache, `plinth/tools/go-${PINNED}/go/bin/go`);
      const older = run('go.sh', {
        PATH: `${fakeGo('1.19.8')}${delimiter}${HIDDEN_PATH}`,
        XDG_CACHE_HOME: cache,
      });
      expect(older).toMatchObject({ status: 0, stdout: cached });
      const [major, minor] = PINNED!.split('.');
      const olderMinor = run('go.sh', {
        PATH: `${fakeGo(`${major}.${Number(minor) - 1}.99`)}${delimiter}${HIDDEN_PATH}`,
        XDG_CACHE_HOME: cache,
      });
      expect(olderMinor).toMatchObject({ status: 0, stdout: cached });
      for (const v of [PINNED!, `${major}.${Number(minor) + 1}.0`]) {
        const bin = fakeGo(v);
        const r = run('go.sh', { PATH: `${bin}${delimiter}${HIDDEN_PATH}`, XDG_CACHE_HOME: cache });
        expect(r, v).toMatchObject({ status: 0, stdout: join(bin, 'go') });
      }
    },
  );

  it('GO_BIN overrides the lookup, and a wrong one is one clear line', () => {
    const bin = join(fakeGo('1.19.8'), 'go');
    expect(run('go.sh', { GO_BIN: bin })).toMatchObject({ status: 0, stdout: bin });
    const r = run('go.sh', { GO_BIN: '/nonexistent/go' });
    expect(r).toMatchObject({ status: 1, stdout: '' });
    expect(r.stderr).toBe('go: GO_BIN=/nonexistent/go is not an executable file');
  });

  it.each(['minio', 'etcd', 'helm', 'kubeconform', 'kube', 'oapi-codegen'])(
    '%s.sh builds with the Go that go.sh gives',
    (tool) => {
      // A cold cache, so the script has to build, and a Go that go.sh refuses: it must stop there.
      const r = run(`${tool}.sh`, { XDG_CACHE_HOME: tempDir(), GO_BIN: '/nonexistent/go' });
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toEqual([
        'go: GO_BIN=/nonexistent/go is not an executable file',
        expect.stringMatching(
          new RegExp(`^${tool}: no Go toolchain to build .* \\(see the line above\\); or set [A-Z_]+ to `),
        ),
      ]);
    },
  );

  it.runIf(process.env.PLINTH_TEST_GO_FETCH === '1')(
    'fetches the pinned toolchain into a cold cache with no go on PATH (PLINTH_TEST_GO_FETCH=1)',
    () => {
      const cache = tempDir();
      const r = run('go.sh', { PATH: HIDDEN_PATH, XDG_CACHE_HOME: cache }, true);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(join(cache, `plinth/tools/go-${PINNED}/go/bin/go`));
      expect(goVersion(r.stdout)).toBe(`go${PINNED}`);
      const again = run('go.sh', { PATH: HIDDEN_PATH, XDG_CACHE_HOME: cache });
      expect(again).toMatchObject({ status: 0, stdout: r.stdout, stderr: '' });
    },
    300_000,
  );
});
