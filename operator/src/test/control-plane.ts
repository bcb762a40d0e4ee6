import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../api/src/test/postgres-server.ts';
import { KubeConfig } from '@kubernetes/client-node';
import { createPki, issueCertificate } from './pki.ts';
import type { CertPair, Pki } from './pki.ts';
import { controlPlaneTools, TOOL_LOOKUP_TIMEOUT_MS } from './tools.ts';

/**
 * A throwaway Kubernetes control plane for tests, envtest style: etcd, kube-apiserver and
 * kube-controller-manager (only the garbage-collector and namespace controllers, so owner references
 * and namespace deletion behave as in a cluster) as local processes on free loopback ports, with a
 * fresh PKI in a temp directory. No kubelet: pods never run. The recipe and the tool scripts are
 * described in docs/kubernetes-harness.md.
 */
export interface ControlPlane {
  /** An admin kubeconfig (client certificate in `system:masters`), self-contained. */
  readonly kubeconfigPath: string;
  /** `https://127.0.0.1:<port>`, also the service-account issuer (`iss` of its tokens). */
  readonly server: string;
  /** The PEM file of the CA that signed the kube-apiserver's serving certificate. */
  readonly caFile: string;
  /** The private key (PEM) kube-apiserver signs ServiceAccount tokens with, to forge test tokens. */
  readonly serviceAccountSigningKeyFile: string;
  /** How long `startControlPlane` took, tool lookup included. */
  readonly startupMs: number;
  /** A fresh client-node config for the admin user. */
  kubeConfig(): KubeConfig;
  /** Runs kubectl as admin (or as the user of `opts.kubeconfig`); never throws on a non-zero exit. */
  kubectl(args: string[], opts?: KubectlOptions): Promise<KubectlResult>;
  /**
   * A kubeconfig path for a client-certificate user (CN = `user`, O = each group) with only the
   * permissions RBAC gives it, to run a component the way its ServiceAccount would.
   */
  clientCertKubeconfig(user: string, groups?: string[]): Promise<string>;
  /** Applies every YAML file in `crds/` and waits until each CRD is Established. */
  applyCrds(): Promise<void>;
  /** The recent logs of etcd, kube-apiserver and kube-controller-manager, for failure messages. */
  output(): string;
  /** Stops kube-controller-manager, kube-apiserver, then etcd, and deletes the temp directory. */
  stop(): Promise<void>;
}

export interface ControlPlaneOptions {
  /** Start kube-controller-manager. Default true. */
  controllerManager?: boolean;
  /**
   * Apply `crds/` before the controller-manager starts. Its garbage collector rediscovers resource
   * types only every 30 s, so CRDs applied later are not garbage-collected for up to 30 s.
   */
  crds?: boolean;
  /**
   * Also run the resource quota controller, which counts each ResourceQuota's usage: quota
   * admission refuses the quota's resources until the first count is in its status.
   */
  resourceQuota?: boolean;
  /** Deadline for each component to become ready. Default 60 s. */
  readyTimeoutMs?: number;
}

export interface KubectlOptions {
  /** Written to kubectl's stdin (for `-f -`). */
  input?: string;
  /** Another kubeconfig, e.g. from `clientCertKubeconfig`. */
  kubeconfig?: string;
  /** Default 60 s; a kubectl that hangs longer rejects with its output so far. */
  timeoutMs?: number;
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CRD_DIR = join(REPO_ROOT, 'crds');

/**
 * A `beforeAll` timeout that covers a cold build of the tools. With the tools in the cache a start
 * takes seconds, and each component has its own 60 s readiness deadline, so nothing waits this long
 * unless it is building.
 */
export const CONTROL_PLANE_START_TIMEOUT_MS = TOOL_LOOKUP_TIMEOUT_MS + 5 * 60_000;
/** Kept per component: enough for the cause of a failure, bounded for a long suite. */
const LOG_LIMIT = 64_000;
const OUTPUT_TAIL = 6_000;
const GC_AND_NAMESPACE_CONTROLLERS = 'garbage-collector-controller,namespace-controller';

/**
 * `setpriv --pdeathsig KILL` makes the kernel kill a component when the test process dies, however
 * it dies (the `exit` handler below does not run on SIGKILL or an uncaught signal).
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

export { freePort };
export { controlPlaneTools, runToolScript } from './tools.ts';
export type { ControlPlaneTools } from './tools.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One component process with the tail of its output. */
class Component {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  #log = '';

