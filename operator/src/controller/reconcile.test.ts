import type { V1Secret } from '@kubernetes/client-node';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { FINALIZER } from '../api/v1alpha1/s3bucket.ts';
import { isTerminalError, TerminalError } from '../runtime/workers.ts';
import {
  apiBucket,
  apiError,
  BUCKET_ID,
  CLUSTER_ID,
  conflict,
  failures,
  kubeError,
  ORG,
  OWNER,
  s3Bucket,
  WORKSPACE,
} from '../test/fixtures.ts';
import {
  bumpGeneration,
  condition,
  conditions,
  describeOutcome,
  ENDPOINT,
  EXPECTED_DATA,
  markDeleted,
  newHarness,
  readyHarness,
  run,
  secretData,
  show,
  trace,
} from '../test/harness.ts';
import type { Harness } from '../test/harness.ts';
import { READY, Reasons, SYNCED } from './conditions.ts';
import { S3BucketReconciler } from './reconcile.ts';
import { DATA_HASH_ANNOTATION, isCurrent, MANAGED_BY, MANAGED_BY_LABEL } from './secret.ts';

const MAPPED_ANNOTATIONS = { 'plinth.dev/organization': ORG, 'plinth.dev/workspace': WORKSPACE };

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

describe('the Secret', () => {
  it('when missing, is recreated from revealed credentials without creating the bucket again', async () => {
    const h = await readyHarness();
    h.kube.secrets.delete('photos', 'team-a');
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(h.api.calls, trace(h)).toEqual([{ method: 'revealCredentials', id: BUCKET_ID }]);
    expect(
      h.kube.writes().map((c) => c.op),
      trace(h),
    ).toEqual(['createSecret']);
    expect(secretData(h.kube.secrets.get('photos', 'team-a'))).toEqual(EXPECTED_DATA);
  });

  it('when edited, is replaced with the resourceVersion it was read at', async () => {
    const h = await readyHarness();
    const stored = structuredClone(h.kube.secrets.get('photos', 'team-a')!);
    stored.data = { ...stored.data, AWS_SECRET_ACCESS_KEY: Buffer.from('typo').toString('base64') };
    stored.metadata = { ...stored.metadata, resourceVersion: '4242' };
    h.kube.secrets.set(stored);
    h.api.onReveal = () => ({
      kind: 'ok',
      credentials: { access_key_id: 'AKIATEST', secret_access_key: 'secret-2' },
    });

    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['revealCredentials']);
    const writes = h.kube.writes();
    expect(
      writes.map((c) => c.op),
      trace(h),
    ).toEqual(['replaceSecret']);
    expect(writes[0], 'replaced at the edited version').toMatchObject({ resourceVersion: '4242' });
    expect(secretData(h.kube.secrets.get('photos', 'team-a')), 'the API credentials, restored').toEqual({
      ...EXPECTED_DATA,
      AWS_SECRET_ACCESS_KEY: 'secret-2',
    });
  });

  it('when missing and the API no longer has the bucket, creates the bucket again', async () => {
    const h = await readyHarness();
    h.kube.secrets.delete('photos', 'team-a');
    h.api.onReveal = () => failures.notFound();
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: {} });
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['revealCredentials', 'createBucket']);
    expect(secretData(h.kube.secrets.get('photos', 'team-a'))).toEqual(EXPECTED_DATA);
  });

  it('when missing and the API is unavailable, fails for a retry without creating the bucket', async () => {
    const h = await readyHarness();
    h.kube.secrets.delete('photos', 'team-a');
    h.api.onReveal = () => failures.unavailable();
    const o = await run(h);
    expect(isTerminalError(o.error), describeOutcome(o)).toBe(false);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(Error);
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['revealCredentials']);
    expect(conditions(h), 'no Secret any more: not Ready').toEqual({
      ready: { status: 'False', reason: Reasons.ApiUnavailable },
      synced: { status: 'False', reason: Reasons.ApiUnavailable },
    });
  });

  it('that is foreign (no managed-by label) stops with ForeignSecret, untouched, with no API call', async () => {
    const foreign: V1Secret = {
      metadata: { name: 'photos', namespace: 'team-a', uid: 'foreign', resourceVersion: '7' },
      type: 'Opaque',
      data: { password: Buffer.from('hunter2').toString('base64') },
    };
    const h = newHarness();
    h.kube.secrets.set(structuredClone(foreign));

    for (let pass = 1; pass <= 2; pass++) {
      const o = await run(h);
      expect(o.error, `pass ${pass}: ${describeOutcome(o)}`).toBeInstanceOf(TerminalError);
      expect(h.api.calls, `pass ${pass}: ${trace(h)}`).toEqual([]);
    }
    expect(h.kube.secrets.get('photos', 'team-a'), 'foreign Secret left as it was').toEqual(foreign);
    expect(
      h.kube.writes().filter((c) => c.op.endsWith('Secret')),
      trace(h),
    ).toEqual([]);
    expect(conditions(h)).toEqual({
      ready: { status: 'False', reason: Reasons.ForeignSecret },
      synced: { status: 'False', reason: Reasons.ForeignSecret },
    });

    // Not remembered as terminal: once the Secret is gone, the next pass goes ahead.
    h.kube.secrets.delete('photos', 'team-a');
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['createBucket']);
  });

  it('labelled as managed but controlled by another S3Bucket is foreign too', async () => {
    const h = newHarness();
    h.kube.secrets.set({
      metadata: {
        name: 'photos',
        namespace: 'team-a',
        uid: 's',
        resourceVersion: '7',
        labels: { [MANAGED_BY_LABEL]: MANAGED_BY },
        annotations: { [DATA_HASH_ANNOTATION]: 'x' },
        ownerReferences: [
          {
            apiVersion: 'plinth.dev/v1alpha1',
            kind: 'S3Bucket',
            name: 'photos',
            uid: 'an-older-uid',
            controller: true,
          },
        ],
      },
      type: 'Opaque',
      data: {},
    });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(TerminalError);
    expect(conditions(h).synced?.reason).toBe(Reasons.ForeignSecret);
    expect(h.api.calls, trace(h)).toEqual([]);
  });

  it('moves to a new spec.secretName and the old one is deleted', async () => {
    const h = await readyHarness();
    bumpGeneration(h, (b) => (b.spec.secretName = 'photos-s3'));
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket() });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(
      h.kube.secrets.list('team-a').map((s) => s.metadata?.name),
      trace(h),
    ).toEqual(['photos-s3']);
    expect(h.bucket().status?.secretName).toBe('photos-s3');
  });
});

