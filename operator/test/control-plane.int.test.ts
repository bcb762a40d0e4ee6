import { fileURLToPath } from 'node:url';
import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_START_TIMEOUT_MS, startControlPlane } from '../src/test/control-plane.ts';
import type { ControlPlane } from '../src/test/control-plane.ts';
import { eventually } from '../../api/src/test/eventually.ts';

const SAMPLES = fileURLToPath(new URL('../../config/samples/', import.meta.url));

/**
 * The test control plane behaves like a cluster where the operator needs it to: the CRD is served
 * with its schema defaults and CEL rule, the garbage collector follows owner references, and RBAC
 * applies to client-certificate users.
 */
describe('test control plane (etcd, kube-apiserver, kube-controller-manager)', () => {
  let cp: ControlPlane;
  let core: CoreV1Api;

  beforeAll(async () => {
    cp = await startControlPlane();
    console.log(`control plane started in ${cp.startupMs} ms at ${cp.server}`);
    await cp.applyCrds();
    core = cp.kubeConfig().makeApiClient(CoreV1Api);
  }, CONTROL_PLANE_START_TIMEOUT_MS);

  afterAll(async () => {
    await cp?.stop();
  });

  it('serves the S3Bucket CRD: kubectl applies the samples and reads the bucket back with defaults', async () => {
    const applied = await cp.kubectl(['apply', '-f', SAMPLES]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('s3bucket.plinth.dev/team-a-data created');

    const got = await cp.kubectl(['get', 's3bucket', 'team-a-data', '-n', 'team-a', '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    const bucket = JSON.parse(got.stdout);
    expect(bucket.spec).toEqual({ region: 'eu-central', corsAllowAll: false, deletionPolicy: 'Retain' });

    // The same object through client-node, as the operator reads it.
    const custom = cp.kubeConfig().makeApiClient(CustomObjectsApi);
    const read = await custom.getNamespacedCustomObject({
      group: 'plinth.dev',
      version: 'v1alpha1',
      namespace: 'team-a',
      plural: 's3buckets',
      name: 'team-a-data',
    });
    expect(read.metadata.uid).toBe(bucket.metadata.uid);
  });

  it('refuses a change of spec.region with the CEL rule message, through kubectl and client-node', async () => {
    const patched = await cp.kubectl([
      'patch',
      's3bucket',
      'team-a-data',
      '-n',
      'team-a',
      '--type=merge',
      '-p',
      '{"spec":{"region":"us-east"}}',
    ]);
    expect(patched.code).not.toBe(0);
    expect(patched.stderr).toContain('spec.region is immutable');

    const custom = cp.kubeConfig().makeApiClient(CustomObjectsApi);
    const err: unknown = await custom
      .patchNamespacedCustomObject(
        {
          group: 'plinth.dev',
          version: 'v1alpha1',
          namespace: 'team-a',
          plural: 's3buckets',
          name: 'team-a-data',
          body: { spec: { region: 'us-east' } },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiException);
    expect((err as ApiException<string>).code).toBe(422);
    expect(JSON.parse((err as ApiException<string>).body).message).toContain('spec.region is immutable');

    // Other fields stay mutable.
    const ok = await cp.kubectl([
      'patch',
      's3bucket',
      'team-a-data',
      '-n',
      'team-a',
      '--type=merge',
      '-p',
      '{"spec":{"corsAllowAll":true}}',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
  });

  it('garbage-collects an object whose owner was deleted', async () => {
    const owner = await core.createNamespacedConfigMap({
      namespace: 'default',
      body: { metadata: { name: 'gc-owner' } },
    });
    await core.createNamespacedConfigMap({
      namespace: 'default',
      body: {
        metadata: {
          name: 'gc-dependent',
          ownerReferences: [
            { apiVersion: 'v1', kind: 'ConfigMap', name: 'gc-owner', uid: owner.metadata!.uid! },
          ],
        },
      },
    });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'gc-owner' });
    await eventually(
      'the dependent ConfigMap is garbage-collected',
      async () => {
        try {
          await core.readNamespacedConfigMap({ namespace: 'default', name: 'gc-dependent' });
          return false;
        } catch (err) {
          if (err instanceof ApiException && err.code === 404) return true;
          throw err;
        }
      },
      { timeoutMs: 20_000, diagnostics: () => cp.output() },
    );
  });

  it('applies RBAC to a client-certificate user: 403 without a binding, allowed with one', async () => {
    const aliceConfig = await cp.clientCertKubeconfig('alice', ['plinth:testers']);

    const denied = await cp.kubectl(['get', 's3buckets', '-n', 'team-a'], { kubeconfig: aliceConfig });
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toMatch(/forbidden: User "alice" cannot list resource "s3buckets"/);

    const aliceKc = new KubeConfig();
    aliceKc.loadFromFile(aliceConfig);
    const err: unknown = await aliceKc
      .makeApiClient(CoreV1Api)
      .listNamespacedSecret({ namespace: 'team-a' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiException);
    expect((err as ApiException<string>).code).toBe(403);

    // A Role bound to her group lets her read buckets, and nothing more.
    const rbac = await cp.kubectl(['apply', '-f', '-'], {
      input: JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'Role',
            metadata: { name: 'bucket-reader', namespace: 'team-a' },
            rules: [{ apiGroups: ['plinth.dev'], resources: ['s3buckets'], verbs: ['get', 'list', 'watch'] }],
          },
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'RoleBinding',
            metadata: { name: 'testers-read-buckets', namespace: 'team-a' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'bucket-reader' },
            subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'plinth:testers' }],
          },
        ],
      }),
    });
    expect(rbac.code, rbac.stderr).toBe(0);
    const allowed = await eventually('alice can list buckets', async () => {
      const r = await cp.kubectl(['get', 's3buckets', '-n', 'team-a', '-o', 'name'], {
        kubeconfig: aliceConfig,
      });
      return r.code === 0 ? r : false;
    });
    expect(allowed.stdout.trim()).toBe('s3bucket.plinth.dev/team-a-data');
    const stillDenied = await cp.kubectl(['get', 'secrets', '-n', 'team-a'], { kubeconfig: aliceConfig });
    expect(stillDenied.code).not.toBe(0);
    expect(stillDenied.stderr).toContain('forbidden');
  });

  it('deletes a namespace and its objects (namespace controller)', async () => {
    await core.createNamespace({ body: { metadata: { name: 'doomed' } } });
    await core.createNamespacedConfigMap({ namespace: 'doomed', body: { metadata: { name: 'inside' } } });
    await core.deleteNamespace({ name: 'doomed' });
    await eventually(
      'namespace doomed is gone',
      async () => {
        try {
          await core.readNamespace({ name: 'doomed' });
          return false;
        } catch (err) {
          if (err instanceof ApiException && err.code === 404) return true;
          throw err;
        }
      },
      { timeoutMs: 30_000, diagnostics: () => cp.output() },
    );
  });

  it('keeps recent logs of every component for diagnostics', () => {
    const out = cp.output();
    for (const name of ['etcd', 'kube-apiserver', 'kube-controller-manager'])
      expect(out).toMatch(new RegExp(`----- ${name} \\(running, pid \\d+\\) -----`));
  });
});