  constructor(name: string, bin: string, args: string[]) {
    this.name = name;
    const [cmd, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', bin, ...args]] : [bin, args];
    this.child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (d: Buffer) => {
      this.#log += d.toString();
      if (this.#log.length > LOG_LIMIT * 2) this.#log = this.#log.slice(-LOG_LIMIT);
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.child.on('error', (err) => (this.#log += `\n${String(err)}\n`));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      // spawn failed (ENOENT): there will be no exit event
      this.child.once('error', () => resolve());
    });
  }

  running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
  }

  status(): string {
    if (this.child.pid === undefined) return 'failed to start';
    if (this.running()) return `running, pid ${this.child.pid}`;
    return `exited with ${this.child.exitCode ?? this.child.signalCode}`;
  }

  log(limit = OUTPUT_TAIL): string {
    return this.#log.slice(-limit);
  }

  /** Throws with the log tail if the process is gone. */
  assertRunning(): void {
    if (!this.running()) throw new Error(`${this.name} ${this.status()}:\n${this.log()}`);
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    if (!this.running()) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Polls `probe` until it returns true; fails early, with the log, when the component exits. */
async function waitFor(
  component: Component,
  what: string,
  timeoutMs: number,
  probe: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    component.assertRunning();
    try {
      if (await probe()) return;
    } catch (err) {
      last = String(err);
    }
    component.assertRunning();
    if (Date.now() > deadline) {
      throw new Error(
        `${component.name}: ${what} not within ${timeoutMs} ms (last error: ${last || 'none'}):\n${component.log()}`,
      );
    }
    await sleep(100);
  }
}

/** Starts a component on fresh free ports, again if another process took a port in between. */
async function startOnFreePorts<T>(portCount: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ports: number[] = [];
    for (let i = 0; i < portCount; i++) ports.push(await freePort());
    try {
      return await start(ports);
    } catch (err) {
      if (attempt >= 3 || !/address already in use/i.test(String(err))) throw err;
    }
  }
}

function httpsGet(
  url: string,
  tls: { ca: string; cert: string; key: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ...tls, agent: false, timeout: 2_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function kubeconfigText(server: string, caPem: string, user: string, pair: CertPair): string {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  // JSON is YAML: kubectl and client-node both read it.
  return JSON.stringify(
    {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'plinth-test', cluster: { server, 'certificate-authority-data': b64(caPem) } }],
      users: [
        {
          name: user,
          user: { 'client-certificate-data': b64(pair.certPem), 'client-key-data': b64(pair.keyPem) },
        },
      ],
      contexts: [{ name: 'plinth-test', context: { cluster: 'plinth-test', user } }],
      'current-context': 'plinth-test',
    },
    null,
    2,
  );
}

function runKubectl(
  bin: string,
  kubeconfig: string,
  cacheDir: string,
  args: string[],
  opts: KubectlOptions,
): Promise<KubectlResult> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    // Its own discovery cache: ~/.kube/cache is shared with whatever else runs on the machine.
    const child = spawn(bin, [`--kubeconfig=${kubeconfig}`, `--cache-dir=${cacheDir}`, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, KUBECONFIG: kubeconfig },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kubectl ${args.join(' ')} hung for ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
    child.stdin.on('error', () => {}); // kubectl may exit before reading its input
    child.stdin.end(opts.input ?? '');
  });
}

/** Starts a control plane; always `stop()` it (an `exit` handler and the kernel cover crashes). */
export async function startControlPlane(opts: ControlPlaneOptions = {}): Promise<ControlPlane> {
  const startedAt = Date.now();
  const readyTimeoutMs = opts.readyTimeoutMs ?? 60_000;
  const tools = await controlPlaneTools();
  const dir = mkdtempSync(join(tmpdir(), 'plinth-kube-'));
  const components: Component[] = [];
  const killOnExit = () => {
    for (const c of components) c.child.kill('SIGKILL');
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // best effort while exiting: etcd may still be writing
    }
  };
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      // Reverse order: an apiserver without etcd takes a minute to shut down.
      const graceMs: Record<string, number> = { 'kube-controller-manager': 5_000, 'kube-apiserver': 20_000 };
      for (const c of [...components].reverse()) await c.stop(graceMs[c.name] ?? 10_000);
      process.off('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    })();
    return stopping;
  };
  const output = () =>
    components.map((c) => `----- ${c.name} (${c.status()}) -----\n${c.log()}`).join('\n') ||
    '(nothing started)';