describe('workspace mapping', () => {
  it('without namespace annotations or defaults stops with NoWorkspaceMapping and no API call', async () => {
    const h = newHarness({ annotations: null });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(TerminalError);
    expect(h.api.calls, trace(h)).toEqual([]);
    expect(conditions(h).synced, 'Synced').toEqual({ status: 'False', reason: Reasons.NoWorkspaceMapping });
    expect(condition(h, SYNCED)?.message).toContain('team-a');
  });

  const DEFAULTS = {
    organization: '11111111-1111-4111-8111-111111111111',
    workspace: '22222222-2222-4222-8222-222222222222',
  };
  const SELECTOR = 'plinth.dev/default-workspace=true';

  it('uses the operator defaults in a namespace without annotations that matches the default-namespace selector', async () => {
    const h = newHarness({
      annotations: null,
      labels: { 'plinth.dev/default-workspace': 'true' },
      defaults: DEFAULTS,
      defaultNamespaceSelector: SELECTOR,
    });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(h.api.calls[0], trace(h)).toMatchObject({ method: 'createBucket', input: DEFAULTS });
  });

  it('does not use the defaults in a namespace outside the selector: NoWorkspaceMapping saying how to map it, no API call', async () => {
    const h = newHarness({
      annotations: null,
      labels: { team: 'a' },
      defaults: DEFAULTS,
      defaultNamespaceSelector: SELECTOR,
    });
    for (let pass = 1; pass <= 2; pass++) {
      const o = await run(h);
      expect(o.error, `pass ${pass}: ${describeOutcome(o)}`).toBeInstanceOf(TerminalError);
      expect(h.api.calls, `pass ${pass}: ${trace(h)}`).toEqual([]);
    }
    expect(conditions(h)).toEqual({
      ready: { status: 'False', reason: Reasons.NoWorkspaceMapping },
      synced: { status: 'False', reason: Reasons.NoWorkspaceMapping },
    });
    const message = condition(h, SYNCED)?.message ?? '';
    expect(message).toContain('team-a');
    expect(message).toContain('plinth.dev/organization');
    expect(message).toContain('plinth.dev/workspace');
    expect(message).toContain(SELECTOR);

    // Labelled to match, the namespace uses the defaults on its next pass.
    h.namespaces.set({
      metadata: { name: 'team-a', labels: { team: 'a', 'plinth.dev/default-workspace': 'true' } },
    });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(h.api.calls, trace(h)).toEqual([
      expect.objectContaining({ input: expect.objectContaining(DEFAULTS) }),
    ]);
  });

  it('does not use the defaults at all without a default-namespace selector', async () => {
    const h = newHarness({ annotations: null, defaults: DEFAULTS });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(TerminalError);
    expect(h.api.calls, trace(h)).toEqual([]);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.NoWorkspaceMapping });
  });

  it('a name_taken under the defaults is retried when the namespace leaves the selector and is annotated', async () => {
    const h = newHarness({
      annotations: null,
      labels: { 'plinth.dev/default-workspace': 'true' },
      defaults: DEFAULTS,
      defaultNamespaceSelector: SELECTOR,
    });
    h.api.onCreate = () => failures.nameTaken();
    await run(h);
    h.namespaces.set({ metadata: { name: 'team-a', annotations: MAPPED_ANNOTATIONS } });
    h.api.onCreate = () => ({ kind: 'created', bucket: apiBucket() });
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeUndefined();
    expect(
      h.api.calls.map((c) => (c.method === 'createBucket' ? c.input.workspace : c.method)),
      trace(h),
    ).toEqual([DEFAULTS.workspace, WORKSPACE]);
  });

  it('prefers the namespace annotations over the defaults', async () => {
    const h = newHarness({
      defaults: {
        organization: '11111111-1111-4111-8111-111111111111',
        workspace: '22222222-2222-4222-8222-222222222222',
      },
    });
    await run(h);
    expect(h.api.calls[0], trace(h)).toMatchObject({ input: { organization: ORG, workspace: WORKSPACE } });
  });
});

