import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onFreePorts, scratchDir } from '../../../api/src/test/process.ts';
import type { TestProcess } from '../../../api/src/test/process.ts';
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
/** How much of the controller-manager's log its readiness check reads. */
const SYNC_LOG_TAIL = 128_000;
const GC_AND_NAMESPACE_CONTROLLERS = 'garbage-collector-controller,namespace-controller';

export { freePort };
export { controlPlaneTools, runToolScript } from './tools.ts';
export type { ControlPlaneTools } from './tools.ts';

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
  const scratch = scratchDir('plinth-kube-');
  const dir = scratch.path;
  const components: TestProcess[] = [];
  // Newest first: an apiserver without etcd takes a minute to shut down.
  const stop = () => scratch.remove();
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

    const etcdUrl = await onFreePorts(2, async ([clientPort, peerPort]) => {
      const client = `http://127.0.0.1:${clientPort}`;
      const peer = `http://127.0.0.1:${peerPort}`;
      const etcd = await scratch.start({
        name: 'etcd',
        command: tools.etcd,
        args: [
          '--name=default',
          `--data-dir=${join(dir, 'etcd')}`,
          '--unsafe-no-fsync',
          '--log-level=warn',
          `--listen-client-urls=${client}`,
          `--advertise-client-urls=${client}`,
          `--listen-peer-urls=${peer}`,
          `--initial-advertise-peer-urls=${peer}`,
          `--initial-cluster=default=${peer}`,
        ],
        ready: {
          what: 'GET /health',
          until: async () => {
            const res = await fetch(`${client}/health`, { signal: AbortSignal.timeout(2_000) });
            return res.ok && ((await res.json()) as { health?: string }).health === 'true';
          },
        },
        readyTimeoutMs,
      });
      components.push(etcd);
      return client;
    });

    const { server, apiserver } = await onFreePorts(1, async ([port]) => {
      const server = `https://127.0.0.1:${port}`;
      const apiserver = await scratch.start({
        name: 'kube-apiserver',
        command: tools.kubeApiserver,
        args: [
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
        ],
        ready: {
          what: 'GET /readyz',
          until: async () => (await httpsGet(`${server}/readyz`, tls)).status === 200,
        },
        readyTimeoutMs,
        graceMs: 20_000,
      });
      components.push(apiserver);
      return { server, apiserver };
    });

    const kubeconfigPath = join(dir, 'admin.kubeconfig');
    await writeFile(kubeconfigPath, kubeconfigText(server, caPem, 'admin', admin));
    const kubectlCache = join(dir, 'kubectl-cache');
    const kubectl = (args: string[], o: KubectlOptions = {}) =>
      runKubectl(tools.kubectl, o.kubeconfig ?? kubeconfigPath, kubectlCache, args, o);

    // Ready also means what every test assumes: the `default` namespace exists.
    await apiserver.waitFor(
      'namespace default',
      async () => (await httpsGet(`${server}/api/v1/namespaces/default`, tls)).status === 200,
      readyTimeoutMs,
    );

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
      const controllers = `${GC_AND_NAMESPACE_CONTROLLERS}${opts.resourceQuota ? ',resourcequota-controller' : ''}`;
      const controllerManager = await scratch.start({
        name: 'kube-controller-manager',
        command: tools.kubeControllerManager,
        args: [
          `--kubeconfig=${kubeconfigPath}`,
          '--leader-elect=false',
          // No serving port: parallel controller-managers would all want 10257.
          '--secure-port=0',
          `--controllers=${controllers}`,
        ],
        // It serves no health port (see above), so readiness is read from its log: both controllers
        // have synced their informers. These are the messages of the pinned v1.34 build.
        ready: {
          what: 'garbage collector and namespace controller synced',
          until: (c) => {
            const log = c.log(SYNC_LOG_TAIL);
            return (
              log.includes('all resource monitors have synced') &&
              log.includes('"Caches are synced" controller="namespace"')
            );
          },
        },
        readyTimeoutMs,
        graceMs: 5_000,
      });
      components.push(controllerManager);
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