  try {
    await mkdir(join(dir, 'pki'));
    const pki: Pki = await createPki(join(dir, 'pki'));
    const [serving, admin] = await Promise.all([
      issueCertificate(pki, {
        name: 'apiserver',
        commonName: 'kube-apiserver',
        usage: 'server',
        altNames: ['IP:127.0.0.1', 'DNS:localhost', 'IP:10.0.0.1', 'DNS:kubernetes.default.svc'],
      }),
      issueCertificate(pki, {
        name: 'admin',
        commonName: 'admin',
        organizations: ['system:masters'],
        usage: 'client',
      }),
    ]);
    const caPem = readFileSync(pki.caCert, 'utf8');
    const tls = { ca: caPem, cert: admin.certPem, key: admin.keyPem };

    const etcdUrl = await startOnFreePorts(2, async ([clientPort, peerPort]) => {
      const client = `http://127.0.0.1:${clientPort}`;
      const peer = `http://127.0.0.1:${peerPort}`;
      const c = new Component('etcd', tools.etcd, [
        '--name=default',
        `--data-dir=${join(dir, 'etcd')}`,
        '--unsafe-no-fsync',
        '--log-level=warn',
        `--listen-client-urls=${client}`,
        `--advertise-client-urls=${client}`,
        `--listen-peer-urls=${peer}`,
        `--initial-advertise-peer-urls=${peer}`,
        `--initial-cluster=default=${peer}`,
      ]);
      components.push(c);
      try {
        await waitFor(c, 'GET /health', readyTimeoutMs, async () => {
          const res = await fetch(`${client}/health`, { signal: AbortSignal.timeout(2_000) });
          return res.ok && ((await res.json()) as { health?: string }).health === 'true';
        });
      } catch (err) {
        await c.stop(1_000);
        components.splice(components.indexOf(c), 1);
        throw err;
      }
      return client;
    });

    const { server, apiserver } = await startOnFreePorts(1, async ([port]) => {
      const server = `https://127.0.0.1:${port}`;
      const c = new Component('kube-apiserver', tools.kubeApiserver, [
        `--etcd-servers=${etcdUrl}`,
        `--cert-dir=${pki.dir}`,
        `--tls-cert-file=${serving.certPath}`,
        `--tls-private-key-file=${serving.keyPath}`,
        `--client-ca-file=${pki.caCert}`,
        `--secure-port=${port}`,
        '--bind-address=127.0.0.1',
        '--advertise-address=127.0.0.1',
        '--authorization-mode=RBAC',
        '--service-cluster-ip-range=10.0.0.0/24',
        '--allow-privileged=true',
        '--disable-admission-plugins=ServiceAccount',
        `--service-account-issuer=${server}`,
        `--service-account-key-file=${pki.serviceAccountPub}`,
        `--service-account-signing-key-file=${pki.serviceAccountKey}`,
      ]);
      components.push(c);
      try {
        await waitFor(c, 'GET /readyz', readyTimeoutMs, async () => {
          const res = await httpsGet(`${server}/readyz`, tls);
          return res.status === 200;
        });
      } catch (err) {
        await c.stop(1_000);
        components.splice(components.indexOf(c), 1);
        throw err;
      }
      return { server, apiserver: c };
    });

    const kubeconfigPath = join(dir, 'admin.kubeconfig');
    await writeFile(kubeconfigPath, kubeconfigText(server, caPem, 'admin', admin));
    const kubectlCache = join(dir, 'kubectl-cache');
    const kubectl = (args: string[], o: KubectlOptions = {}) =>
      runKubectl(tools.kubectl, o.kubeconfig ?? kubeconfigPath, kubectlCache, args, o);

    // Ready also means what every test assumes: the `default` namespace exists.
    await waitFor(apiserver, 'namespace default', readyTimeoutMs, async () => {
      const res = await httpsGet(`${server}/api/v1/namespaces/default`, tls);
      return res.status === 200;
    });

    const applyCrds = async () => {
      const applied = await kubectl([
        'apply',
        '--server-side',
        '--field-manager=plinth-test',
        '-k',
        CRD_DIR,
        '-o',
        'name',
      ]);
      if (applied.code !== 0)
        throw new Error(`kubectl apply -k crds/ failed:\n${applied.stderr}\n${output()}`);
      const names = applied.stdout.split('\n').filter((l) => l.trim() !== '');
      const waited = await kubectl(['wait', '--for=condition=Established', '--timeout=60s', ...names], {
        timeoutMs: 70_000,
      });
      if (waited.code !== 0) throw new Error(`CRDs not Established:\n${waited.stdout}${waited.stderr}`);
    };
    if (opts.crds) await applyCrds();

    if (opts.controllerManager ?? true) {
      const c = new Component('kube-controller-manager', tools.kubeControllerManager, [
        `--kubeconfig=${kubeconfigPath}`,
        '--leader-elect=false',
        // No serving port: parallel controller-managers would all want 10257.
        '--secure-port=0',
        `--controllers=${GC_AND_NAMESPACE_CONTROLLERS}${opts.resourceQuota ? ',resourcequota-controller' : ''}`,
      ]);
      components.push(c);
      // It serves no health port (see above), so readiness is read from its log: both controllers
      // have synced their informers. These are the messages of the pinned v1.34 build.
      await waitFor(c, 'garbage collector and namespace controller synced', readyTimeoutMs, () =>
        Promise.resolve(
          c.log(LOG_LIMIT * 2).includes('all resource monitors have synced') &&
            c.log(LOG_LIMIT * 2).includes('"Caches are synced" controller="namespace"'),
        ),
      );
    }

    let userCount = 0;
    return {
      kubeconfigPath,
      server,
      caFile: pki.caCert,
      serviceAccountSigningKeyFile: pki.serviceAccountKey,
      startupMs: Date.now() - startedAt,
      kubeConfig() {
        const kc = new KubeConfig();
        kc.loadFromFile(kubeconfigPath);
        return kc;
      },
      kubectl,
      async clientCertKubeconfig(user, groups = []) {
        const stem = `user-${++userCount}`;
        const pair = await issueCertificate(pki, {
          name: stem,
          commonName: user,
          organizations: groups,
          usage: 'client',
        });
        const path = join(dir, `${stem}.kubeconfig`);
        await writeFile(path, kubeconfigText(server, caPem, user, pair));
        return path;
      },
      applyCrds,
      output,
      stop,
    };
  } catch (err) {
    // The failed component's log is in the error already; add the others'.
    const diagnostics = components.length > 0 ? output() : '';
    await stop();
    if (err instanceof Error && diagnostics) err.message += `\n${diagnostics}`;
    throw err;
  }
}