describe('API failures', () => {
  it('name_taken is terminal (NameTaken) and not retried until the generation changes', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.nameTaken();
    const first = await run(h);
    expect(first.error, describeOutcome(first)).toBeInstanceOf(TerminalError);
    expect(conditions(h)).toEqual({
      ready: { status: 'False', reason: Reasons.NameTaken },
      synced: { status: 'False', reason: Reasons.NameTaken },
    });
    expect(h.api.calls).toHaveLength(1);

    h.advance(600_000);
    const resync = await run(h);
    expect(resync, `resync, same generation: ${describeOutcome(resync)}`).toEqual({ result: {} });
    expect(h.api.calls, `no API call on resync; ${trace(h)}`).toHaveLength(1);

    bumpGeneration(h, (b) => (b.spec.region = 'eu-central-1'));
    await run(h);
    expect(
      h.api.calls.map((c) => c.method),
      `new generation retries; ${trace(h)}`,
    ).toEqual(['createBucket', 'createBucket']);
  });

  it('name_taken is retried when the namespace mapping changes', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.nameTaken();
    await run(h);
    h.namespaces.set({
      metadata: {
        name: 'team-a',
        annotations: {
          'plinth.dev/organization': ORG,
          'plinth.dev/workspace': '33333333-3333-4333-8333-333333333333',
        },
      },
    });
    await run(h);
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['createBucket', 'createBucket']);
  });

  it('unavailable throws a retried (non-terminal) error and says ApiUnavailable', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.unavailable();
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(Error);
    expect(isTerminalError(o.error), `must be retried: ${show(o.error)}`).toBe(false);
    expect(show(o.error)).toContain(Reasons.ApiUnavailable);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.ApiUnavailable });
    expect(condition(h, SYNCED)?.message).toContain('maintenance');

    await run(h);
    expect(h.api.calls, `the next pass asks again; ${trace(h)}`).toHaveLength(2);
  });

  it.each([
    [7, 7_000],
    [undefined, 2_000],
  ])('busy (Retry-After %s) asks to be requeued after %i ms', async (retryAfter, expectedMs) => {
    const h = newHarness();
    h.api.onCreate = () => failures.busy(retryAfter);
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: { requeueAfterMs: expectedMs } });
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.Provisioning });
  });

  it('keeps Ready True while the Secret still works, and reports the failure in Synced once', async () => {
    const h = await readyHarness();
    const readyBefore = condition(h, READY);
    bumpGeneration(h, (b) => (b.spec.corsAllowAll = true));
    h.api.onCreate = () => failures.unavailable();
    h.advance(1_000);
    await run(h);
    expect(conditions(h)).toEqual({
      ready: { status: 'True', reason: Reasons.Available },
      synced: { status: 'False', reason: Reasons.ApiUnavailable },
    });
    expect(condition(h, READY)?.lastTransitionTime, 'Ready did not transition').toBe(
      readyBefore?.lastTransitionTime,
    );
    expect(condition(h, SYNCED)?.lastTransitionTime).toBe('2026-03-01T12:00:01Z');
    expect(h.kube.events(), trace(h)).toEqual([
      expect.objectContaining({ type: 'Warning', reason: Reasons.ApiUnavailable }),
    ]);

    h.clearCalls();
    h.advance(1_000);
    await run(h);
    expect(h.timeline, `the same failure again: no status write, no event; ${trace(h)}`).toEqual([
      'api.createBucket',
    ]);
  });
});

