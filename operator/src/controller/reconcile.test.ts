import { describe, expect, it } from 'vitest';
import { FINALIZER } from '../api/v1alpha1/s3bucket.ts';
import {
  apiBucket,
  BUCKET_ID,
  CLUSTER_ID,
  conflict,
  failures,
  ORG,
  s3Bucket,
  WORKSPACE,
} from '../test/fixtures.ts';
import {
  bumpGeneration,
  conditions,
  describeOutcome,
  ENDPOINT,
  EXPECTED_DATA,
  markDeleted,
  newHarness,
  readyHarness,
  run,
  secretData,
  trace,
} from '../test/harness.ts';
import { Reasons } from './conditions.ts';
import { isCurrent } from './secret.ts';

describe('a new S3Bucket', () => {
  it('adds the finalizer, creates the bucket, records it in the status, writes the Secret, then a Ready status and one event', async () => {
    const h = newHarness();
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual([
      'kube.addFinalizer',
      'api.createBucket',
      'kube.patchStatus',
      'kube.createSecret',
      'kube.patchStatus',
      'kube.recordEvent',
    ]);
    const recorded = h.kube.calls.find((c) => c.op === 'patchStatus');
    expect(recorded, 'the first status write, before the Secret').toMatchObject({
      status: { bucketId: BUCKET_ID, bucketName: 'photos', endpoint: ENDPOINT, origin: 'Created' },
    });
    expect(h.api.calls[0], 'the create request').toEqual({
      method: 'createBucket',
      input: {
        name: 'photos',
        region: 'eu-west-1',
        organization: ORG,
        workspace: WORKSPACE,
        cors_allow_all: false,
        owner_reference: {
          cluster_id: CLUSTER_ID,
          namespace: 'team-a',
          name: 'photos',
          uid: h.bucket().metadata.uid,
        },
      },
    });
    const secret = h.kube.secrets.get('photos', 'team-a');
    expect(secretData(secret), 'Secret data').toEqual(EXPECTED_DATA);
    const expected = { bucketName: 'photos', endpoint: ENDPOINT, region: 'eu-west-1' };
    expect(isCurrent(secret!, h.bucket(), expected), 'the written Secret is current').toBe(true);

    const { conditions: conds, ...status } = h.bucket().status ?? {};
    expect(status).toEqual({
      observedGeneration: 1,
      bucketId: BUCKET_ID,
      bucketName: 'photos',
      endpoint: ENDPOINT,
      secretName: 'photos',
      origin: 'Created',
    });
    expect(conditions(h)).toEqual({
      ready: { status: 'True', reason: Reasons.Available },
      synced: { status: 'True', reason: Reasons.Synced },
    });
    expect(
      conds?.every((c) => c.observedGeneration === 1 && c.lastTransitionTime === '2026-03-01T12:00:00Z'),
    ).toBe(true);
    expect(h.kube.events(), 'one Normal event for the bucket becoming ready').toEqual([
      expect.objectContaining({ type: 'Normal', reason: Reasons.Available }),
    ]);
  });

  it('adds the finalizer before the first API call, even when that call fails', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.unavailable();
    await run(h);
    const finalizerAt = h.timeline.indexOf('kube.addFinalizer');
    const apiAt = h.timeline.findIndex((c) => c.startsWith('api.'));
    expect(finalizerAt, trace(h)).toBeGreaterThanOrEqual(0);
    expect(apiAt, trace(h)).toBeGreaterThan(finalizerAt);
    expect(h.bucket().metadata.finalizers, 'finalizer stored on the S3Bucket').toContain(FINALIZER);
  });

  it('does not add the finalizer twice', async () => {
    const h = await readyHarness();
    bumpGeneration(h);
    await run(h);
    expect(h.timeline, trace(h)).not.toContain('kube.addFinalizer');
    expect(h.bucket().metadata.finalizers).toEqual([FINALIZER]);
  });

  it('sets CORS with an update when the adopted bucket differs from the spec', async () => {
    const h = newHarness({ bucket: s3Bucket({ corsAllowAll: true }) });
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket({ cors_allow_all: false }) });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['createBucket', 'updateBucket']);
    expect(h.api.calls[1]).toEqual({
      method: 'updateBucket',
      id: BUCKET_ID,
      changes: { cors_allow_all: true },
    });
  });
});

describe('steady state', () => {
  it('makes no API call and no Kubernetes call when the status is in sync and the Secret current', async () => {
    const h = await readyHarness();
    for (let pass = 1; pass <= 3; pass++) {
      h.advance(600_000);
      const o = await run(h);
      expect(o, `resync ${pass}: ${describeOutcome(o)}`).toEqual({ result: {} });
    }
    expect(h.timeline, `three resyncs: ${trace(h)}`).toEqual([]);
    expect(h.kube.calls, 'not even an uncached read').toEqual([]);
  });
});

describe('conflicts and a lagging informer cache (issue 12 item 8)', () => {
  it('a status write refused with 409 is requeued quietly: no error, no failure condition, no event', async () => {
    const h = newHarness();
    h.kube.failNext.patchStatus = conflict('s3bucket photos was modified');
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(o.result?.requeueAfterMs, describeOutcome(o)).toBeGreaterThan(0);
    expect(h.bucket().status?.conditions, trace(h)).toBeUndefined();
    expect(h.kube.events(), trace(h)).toEqual([]);
  });

  it("a pass on a cache that has not seen the last pass's status does not overwrite it (409, quiet requeue)", async () => {
    const h = newHarness({ lagging: true, bucket: s3Bucket({ deletionPolicy: 'Delete' }) });
    const first = await run(h);
    expect(first.error, describeOutcome(first)).toBeUndefined();
    expect(h.stored()?.status?.origin, trace(h)).toBe('Created');
    // The watch has delivered the finalizer patch only: the cache has no status yet.
    h.deliver(1);
    expect(h.bucket().status, 'the cache lags').toBeUndefined();

    // The API answers the second create of the same owner with 200, as a retry.
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket() });
    h.clearCalls();
    const second = await run(h);
    expect(second.error, `second pass: ${describeOutcome(second)}; ${trace(h)}`).toBeUndefined();
    expect(h.stored()?.status?.origin, trace(h)).toBe('Created');
    expect(h.kube.events(), 'no warning for a conflict').toEqual([]);

    // Once the cache has caught up, deletionPolicy Delete deletes the bucket this S3Bucket created.
    h.deliver();
    markDeleted(h, 'Delete');
    h.deliver();
    h.clearCalls();
    const deleted = await run(h);
    expect(deleted, `${describeOutcome(deleted)}; ${trace(h)}`).toEqual({ result: {} });
    expect(h.api.calls).toEqual([{ method: 'deleteBucket', id: BUCKET_ID }]);
  });

  it('even a status write that is not refused keeps origin Created: it comes from the API, not the cache', async () => {
    const h = newHarness({ lagging: true, bucket: s3Bucket({ deletionPolicy: 'Delete' }) });
    h.kube.preconditions = false; // a merge patch without resourceVersion, as before the fix
    await run(h);
    h.deliver(1);
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket() });
    const second = await run(h);
    expect(second.error, describeOutcome(second)).toBeUndefined();
    expect(h.stored()?.status?.origin, trace(h)).toBe('Created');

    h.deliver();
    markDeleted(h, 'Delete');
    h.deliver();
    h.clearCalls();
    const deleted = await run(h);
    expect(deleted, `${describeOutcome(deleted)}; ${trace(h)}`).toEqual({ result: {} });
    expect(h.api.calls).toEqual([{ method: 'deleteBucket', id: BUCKET_ID }]);
  });
});
