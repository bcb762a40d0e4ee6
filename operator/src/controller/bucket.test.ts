import { describe, expect, it } from 'vitest';
import { apiBucket, OWNER } from '../test/fixtures.ts';
import { bumpGeneration, newHarness, readyHarness, run, trace } from '../test/harness.ts';

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