describe('origin', () => {
  it('is Created for a 201', async () => {
    const h = newHarness();
    await run(h);
    expect(h.bucket().status?.origin).toBe('Created');
  });

  it('is Adopted for a 200 on a resource that never recorded the bucket', async () => {
    const h = newHarness();
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket({ origin: 'adopted' }) });
    await run(h);
    expect(h.bucket().status?.origin, trace(h)).toBe('Adopted');
  });

  it('is Created for a 200 when the API created the bucket for this object (a retry)', async () => {
    const h = await readyHarness();
    bumpGeneration(h, (b) => (b.spec.corsAllowAll = true));
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket({ cors_allow_all: true }) });
    await run(h);
    expect(
      h.api.calls.map((c) => c.method),
      trace(h),
    ).toEqual(['createBucket']);
    expect(h.bucket().status?.origin).toBe('Created');
  });

  it('is Adopted for a bucket created for another object, whatever the status said', async () => {
    const h = await readyHarness();
    bumpGeneration(h, (b) => (b.spec.corsAllowAll = true));
    const otherId = 'b0000000-0000-4000-8000-0000000000b2';
    h.api.onCreate = () => ({
      kind: 'adopted',
      bucket: apiBucket({
        id: otherId,
        cors_allow_all: true,
        created_for: { ...OWNER, uid: 'an-older-uid' },
      }),
    });
    await run(h);
    expect(h.bucket().status).toMatchObject({ bucketId: otherId, origin: 'Adopted' });
  });

  it('is Adopted for a bucket created for the same uid in another cluster', async () => {
    const h = newHarness();
    h.api.onCreate = () => ({
      kind: 'adopted',
      bucket: apiBucket({ created_for: { ...OWNER, cluster_id: 'another-cluster' } }),
    });
    await run(h);
    expect(h.bucket().status?.origin, trace(h)).toBe('Adopted');
  });

  it('is Adopted for a bucket created without an owner (through the UI) and released to this namespace', async () => {
    const h = newHarness();
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket({ created_for: null }) });
    await run(h);
    expect(h.bucket().status?.origin, trace(h)).toBe('Adopted');
  });
});

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

