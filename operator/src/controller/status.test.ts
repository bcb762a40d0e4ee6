import { describe, expect, it } from 'vitest';
import { apiBucket, failures } from '../test/fixtures.ts';
import { newHarness, run, trace } from '../test/harness.ts';
import { Reasons } from './conditions.ts';

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
