import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../api/src/test/eventually.ts';
import { startOperatorStack } from '../src/test/stack.ts';
import type { OperatorProcess, OperatorStack } from '../src/test/stack.ts';

const COUNT = 24;

/**
 * More S3Buckets at once than the API admits (one creation at a time per cluster, none waiting):
 * the API refuses the excess with 429 `storage_busy`, the operator waits as told and tries again,
 * and every S3Bucket ends Ready with one bucket in Plinth each.
 */
describe('S3Bucket operator: a storm the API throttles', () => {
  let stack: OperatorStack;
  let operator: OperatorProcess;
  const diagnostics = () => stack.diagnostics();

  beforeAll(async () => {
    stack = await startOperatorStack({
      apiEnv: { PLINTH_STORAGE_CONCURRENCY: '1', PLINTH_STORAGE_QUEUE_PER_ORGANIZATION: '0' },
    });
    const tenant = await stack.tenant('storm');
    await stack.annotatedNamespace('storm', tenant);
    operator = await stack.startOperator({ PLINTH_API_TOKEN: tenant.orgKey, PLINTH_OPERATOR_WORKERS: '8' });
    await operator.waitReady();
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  it('every S3Bucket ends Ready after the API throttled the excess with 429 storage_busy', async () => {
    const manifests = Array.from({ length: COUNT }, (_, i) =>
      JSON.stringify({
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name: `storm-${i}`, namespace: 'storm' },
        spec: { region: 'eu-central' },
      }),
    ).join('\n');
    await stack.kubectl(['apply', '-f', '-'], manifests);
    await eventually(
      `${COUNT} S3Buckets Ready`,
      async () => {
        const list = JSON.parse(await stack.kubectl(['get', 's3buckets', '-n', 'storm', '-o', 'json']));
        const ready = (
          list.items as { status?: { conditions?: { type: string; status: string }[] } }[]
        ).filter((b) => b.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
        return ready.length === COUNT;
      },
      { timeoutMs: 120_000, intervalMs: 1000, diagnostics },
    );
    const create = { operation: 'POST /api/v1/s3/buckets/' };
    const throttled = await operator.metric('plinth_operator_api_requests_total', { ...create, code: '429' });
    expect(throttled, 'the API refused some creations (else this test shows nothing)').toBeGreaterThan(0);
    expect(await operator.metric('plinth_operator_api_requests_total', { ...create, code: '201' })).toBe(
      COUNT,
    );
    const listed = await stack.call('GET', '/api/v1/s3/buckets/?page_size=100');
    expect(listed.body.results.filter((b: { name: string }) => b.name.startsWith('storm-'))).toHaveLength(
      COUNT,
    );
  });
});
