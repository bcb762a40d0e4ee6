import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../api/src/test/minio-server.ts';
import type { MinioServer } from '../api/src/test/minio-server.ts';
import { runToolScript } from '../operator/src/test/control-plane.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const CONFIG = join(REPO, 'e2e/fuzz/schemathesis.toml');
const BOOTSTRAP_PASSWORD = 'fuzz-bootstrap-password';

/**
 * The run's size. A fixed seed sends the same requests every time, so a failure reproduces and a
 * green run stays green until the API or its document changes. PLINTH_FUZZ_SEED and
 * PLINTH_FUZZ_MAX_EXAMPLES change them for a deeper run by hand (docs/development.md).
 */
const SEED = Number(process.env.PLINTH_FUZZ_SEED ?? 20261123);
const MAX_EXAMPLES = Number(process.env.PLINTH_FUZZ_MAX_EXAMPLES ?? 50);
/**
 * Each Schemathesis run is stopped (and the test fails) past this: a guard against a hung run, not
 * a speed target. A run's time is mostly Schemathesis's own data generation, so it follows the
 * host's speed: 220 s on a slow day here, where 200 s once left room.
 */
const RUN_BUDGET_MS = Number(process.env.PLINTH_FUZZ_RUN_BUDGET_MS ?? 420_000);

interface Principal {
  /** Who the run acts as, for messages. */
  readonly label: string;
  readonly token: string;
}

interface Failure {
  /** `GET /api/v1/workspaces/`, or `Stateful tests`. */
  operation: string;
  /** What Schemathesis says: the failed checks, the status and body, the curl to reproduce it. */
  text: string;
}

/**
 * Property-based fuzzing of the live OpenAPI document with Schemathesis, as a Super Admin and as
 * an ordinary workspace User: every phase (examples, coverage, fuzzing, stateful sequences that
 * feed one response's IDs into the next request) and every check (no 5xx, every status and body
 * as documented, invalid input refused, valid input accepted, auth not ignored, deleted objects
 * gone). Each run gets its own API process on a fresh PostgreSQL database with a real MinIO behind
 * it, so bucket operations do real work and one run's damage (deleted fixtures, renamed users)
 * cannot hide anything from the other.
 */
