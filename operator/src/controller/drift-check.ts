import { ROTATE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import { Reasons } from './conditions.ts';
import { secretNameOf } from './secret.ts';
import type { BucketFacts, Deps, DriftVerdict } from './types.ts';

/**
 * The drift check, when due: one GET of the bucket's health, which asks the storage cluster
 * whether the bucket and its access user still exist. Never more often than the schedule allows;
 * an unanswered check changes nothing and is tried again sooner.
 */
export async function checkDrift(
  d: Pick<Deps, 'drift' | 'api' | 'onDriftCheck' | 'logger'>,
  key: string,
  bucket: S3Bucket,
  facts: BucketFacts,
): Promise<DriftVerdict> {
  const drift = d.drift;
  if (!drift || !drift.plan(key).check) return { kind: 'unchecked' };
  const answer = await d.api.checkBucketHealth(facts.id);
  if (answer.kind === 'not_found') {
    drift.checked(key);
    d.onDriftCheck?.('gone');
    return { kind: 'gone' };
  }
  if (answer.kind !== 'ok') {
    drift.failed(key);
    d.onDriftCheck?.('failed');
    d.logger.debug({ bucket: key, kind: answer.kind }, 'drift check got no answer; trying again sooner');
    return { kind: 'unchecked' };
  }
  drift.checked(key);
  const h = answer.health;
  const secretName = secretNameOf(bucket);
  if (!h.bucket_exists) {
    d.onDriftCheck?.('bucket_missing');
    return {
      kind: 'drifted',
      reason: Reasons.BucketMissing,
      message: `Bucket ${facts.name} no longer exists on its storage cluster: it was deleted outside Plinth, and its objects with it. The operator does not create an empty one in its place. Delete this S3Bucket and apply it again to start over, or restore the bucket on the storage cluster.`,
    };
  }
  if (!h.access_key_exists) {
    d.onDriftCheck?.('access_key_missing');
    return {
      kind: 'drifted',
      reason: Reasons.AccessKeyMissing,
      message: `The access key in Secret ${secretName} no longer exists on the storage cluster (removed outside Plinth), so requests with it are refused. Set the annotation ${ROTATE_ANNOTATION} to a new value to issue a new key.`,
    };
  }
  d.onDriftCheck?.('healthy');
  return { kind: 'healthy' };
}
