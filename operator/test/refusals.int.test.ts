import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../api/src/test/eventually.ts';
import { startOperatorStack } from '../src/test/stack.ts';
import type { OperatorStack } from '../src/test/stack.ts';

/**
 * A spec the API refuses, against the real API: the condition and its Event say what the API's
 * field error says (docs/operator.md: "the message lists the known ones"), not only its envelope.
 */
describe('S3Bucket operator: refusals by the API', () => {
  let stack: OperatorStack;
  const diagnostics = () => stack.diagnostics();

  beforeAll(async () => {
    stack = await startOperatorStack();
    const tenant = await stack.tenant('refusals');
    await stack.annotatedNamespace('refusals', tenant);
    await stack.startOperator({ PLINTH_API_TOKEN: tenant.orgKey });
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  it('an unknown region: UnknownRegion, and the condition and Event list the known regions', async () => {
    await stack.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name: 'far-away', namespace: 'refusals' },
        spec: { region: 'mars-1' },
      }),
    );
    const expected = 'region: Unknown region "mars-1". Known regions: eu-central.';
    const ready = await eventually(
      'far-away Ready=False (UnknownRegion)',
      async () => {
        const obj = JSON.parse(
          await stack.kubectl(['get', 's3bucket', 'far-away', '-n', 'refusals', '-o', 'json']),
        );
        const c = obj.status?.conditions?.find((x: { type: string }) => x.type === 'Ready');
        return c?.reason === 'UnknownRegion' ? c : undefined;
      },
      { diagnostics },
    );
    expect(ready.message).toBe(expected);
    const events = await eventually(
      'the UnknownRegion Event',
      async () => {
        const list = JSON.parse(await stack.kubectl(['get', 'events', '-n', 'refusals', '-o', 'json']));
        const found = (list.items as { reason: string; message: string }[]).filter(
          (e) => e.reason === 'UnknownRegion',
        );
        return found.length > 0 ? found : undefined;
      },
      { diagnostics },
    );
    expect(events.map((e) => e.message)).toContain(expected);
  });
});
