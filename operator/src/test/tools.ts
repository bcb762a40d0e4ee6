import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The binaries the test harnesses run, found or built (once) by the `scripts/tools/*.sh` lookups
 * into the tool cache (docs/kubernetes-harness.md).
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ControlPlaneTools {
  etcd: string;
  kubeApiserver: string;
  kubeControllerManager: string;
  kubectl: string;
}

/** The scripts build the binaries from source when they are missing: 10 to 25 minutes cold. */
export const TOOL_LOOKUP_TIMEOUT_MS = 45 * 60_000;

/** Runs a `scripts/tools/*.sh` lookup (building the tool once) and resolves with the path it prints. */
export function runToolScript(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout also stops the Go build it may have started.
    const child = spawn('bash', [join(REPO_ROOT, 'scripts/tools', script)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, TOOL_LOOKUP_TIMEOUT_MS);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const path = out.trim();
      if (code === 0 && path) resolve(path);
      else reject(new Error(`scripts/tools/${script} failed (${code ?? signal}); its stderr is above`));
    });
  });
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
