import { describe, expect, it } from 'vitest';
import { isTerminalError, TerminalError } from '../runtime/workers.ts';
import type { PlinthFailure } from '../plinth-api/buckets.ts';
import { apiError, failures, ORG } from '../test/fixtures.ts';
import {
  bumpGeneration,
  condition,
  conditions,
  describeOutcome,
  newHarness,
  readyHarness,
  run,
  show,
  trace,
} from '../test/harness.ts';
import { READY, Reasons, SYNCED } from './conditions.ts';
import { apiFailure } from './failure.ts';

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

  it('429 storage_busy is retried after its Retry-After, not with the backoff', async () => {
    const h = newHarness();
    h.api.onCreate = () => failures.throttled(3);
    const o = await run(h);
    expect(o, describeOutcome(o)).toEqual({ result: { requeueAfterMs: 3_000 } });
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.ApiUnavailable });
    expect(condition(h, SYNCED)?.message).toContain('storage_busy');
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

  it("carries the API's field errors into the condition and its Event, not just the envelope's detail", async () => {
    const h = newHarness();
    const unknownRegion = 'Unknown region "eu-central". Known regions: local.';
    h.api.onCreate = () => ({
      kind: 'invalid',
      attrs: ['region'],
      error: {
        ...apiError(400, 'invalid'),
        detail: 'The request is not valid; see errors for each field.',
        errors: [{ attr: 'region', code: 'unknown_region', detail: unknownRegion }],
      },
    });
    await run(h);
    expect(conditions(h).synced).toEqual({ status: 'False', reason: Reasons.UnknownRegion });
    expect(condition(h, SYNCED)?.message).toBe(`region: ${unknownRegion}`);
    expect(h.kube.events()).toEqual([
      expect.objectContaining({ reason: Reasons.UnknownRegion, message: `region: ${unknownRegion}` }),
    ]);
  });
});

describe('apiFailure', () => {
  const fields = [{ attr: 'workspace', code: 'bad', detail: 'Not a workspace of this organization.' }];
  const withFields = (status: number, code: string) => ({ ...apiError(status, code), errors: fields });
  it.each<PlinthFailure>([
    { kind: 'invalid', attrs: ['workspace'], error: withFields(400, 'invalid') },
    {
      kind: 'invalid',
      attrs: ['name'],
      error: { ...withFields(400, 'invalid'), errors: [{ ...fields[0]!, attr: 'name' }] },
    },
    { kind: 'not_supported', attrs: ['workspace'], error: withFields(400, 'not_supported') },
    { kind: 'forbidden', error: withFields(403, 'forbidden') },
    { kind: 'not_found', error: withFields(404, 'not_found') },
    { kind: 'rejected', error: withFields(409, 'other') },
    { kind: 'not_empty', error: withFields(409, 'bucket_not_empty') },
    { kind: 'name_taken', error: withFields(409, 'bucket_name_taken') },
    { kind: 'busy', retryAfterSeconds: 1, error: withFields(409, 'bucket_busy') },
    { kind: 'unauthenticated', error: withFields(401, 'unauthenticated') },
    {
      kind: 'unavailable',
      cause: 'server',
      message: 'HTTP 503',
      retryAfterSeconds: undefined,
      error: withFields(503, 'x'),
    },
  ])('$kind: the message names each field error', (f) => {
    expect(apiFailure(f).message).toContain(`: ${fields[0]!.detail}`);
  });
});
