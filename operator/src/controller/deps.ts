import type { ObjectCache, V1Namespace, V1Secret } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import type { PlinthClient } from '../plinth-api/client.ts';
import type { DriftOutcome } from './drift-check.ts';
import type { DriftSchedule } from './drift.ts';
import type { KubeClient } from './kube.ts';
import type { LabelSelector } from './label-selector.ts';

export interface ReconcilerDeps {
  buckets: ObjectCache<S3Bucket>;
  /** Only the Secrets carrying the operator's managed-by label. */
  secrets: ObjectCache<V1Secret>;
  namespaces: ObjectCache<V1Namespace>;
  kube: KubeClient;
  api: Pick<
    PlinthClient,
    | 'createBucket'
    | 'getBucket'
    | 'updateBucket'
    | 'revealCredentials'
    | 'rotateCredentials'
    | 'deleteBucket'
    | 'findBucketsByOwner'
    | 'checkBucketHealth'
  >;
  /** When to check each Ready bucket's storage (drift); unset: never. */
  drift?: DriftSchedule | undefined;
  /** Told each drift check's outcome (for the metrics). */
  onDriftCheck?: (outcome: DriftOutcome) => void;
  /** Sent in owner references so the API can tell clusters apart. */
  clusterId: string;
  defaults: {
    organization?: string | undefined;
    workspace?: string | undefined;
    /** Only namespaces whose labels match may use the defaults; unset: none may. */
    namespaces?: LabelSelector | undefined;
  };
  logger: Logger;
  now?: () => Date;
}

/** The dependencies as the reconcile's functions take them (each names the part it uses). */
export type Deps = Omit<ReconcilerDeps, 'now'> & { now: () => Date };

/**
 * The S3Bucket as last written by this pass: each write's answer carries the resourceVersion the
 * next write is conditional on, so every step that writes replaces it.
 */
export interface Current {
  bucket: S3Bucket;
}

/** The work queue's key of an object: `namespace/name`. */
export function keyOf(obj: { metadata?: { namespace?: string; name?: string } }): string {
  return `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;
}
