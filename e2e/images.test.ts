import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { TEST_KEYS } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { freePort } from '../api/src/test/postgres-server.ts';
import {
  assembleImage,
  copiesOf,
  envOf,
  execForm,
  finalStage,
  instructions,
  readDockerfile,
  workdirOf,
} from './dockerfile.ts';
import type { Dockerfile } from './dockerfile.ts';
import { eventually } from '../api/src/test/eventually.ts';

/**
 * The images without Docker: each image's file tree is assembled from what its Dockerfile COPYs
 * (production dependencies from its `npm ci --omit=dev` stage, sources filtered by .dockerignore),
 * and the service is started from that tree with the image's CMD, ENV and USER, on this Node 24.
 * A module that only a devDependency or an excluded file provides fails here, as it would in the
 * image. When run as root, the processes run as the image's user over a root-owned tree, so a
 * write anywhere but the declared volume fails as on a read-only root filesystem.
 */

const REPO = fileURLToPath(new URL('../', import.meta.url));
const PKG = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const LOCK = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; dev?: boolean }>;
};

interface Image {
  name: 'api' | 'operator' | 'agent';
  dockerfile: string;
  /** The npm script that runs the same process from a checkout. */
  script: string;
  port: number;
  /** Every port the image exposes (the API's metrics have a listener of their own). */
  expose: string;
  /** The image's WORKDIR, top level. */
  contents: string[];
}

const IMAGES: Image[] = [
  {
    name: 'api',
    dockerfile: 'Dockerfile.api',
    script: 'start',
    port: 8080,
    expose: '8080 9090',
    contents: ['api', 'node_modules', 'package.json'],
  },
  {
    name: 'operator',
    dockerfile: 'Dockerfile.operator',
    script: 'start:operator',
    port: 8081,
    expose: '8081',
    contents: ['clients', 'node_modules', 'operator', 'package.json'],
  },
  {
    name: 'agent',
    dockerfile: 'Dockerfile.agent',
    script: 'start:agent',
    port: 8082,
    expose: '8082',
    contents: ['agent', 'node_modules', 'package.json'],
  },
];

function userOf(df: Dockerfile): { uid: number; gid: number } {
  const user = instructions(finalStage(df), 'USER').at(-1)?.args ?? '';
  const m = /^(\d+):(\d+)$/.exec(user);
  if (!m) throw new Error(`${df.path}: USER "${user}" is not numeric uid:gid`);
  return { uid: Number(m[1]), gid: Number(m[2]) };
}

/** Every file below `dir` (relative paths) with its size and modification time. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const s = statSync(p, { throwIfNoEntry: false });
        out.set(relative(dir, p), s ? `${s.size}:${s.mtimeMs}` : 'link');
      }
    }
  };
  walk(dir);
  return out;
}

interface Proc {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
}

/**
 * Runs the image's CMD (or `command`, as a pod spec may) in `tree`, with the image's ENV and, as
 * root, its USER.
 */
