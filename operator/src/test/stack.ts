import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify as stringifyYaml } from 'yaml';
import { jsonRequest, nodeFlagsOf, startApiProcess, TEST_KEYS } from '../../../api/src/test/api-process.ts';
import type { ApiProcess } from '../../../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../../../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../../../api/src/test/minio-server.ts';
import type { MinioServer } from '../../../api/src/test/minio-server.ts';
import { freePort, startControlPlane } from './control-plane.ts';
import type { ControlPlane } from './control-plane.ts';
import { eventually } from '../../../api/src/test/eventually.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const OPERATOR_ENTRY = join(REPO_ROOT, 'operator/src/main.ts');
/** The Node flags the operator runs with in production, read from `npm run start:operator`. */
export const OPERATOR_NODE_FLAGS: string[] = nodeFlagsOf('start:operator');
export const OPERATOR_NAMESPACE = 'plinth-system';
/** The user name RBAC gives the operator's ServiceAccount; a client certificate can carry it. */
export const OPERATOR_SA_USER = `system:serviceaccount:${OPERATOR_NAMESPACE}:plinth-operator`;
const ADMIN_PASSWORD = 'operator-stack-admin-password';

/** The operator's least-privilege scopes (docs/operator.md): buckets, nothing else. */
export const OPERATOR_SCOPES = ['buckets:read', 'buckets:write'];

export interface Tenant {
  org: { id: string; slug: string };
  workspace: { id: string; name: string };
  /** The operator's key for this organization: `plo_…`, role `admin`, scopes `OPERATOR_SCOPES`. */
  orgKey: string;
}

