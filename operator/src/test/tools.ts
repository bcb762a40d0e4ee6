import { join } from 'node:path';
import { runToolScript } from '../../../api/src/test/process.ts';

export { runToolScript, TOOL_LOOKUP_TIMEOUT_MS } from '../../../api/src/test/process.ts';

/**
 * The binaries the test harnesses run, found or built (once) by the `scripts/tools/*.sh` lookups
 * into the tool cache (docs/kubernetes-harness.md).
 */

export interface ControlPlaneTools {
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubectl: string;
}

let toolsLookup: Promise<ControlPlaneTools> | undefined;

/** Finds (or builds, once) the binaries; cached for the life of the process. */
export function controlPlaneTools(): Promise<ControlPlaneTools> {
  if (!toolsLookup) {
    const lookup = (async () => {
      // One after the other: two cold Go builds at once would need more memory than CI has.
      const etcd = await runToolScript('etcd.sh');
      const kubeDir = await runToolScript('kube.sh');
      return {
        etcd,
        kubeApiserver: join(kubeDir, 'kube-apiserver'),
        kubeControllerManager: join(kubeDir, 'kube-controller-manager'),
        kubectl: join(kubeDir, 'kubectl'),
      };
    })();
    toolsLookup = lookup;
    // A failed lookup is not cached: the next caller tries again.
    lookup.catch(() => {
      if (toolsLookup === lookup) toolsLookup = undefined;
    });
  }
  return toolsLookup;
}