function startImageProcess(
  df: Dockerfile,
  tree: string,
  env: Record<string, string>,
  command = execForm(instructions(finalStage(df), 'CMD').at(-1)!.args),
): Proc {
  const [exe, ...args] = command;
  expect(exe).toBe('node');
  const asImageUser = process.getuid?.() === 0 ? userOf(df) : {};
  let out = '';
  const child = spawn(process.execPath, args, {
    cwd: tree,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...envOf(finalStage(df)), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...asImageUser,
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function exitCode(proc: Proc, timeoutMs: number): Promise<number | null> {
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
  const code = await Promise.race([proc.exited, timer]);
  if (code === 'timeout') {
    proc.child.kill('SIGKILL');
    throw new Error(`the process did not exit within ${timeoutMs} ms:\n${proc.output()}`);
  }
  return code;
}

/** Polls `url` until it answers `status`; returns the body. */
async function waitForStatus(proc: Proc, url: string, status: number, timeoutMs = 60_000): Promise<string> {
  const answer = await eventually(
    `${url} answering ${status}`,
    async (stop) => {
      if (proc.child.exitCode !== null) stop(`exited with ${proc.child.exitCode}:\n${proc.output()}`);
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      return { status: res.status, body: await res.text() };
    },
    { timeoutMs, until: (a) => a.status === status, diagnostics: () => proc.output() },
  );
  return answer.body;
}

describe.each(IMAGES)('$dockerfile', (image) => {
  const df = readDockerfile(join(REPO, image.dockerfile));
  const final = finalStage(df);

  it('is pinned, runs as a numeric non-root user and agrees with its npm script', () => {
    // Every FROM is an earlier stage or the pinned Node image, the same Node the tests run on.
    const lockNode = LOCK.packages['node_modules/node']?.version;
    const names = new Set<string>();
    for (const stage of df.stages) {
      if (!names.has(stage.from)) {
        expect(stage.from).not.toMatch(/latest/);
        const m = /^node:(\d+\.\d+\.\d+)-[a-z]+(?:-slim)?(?:@sha256:[0-9a-f]{64})?$/.exec(stage.from);
        expect(m, `FROM ${stage.from}: a node image pinned to an exact version`).not.toBeNull();
        expect(m![1], 'the base image runs the Node of the `node` devDependency').toBe(lockNode);
        expect(process.version).toBe(`v${lockNode}`);
      }
      if (stage.name) names.add(stage.name);
    }

    // USER: numeric (Kubernetes' runAsNonRoot can only verify a number), not root, before CMD,
    // and the user the chart runs the pods as.
    const keywords = final.instructions.map((i) => i.keyword);
    expect(keywords.lastIndexOf('USER')).toBeGreaterThan(-1);
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.lastIndexOf('CMD'));
    const { uid, gid } = userOf(df);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    const chartValues = join(REPO, 'charts/plinth/values.yaml');
    if (existsSync(chartValues)) {
      const values = parseYaml(readFileSync(chartValues, 'utf8'));
      expect(values[image.name].securityContext).toMatchObject({
        runAsUser: uid,
        readOnlyRootFilesystem: true,
      });
    }

    // Only the dependency stage installs packages, without devDependencies; the final stage
    // installs nothing.
    for (const { args } of instructions(final, 'RUN')) expect(args).not.toMatch(/\b(npm|npx|yarn|pnpm)\b/);
    const installs = df.stages
      .flatMap((s) => instructions(s, 'RUN'))
      .filter((r) => /\bnpm (ci|install|i)\b/.test(r.args));
    expect(installs.length).toBeGreaterThan(0);
    for (const { args } of installs) expect(args).toMatch(/^npm ci --omit=dev\b/);
    expect(
      copiesOf(final)
        .filter((c) => c.from)
        .map((c) => c.sources),
    ).toEqual([['/app/node_modules']]);

    // CMD is the npm script's command line, flags and entry point alike.
    expect(execForm(instructions(final, 'CMD').at(-1)!.args)).toEqual(
      PKG.scripts[image.script]!.split(/\s+/),
    );
    expect(instructions(final, 'ENTRYPOINT')).toEqual([]);

    expect(instructions(final, 'EXPOSE').map((i) => i.args)).toEqual([image.expose]);
    const healthcheck = instructions(final, 'HEALTHCHECK').at(-1)?.args ?? '';
    expect(healthcheck).toContain('/healthz');
  });

  describe('from its production dependency tree', () => {
    let scratch: string;
    let tree: string;

    beforeAll(() => {
      scratch = mkdtempSync(join(tmpdir(), `plinth-image-${image.name}-`));
      chmodSync(scratch, 0o755); // the image's user must reach the tree
      tree = join(scratch, 'app');
      // Module resolution walks up from the tree: no node_modules may be found above it.
      for (let dir = scratch; dir !== dirname(dir); dir = dirname(dir))
        expect(existsSync(join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
      const started = Date.now();
      assembleImage(df, REPO, tree);
      console.info(`${image.dockerfile}: image tree assembled in ${Date.now() - started} ms`);
    }, 600_000);
    afterAll(() => {
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    it('holds the sources and production dependencies only: no test file, no devDependency', () => {
      expect(readdirSync(tree).sort()).toEqual(image.contents);

      const offenders: string[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          const p = join(d, e.name);
          const rel = relative(tree, p);
          if (rel === 'node_modules') continue;
          if (/(^|\/)(test|e2e|bench)$|\.test\.ts$|(^|\/)testing\.ts$/.test(rel)) offenders.push(rel);
          else if (e.isDirectory()) walk(p);
          else if (/from '(vitest|playwright-core)/.test(readFileSync(p, 'utf8'))) offenders.push(rel);
        }
      };
      walk(tree);
      expect(offenders, 'test files in the image').toEqual([]);

      // The lock marks what only development needs; none of it may be installed. (A
      // devDependency that a production package also needs, like @types/node, is not dev there.)
      const devOnly = Object.entries(LOCK.packages)
        .filter(([key, entry]) => key && entry.dev)
        .map(([key]) => key);
      expect(devOnly.length).toBeGreaterThan(0);
      expect(devOnly.filter((key) => existsSync(join(tree, key)))).toEqual([]);
      for (const name of ['node', 'vitest', 'typescript', 'eslint', 'drizzle-kit'])
        expect(existsSync(join(tree, 'node_modules', name)), name).toBe(false);
      for (const name of Object.keys(PKG.devDependencies)) {
        const entry = LOCK.packages[`node_modules/${name}`];
        if (entry?.dev) expect(existsSync(join(tree, 'node_modules', name)), name).toBe(false);
      }
    });

    if (image.name === 'api') {
      it('migrates as the chart init container does, then serves /healthz, /readyz, the OpenAPI document and a login', async () => {
        const before = snapshot(tree);
        // The environment the chart gives both containers: PostgreSQL, the keys, a storage
        // configuration file (its cluster need not answer for the API to start).
        const config = join(scratch, 'plinth.yaml');
        writeFileSync(
          config,
          'clusters:\n' +
            '  - {name: minio, driver: minio, endpoint: "http://127.0.0.1:1", admin_access_key_env: MINIO_ROOT_USER, admin_secret_key_env: MINIO_ROOT_PASSWORD}\n' +
            'regions:\n  - {name: eu-central, cluster: minio}\n',
        );
        chmodSync(config, 0o644);
        const env = {
          DATABASE_URL: await freshDatabaseUrl(),
          ...TEST_KEYS,
          PLINTH_CONFIG: config,
          MINIO_ROOT_USER: 'images-test',
          MINIO_ROOT_PASSWORD: 'images-test-secret',
          PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'images-test-password',
          // Neither exists: nothing may be written there when DATABASE_URL is set.
          PLINTH_DATA_DIR: join(scratch, 'data'),
          HOME: join(scratch, 'home'),
        };
        const migrate = startImageProcess(df, tree, env, ['node', 'api/src/migrate.ts']);
        expect(await exitCode(migrate, 60_000), migrate.output()).toBe(0);
        expect(migrate.output()).toContain('migrations applied');

        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const metricsPort = await freePort();
        const proc = startImageProcess(df, tree, {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PLINTH_METRICS_PORT: String(metricsPort),
          PLINTH_METRICS_HOST: '127.0.0.1',
          PLINTH_MIGRATE_ON_START: 'false',
        });
        try {
          await waitForStatus(proc, `${url}/readyz`, 200);
          expect((await fetch(`${url}/healthz`)).status).toBe(200);
          const schema = await fetch(`${url}/api/v1/schema/`);
          expect(schema.status).toBe(200);
          const doc = (await schema.json()) as { openapi: string; info: { title: string }; paths: object };
          expect(doc.openapi).toMatch(/^3\.1\./);
          expect(doc.info.title).toContain('Plinth API');
          expect(Object.keys(doc.paths)).toContain('/api/v1/organizations/');
          // swagger-ui-dist, a production dependency, served from the tree.
          const bundle = await fetch(`${url}/api/docs/assets/swagger-ui-bundle.js`);
          expect(bundle.status).toBe(200);
          expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
          const login = await fetch(`${url}/api/login/`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'images-test-password' }),
          });
          expect(login.status).toBe(200);
          const regions = await fetch(`${url}/api/v1/s3/regions/`, {
            headers: { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` },
          });
          expect(regions.status).toBe(200);
          expect(JSON.stringify(await regions.json())).toContain('eu-central');
          // Metrics only on their own listener.
          expect((await fetch(`${url}/metrics`)).status).toBe(404);
          const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
          expect(metrics.status).toBe(200);
          expect(await metrics.text()).toContain('plinth_http_requests_total');
        } finally {
          proc.child.kill('SIGTERM');
        }
        expect(await exitCode(proc, 30_000), proc.output()).toBe(0);
        expect(proc.output()).not.toMatch(/"level":"(error|fatal)"/); // no error or fatal log line
        expect(existsSync(join(scratch, 'data')), 'PLINTH_DATA_DIR was created').toBe(false);
        expect(existsSync(join(scratch, 'home')), 'HOME was created').toBe(false);
        expect(snapshot(tree)).toEqual(before);
      });
    }

    if (image.name === 'operator') {
      const baseEnv = (extra: Record<string, string>) => ({ HOME: join(scratch, 'home'), ...extra });

      it('loads every module and stops on a configuration error with exit code 2, naming the variable', async () => {
        // main.ts imports the whole operator statically, so reaching the configuration check means
        // the module graph resolved from production dependencies.
        const missing = startImageProcess(df, tree, baseEnv({}));
        expect(await exitCode(missing, 30_000), missing.output()).toBe(2);
        expect(missing.output()).toContain('PLINTH_API_URL is required');

        const userKey = startImageProcess(
          df,
          tree,
          baseEnv({ PLINTH_API_URL: 'http://127.0.0.1:1', PLINTH_API_TOKEN: 'plu_not-an-organization-key' }),
        );
        expect(await exitCode(userKey, 30_000), userKey.output()).toBe(2);
        expect(userKey.output()).toMatch(/PLINTH_API_TOKEN must be an organization key/);
        expect(userKey.output()).not.toContain('plu_not-an-organization-key');
      });

      it('starts its health server with an unreachable cluster: /healthz 200, /readyz 503', async () => {
        const before = snapshot(tree);
        const kubeconfig = join(scratch, 'kubeconfig');
        const closed = await freePort();
        writeFileSync(
          kubeconfig,
          [
            'apiVersion: v1',
            'kind: Config',
            'clusters:',
            `- {name: closed, cluster: {server: 'https://127.0.0.1:${closed}', insecure-skip-tls-verify: true}}`,
            'users:',
            '- {name: nobody, user: {token: not-a-real-token}}',
            'contexts:',
            '- {name: closed, context: {cluster: closed, user: nobody}}',
            'current-context: closed',
            '',
          ].join('\n'),
        );
        chmodSync(kubeconfig, 0o644);
        const port = await freePort();
        const url = `http://127.0.0.1:${port}`;
        const proc = startImageProcess(
          df,
          tree,
          baseEnv({
            KUBECONFIG: kubeconfig,
            PLINTH_API_URL: 'http://127.0.0.1:1',
            PLINTH_API_TOKEN: 'plo_not-a-real-key',
            PLINTH_OPERATOR_LEADER_ELECT: 'false',
            // Without it the operator first reads kube-system's uid, retrying for 30 s.
            PLINTH_OPERATOR_CLUSTER_ID: 'images-test',
            PLINTH_OPERATOR_PORT: String(port),
            PLINTH_OPERATOR_HOST: '127.0.0.1',
          }),
        );
        try {
          expect(await waitForStatus(proc, `${url}/healthz`, 200)).toBe('ok\n');
          expect(await waitForStatus(proc, `${url}/readyz`, 503)).toContain('caches not synced');
          const metrics = await fetch(`${url}/metrics`);
          expect(metrics.status).toBe(200);
          expect(await metrics.text()).toContain('plinth_operator_');
        } finally {
          proc.child.kill('SIGTERM');
        }
        expect(await exitCode(proc, 30_000), proc.output()).toBe(0);
        expect(proc.output()).not.toContain('not-a-real-key');
        expect(existsSync(join(scratch, 'home')), 'HOME was created').toBe(false);
        expect(snapshot(tree)).toEqual(before);
      });
    }

    if (image.name === 'agent') {
      const asRoot = process.getuid?.() === 0;
      const { uid, gid } = userOf(df);
      /** The image's NODE_COMPILE_CACHE, in the tree that stands for its WORKDIR. */
      const cacheDir = () =>
        join(tree, relative(workdirOf(final), envOf(final).NODE_COMPILE_CACHE ?? '/nowhere'));
      const baseEnv = (extra: Record<string, string>) => ({
        HOME: join(scratch, 'home'),
        NODE_COMPILE_CACHE: cacheDir(),
        ...extra,
      });

      it('fills its compile cache as the build does: with CMD, as the user that reads it, then read-only', async () => {
        // The cache lives in the image, under WORKDIR, and Node keeps one per set of V8 flags and
        // per uid: it must be made by CMD itself, flags alike, under the USER the image runs as.
        const cacheVar = envOf(final).NODE_COMPILE_CACHE!;
        expect(cacheVar.startsWith(`${workdirOf(final)}/`), cacheVar).toBe(true);
        const cmd = execForm(instructions(final, 'CMD').at(-1)!.args);
        const fillAt = final.instructions.findIndex(
          (i) => i.keyword === 'RUN' && i.args.startsWith(`${cmd.join(' ')} `),
        );
        expect(fillAt, 'a RUN of CMD fills the cache').toBeGreaterThan(-1);
        const userAtFill = final.instructions
          .slice(0, fillAt)
          .filter((i) => i.keyword === 'USER')
          .at(-1)?.args;
        expect(userAtFill, 'the user the cache is made as').toBe(`${uid}:${gid}`);
        const made = final.instructions
          .slice(0, fillAt)
          .find((i) => i.keyword === 'RUN' && i.args.includes('"$NODE_COMPILE_CACHE"'))?.args;
        expect(made).toMatch(new RegExp(`chown ${uid}:${gid} "\\$NODE_COMPILE_CACHE"`));
        const sealed = final.instructions
          .slice(fillAt + 1)
          .find((i) => i.keyword === 'RUN' && i.args.includes('"$NODE_COMPILE_CACHE"'))?.args;
        expect(sealed).toMatch(/chown -R 0:0 "\$NODE_COMPILE_CACHE"/);
        expect(sealed).toMatch(/chmod -R a\+rX,go-w "\$NODE_COMPILE_CACHE"/);

        // The same steps on the tree: the directory for the image's user, the agent run without
        // configuration (it loads every module, then stops with exit code 2), then root's.
        mkdirSync(cacheDir());
        if (asRoot) chownSync(cacheDir(), uid, gid);
        const fill = startImageProcess(df, tree, baseEnv({}));
        expect(await exitCode(fill, 30_000), fill.output()).toBe(2);
        expect(fill.output()).toContain('PLINTH_API_URL is required');
        const entries = readdirSync(cacheDir(), { recursive: true, encoding: 'utf8' });
        expect(entries.length, 'files in the compile cache').toBeGreaterThan(10);
        if (asRoot) {
          for (const path of [cacheDir(), ...entries.map((e) => join(cacheDir(), e))]) {
            chownSync(path, 0, 0);
            chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
          }
        }
      });

      it('starts with a token file and no API: modules from the cache, /healthz 200, writes only its buffer', async () => {
        expect(existsSync(cacheDir()), 'the compile cache of the test above').toBe(true);
        const before = snapshot(tree);
        // The buffer's volume is the agent's (the chart's fsGroup); the token a mounted Secret.
        const buffer = join(scratch, 'buffer');
        mkdirSync(buffer);
        if (asRoot) chownSync(buffer, uid, gid);
        const tokenFile = join(scratch, 'token');
        writeFileSync(tokenFile, 'pla_images-test-token\n');
        chmodSync(tokenFile, 0o644);
        const port = await freePort();
        const closed = await freePort();
        const proc = startImageProcess(
          df,
          tree,
          baseEnv({
            PLINTH_API_URL: `http://127.0.0.1:${closed}`,
            PLINTH_AGENT_TOKEN_FILE: tokenFile,
            PLINTH_AGENT_BUFFER_DIR: buffer,
            PLINTH_AGENT_HEALTH_PORT: String(port),
            // Node says where each module came from.
            NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
          }),
        );
        try {
          // 200 while the process answers, whatever the API's state (the chart's probes).
          expect(await waitForStatus(proc, `http://127.0.0.1:${port}/healthz`, 200)).toMatch(/^ok \w+\n$/);
        } finally {
          proc.child.kill('SIGTERM');
        }
        expect(await exitCode(proc, 30_000), proc.output()).toBe(0);
        // Every module of the agent read from the image's cache, none stripped again.
        const output = proc.output();
        expect(output).not.toContain('Cannot create cache directory');
        expect(output).toMatch(
          /retrieving transpile cache for StrippedTypeScript \S+\/agent\/src\/main\.ts\.\.\.success/,
        );
        expect(output).not.toMatch(
          /retrieving transpile cache for \S+ \S+\/agent\/src\/\S+\.ts\.\.\.(?!success)/,
        );
        expect(output).not.toContain('pla_images-test-token');
        expect(output).not.toMatch(/"level":"fatal"/);
        expect(readdirSync(buffer).length, 'the buffer was opened where it was told').toBeGreaterThan(0);
        expect(existsSync(join(scratch, 'home')), 'HOME was created').toBe(false);
        expect(snapshot(tree)).toEqual(before);
      });
    }
  });
});