/** A running operator process (`node operator/src/main.ts`), its output kept for diagnostics. */
export interface OperatorProcess {
  readonly port: number;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
  /** Parsed `/metrics`: the sum of every series of `name` whose labels include `labels`. */
  metric(name: string, labels?: Record<string, string>): Promise<number>;
  /** Parsed `/metrics`, every series of one scrape (for figures read together). */
  scrape(): Promise<MetricSeries[]>;
  readyz(): Promise<number>;
  waitReady(timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Everything the operator's tests run against, all real: a Kubernetes control plane with the CRD,
 * MinIO, the API (a real process on a real PostgreSQL database) and operator processes that use the
 * RBAC in config/rbac through a client certificate of the operator's ServiceAccount user.
 */
export interface OperatorStack {
  readonly controlPlane: ControlPlane;
  readonly minio: MinioServer;
  api: ApiProcess;
  readonly apiEnv: Record<string, string>;
  /** The API as the bootstrap Super Admin. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** An organization and a workspace; with `{ key: false }` no operator key (`orgKey` is empty). */
  tenant(slug: string, opts?: { key?: boolean }): Promise<Tenant>;
  /** The operator's key for several organizations: a system key (`pls_…`) with `OPERATOR_SCOPES`. */
  operatorSystemKey(): Promise<string>;
  /**
   * Makes the API trust this control plane's ServiceAccount tokens (PLINTH_CONFIG
   * `service_accounts`, as the chart configures it) for `accounts`, and restarts it. The API
   * reads discovery and the JWKS with the cluster CA and a token of its own ServiceAccount
   * (`plinth-api`, in group system:serviceaccounts), as it would in a pod.
   */
  trustServiceAccounts(accounts: readonly Record<string, unknown>[]): Promise<void>;
  /** A TokenRequest token of `namespace/name` (`kubectl create token`). */
  serviceAccountToken(namespace: string, name: string, audience?: string): Promise<string>;
  /** Creates (or updates) a namespace mapped to the tenant's organization and workspace. */
  annotatedNamespace(name: string, tenant: Tenant): Promise<void>;
  /** The kubeconfig of the operator's ServiceAccount user (only config/rbac's permissions). */
  readonly operatorKubeconfig: string;
  startOperator(env: Record<string, string>): Promise<OperatorProcess>;
  kubectl(args: string[], input?: string): Promise<string>;
  /** kubectl that may fail: `{code, stdout, stderr}`. */
  kubectlRaw(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }>;
  restartApi(): Promise<void>;
  /** Diagnostics for a failed assertion: operator output, events, API and control-plane logs. */
  diagnostics(): Promise<string>;
  stop(): Promise<void>;
}

export interface OperatorStackOptions {
  /** A database for the API; default a fresh one on the test run's PostgreSQL server. */
  databaseUrl?: string;
  apiLogLevel?: string;
  /** More of the API's environment (e.g. its storage admission limits). */
  apiEnv?: Record<string, string>;
}

export async function startOperatorStack(opts: OperatorStackOptions = {}): Promise<OperatorStack> {
  const [controlPlane, minio] = await Promise.all([
    startControlPlane({ crds: true, resourceQuota: true }),
    startMinioServer(),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'plinth-operator-stack-'));
  const operators: OperatorProcess[] = [];
  try {
    writeStorageConfig(dir, minio, {
      userEnv: 'TEST_MINIO_USER',
      passwordEnv: 'TEST_MINIO_PASSWORD',
      publicEndpoint: minio.endpoint,
    });
    const apiEnv = {
      DATABASE_URL: opts.databaseUrl ?? (await freshDatabaseUrl()),
      LOG_LEVEL: opts.apiLogLevel ?? 'info',
      ...TEST_KEYS,
      PLINTH_CONFIG: join(dir, 'plinth.yaml'),
      TEST_MINIO_USER: minio.accessKey,
      TEST_MINIO_PASSWORD: minio.secretKey,
      PLINTH_BOOTSTRAP_ADMIN_USERNAME: 'admin',
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PLINTH_USAGE_INTERVAL_SECONDS: '10',
      ...opts.apiEnv,
    };
    let api = await startApiProcess(apiEnv);
    await api.waitReady();
    const apiPort = String(api.port);

    const raw = (method: string, path: string, body?: unknown, token?: string) =>
      jsonRequest(api.url, method, path, { token, body });
    const login = await raw('POST', '/api/login/', { username: 'admin', password: ADMIN_PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const adminToken = login.body.token as string;
    const call = (method: string, path: string, body?: unknown, token = adminToken) =>
      raw(method, path, body, token);
    const expectOk = async (method: string, path: string, body?: unknown) => {
      const res = await call(method, path, body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };

    const kubectlRaw = async (args: string[], input?: string) => controlPlane.kubectl(args, { input });
    const kubectl = async (args: string[], input?: string) => {
      const r = await kubectlRaw(args, input);
      if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
      return r.stdout;
    };
    await kubectl(['create', 'namespace', OPERATOR_NAMESPACE]);
    await kubectl(['apply', '-k', join(REPO_ROOT, 'config/rbac')]);
    const operatorKubeconfig = await controlPlane.clientCertKubeconfig(OPERATOR_SA_USER, [
      'system:serviceaccounts',
      `system:serviceaccounts:${OPERATOR_NAMESPACE}`,
    ]);

    const stack: OperatorStack = {
      controlPlane,
      minio,
      get api() {
        return api;
      },
      set api(p) {
        api = p;
      },
      apiEnv,
      call,
      operatorKubeconfig,
      async tenant(slug, opts = {}) {
        const org = await expectOk('POST', '/api/v1/organizations/', { slug, name: `Org ${slug}` });
        const workspace = await expectOk('POST', '/api/v1/workspaces/', {
          organization: org.id,
          name: `${slug}-ws`,
        });
        if (opts.key === false) return { org, workspace, orgKey: '' };
        const key = await expectOk('POST', `/api/v1/organizations/${org.id}/api-keys/`, {
          name: `operator-${slug}`,
          role: 'admin',
          scopes: OPERATOR_SCOPES,
        });
        return { org, workspace, orgKey: key.token as string };
      },
      async operatorSystemKey() {
        const key = await expectOk('POST', '/api/v1/system-api-keys/', {
          name: 'operator',
          scopes: OPERATOR_SCOPES,
        });
        return key.token as string;
      },
      async trustServiceAccounts(accounts) {
        await kubectl(['apply', '-f', '-'], serviceAccountManifest(OPERATOR_NAMESPACE, 'plinth-api'));
        const tokenFile = join(dir, 'api-sa-token');
        writeFileSync(tokenFile, await stack.serviceAccountToken(OPERATOR_NAMESPACE, 'plinth-api'));
        const configFile = apiEnv.PLINTH_CONFIG;
        const base = readFileSync(configFile, 'utf8').replace(/\nservice_accounts:[\s\S]*$/, '\n');
        const section = {
          service_accounts: {
            issuers: [
              {
                url: controlPlane.server,
                ca_file: controlPlane.caFile,
                token_file: tokenFile,
                audience: 'plinth',
              },
            ],
            accounts,
          },
        };
        writeFileSync(configFile, `${base}\n${stringifyYaml(section)}`);
        await stack.restartApi();
      },
      async serviceAccountToken(namespace, name, audience) {
        const args = ['create', 'token', name, '-n', namespace, '--duration=1h'];
        if (audience !== undefined) args.push(`--audience=${audience}`);
        return (await kubectl(args)).trim();
      },
      async annotatedNamespace(name, t) {
        await kubectl(
          ['apply', '-f', '-'],
          JSON.stringify({
            apiVersion: 'v1',
            kind: 'Namespace',
            metadata: {
              name,
              annotations: { 'plinth.dev/organization': t.org.id, 'plinth.dev/workspace': t.workspace.id },
            },
          }),
        );
      },
      async startOperator(env) {
        const p = await startOperatorProcess({
          KUBECONFIG: operatorKubeconfig,
          PLINTH_API_URL: api.url,
          POD_NAMESPACE: OPERATOR_NAMESPACE,
          PLINTH_OPERATOR_BACKOFF_BASE_MS: '200',
          PLINTH_OPERATOR_BACKOFF_MAX_SECONDS: '5',
          PLINTH_OPERATOR_LEASE_DURATION_SECONDS: '4',
          PLINTH_OPERATOR_RENEW_DEADLINE_SECONDS: '3',
          PLINTH_OPERATOR_RETRY_PERIOD_SECONDS: '1',
          ...env,
        });
        operators.push(p);
        return p;
      },
      kubectl,
      kubectlRaw,
      async restartApi() {
        if (api.child.exitCode === null) await api.stop();
        api = await startApiProcess({ ...apiEnv, PORT: apiPort });
        await api.waitReady();
      },
      async diagnostics() {
        const events = await kubectlRaw(['get', 'events', '-A', '--sort-by=.lastTimestamp']);
        const buckets = await kubectlRaw(['get', 's3buckets', '-A', '-o', 'yaml']);
        return [
          ...operators.map((o, i) => `--- operator ${i} (port ${o.port}) ---\n${o.output().slice(-6000)}`),
          `--- events ---\n${events.stdout}${events.stderr}`,
          `--- s3buckets ---\n${buckets.stdout.slice(-6000)}`,
          `--- api ---\n${api.output().slice(-3000)}`,
        ].join('\n');
      },
      async stop() {
        await Promise.all(operators.map((o) => o.stop('SIGKILL')));
        await api.stop('SIGKILL').catch(() => undefined);
        await Promise.all([controlPlane.stop(), minio.stop()]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return stack;
  } catch (err) {
    await Promise.all(operators.map((o) => o.stop('SIGKILL')));
    await Promise.all([controlPlane.stop(), minio.stop()]);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export function serviceAccountManifest(namespace: string, name: string): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
}

export async function startOperatorProcess(
  env: Record<string, string>,
  opts: { cwd?: string; entry?: string } = {},
): Promise<OperatorProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [...OPERATOR_NODE_FLAGS, opts.entry ?? OPERATOR_ENTRY], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'debug',
      PLINTH_OPERATOR_HOST: '127.0.0.1',
      ...env,
      PLINTH_OPERATOR_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-2_000_000)));
  child.stderr.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-2_000_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const self: OperatorProcess = {
    port,
    child,
    exited,
    output: () => out,
    async metric(name, labels = {}) {
      return sumOf(await self.scrape(), name, labels);
    },
    async scrape() {
      return parseMetrics(await (await fetch(`${base}/metrics`)).text());
    },
    async readyz() {
      try {
        return (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).status;
      } catch {
        return 0;
      }
    },
    async waitReady(timeoutMs = 60_000) {
      await eventually(
        'the operator ready',
        async (stop) => {
          if (child.exitCode !== null) stop(`it exited with ${child.exitCode}:\n${out.slice(-4000)}`);
          return (await self.readyz()) === 200;
        },
        { timeoutMs, diagnostics: () => out.slice(-4000) },
      );
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
  return self;
}

/** One series of a Prometheus text exposition. */
export interface MetricSeries {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The series of a `/metrics` answer. */
export function parseMetrics(text: string): MetricSeries[] {
  const series: MetricSeries[] = [];
  for (const line of text.split('\n')) {
    // Label values may hold braces (`GET /api/v1/s3/buckets/{id}/`): quoted strings are skipped whole.
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{((?:[^"}]|"(?:[^"\\]|\\.)*")*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels = Object.fromEntries(
      [...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]),
    );
    series.push({ name: m[1]!, labels, value: Number(m[4]) });
  }
  return series;
}

/** The sum of every series of `name` whose labels include `labels`. */
export function sumOf(
  series: readonly MetricSeries[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return series
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
