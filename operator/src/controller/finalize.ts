import { FINALIZER } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import { kubeStatus } from '../runtime/errors.ts';
import type { Result } from '../runtime/workers.ts';
import { originOf } from './bucket.ts';
import { Reasons } from './conditions.ts';
import { apiFailure, outcomeOf, requeueOnConflict, Stop } from './failure.ts';
import type { ReconcilerMemory } from './memory.ts';
import { markFailed } from './status.ts';
import type { Deps } from './types.ts';

/** How often a deletion blocked by a non-empty bucket looks again (one API call each time). */
const DELETION_RETRY_MS = 30_000;

type Target = { id: string; origin: 'Created' | 'Adopted' | undefined };

/**
 * An S3Bucket being deleted: its deletion policy applied to every bucket it holds (the one its
 * status records, else those the API made for it), then its finalizer removed.
 */
export async function finalize(
  d: Deps,
  memory: ReconcilerMemory,
  key: string,
  bucket: S3Bucket,
): Promise<Result> {
  if (!(bucket.metadata.finalizers ?? []).includes(FINALIZER)) return {};
  const status = bucket.status ?? {};
  const policy = bucket.spec.deletionPolicy ?? 'Retain';
  try {
    const targets: Target[] =
      status.bucketId !== undefined
        ? [{ id: status.bucketId, origin: status.origin }]
        : await unrecordedBuckets(d, bucket);
    for (const target of targets) await release(d, bucket, policy, target);
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    await markFailed(d, bucket, err);
    return outcomeOf(err);
  }
  try {
    await d.kube.removeFinalizer(bucket);
  } catch (err) {
    if (kubeStatus(err) === 409) return requeueOnConflict(d.logger, key, err);
    throw err;
  }
  memory.forgetTerminal(key);
  return {};
}

/**
 * The buckets the API made or adopted for this object that its status never recorded (a crash
 * or a failed status write between the API's answer and the status): found by owner uid. Only
 * those this object still owns, or that nobody owns and were created for it, are its to release.
 */
async function unrecordedBuckets(
  d: Pick<Deps, 'api' | 'clusterId'>,
  bucket: S3Bucket,
): Promise<{ id: string; origin: 'Created' | 'Adopted' }[]> {
  const found = await d.api.findBucketsByOwner(bucket.metadata.uid);
  if (found.kind !== 'ok') throw apiFailure(found);
  const isThis = (r: { cluster_id: string; uid: string } | null | undefined) =>
    r?.uid === bucket.metadata.uid && r.cluster_id === d.clusterId;
  return found.buckets
    .filter((b) => isThis(b.owner_reference) || (b.owner_reference === null && isThis(b.created_for)))
    .map((b) => ({ id: b.id, origin: originOf(d, b, bucket) }));
}

/** Applies the deletion policy to one bucket of this object. */
async function release(
  d: Pick<Deps, 'api' | 'clusterId'>,
  bucket: S3Bucket,
  policy: 'Retain' | 'Delete',
  target: Target,
): Promise<void> {
  if (policy === 'Delete' && target.origin !== 'Created') {
    throw new Stop(
      Reasons.DeletionBlocked,
      'deletionPolicy is Delete, but the bucket was adopted, not created for this S3Bucket, so the operator does not delete it. Set spec.deletionPolicy to Retain to let the resource go.',
      { terminal: true },
    );
  }
  if (policy === 'Delete') {
    const deleted = await d.api.deleteBucket(target.id);
    if (deleted.kind === 'not_empty') {
      throw new Stop(
        Reasons.DeletionBlocked,
        'deletionPolicy is Delete, but the bucket holds objects and the operator never deletes data. Empty the bucket, or set spec.deletionPolicy to Retain.',
        { terminal: false, requeueAfterMs: DELETION_RETRY_MS },
      );
    }
    if (deleted.kind !== 'deleted' && deleted.kind !== 'not_found') throw apiFailure(deleted);
    return;
  }
  // Retain: the bucket stays, released to this namespace only, so that a new S3Bucket of the
  // same name here can adopt it, and no other namespace can.
  const released = await d.api.updateBucket(target.id, {
    owner_reference: null,
    adoptable_by: { cluster_id: d.clusterId, namespace: bucket.metadata.namespace },
  });
  if (released.kind !== 'ok' && released.kind !== 'not_found') throw apiFailure(released);
}