describe('the live OpenAPI document under Schemathesis', () => {
  let schemathesis: string;
  let minio: MinioServer;
  let work: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    schemathesis = await runToolScript('schemathesis.sh');
    minio = await startMinioServer();
    work = mkdtempSync(join(tmpdir(), 'plinth-fuzz-'));
  }, 600_000);
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    await minio?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The API as a process on a fresh database, storage on the shared MinIO. */
  async function startApi(): Promise<ApiProcess> {
    const api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: BOOTSTRAP_PASSWORD,
      PLINTH_CONFIG: writeStorageConfig(mkdtempSync(join(work, 'config-')), minio, {
        userEnv: 'FUZZ_MINIO_USER',
        passwordEnv: 'FUZZ_MINIO_PASSWORD',
      }),
      FUZZ_MINIO_USER: minio.accessKey,
      FUZZ_MINIO_PASSWORD: minio.secretKey,
      // Every fuzzed request is logged at info; warnings and errors are what a failure needs.
      LOG_LEVEL: 'warn',
    });
    running.push(api);
    await api.waitReady();
    return api;
  }

  /** One request that must succeed; its body. */
  async function call(api: ApiProcess, method: string, path: string, token?: string, body?: unknown) {
    const res = await jsonRequest(api.url, method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /**
   * Through the API, as its users would: an organization with a workspace, a Super Admin and an
   * ordinary member (role User in both), each signed in with a login token, and a bucket on MinIO
   * holding one object (so a fuzzed DELETE is refused with 409 and the bucket stays to be tested).
   */
  async function setUp(api: ApiProcess) {
    const root = (
      await call(api, 'POST', '/api/login/', undefined, { username: 'admin', password: BOOTSTRAP_PASSWORD })
    ).token as string;
    const org = await call(api, 'POST', '/api/v1/organizations/', root, { slug: 'fuzz', name: 'Fuzz' });
    const workspace = await call(api, 'POST', '/api/v1/workspaces/', root, {
      organization: org.id,
      name: 'fuzz',
    });
    const user = async (username: string, superuser: boolean) => {
      const password = `${username}-password`;
      const created = await call(api, 'POST', '/api/v1/users/', root, {
        username,
        password,
        full_name: username,
        is_superuser: superuser,
      });
      const login = await call(api, 'POST', '/api/login/', undefined, { username, password });
      return { id: created.id as string, token: login.token as string };
    };
    const admin = await user('fuzz-admin', true);
    const member = await user('fuzz-user', false);
    for (const base of [`/api/v1/organizations/${org.id}`, `/api/v1/workspaces/${workspace.id}`])
      await call(api, 'POST', `${base}/members/`, root, { username: 'fuzz-user', role: 'user' });
    const bucket = await call(api, 'POST', '/api/v1/s3/buckets/', root, {
      name: `fuzz-${Date.now().toString(36)}`,
      region: 'eu-central',
      organization: org.id,
      workspace: workspace.id,
    });
    const upload = await call(api, 'POST', `/api/v1/s3/buckets/${bucket.id}/objects/upload-url/`, root, {
      key: 'keep.txt',
    });
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: 'keep' });
    expect(put.status, await put.text()).toBe(200);
    return {
      admin: { label: 'a Super Admin', token: admin.token },
      user: { label: 'a workspace User', token: member.token },
      ids: {
        organization: org.id as string,
        workspace: workspace.id as string,
        bucket: bucket.id as string,
        user: member.id,
        username: 'fuzz-user',
      },
    };
  }

  /**
   * The run's configuration: e2e/fuzz/schemathesis.toml, plus the IDs of the objects set up for
   * this run, offered to the generator half the time (the other half stays random), so requests
   * reach real organizations, workspaces, members and a real bucket rather than only 404s.
   */
  function runConfig(
    ids: Record<'organization' | 'workspace' | 'bucket' | 'user' | 'username', string>,
  ): string {
    const dictionary = (name: string, value: string) => `${name} = { values = [${JSON.stringify(value)}] }`;
    const bind = (pathRegex: string, bindings: Record<string, string>) =>
      [
        '[[operations]]',
        `include-path-regex = '${pathRegex}'`,
        `parameters = { ${Object.entries(bindings)
          .map(([key, dict]) => `"${key}" = { dictionary = "${dict}", probability = 0.5 }`)
          .join(', ')} }`,
      ].join('\n');
    return [
      readFileSync(CONFIG, 'utf8'),
      '# Added by e2e/fuzz.test.ts for this run: the objects it set up.',
      '[dictionaries]',
      dictionary('organization', ids.organization),
      dictionary('workspace', ids.workspace),
      dictionary('bucket', ids.bucket),
      dictionary('user', ids.user),
      dictionary('username', ids.username),
      dictionary('region', 'eu-central'),
      '',
      bind('^/api/v1/organizations/\\{id\\}/', { 'path.id': 'organization' }),
      bind('^/api/v1/workspaces/\\{id\\}/', { 'path.id': 'workspace' }),
      bind('^/api/v1/s3/buckets/\\{id\\}/', { 'path.id': 'bucket' }),
      bind('/members/\\{user_id\\}/$', { 'path.user_id': 'user' }),
      bind('/members/$', { 'body.username': 'username' }),
      bind('^/api/v1/workspaces/$', { 'body.organization': 'organization' }),
      bind('^/api/v1/(action-runs|events)/$', { 'query.workspace': 'workspace' }),
      bind('^/api/v1/action-runs/$', { 'body.workspace': 'workspace' }),
      bind('^/api/v1/s3/buckets/$', {
        'body.organization': 'organization',
        'body.workspace': 'workspace',
        'body.region': 'region',
      }),
      '',
    ].join('\n');
  }

  /** Runs Schemathesis against `api` as `who`; resolves with its failures and its output. */
  async function fuzz(api: ApiProcess, who: Principal, config: string, name: string) {
    // Kept after the run (the checkout's .tmp/ is ignored by git), so a failure can be read whole.
    const dir = join(REPO, '.tmp/fuzz', name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const junit = join(dir, 'junit.xml');
    const configFile = join(dir, 'schemathesis.toml');
    writeFileSync(configFile, config);
    const args = [
      '--config-file',
      configFile,
      'run',
      `${api.url}/api/v1/schema/`,
      '--checks',
      'all',
      '--phases',
      'examples,coverage,fuzzing,stateful',
      '--seed',
      String(SEED),
      '--max-examples',
      String(MAX_EXAMPLES),
      // One worker: requests go out in the same order every run, so the stateful phase meets the
      // same server state and a failure reproduces with the seed alone.
      '--workers',
      '1',
      // Past an operation's first failure, so one run lists all it can find.
      '--continue-on-failure',
      '--request-timeout',
      '20',
      '--report',
      'junit',
      '--report-junit-path',
      junit,
      '--no-color',
    ];
    const child = spawn(schemathesis, args, {
      // Its scratch files (.hypothesis) go to the run's own directory, not the checkout.
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        PLINTH_FUZZ_TOKEN: who.token,
        // A wide virtual terminal, so reproduction commands are not wrapped.
        COLUMNS: '400',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      child.kill('SIGKILL');
    }, RUN_BUDGET_MS);
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    clearTimeout(timer);
    writeFileSync(join(dir, 'output.txt'), output);
    const command = `${schemathesis} ${args.map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ')}`;
    return {
      code,
      output,
      overBudget,
      dir,
      seconds: (Date.now() - started) / 1000,
      command,
      failures: readJunit(junit),
    };
  }

  it.for(['admin', 'user'] as const)(
    'finds no server error, undocumented status or schema violation as %s',
    { timeout: RUN_BUDGET_MS + 60_000 },
    async (role) => {
      const api = await startApi();
      const setup = await setUp(api);
      const who = setup[role];
      const run = await fuzz(api, who, runConfig(setup.ids), role);

      const summary = /^=+ (.* in [\d.]+s) =+$/m.exec(run.output)?.[1] ?? '(no summary line)';
      const report = [
        `Schemathesis as ${who.label} (seed ${SEED}, ${MAX_EXAMPLES} examples per operation, ${run.seconds.toFixed(0)} s): ${summary}`,
        `command: ${run.command}`,
        `reports: ${run.dir} (output.txt, junit.xml, schemathesis.toml)`,
        'Each reproduction below needs a token in place of [Filtered] and the port of a running API.',
        ...run.failures.map((f, i) => `\n#${i + 1} ${f.operation}\n${f.text}`),
      ].join('\n');
      expect(
        run.overBudget,
        `the run took longer than ${RUN_BUDGET_MS} ms and was stopped\n${run.output.slice(-6000)}`,
      ).toBe(false);
      expect(run.failures.length, report).toBe(0);
      // Exit 0 also means no errors of the run itself (schema not loadable, a hook failed, …).
      expect(run.code, `${report}\n${run.output.slice(-6000)}`).toBe(0);
      // The principal was still itself at the end, so the run tested the API rather than 401s.
      const me = await jsonRequest(api.url, 'GET', '/api/v1/users/me/', { token: who.token });
      expect(me.status, `${who.label} lost access during the run: ${JSON.stringify(me.body)}`).toBe(200);
      expect(api.output()).not.toMatch(/"level":"(error|fatal)"/);
      await api.stop();
    },
  );
});

/** The failures in Schemathesis's JUnit report: one per failing operation (or stateful sequence). */
function readJunit(path: string): Failure[] {
  let xml: string;
  try {
    xml = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const failures: Failure[] = [];
  const testcase = /<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const [, name, body] of xml.matchAll(testcase)) {
    for (const [, text] of (body ?? '').matchAll(
      /<(?:failure|error)\b[^>]*>([\s\S]*?)<\/(?:failure|error)>/g,
    ))
      failures.push({ operation: unescapeXml(name!), text: unescapeXml(text!).trim() });
  }
  return failures;
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[e]) return named[e];
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}
