/** The types the reconcile's files share: what they are given, and what they hand each other. */
import type { ObjectCache, V1Namespace } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import type { BucketCredentials, BucketApi } from '../plinth-api/buckets.ts';
import type { Reason } from './conditions.ts';
import type { DriftSchedule } from './drift.ts';
import type { KubeClient } from './kube.ts';
import type { LabelSelector } from './label-selector.ts';
import type { SecretCache } from './secret-index.ts';

export interface ReconcilerDeps {
  buckets: ObjectCache<S3Bucket>;
  /** Only the Secrets carrying the operator's managed-by label. */
  secrets: SecretCache;
  namespaces: ObjectCache<V1Namespace>;
  kube: KubeClient;
  api: Pick<
    BucketApi,
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

/** The bucket this S3Bucket stands for, as the API answered or the status recorded it. */
export interface BucketFacts {
  id: string;
  name: string;
  endpoint: string;
  origin: 'Created' | 'Adopted';
}

/** What ensuring the bucket leaves for the next steps. */
export interface EnsuredBucket {
  facts: BucketFacts;
  /** The credentials to write into the Secret, when this pass got them (created, or revealed). */
  credentials: BucketCredentials | undefined;
  /** The API created the bucket in this pass (a 201). */
  justCreated: boolean;
  drift: DriftVerdict;
}

/** What a drift check found: `failed` is no answer (the API or the storage unavailable, busy). */
export type DriftOutcome = 'healthy' | 'bucket_missing' | 'access_key_missing' | 'gone' | 'failed';

/** A drift check's verdict for this pass: not checked, checked and fine, or Ready=False for `reason`. */
export type DriftVerdict =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'healthy' }
  /** The API has no such bucket any more: deleted through it. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'drifted'; readonly reason: Reason; readonly message: string };
