import type { V1Secret } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { isTerminalError, TerminalError } from '../runtime/workers.ts';
import { apiBucket, BUCKET_ID, failures, kubeError, s3Bucket } from '../test/fixtures.ts';
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
import { READY, Reasons } from './conditions.ts';
import { DATA_HASH_ANNOTATION, MANAGED_BY, MANAGED_BY_LABEL } from './secret.ts';

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
