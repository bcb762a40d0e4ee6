import { describe, expect, it } from 'vitest';
import { FINALIZER } from '../api/v1alpha1/s3bucket.ts';
import { isTerminalError, TerminalError } from '../runtime/workers.ts';
import { apiBucket, BUCKET_ID, CLUSTER_ID, failures, OWNER, s3Bucket } from '../test/fixtures.ts';
import {
  conditions,
  describeOutcome,
  markDeleted,
  newHarness,
  readyHarness,
  run,
  trace,
} from '../test/harness.ts';
import type { Harness } from '../test/harness.ts';
import { Reasons } from './conditions.ts';

describe('deletion', () => {
  it.each([['Retain' as const], [undefined]])(
    'with deletionPolicy %s releases the bucket, then removes the finalizer',
    async (policy) => {
      const h = await readyHarness();
      markDeleted(h, policy);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(h.timeline, trace(h)).toEqual(['api.updateBucket', 'kube.removeFinalizer']);
      expect(h.api.calls[0], 'released to this namespace of this cluster only').toEqual({
        method: 'updateBucket',
        id: BUCKET_ID,
        changes: { owner_reference: null, adoptable_by: { cluster_id: CLUSTER_ID, namespace: 'team-a' } },
      });
      expect(h.buckets.get('photos', 'team-a'), 'the S3Bucket is gone once its finalizer is').toBeUndefined();
    },
  );

  it('with Delete on a bucket it created deletes it, then removes the finalizer', async () => {
    const h = await readyHarness({ bucket: s3Bucket({ deletionPolicy: 'Delete' }) });
    markDeleted(h, 'Delete');
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual(['api.deleteBucket', 'kube.removeFinalizer']);
    expect(h.api.calls[0]).toEqual({ method: 'deleteBucket', id: BUCKET_ID });
  });

  it('with Delete on a bucket holding objects is blocked, retried later, and keeps the finalizer', async () => {
    const h = await readyHarness({ bucket: s3Bucket({ deletionPolicy: 'Delete' }) });
    markDeleted(h, 'Delete');
    h.api.onDelete = () => failures.notEmpty();
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: { requeueAfterMs: 30_000 } });
    expect(h.timeline, trace(h)).not.toContain('kube.removeFinalizer');
    expect(h.bucket().metadata.finalizers).toContain(FINALIZER);
    expect(conditions(h)).toEqual({
      ready: { status: 'False', reason: Reasons.DeletionBlocked },
      synced: { status: 'False', reason: Reasons.DeletionBlocked },
    });
  });

  it('with Delete on an adopted bucket is blocked for good, without deleting it', async () => {
    const h = newHarness({ bucket: s3Bucket({ deletionPolicy: 'Delete' }) });
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket({ origin: 'adopted' }) });
    await run(h);
    expect(h.bucket().status?.origin).toBe('Adopted');
    h.clearCalls();

    markDeleted(h, 'Delete');
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(TerminalError);
    expect(h.api.calls, trace(h)).toEqual([]);
    expect(h.bucket().metadata.finalizers).toContain(FINALIZER);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.DeletionBlocked });
  });

  it('of a resource that never got a bucket asks the API by owner uid, then removes the finalizer', async () => {
    const h = newHarness({ annotations: null });
    await run(h);
    h.clearCalls();
    markDeleted(h, 'Delete');
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual(['api.findBucketsByOwner', 'kube.removeFinalizer']);
    expect(h.api.calls[0]).toEqual({ method: 'findBucketsByOwner', uid: OWNER.uid });
  });

  describe('of a resource whose status never recorded its bucket (crash before the status write)', () => {
    /** Finalizer added, the API called, nothing recorded: then the object is deleted. */
    function unrecorded(policy: 'Retain' | 'Delete', found: ReturnType<typeof apiBucket>[]): Harness {
      const h = newHarness({
        bucket: {
          ...s3Bucket({ deletionPolicy: policy }),
          metadata: { ...s3Bucket().metadata, finalizers: [FINALIZER] },
        },
      });
      markDeleted(h, policy);
      h.api.onFind = () => ({ kind: 'ok', buckets: found });
      return h;
    }

    it('with Retain finds the bucket by owner uid and releases it to this namespace', async () => {
      const h = unrecorded('Retain', [apiBucket()]);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(h.timeline, trace(h)).toEqual([
        'api.findBucketsByOwner',
        'api.updateBucket',
        'kube.removeFinalizer',
      ]);
      expect(h.api.calls[1]).toEqual({
        method: 'updateBucket',
        id: BUCKET_ID,
        changes: { owner_reference: null, adoptable_by: { cluster_id: CLUSTER_ID, namespace: 'team-a' } },
      });
    });

    it('with Delete deletes the bucket the API created for this object', async () => {
      const h = unrecorded('Delete', [apiBucket()]);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(h.api.calls, trace(h)).toEqual([
        { method: 'findBucketsByOwner', uid: OWNER.uid },
        { method: 'deleteBucket', id: BUCKET_ID },
      ]);
    });

    it('with Delete keeps a bucket it adopted (created for another object) and says so', async () => {
      const h = unrecorded('Delete', [apiBucket({ created_for: { ...OWNER, uid: 'someone-else' } })]);
      const o = await run(h);
      expect(o.error, describeOutcome(o)).toBeInstanceOf(TerminalError);
      expect(
        h.api.calls.map((c) => c.method),
        trace(h),
      ).toEqual(['findBucketsByOwner']);
      expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.DeletionBlocked });
    });

    it('leaves alone a bucket created for it that another object owns now', async () => {
      const h = unrecorded('Delete', [
        apiBucket({ owner_reference: { ...OWNER, name: 'other', uid: 'other-uid' } }),
      ]);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(h.timeline, trace(h)).toEqual(['api.findBucketsByOwner', 'kube.removeFinalizer']);
    });

    it('ignores a bucket with this uid from another cluster', async () => {
      const other = { ...OWNER, cluster_id: 'another-cluster' };
      const h = unrecorded('Retain', [apiBucket({ owner_reference: other, created_for: other })]);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(h.timeline, trace(h)).toEqual(['api.findBucketsByOwner', 'kube.removeFinalizer']);
    });

    it('keeps the finalizer and retries when the API cannot be asked', async () => {
      const h = unrecorded('Retain', []);
      h.api.onFind = () => failures.unavailable();
      const o = await run(h);
      expect(isTerminalError(o.error), describeOutcome(o)).toBe(false);
      expect(o.error, describeOutcome(o)).toBeInstanceOf(Error);
      expect(h.bucket().metadata.finalizers).toContain(FINALIZER);
    });
  });
});
