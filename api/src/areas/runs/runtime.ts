import type { Runner } from './runners/runner.ts';

/** Where actions run, and the limits of a run (PLINTH_ACTION_RUNNER and friends). */
export interface RunsRuntime {
  /** Null: the API runs no actions itself; clients run them and report (`run_by: client`). */
  readonly runner: Runner | null;
  /** Runs at once per replica. */
  readonly concurrency: number;
  /** Output kept per run, beyond which it is cut (and marked truncated). */
  readonly outputLimitBytes: number;
  /** The namespace of a workspace's Jobs when its configuration names none (kubernetes runner). */
  readonly defaultNamespace: string;
  /**
   * The namespaces a workspace's `runner.namespace` may name (the default one always): a Workspace
   * Admin must not put Jobs in a namespace of another team, or the cluster's own.
   */
  readonly allowedNamespaces: readonly string[];
}

export const NO_RUNNER: RunsRuntime = {
  runner: null,
  concurrency: 2,
  outputLimitBytes: 1024 * 1024,
  defaultNamespace: 'default',
  allowedNamespaces: [],
};

/** The runtime the process's configuration asks for (PLINTH_ACTION_RUNNER and friends). */
export async function createRunsRuntime(config: {
  runner: 'none' | 'oci' | 'kubernetes';
  imagesDir: string;
  namespace: string;
  namespaces: readonly string[];
  concurrency: number;
  outputLimitBytes: number;
  workDir: string;
}): Promise<RunsRuntime> {
  const base = {
    concurrency: config.concurrency,
    outputLimitBytes: config.outputLimitBytes,
    defaultNamespace: config.namespace,
    allowedNamespaces: config.namespaces,
  };
  if (config.runner === 'oci') {
    const { createOciRunner } = await import('./runners/oci.ts');
    return { ...base, runner: createOciRunner({ imagesDir: config.imagesDir, workDir: config.workDir }) };
  }
  if (config.runner === 'kubernetes') {
    const { KubeConfig } = await import('@kubernetes/client-node');
    const { createKubernetesRunner } = await import('./runners/kubernetes.ts');
    const kubeConfig = new KubeConfig();
    // In a pod: its ServiceAccount; elsewhere KUBECONFIG or ~/.kube/config.
    kubeConfig.loadFromDefault();
    return { ...base, runner: createKubernetesRunner({ kubeConfig }) };
  }
  return { ...base, runner: null };
}
