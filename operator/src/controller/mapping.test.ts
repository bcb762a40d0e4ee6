import { describe, expect, it } from 'vitest';
import { TerminalError } from '../runtime/workers.ts';
import { apiBucket, failures, ORG, WORKSPACE } from '../test/fixtures.ts';
import { condition, conditions, describeOutcome, newHarness, run, trace } from '../test/harness.ts';
import { Reasons, SYNCED } from './conditions.ts';

const MAPPED_ANNOTATIONS = { 'plinth.dev/organization': ORG, 'plinth.dev/workspace': WORKSPACE };

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
