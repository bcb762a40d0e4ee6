import {
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  type CoreV1Event,
  type KubeConfig,
  type V1Secret,
} from '@kubernetes/client-node';
import { FINALIZER, GROUP, PLURAL, VERSION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import { kubeStatus } from '../runtime/errors.ts';
import { FIELD_MANAGER } from './secret.ts';

/** The Kubernetes writes (and the few uncached reads) the reconciler makes. */
export interface KubeClient {
  addFinalizer(bucket: S3Bucket): Promise<S3Bucket>;
  removeFinalizer(bucket: S3Bucket): Promise<void>;
  /**
   * Writes the status, conditional on `bucket.metadata.resourceVersion`: a status computed from an
   * older copy than the server's is refused with 409 rather than written over a newer one.
   */
  patchStatus(bucket: S3Bucket, status: S3BucketStatus): Promise<S3Bucket>;
  /** Uncached: Secrets the operator does not manage are not in its informer. */
  readSecret(namespace: string, name: string): Promise<V1Secret | undefined>;
  createSecret(secret: V1Secret): Promise<V1Secret>;
  /** Replaces a Secret the operator owns; `resourceVersion` makes a concurrent edit a 409. */
  replaceSecret(secret: V1Secret, resourceVersion: string): Promise<V1Secret>;
  deleteSecret(namespace: string, name: string, uid: string): Promise<void>;
  recordEvent(bucket: S3Bucket, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void>;
}

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** One Kubernetes call the reconciler made, for metrics: `status` is `'error'` when no answer came. */
export type KubeRequestHook = (info: {
  operation: keyof KubeClient;
  status: number | 'error';
  durationMs: number;
}) => void;

/**
 * The client with every call timed and reported to `hook` (a hook that throws is ignored). A
 * refusal counts with its status (a 409 is an answer); a 404 a method absorbs counts as 200.
 */
export function timedKubeClient(client: KubeClient, hook: KubeRequestHook): KubeClient {
  const report = (info: Parameters<KubeRequestHook>[0]) => {
    try {
      hook(info);
    } catch {
      // Metrics must never fail a reconcile.
    }
  };
  const timed = {} as Record<keyof KubeClient, (...args: unknown[]) => Promise<unknown>>;
  for (const operation of Object.keys(client) as (keyof KubeClient)[]) {
    const call = (...args: unknown[]) =>
      (client[operation] as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    timed[operation] = async (...args) => {
      const started = performance.now();
      try {
        const result = await call(...args);
        report({ operation, status: 200, durationMs: performance.now() - started });
        return result;
      } catch (err) {
        report({ operation, status: kubeStatus(err) ?? 'error', durationMs: performance.now() - started });
        throw err;
      }
    };
  }
  return timed as unknown as KubeClient;
}

export function createKubeClient(kc: KubeConfig, component = 'plinth-operator'): KubeClient {
  const core = kc.makeApiClient(CoreV1Api);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const patchBucket = async (bucket: S3Bucket, body: object) =>
    (await custom.patchNamespacedCustomObject(
      {
        group: GROUP,
        version: VERSION,
        plural: PLURAL,
        namespace: bucket.metadata.namespace,
        name: bucket.metadata.name,
        body,
        fieldManager: FIELD_MANAGER,
      },
      mergePatch,
    )) as S3Bucket;

  return {
    async addFinalizer(bucket) {
      // The resourceVersion makes the merge patch conditional: a concurrent change of the
      // finalizer list is a 409 (requeued), never a lost entry.
      return patchBucket(bucket, {
        metadata: {
          finalizers: [...(bucket.metadata.finalizers ?? []), FINALIZER],
          resourceVersion: bucket.metadata.resourceVersion,
        },
      });
    },
    async removeFinalizer(bucket) {
      try {
        await patchBucket(bucket, {
          metadata: {
            finalizers: (bucket.metadata.finalizers ?? []).filter((f) => f !== FINALIZER),
            resourceVersion: bucket.metadata.resourceVersion,
          },
        });
      } catch (err) {
        if (kubeStatus(err) !== 404) throw err;
      }
    },
    async patchStatus(bucket, status) {
      // As controller-runtime's Status().Update(): the resourceVersion is a precondition.
      return (await custom.patchNamespacedCustomObjectStatus(
        {
          group: GROUP,
          version: VERSION,
          plural: PLURAL,
          namespace: bucket.metadata.namespace,
          name: bucket.metadata.name,
          body: { metadata: { resourceVersion: bucket.metadata.resourceVersion }, status },
          fieldManager: FIELD_MANAGER,
        },
        mergePatch,
      )) as S3Bucket;
    },
    async readSecret(namespace, name) {
      try {
        return await core.readNamespacedSecret({ namespace, name });
      } catch (err) {
        if (kubeStatus(err) === 404) return undefined;
        throw err;
      }
    },
    async createSecret(secret) {
      return core.createNamespacedSecret({
        namespace: secret.metadata!.namespace!,
        body: secret,
        fieldManager: FIELD_MANAGER,
      });
    },
    async replaceSecret(secret, resourceVersion) {
      return core.replaceNamespacedSecret({
        namespace: secret.metadata!.namespace!,
        name: secret.metadata!.name!,
        body: { ...secret, metadata: { ...secret.metadata, resourceVersion } },
        fieldManager: FIELD_MANAGER,
      });
    },
    async deleteSecret(namespace, name, uid) {
      try {
        await core.deleteNamespacedSecret({ namespace, name, body: { preconditions: { uid } } });
      } catch (err) {
        const code = kubeStatus(err);
        if (code !== 404 && code !== 409) throw err;
      }
    },
    async recordEvent(bucket, type, reason, message) {
      const now = new Date();
      const event: CoreV1Event = {
        metadata: { generateName: `${bucket.metadata.name}.`, namespace: bucket.metadata.namespace },
        involvedObject: {
          apiVersion: `${GROUP}/${VERSION}`,
          kind: 'S3Bucket',
          name: bucket.metadata.name,
          namespace: bucket.metadata.namespace,
          uid: bucket.metadata.uid,
          ...(bucket.metadata.resourceVersion ? { resourceVersion: bucket.metadata.resourceVersion } : {}),
        },
        type,
        reason,
        message,
        source: { component },
        reportingComponent: component,
        reportingInstance: component,
        action: reason,
        firstTimestamp: now,
        lastTimestamp: now,
        count: 1,
      };
      await core.createNamespacedEvent({ namespace: bucket.metadata.namespace, body: event });
    },
  };
}