describe('a Secret that cannot be written (issue 12 item 7)', () => {
  const QUOTA = kubeError(
    403,
    'secrets "photos" is forbidden: exceeded quota: secrets, requested: count/secrets=1, used: count/secrets=0, limited: count/secrets=0',
  );

  it('leaves the bucket recorded in the status, says why in the conditions, and is retried', async () => {
    const h = newHarness();
    h.kube.failNext.createSecret = QUOTA;
    const o = await run(h);
    expect(o.error, describeOutcome(o)).toBeInstanceOf(Error);
    expect(isTerminalError(o.error), `must be retried: ${show(o.error)}`).toBe(false);
    expect(h.bucket().status, trace(h)).toMatchObject({
      bucketId: BUCKET_ID,
      bucketName: 'photos',
      endpoint: ENDPOINT,
      origin: 'Created',
    });
    expect(conditions(h)).toEqual({
      ready: { status: 'False', reason: Reasons.SecretWriteFailed },
      synced: { status: 'False', reason: Reasons.SecretWriteFailed },
    });
    expect(condition(h, READY)?.message).toContain('exceeded quota');

    // The quota is raised: the next pass gets the same bucket back (a retry of the same owner).
    h.clearCalls();
    h.api.onCreate = () => ({ kind: 'adopted', bucket: apiBucket() });
    const again = await run(h);
    expect(again, describeOutcome(again)).toEqual({ result: {} });
    expect(conditions(h).ready, trace(h)).toEqual({ status: 'True', reason: Reasons.Available });
    expect(h.bucket().status?.origin).toBe('Created');
    expect(secretData(h.kube.secrets.get('photos', 'team-a'))).toEqual(EXPECTED_DATA);
  });

  it.each([['Retain' as const], ['Delete' as const]])(
    'then deleting the S3Bucket (%s) still releases or deletes the bucket through the API',
    async (policy) => {
      const h = newHarness({ bucket: s3Bucket({ deletionPolicy: policy }) });
      h.kube.failNext.createSecret = QUOTA;
      await run(h);
      h.clearCalls();
      markDeleted(h, policy);
      const o = await run(h);
      expect(o, describeOutcome(o)).toEqual({ result: {} });
      expect(
        h.api.calls.map((c) => c.method),
        trace(h),
      ).toEqual([policy === 'Retain' ? 'updateBucket' : 'deleteBucket']);
      expect(h.api.calls[0], trace(h)).toMatchObject({ id: BUCKET_ID });
      expect(h.timeline.at(-1), trace(h)).toBe('kube.removeFinalizer');
    },
  );
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

describe('status and events', () => {
  it('records an Event only when a condition transitions', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.busy(1);
    await run(h);
    const afterFirst = h.kube.events().length;
    expect(afterFirst, `first failure: ${trace(h)}`).toBeGreaterThan(0);
    await run(h);
    await run(h);
    expect(h.kube.events(), `two more identical failures: ${trace(h)}`).toHaveLength(afterFirst);
    expect(
      h.kube.calls.filter((c) => c.op === 'patchStatus'),
      'nor a status write',
    ).toHaveLength(1);

    h.api.onCreate = () => ({ kind: 'created', bucket: apiBucket() });
    await run(h);
    expect(h.kube.events().slice(afterFirst), 'recovery').toEqual([
      expect.objectContaining({ type: 'Normal', reason: Reasons.Available }),
    ]);
  });
});

describe('credential rotation (plinth.dev/rotate-credentials)', () => {
  const ROTATE = 'plinth.dev/rotate-credentials';
  const annotate = (h: Harness, token: string) =>
    h.update((b) => {
      b.metadata.annotations = { ...b.metadata.annotations, [ROTATE]: token };
    });
  const rotations = (h: Harness) => h.api.calls.filter((c) => c.method === 'rotateCredentials');
  const secret = (h: Harness) => h.kube.secrets.get('photos', 'team-a');

  it('a new token rotates once, replaces the Secret in place with the new key, then records the status and an Event', async () => {
    const h = await readyHarness({ bucket: s3Bucket({ credentialsRotation: { graceSeconds: 2 } }) });
    const before = secret(h)!;
    annotate(h, '2026-03-01');
    const o = await run(h);
    expect(o, `${describeOutcome(o)}; ${trace(h)}`).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual([
      'api.getBucket',
      'kube.patchStatus', // the request, before the API is asked
      'api.rotateCredentials',
      'kube.replaceSecret',
      'kube.patchStatus',
      'kube.recordEvent',
    ]);
    expect(rotations(h)).toEqual([
      { method: 'rotateCredentials', id: BUCKET_ID, input: { grace_seconds: 2 } },
    ]);
    const requested = h.kube.calls.find((c) => c.op === 'patchStatus');
    expect(requested, 'the request is recorded first, against the bucket as it was').toMatchObject({
      status: { credentials: { requestedToken: '2026-03-01', requestedAgainst: '' } },
    });
    const after = secret(h)!;
    expect(after.metadata?.uid, 'the same Secret').toBe(before.metadata?.uid);
    expect(secretData(after), 'only the two key fields change').toEqual({
      ...EXPECTED_DATA,
      AWS_ACCESS_KEY_ID: 'AKIAROT1',
      AWS_SECRET_ACCESS_KEY: 'secret-rot-1',
    });
    expect(
      isCurrent(after, h.bucket(), { bucketName: 'photos', endpoint: ENDPOINT, region: 'eu-west-1' }),
    ).toBe(true);
    expect(h.bucket().status?.credentials).toEqual({
      rotationToken: '2026-03-01',
      requestedToken: '2026-03-01',
      requestedAgainst: '',
      rotatedAt: '2026-03-02T00:01:00.000Z',
      previousKeyExpiresAt: '2026-03-02T00:01:02.000Z',
    });
    expect(conditions(h)).toEqual({
      ready: { status: 'True', reason: Reasons.Available },
      synced: { status: 'True', reason: Reasons.Synced },
    });
    expect(h.kube.events()).toEqual([
      expect.objectContaining({ type: 'Normal', reason: 'CredentialsRotated' }),
    ]);
    expect(h.kube.events()[0]!.message).not.toContain('secret-rot-1');
  });

  it('without spec.credentialsRotation sends no grace (the API default)', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    expect((await run(h)).error).toBeUndefined();
    expect(rotations(h)).toEqual([{ method: 'rotateCredentials', id: BUCKET_ID, input: {} }]);
  });

  it('the same token again, and resyncs, make no API call; a new token rotates again', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    await run(h);
    h.clearCalls();
    annotate(h, 'one'); // re-applied: an update event, same value
    for (let pass = 1; pass <= 3; pass++) {
      h.advance(600_000);
      const o = await run(h);
      expect(o, `pass ${pass}: ${describeOutcome(o)}`).toEqual({ result: {} });
    }
    expect(h.timeline, trace(h)).toEqual([]);

    annotate(h, 'two');
    expect((await run(h)).error).toBeUndefined();
    expect(rotations(h), trace(h)).toHaveLength(1);
    expect(secretData(secret(h)).AWS_ACCESS_KEY_ID).toBe('AKIAROT2');
    expect(h.bucket().status?.credentials).toMatchObject({
      rotationToken: 'two',
      requestedAgainst: '2026-03-02T00:01:00.000Z',
    });
  });

  it('a crash between the rotation and the Secret write converges to the current key without rotating again', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    // The API rotates; the operator dies before it can use the answer.
    h.api.onRotate = (_id, input) => {
      h.api.rotate(input.grace_seconds ?? 86_400);
      throw new Error('operator killed');
    };
    const crashed = await run(h);
    expect(crashed.error, describeOutcome(crashed)).toBeDefined();
    expect(secretData(secret(h)).AWS_ACCESS_KEY_ID, 'the old key, still in its grace').toBe('AKIATEST');
    expect(h.bucket().status?.credentials).toMatchObject({ requestedToken: 'one' });
    expect(h.bucket().status?.credentials?.rotationToken).toBeUndefined();

    h.clearCalls();
    const resumed = await run(h);
    expect(resumed, `${describeOutcome(resumed)}; ${trace(h)}`).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual([
      'api.getBucket',
      'api.revealCredentials',
      'kube.replaceSecret',
      'kube.patchStatus',
      'kube.recordEvent',
    ]);
    expect(h.api.keys.rotations, 'rotated once in all').toBe(1);
    expect(secretData(secret(h))).toMatchObject({
      AWS_ACCESS_KEY_ID: 'AKIAROT1',
      AWS_SECRET_ACCESS_KEY: 'secret-rot-1',
    });
    expect(h.bucket().status?.credentials).toMatchObject({
      rotationToken: 'one',
      rotatedAt: h.api.keys.rotatedAt,
      previousKeyExpiresAt: h.api.keys.previousExpiresAt,
    });

    h.clearCalls();
    expect(await run(h)).toEqual({ result: {} });
    expect(h.timeline, 'then steady').toEqual([]);
  });

  it('a lost answer (timeout after the API rotated) converges the same way', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    h.api.onRotate = (_id, input) => {
      h.api.rotate(input.grace_seconds ?? 86_400);
      return { ...failures.unavailable('timeout'), cause: 'timeout' };
    };
    const lost = await run(h);
    expect(lost.error, describeOutcome(lost)).toBeDefined();
    expect(conditions(h).ready?.status, 'the old key still works').toBe('True');
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.ApiUnavailable });
    expect(await run(h)).toEqual({ result: {} });
    expect(rotations(h)).toHaveLength(1);
    expect(secretData(secret(h)).AWS_ACCESS_KEY_ID).toBe('AKIAROT1');
  });

  it('a crash after recording the request but before the API call rotates on the next pass, once', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    h.api.onRotate = () => {
      throw new Error('operator killed before the request left');
    };
    expect((await run(h)).error).toBeDefined();
    expect(h.api.keys.rotations).toBe(0);
    h.api.onRotate = (_id, input) => ({ kind: 'ok', rotated: h.api.rotate(input.grace_seconds ?? 86_400) });
    h.clearCalls();
    expect(await run(h), trace(h)).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual([
      'api.getBucket',
      'api.rotateCredentials',
      'kube.replaceSecret',
      'kube.patchStatus',
      'kube.recordEvent',
    ]);
    expect(h.api.keys.rotations).toBe(1);
    expect(secretData(secret(h)).AWS_ACCESS_KEY_ID).toBe('AKIAROT1');
  });

  it('a Secret that cannot be written after the rotation is written on a later pass, without rotating again', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    h.kube.failNext.replaceSecret = kubeError(403, 'forbidden by a webhook');
    const failed = await run(h);
    expect(failed.error, describeOutcome(failed)).toBeDefined();
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.SecretWriteFailed });
    expect(await run(h)).toEqual({ result: {} });
    expect(rotations(h)).toHaveLength(1);
    expect(secretData(secret(h)).AWS_ACCESS_KEY_ID).toBe('AKIAROT1');
    expect(conditions(h).synced).toEqual({ status: 'True', reason: Reasons.Synced });
  });

  it('a pass on a stale cache copy never rotates a second time: skipped by this process, refused (409) for another', async () => {
    const h = newHarness({ lagging: true });
    expect((await run(h)).error).toBeUndefined();
    h.deliver();
    annotate(h, 'one');
    h.deliver();
    expect(await run(h)).toEqual({ result: {} });
    expect(h.api.keys.rotations).toBe(1);
    // The cache has not seen the status writes of that pass: it still shows no request. This
    // process knows it carried the token out: no API call (no second reveal in the audit log).
    h.clearCalls();
    expect(await run(h), trace(h)).toEqual({ result: {} });
    expect(h.timeline, trace(h)).toEqual([]);

    // A restarted (or another) operator on that stale cache: its request write is refused before
    // it could call the API to rotate.
    const other = new S3BucketReconciler({
      buckets: h.buckets,
      secrets: h.kube.managedSecrets,
      namespaces: h.namespaces,
      kube: h.kube,
      api: h.api,
      clusterId: CLUSTER_ID,
      defaults: {},
      logger: pino({ level: 'silent' }),
    });
    const stale = await other.reconcile(h.key).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect('error' in stale ? show(stale.error) : undefined).toBeUndefined();
    expect('result' in stale && stale.result.requeueAfterMs, 'a quiet requeue').toBeGreaterThan(0);
    expect(h.timeline, trace(h)).toEqual(['api.getBucket', 'kube.patchStatus']);
    expect(h.api.keys.rotations).toBe(1);
    h.deliver();
    h.clearCalls();
    expect(await other.reconcile(h.key)).toEqual({});
    expect(h.timeline, trace(h)).toEqual([]);
  });

  it('a new S3Bucket with the annotation already set gets a fresh key and no rotation', async () => {
    const b = s3Bucket();
    b.metadata.annotations = { [ROTATE]: 'set-at-creation' };
    const h = newHarness({ bucket: b });
    expect(await run(h)).toEqual({ result: {} });
    expect(rotations(h)).toHaveLength(0);
    expect(h.bucket().status?.credentials).toEqual({
      rotationToken: 'set-at-creation',
      requestedToken: 'set-at-creation',
      // The fresh key took over at creation (the harness's clock).
      rotatedAt: '2026-03-01T12:00:00Z',
    });
    h.clearCalls();
    expect(await run(h)).toEqual({ result: {} });
    expect(h.timeline).toEqual([]);
  });

  it('a grace the API refuses is terminal (InvalidSpec) until the token or the spec changes', async () => {
    const h = await readyHarness();
    annotate(h, 'one');
    h.api.onRotate = () => ({
      kind: 'invalid',
      attrs: ['grace_seconds'],
      error: { ...apiError(400, 'invalid'), detail: 'At most 604800 seconds on this API.' },
    });
    const o = await run(h);
    expect(isTerminalError(o.error), describeOutcome(o)).toBe(true);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.InvalidSpec });
    h.clearCalls();
    await run(h);
    expect(h.api.calls, 'not retried on resync').toEqual([]);
    h.api.onRotate = (_id, input) => ({ kind: 'ok', rotated: h.api.rotate(input.grace_seconds ?? 86_400) });
    annotate(h, 'two');
    expect(await run(h)).toEqual({ result: {} });
    expect(h.bucket().status?.credentials).toMatchObject({ rotationToken: 'two', requestedToken: 'two' });
    expect(h.api.keys.rotations).toBe(1);
  });
});

