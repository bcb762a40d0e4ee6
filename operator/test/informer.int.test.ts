import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { V1Namespace } from '@kubernetes/client-node';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Informer } from '../src/runtime/informer.ts';
import { startControlPlane } from '../src/test/control-plane.ts';
import type { ControlPlane } from '../src/test/control-plane.ts';
import { eventually } from '../../api/src/test/eventually.ts';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * The informer wrapper keeps a cache alive through failures client-node's informer gives up on:
 * here its list is refused (403) until RBAC allows it, and the cache fills by itself afterwards,
 * then follows the watch.
 */
describe('Informer on a real API server', () => {
  let cp: ControlPlane;
  let informer: Informer<V1Namespace> | undefined;

  beforeAll(async () => {
    cp = await startControlPlane({ controllerManager: false });
  }, 600_000);
  afterAll(async () => {
    await informer?.stop();
    await cp?.stop();
  });

  it('restarts after a refused list and syncs once it is allowed, then follows the watch', async () => {
    const kc = new KubeConfig();
    kc.loadFromFile(await cp.clientCertKubeconfig('informer-test'));
    const core = kc.makeApiClient(CoreV1Api);
    let restarts = 0;
    informer = new Informer<V1Namespace>({
      name: 'namespaces',
      kubeConfig: kc,
      path: '/api/v1/namespaces',
      list: () => core.listNamespace(),
      logger: pino({ level: 'silent' }),
      onRestart: () => restarts++,
      restartBaseMs: 100,
      restartMaxMs: 400,
    });
    let synced = false;
    void informer.start().then(() => (synced = true));

    await eventually('a few restarts while the list is refused', () => Promise.resolve(restarts >= 3), {
      timeoutMs: 10_000,
    });
    expect(synced).toBe(false);
    expect(informer.hasSynced()).toBe(false);

    const grant = await cp.kubectl(['apply', '-f', '-'], {
      input: JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'ClusterRole',
            metadata: { name: 'informer-test' },
            rules: [{ apiGroups: [''], resources: ['namespaces'], verbs: ['list', 'watch'] }],
          },
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'ClusterRoleBinding',
            metadata: { name: 'informer-test' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'informer-test' },
            subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'informer-test' }],
          },
        ],
      }),
    });
    expect(grant.code, grant.stderr).toBe(0);
    await eventually('the cache to sync', () => Promise.resolve(synced && informer!.hasSynced()), {
      timeoutMs: 15_000,
    });
    expect(informer.cache.get('default')).toBeDefined();

    const created = await cp.kubectl(['create', 'namespace', 'arrived-later']);
    expect(created.code, created.stderr).toBe(0);
    await eventually(
      'the watch to deliver the new namespace',
      () => Promise.resolve(informer!.cache.get('arrived-later')),
      {
        timeoutMs: 10_000,
      },
    );
  }, 60_000);

  it('caches objects without managedFields or the last applied manifest, from the list and from the watch', async () => {
    const applied = (name: string) =>
      cp.kubectl(['apply', '-f', '-'], {
        input: JSON.stringify({
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name, labels: { team: 'a' }, annotations: { 'plinth.dev/workspace': 'ws-1' } },
        }),
      });
    expect((await applied('listed')).code).toBe(0);
    const kc = cp.kubeConfig();
    const core = kc.makeApiClient(CoreV1Api);
    // What the API server holds: both are there, so dropping them is the informer's doing.
    const stored = await core.readNamespace({ name: 'listed' });
    expect(stored.metadata?.managedFields?.length).toBeGreaterThan(0);
    expect(Object.keys(stored.metadata?.annotations ?? {})).toContain(LAST_APPLIED);

    const slim = new Informer<V1Namespace>({
      name: 'namespaces',
      kubeConfig: kc,
      path: '/api/v1/namespaces',
      list: () => core.listNamespace(),
      logger: pino({ level: 'silent' }),
      slim: (ns) => delete ns.status,
    });
    try {
      await slim.start();
      expect((await applied('watched')).code).toBe(0);
      await eventually('the watch to deliver the namespace', () =>
        Promise.resolve(slim.cache.get('watched')),
      );
      for (const name of ['listed', 'watched']) {
        const cached = slim.cache.get(name)!;
        expect(cached.metadata?.managedFields, name).toBeUndefined();
        expect(cached.metadata?.annotations, name).toEqual({ 'plinth.dev/workspace': 'ws-1' });
        expect(cached.metadata?.labels?.team, name).toBe('a');
        expect(cached.metadata?.resourceVersion, name).toBeTruthy();
        expect(cached.status, name).toBeUndefined();
      }
    } finally {
      await slim.stop();
    }
  }, 60_000);
});
