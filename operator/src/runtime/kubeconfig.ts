import { KubeConfig } from '@kubernetes/client-node';
import type { RequestContext } from '@kubernetes/client-node';

type Dispatcher = NonNullable<ReturnType<RequestContext['getDispatcher']>>;

/**
 * A KubeConfig whose requests share one connection pool. client-node 2.0 builds a new undici
 * Agent for every request, so each call (and each watch) opens its own TLS connection: a full
 * handshake per call, and under load enough short-lived TLS state to push the operator's resident
 * memory past its budget. The TLS material (CA, client certificate) is fixed for the life of the
 * process; a ServiceAccount token travels in a header, which client-node still re-reads per call.
 */
export class PooledKubeConfig extends KubeConfig {
  private shared: Dispatcher | undefined;

  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    const fresh = context.getDispatcher();
    if (!fresh) return;
    this.shared ??= fresh;
    if (fresh !== this.shared) context.setDispatcher(this.shared);
  }
}

/** The kubeconfig from the usual places (KUBECONFIG, ~/.kube/config, or the in-cluster account). */
export function loadKubeConfig(): KubeConfig {
  const kc = new PooledKubeConfig();
  kc.loadFromDefault();
  return kc;
}