describe('scheduled rotation (spec.credentialsRotation.periodSeconds)', () => {
  const DAY = 86_400_000;
  const rotations = (h: Harness) => h.api.calls.filter((c) => c.method === 'rotateCredentials');
  const monthly = () => s3Bucket({ credentialsRotation: { periodSeconds: 30 * 86_400, graceSeconds: 3600 } });

  it('rotates one period after the creation, once, and comes back when the next is due', async () => {
    const h = newHarness({ bucket: monthly() });
    expect(await run(h), 'the creation pass comes back when the rotation is due').toEqual({
      result: { requeueAfterMs: 30 * DAY },
    });
    h.clearCalls();
    h.advance(30 * DAY - 1000);
    expect(await run(h)).toEqual({ result: { requeueAfterMs: 1000 } });
    expect(h.timeline, 'nothing before it is due').toEqual([]);
    h.advance(1000);
    await run(h);
    expect(rotations(h)).toEqual([
      { method: 'rotateCredentials', id: BUCKET_ID, input: { grace_seconds: 3600 } },
    ]);
    expect(h.bucket().status?.credentials).toMatchObject({
      rotationToken: 'scheduled/2026-03-31T12:00:00Z',
      rotatedAt: h.api.keys.rotatedAt,
    });
    expect(
      Buffer.from(h.kube.secrets.get('photos', 'team-a')!.data!.AWS_ACCESS_KEY_ID!, 'base64').toString(),
    ).toBe('AKIAROT1');
    h.clearCalls();
    // The next one counts from the API's rotatedAt (its clock): 30 days after 2026-03-02T00:01Z.
    const o = await run(h);
    expect(rotations(h), 'carried out once').toHaveLength(0);
    const next = Date.parse('2026-04-01T00:01:00Z') - Date.parse('2026-03-31T12:00:00Z');
    expect(o).toEqual({ result: { requeueAfterMs: next } });
    h.advance(next);
    await run(h);
    expect(rotations(h)).toHaveLength(1);
    expect(h.bucket().status?.credentials?.rotationToken).toBe('scheduled/2026-04-01T00:01:00Z');
  });

  it('an annotation rotation before the period moves the schedule to count from it', async () => {
    const h = newHarness({ bucket: monthly() });
    await run(h);
    h.advance(10 * DAY);
    h.update((b) => {
      b.metadata.annotations = { ...b.metadata.annotations, 'plinth.dev/rotate-credentials': 'now' };
    });
    await run(h);
    expect(h.bucket().status?.credentials?.rotationToken).toBe('now');
    h.clearCalls();
    // rotatedAt is the API's 2026-03-02T00:01Z: the next is 30 days after that, not after creation.
    h.advance(20 * DAY);
    const o = await run(h);
    expect(rotations(h)).toHaveLength(0);
    expect(o.result?.requeueAfterMs).toBe(
      Date.parse('2026-04-01T00:01:00Z') - Date.parse('2026-03-31T12:00:00Z'),
    );
  });

  it('a period no longer than the grace is refused (InvalidSpec), with no API call', async () => {
    const h = newHarness({
      bucket: s3Bucket({ credentialsRotation: { periodSeconds: 7200, graceSeconds: 7200 } }),
    });
    const o = await run(h);
    expect(isTerminalError(o.error), describeOutcome(o)).toBe(true);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.InvalidSpec });
    expect(condition(h, SYNCED)?.message).toContain('periodSeconds must be longer than graceSeconds');
    expect(h.api.calls).toEqual([]);
  });
});
