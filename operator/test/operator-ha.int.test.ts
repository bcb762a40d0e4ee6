import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMinioAdmin } from '../../api/src/areas/buckets/storage/minio-admin.ts';
import { eventually } from '../../api/src/test/eventually.ts';
import { startOperatorStack } from '../src/test/stack.ts';
import type { OperatorProcess, OperatorStack, Tenant } from '../src/test/stack.ts';

/**
 * The operator killed in the middle of its work, and run as two replicas: nothing is made twice,
 * no Secret is lost, and only the replica holding the Lease reconciles.
 */
describe('S3Bucket operator: crashes and replicas', () => {
  let stack: OperatorStack;
  let tenant: Tenant;
  const diagnostics = () => stack.diagnostics();

  const apply = (names: string[]) =>
    stack.kubectl(
      ['apply', '-f', '-'],
      names
        .map((name) =>
          JSON.stringify({
            apiVersion: 'plinth.dev/v1alpha1',
            kind: 'S3Bucket',
            metadata: { name, namespace: 'ha' },
            spec: { region: 'eu-central' },
          }),
        )
        .join('\n'),
    );
  const readyNames = async () => {
    const list = JSON.parse(await stack.kubectl(['get', 's3buckets', '-n', 'ha', '-o', 'json']));
    return new Set(
      (list.items as any[])
        .filter((b) => b.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True'))
        .map((b) => b.metadata.name as string),
    );
  };
  const waitAllReady = (names: string[], timeoutMs = 60_000) =>
    eventually(
      `${names.length} buckets Ready`,
      async () => {
        const ready = await readyNames();
        return names.every((n) => ready.has(n));
      },
      { timeoutMs, diagnostics },
    );
  const secretWorks = async (name: string) => {
    const s = JSON.parse(await stack.kubectl(['get', 'secret', name, '-n', 'ha', '-o', 'json']));
    const d = (k: string) => Buffer.from(s.data[k], 'base64').toString();
    const s3 = new S3Client({
      endpoint: d('AWS_ENDPOINT_URL_S3'),
      region: d('AWS_REGION'),
      forcePathStyle: true,
      credentials: { accessKeyId: d('AWS_ACCESS_KEY_ID'), secretAccessKey: d('AWS_SECRET_ACCESS_KEY') },
    });
    await s3.send(new HeadBucketCommand({ Bucket: d('BUCKET_NAME') }));
  };
  const minioUsers = async () =>
    Object.keys(
      await createMinioAdmin({
        endpoint: stack.minio.endpoint,
        accessKey: stack.minio.accessKey,
        secretKey: stack.minio.secretKey,
      }).listUsers(),
    ).length;

  beforeAll(async () => {
    stack = await startOperatorStack();
    tenant = await stack.tenant('ha');
    await stack.annotatedNamespace('ha', tenant);
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  it('killed mid-reconcile and restarted: every bucket once, every Secret present', async () => {
    const usersBefore = await minioUsers();
    const first = await stack.startOperator({
      PLINTH_API_TOKEN: tenant.orgKey,
      PLINTH_OPERATOR_WORKERS: '4',
    });
    await first.waitReady();
    const names = Array.from({ length: 12 }, (_, i) => `ha-crash-${i}`);
    await apply(names);
    // Kill it once the API has started creating buckets, before all are done.
    await eventually(
      'the first bucket creations',
      async () => (await first.metric('plinth_operator_api_requests_total')) >= 2,
      { timeoutMs: 30_000, intervalMs: 20, diagnostics },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await readyNames()).size).toBeLessThan(names.length);

    const second = await stack.startOperator({ PLINTH_API_TOKEN: tenant.orgKey });
    await waitAllReady(names);
    for (const name of names) await secretWorks(name);
    const listed = await stack.call(
      'GET',
      `/api/v1/s3/buckets/?workspace=${tenant.workspace.id}&page_size=500`,
    );
    const counts = new Map<string, number>();
    for (const b of listed.body.results as any[]) counts.set(b.name, (counts.get(b.name) ?? 0) + 1);
    expect([...counts.entries()].filter(([n]) => n.startsWith('ha-crash-')).sort()).toEqual(
      names.map((n) => [n, 1]).sort(),
    );
    // One access user per bucket: nothing was provisioned twice.
    expect((await minioUsers()) - usersBefore).toBe(names.length);
    await second.stop();
  }, 180_000);

  it('runs two replicas of which only the leader reconciles, and fails over when it dies', async () => {
    const env = { PLINTH_API_TOKEN: tenant.orgKey };
    const replicas = [await stack.startOperator(env), await stack.startOperator(env)];
    const leaderOf = async (): Promise<[OperatorProcess, OperatorProcess] | undefined> => {
      const [a, b] = await Promise.all(replicas.map((r) => r.readyz()));
      if (a === 200 && b === 503) return [replicas[0]!, replicas[1]!];
      if (b === 200 && a === 503) return [replicas[1]!, replicas[0]!];
      return undefined;
    };
    const [leader, follower] = await eventually('one leader and one follower', leaderOf, {
      timeoutMs: 30_000,
      diagnostics,
    });
    const names = ['ha-pair-0', 'ha-pair-1', 'ha-pair-2'];
    await apply(names);
    await waitAllReady(names);
    expect(await leader.metric('plinth_operator_reconcile_total')).toBeGreaterThan(0);
    expect(await leader.metric('plinth_operator_leader')).toBe(1);
    expect(await follower.metric('plinth_operator_reconcile_total')).toBe(0);
    expect(await follower.metric('plinth_operator_api_requests_total')).toBe(0);
    expect(await follower.metric('plinth_operator_leader')).toBe(0);

    // The leader dies without releasing the Lease: the follower takes over once it expires (4 s here).
    leader.child.kill('SIGKILL');
    await leader.exited;
    await eventually('the follower to lead', async () => (await follower.readyz()) === 200, {
      timeoutMs: 20_000,
      diagnostics,
    });
    await apply(['ha-pair-3']);
    await waitAllReady([...names, 'ha-pair-3']);
    expect(await follower.metric('plinth_operator_reconcile_total')).toBeGreaterThan(0);
    await secretWorks('ha-pair-3');

    // A graceful stop releases the Lease, so a new replica leads at once.
    expect(await follower.stop('SIGTERM')).toBe(0);
    const next = await stack.startOperator(env);
    const started = Date.now();
    await next.waitReady(20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    await next.stop();
  }, 180_000);
});
