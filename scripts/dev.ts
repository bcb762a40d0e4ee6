/**
 * `npm run dev`: the API with a local object store, for trying buckets on a laptop without Docker.
 *
 * Starts MinIO (the binary `scripts/tools/minio.sh` prints, building it on first use) on a free
 * loopback port, writes a PLINTH_CONFIG with one cluster and the regions `local` (the README's lines)
 * and `eu-central` (config/samples' S3Bucket), and starts the API on the embedded database, all
 * under PLINTH_DEV_DIR (default ./.data-dev, kept across runs).
 * The admin's password, the API's URL and MinIO's root credentials are in PLINTH_DEV_DIR/dev.env
 * (mode 0600), which the README's shell lines source. Ctrl-C (or SIGTERM) stops both.
 *
 * PORT (default 8080) and PLINTH_METRICS_PORT (default: a free port) choose the API's ports.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const devDir = resolve(process.env.PLINTH_DEV_DIR || join(root, '.data-dev'));
const envFile = join(devDir, 'dev.env');

function say(line: string): void {
  process.stderr.write(`plinth-dev: ${line}\n`);
}

/** `port` when it can be bound on the loopback address (0: any free port), else undefined. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      server.close(() => done(bound));
    });
  });
}

async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === undefined) throw new Error('no free loopback port');
  return port;
}

/** KEY=value lines of a previous run (the admin's password must stay what the database holds). */
function readEnvFile(): Record<string, string> {
  if (!existsSync(envFile)) return {};
  const entries = readFileSync(envFile, 'utf8')
    .split('\n')
    .map((line) => /^(?:export )?([A-Z_][A-Z0-9_]*)='([^']*)'$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1]!, m[2]!]);
  return Object.fromEntries(entries);
}

async function waitFor(url: string, child: ChildProcess, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

const minioBin = spawnSync('bash', [join(root, 'scripts/tools/minio.sh')], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (minioBin.status !== 0 || !minioBin.stdout.trim()) {
  say('scripts/tools/minio.sh could not provide MinIO (see above)');
  process.exit(1);
}

mkdirSync(devDir, { recursive: true, mode: 0o700 });
const previous = readEnvFile();
const apiPort = Number(process.env.PORT || 8080);
const metricsPort = Number(process.env.PLINTH_METRICS_PORT || (await freePort()));
// The same MinIO port as last time when it is free, so endpoints handed out before stay right.
const minioPort = (previous.MINIO_PORT && (await tryPort(Number(previous.MINIO_PORT)))) || (await freePort());
const consolePort = await freePort();
const settings = {
  PLINTH_URL: `http://127.0.0.1:${apiPort}`,
  PLINTH_ADMIN_USERNAME: 'admin',
  PLINTH_ADMIN_PASSWORD: previous.PLINTH_ADMIN_PASSWORD ?? randomBytes(12).toString('base64url'),
  MINIO_ROOT_USER: previous.MINIO_ROOT_USER ?? 'plinth-dev',
  MINIO_ROOT_PASSWORD: previous.MINIO_ROOT_PASSWORD ?? randomBytes(18).toString('base64url'),
  MINIO_ENDPOINT: `http://127.0.0.1:${minioPort}`,
  MINIO_PORT: String(minioPort),
};
writeFileSync(
  envFile,
  `# Written by npm run dev; source it: . ${envFile}\n` +
    Object.entries(settings)
      .map(([k, v]) => `${k}='${v}'`)
      .join('\n') +
    '\n',
  { mode: 0o600 },
);
const configFile = join(devDir, 'plinth.yaml');
writeFileSync(
  configFile,
  `# Written by npm run dev: MinIO on a port chosen at each start.
clusters:
  - name: minio-dev
    driver: minio
    endpoint: ${settings.MINIO_ENDPOINT}
    admin_access_key_env: MINIO_ROOT_USER
    admin_secret_key_env: MINIO_ROOT_PASSWORD
regions:
  - name: local
    cluster: minio-dev
  # The region of config/samples/, so the README's operator section works against this API.
  - name: eu-central
    cluster: minio-dev
`,
);

const children: ChildProcess[] = [];
let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 30_000);
  force.unref();
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  void Promise.all(running.map((c) => new Promise((done) => c.once('exit', done)))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const minio = spawn(
  minioBin.stdout.trim(),
  [
    'server',
    join(devDir, 'minio'),
    '--address',
    `127.0.0.1:${minioPort}`,
    '--console-address',
    `127.0.0.1:${consolePort}`,
  ],
  {
    env: {
      ...process.env,
      MINIO_ROOT_USER: settings.MINIO_ROOT_USER,
      MINIO_ROOT_PASSWORD: settings.MINIO_ROOT_PASSWORD,
      MINIO_UPDATE: 'off',
      MINIO_BROWSER: 'off',
    },
    // MinIO's banner would hide the API's lines; its output is in PLINTH_DEV_DIR/minio.log.
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  },
);
children.push(minio);
let minioLog = '';
const keepLog = (d: Buffer) => (minioLog = (minioLog + d.toString()).slice(-20_000));
minio.stdout?.on('data', keepLog);
minio.stderr?.on('data', keepLog);
minio.once('exit', (code, signal) => {
  writeFileSync(join(devDir, 'minio.log'), minioLog);
  if (!stopping) {
    say(`MinIO exited (${code ?? signal}); its output is in ${join(devDir, 'minio.log')}`);
    stopAll(1);
  }
});
try {
  await waitFor(`${settings.MINIO_ENDPOINT}/minio/health/ready`, minio, 'MinIO', 60_000);
} catch (err) {
  say(String((err as Error).message));
  stopAll(1);
  await new Promise(() => {});
}

const api = spawn(process.execPath, ['--expose-gc', join(root, 'api/src/index.ts')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(apiPort),
    PLINTH_METRICS_PORT: String(metricsPort),
    // Always the embedded database (an empty variable counts as unset), whatever the shell has.
    DATABASE_URL: '',
    PLINTH_DATA_DIR: join(devDir, 'data'),
    PLINTH_CONFIG: configFile,
    PLINTH_BOOTSTRAP_ADMIN_PASSWORD: settings.PLINTH_ADMIN_PASSWORD,
    MINIO_ROOT_USER: settings.MINIO_ROOT_USER,
    MINIO_ROOT_PASSWORD: settings.MINIO_ROOT_PASSWORD,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
children.push(api);
api.once('exit', (code) => {
  if (!stopping) stopAll(code ?? 1);
});
try {
  await waitFor(`${settings.PLINTH_URL}/readyz`, api, 'the API', 120_000);
} catch (err) {
  say(String((err as Error).message));
  stopAll(1);
  await new Promise(() => {});
}
say(
  `ready: the API on ${settings.PLINTH_URL}, MinIO on ${settings.MINIO_ENDPOINT} (regions "local" and "eu-central")`,
);
say(`sign in as admin with the password in ${envFile} (. ${envFile}); Ctrl-C stops both`);
