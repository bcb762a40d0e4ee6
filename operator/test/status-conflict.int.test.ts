import { OwnedSecretIndex } from '../src/controller/secret-index.ts';
import { CustomObjectsApi } from '@kubernetes/client-node';
import type { V1Namespace, V1Secret } from '@kubernetes/client-node';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINALIZER, GROUP, PLURAL, VERSION } from '../src/api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../src/api/v1alpha1/s3bucket.ts';
import { createKubeClient } from '../src/controller/kube.ts';
import { S3BucketReconciler } from '../src/controller/reconcile.ts';
import { FakePlinthApi, MapCache } from '../src/test/fakes.ts';
import { apiBucket, CLUSTER_ID, MAPPED } from '../src/test/fixtures.ts';
import { kubeStatus } from '../src/runtime/errors.ts';
import { CONTROL_PLANE_START_TIMEOUT_MS, startControlPlane } from '../src/test/control-plane.ts';
import type { ControlPlane } from '../src/test/control-plane.ts';

/**
 * Issue 12 item 8 on a real kube-apiserver: a status write computed from an older copy of the
 * S3Bucket than the server's is refused (409), and the reconciler takes that as a quiet requeue.
 * The component under test is the API server's precondition, so the Plinth API is the unit
 * tests' fake here (its answer is chosen to be one that would flip the origin if written).
 */
describe('S3Bucket status writes against a real kube-apiserver', () => {
  let cp: ControlPlane;
  let custom: CustomObjectsApi;
  const NS = 'conflicts';

  const apply = async (obj: unknown) => {
    const r = await cp.kubectl(['apply', '-f', '-'], { input: JSON.stringify(obj) });
    expect(r.code, r.stderr).toBe(0);
  };
  const read = async (name: string) =>
    (await custom.getNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: PLURAL,
      namespace: NS,
      name,
    })) as S3Bucket;
  const newBucket = async (name: string) => {
    await apply({
      apiVersion: `${GROUP}/${VERSION}`,
      kind: 'S3Bucket',
      metadata: { name, namespace: NS, finalizers: [FINALIZER] },
      spec: { region: 'eu-central', deletionPolicy: 'Delete' },
    });
    return read(name);
  };

  beforeAll(async () => {
    cp = await startControlPlane({ crds: true });
    custom = cp.kubeConfig().makeApiClient(CustomObjectsApi);
    await apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, annotations: MAPPED } });
  }, CONTROL_PLANE_START_TIMEOUT_MS);
  afterAll(async () => {
    await cp?.stop();
  });

  it('refuses a status patch carrying an older resourceVersion with 409, and keeps the newer status', async () => {
    const kube = createKubeClient(cp.kubeConfig());
    const stale = await newBucket('stale-patch');
    await kube.patchStatus(stale, { bucketId: 'b-1', origin: 'Created' });

    const err: unknown = await kube.patchStatus(stale, { bucketId: 'b-1', origin: 'Adopted' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(kubeStatus(err), `the stale patch must be refused, got ${String(err)}`).toBe(409);
    expect((await read('stale-patch')).status).toEqual({ bucketId: 'b-1', origin: 'Created' });

    // From the current copy, the next write goes through, and answers with the new copy.
    const current = await read('stale-patch');
    const next = await kube.patchStatus(current, { bucketId: 'b-1', origin: 'Created', secretName: 's' });
    expect(next.status?.secretName).toBe('s');
    expect(next.metadata.resourceVersion).not.toBe(current.metadata.resourceVersion);
  });

  it('a reconcile on a cache older than the server requeues quietly and leaves the newer status alone', async () => {
    const kube = createKubeClient(cp.kubeConfig());
    const stale = await newBucket('lagging-cache');
    // The previous pass recorded the bucket it created; the informer has not delivered that yet.
    await kube.patchStatus(stale, { bucketId: 'b-2', bucketName: 'lagging-cache', origin: 'Created' });

    const buckets = new MapCache<S3Bucket>();
    buckets.set(stale);
    const namespaces = new MapCache<V1Namespace>();
    namespaces.set({ metadata: { name: NS, annotations: MAPPED } });
    const api = new FakePlinthApi([]);
    // The API's answer to the repeated create, naming another uid in created_for: written
    // unconditionally, it would turn the status to Adopted.
    api.onCreate = () => ({
      kind: 'adopted',
      bucket: apiBucket({ id: 'b-2', name: 'lagging-cache', region: 'eu-central' }),
    });
    const reconciler = new S3BucketReconciler({
      buckets,
      secrets: new OwnedSecretIndex(new MapCache<V1Secret>()),
      namespaces,
      kube,
      api,
      clusterId: CLUSTER_ID,
      defaults: {},
      logger: pino({ level: 'silent' }),
    });

    const result = await reconciler.reconcile(`${NS}/lagging-cache`);
    const after = await read('lagging-cache');
    expect(after.status).toEqual({ bucketId: 'b-2', bucketName: 'lagging-cache', origin: 'Created' });
    expect(result, 'a quiet requeue').toEqual({ requeueAfterMs: expect.any(Number) as number });
    const events = await cp.kubectl(['get', 'events', '-n', NS, '-o', 'json']);
    expect(
      (JSON.parse(events.stdout) as { items: { type: string }[] }).items.filter((e) => e.type === 'Warning'),
      'no warning event for a conflict',
    ).toEqual([]);
  });
});
