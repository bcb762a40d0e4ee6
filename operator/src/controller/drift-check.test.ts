import { describe, expect, it } from 'vitest';
import { ROTATE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { Result } from '../runtime/workers.ts';
import { apiBucket, BUCKET_ID, failures } from '../test/fixtures.ts';
import { newHarness } from '../test/harness.ts';
import type { Harness } from '../test/harness.ts';
import { findCondition, READY, Reasons, SYNCED } from './conditions.ts';

/** A Ready S3Bucket with drift checks every minute; its first check due at a random 0.95 of one. */
async function driftHarness(): Promise<Harness> {
  // Random draws: 0.95 places the first check, 0.5 every later one.
  const draws = [0.95];
  const h = newHarness({ drift: { intervalMs: 60_000, random: () => draws.shift() ?? 0.5 } });
  const first = await h.reconcile();
  expect(first, 'the creation pass asks to come back for the first check').toEqual({
    requeueAfterMs: 57_000,
  });
  expect(state(h).ready).toBe('True/Available');
  h.clearCalls();
  return h;
}

function state(h: Harness) {
  const pick = (type: string) => {
    const c = findCondition(h.bucket().status?.conditions, type);
    return c ? `${c.status}/${c.reason}` : undefined;
  };
  return { ready: pick(READY), synced: pick(SYNCED) };
}

/** A user's `kubectl annotate … plinth.dev/rotate-credentials=<token>`. */
const askRotation = (h: Harness, token: string) =>
  h.update((b) => {
    b.metadata.annotations = { ...b.metadata.annotations, [ROTATE_ANNOTATION]: token };
  });

const healthChecks = (h: Harness) => h.api.calls.filter((c) => c.method === 'checkBucketHealth');

async function pass(h: Harness): Promise<Result> {
  return h.reconcile();
}

describe('drift checks in the reconciler', () => {
  it('make no API call on resyncs between checks, and one GET of the health when due', async () => {
    const h = await driftHarness();
    let elapsed = 0;
    for (const ms of [10_000, 20_000, 20_000]) {
      h.advance(ms);
      elapsed += ms;
      expect(await pass(h)).toEqual({ requeueAfterMs: 57_000 - elapsed });
    }
    expect(h.timeline, 'resyncs before the check is due').toEqual([]);
    h.advance(7_000);
    expect(await pass(h)).toEqual({ requeueAfterMs: 57_000 });
    expect(healthChecks(h)).toEqual([{ method: 'checkBucketHealth', id: BUCKET_ID }]);
    expect(h.kube.writes(), 'a healthy check writes nothing').toEqual([]);
    expect(h.driftChecks).toEqual(['healthy']);
  });

  it('an access user removed out of band turns Ready False (AccessKeyMissing) with a Warning, until a check finds it back', async () => {
    const h = await driftHarness();
    h.api.storage.accessKeyExists = false;
    h.advance(57_000);
    await pass(h);
    expect(state(h)).toEqual({ ready: 'False/AccessKeyMissing', synced: 'True/Synced' });
    const ready = findCondition(h.bucket().status?.conditions, READY)!;
    expect(ready.message).toContain('plinth.dev/rotate-credentials');
    expect(h.kube.events()).toEqual([
      expect.objectContaining({ type: 'Warning', reason: Reasons.AccessKeyMissing }),
    ]);
    h.clearCalls();
    h.advance(30_000);
    await pass(h);
    expect(h.timeline, 'a resync before the next check: no call, no write').toEqual([]);
    expect(state(h).ready).toBe('False/AccessKeyMissing');
    h.api.storage.accessKeyExists = true;
    h.advance(27_000);
    await pass(h);
    expect(state(h).ready).toBe('True/Available');
    expect(h.kube.events()).toEqual([expect.objectContaining({ type: 'Normal', reason: Reasons.Available })]);
  });

  it('a rotation (the annotation) repairs a missing access user at once', async () => {
    const h = await driftHarness();
    h.api.storage.accessKeyExists = false;
    h.advance(57_000);
    await pass(h);
    expect(state(h).ready).toBe('False/AccessKeyMissing');
    askRotation(h, 'repair');
    await pass(h);
    expect(h.api.keys.rotations).toBe(1);
    expect(state(h).ready).toBe('True/Available');
  });

  it('a finding outlives other failures and spec changes until a check clears it', async () => {
    const h = await driftHarness();
    h.api.storage.bucketExists = false;
    h.advance(57_000);
    await pass(h);
    h.api.onUpdate = () => failures.unavailable();
    // The API answers a creation for the same owner with its existing bucket.
    h.api.onCreate = (input) => ({ kind: 'adopted', bucket: apiBucket({ name: input.name }) });
    h.update((b) => {
      b.spec.corsAllowAll = true;
      b.metadata.generation = (b.metadata.generation ?? 1) + 1;
    });
    await pass(h).catch(() => undefined);
    expect(state(h)).toEqual({ ready: 'False/BucketMissing', synced: 'False/ApiUnavailable' });
    h.api.onUpdate = (id, changes) => ({ kind: 'ok', bucket: { ...apiBucket({ id }), ...changes } });
    await pass(h);
    expect(state(h)).toEqual({ ready: 'False/BucketMissing', synced: 'True/Synced' });
  });

  it('a bucket removed out of band turns Ready False (BucketMissing); a rotation does not hide it', async () => {
    const h = await driftHarness();
    h.api.storage.bucketExists = false;
    h.advance(57_000);
    await pass(h);
    expect(state(h)).toEqual({ ready: 'False/BucketMissing', synced: 'True/Synced' });
    expect(
      h.api.calls.map((c) => c.method),
      'never created again',
    ).toEqual(['checkBucketHealth']);
    askRotation(h, 'one');
    await pass(h);
    expect(h.api.keys.rotations).toBe(1);
    expect(state(h).ready).toBe('False/BucketMissing');
  });

  it('a bucket deleted through the API (404) is created again, empty, with new credentials in the Secret', async () => {
    const h = await driftHarness();
    h.api.onHealth = () => failures.notFound();
    h.api.onCreate = (input) => ({
      kind: 'created',
      bucket: apiBucket({
        id: 'b0000000-0000-4000-8000-0000000000b2',
        name: input.name,
        credentials: { access_key_id: 'AKIANEW', secret_access_key: 'secret-new' },
      }),
    });
    h.advance(57_000);
    await pass(h);
    expect(h.api.calls.map((c) => c.method)).toEqual(['checkBucketHealth', 'createBucket']);
    expect(h.bucket().status?.bucketId).toBe('b0000000-0000-4000-8000-0000000000b2');
    const data = h.kube.secrets.get('photos', 'team-a')?.data ?? {};
    expect(Buffer.from(data.AWS_ACCESS_KEY_ID ?? '', 'base64').toString()).toBe('AKIANEW');
    expect(h.kube.events()).toEqual([
      expect.objectContaining({ type: 'Warning', reason: 'BucketRecreated' }),
    ]);
    expect(state(h).ready).toBe('True/Available');
  });

  it('an unanswered check changes nothing and is tried again sooner', async () => {
    const h = await driftHarness();
    h.api.onHealth = () => failures.unavailable();
    h.advance(57_000);
    const result = await pass(h);
    expect(result.requeueAfterMs).toBe(45_000);
    expect(state(h).ready).toBe('True/Available');
    expect(h.kube.writes()).toEqual([]);
    expect(h.driftChecks).toEqual(['failed']);
  });
});
