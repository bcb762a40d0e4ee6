import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { isTerminalError } from '../runtime/workers.ts';
import { apiError, BUCKET_ID, CLUSTER_ID, failures, kubeError, s3Bucket } from '../test/fixtures.ts';
import {
  condition,
  conditions,
  describeOutcome,
  EXPECTED_DATA,
  ENDPOINT,
  newHarness,
  readyHarness,
  run,
  secretData,
  show,
  trace,
} from '../test/harness.ts';
import type { Harness } from '../test/harness.ts';
import { Reasons, SYNCED } from './conditions.ts';
import { S3BucketReconciler } from './reconcile.ts';
import { isCurrent } from './secret.ts';

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
