import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMinioAdmin } from '../../api/src/areas/buckets/storage/minio-admin.ts';
import { eventually } from '../../api/src/test/eventually.ts';
import { startOperatorStack, sumOf } from '../src/test/stack.ts';
import type { OperatorProcess, OperatorStack, Tenant } from '../src/test/stack.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = readFileSync(join(REPO_ROOT, 'config/samples/plinth_v1alpha1_s3bucket.yaml'), 'utf8');
/** The label that lets a namespace use the operator's default workspace (tenant A's) in this suite. */
const DEFAULT_SELECTOR = 'plinth.dev/default-workspace=true';
/** This suite's drift check interval (PLINTH_OPERATOR_DRIFT_CHECK_SECONDS). */
const DRIFT_CHECK_SECONDS = 8;
const HEALTH_OPERATION = 'GET /api/v1/s3/buckets/{id}/health/';
const SECRET_KEYS = [
  'AWS_ACCESS_KEY_ID',
  'AWS_ENDPOINT_URL_S3',
  'AWS_REGION',
  'AWS_SECRET_ACCESS_KEY',
  'BUCKET_NAME',
];

/**
 * The S3Bucket operator against real components: a kube-apiserver with etcd and the garbage
 * collector, the API on PostgreSQL, MinIO, and the operator as a process with only config/rbac's
 * permissions. Each step is a user's action followed by what they would check with kubectl.
 */
describe('S3Bucket operator', () => {
  let stack: OperatorStack;
  let operator: OperatorProcess;
  let tenantA: Tenant;
  let tenantB: Tenant;
  let systemKey: string;

  const diagnostics = () => stack.diagnostics();

  const namespace = (name: string, t: Tenant) => stack.annotatedNamespace(name, t);
  const applyBucket = (ns: string, name: string, spec: Record<string, unknown> = {}) =>
    stack.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'plinth.dev/v1alpha1',
        kind: 'S3Bucket',
        metadata: { name, namespace: ns },
        spec: { region: 'eu-central', ...spec },
      }),
    );
  const getBucket = async (ns: string, name: string) => {
    const r = await stack.kubectlRaw(['get', 's3bucket', name, '-n', ns, '-o', 'json']);
    return r.code === 0 ? JSON.parse(r.stdout) : undefined;
  };
  const condition = (obj: any, type: string) => obj?.status?.conditions?.find((c: any) => c.type === type);
  const waitCondition = (ns: string, name: string, status: string, reason?: string, timeoutMs = 30_000) =>
    eventually(
      `${ns}/${name} Ready=${status}${reason ? ` (${reason})` : ''}`,
      async () => {
        const obj = await getBucket(ns, name);
        const ready = condition(obj, 'Ready');
        return ready?.status === status && (!reason || ready.reason === reason) ? obj : undefined;
      },
      { timeoutMs, diagnostics },
    );
  const readSecret = async (ns: string, name: string) => {
    const r = await stack.kubectlRaw(['get', 'secret', name, '-n', ns, '-o', 'json']);
    if (r.code !== 0) return undefined;
    const s = JSON.parse(r.stdout);
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(s.data ?? {}))
      data[k] = Buffer.from(v as string, 'base64').toString();
    return { obj: s, data };
  };
  const rootS3 = () =>
    new S3Client({
      endpoint: stack.minio.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.minio.accessKey, secretAccessKey: stack.minio.secretKey },
    });
  /** An S3 client as an application configured from the Secret's variables has it. */
  const s3With = (data: Record<string, string>) =>
    new S3Client({
      endpoint: data.AWS_ENDPOINT_URL_S3,
      region: data.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: data.AWS_ACCESS_KEY_ID!, secretAccessKey: data.AWS_SECRET_ACCESS_KEY! },
    });
  /**
   * The operator's Plinth API calls but the drift checks, which run on their own schedule; from one
   * scrape, as a health check between two would count one call less.
   */
  const apiCalls = async () => {
    const series = await operator.scrape();
    return (
      sumOf(series, 'plinth_operator_api_requests_total') -
      sumOf(series, 'plinth_operator_api_requests_total', { operation: HEALTH_OPERATION })
    );
  };
  const bucketsNamed = async (name: string) => {
    const res = await stack.call('GET', '/api/v1/s3/buckets/?page_size=500');
    return (res.body.results as any[]).filter((b) => b.name === name);
  };

  beforeAll(async () => {
    stack = await startOperatorStack();
    tenantA = await stack.tenant('tenant-a');
    tenantB = await stack.tenant('tenant-b');
    // Least privilege (docs/operator.md): a system key with the bucket scopes only.
    systemKey = await stack.operatorSystemKey();
    operator = await stack.startOperator({
      PLINTH_API_TOKEN: systemKey,
      PLINTH_OPERATOR_RESYNC_SECONDS: '10',
      PLINTH_OPERATOR_DRIFT_CHECK_SECONDS: String(DRIFT_CHECK_SECONDS),
      // A dozen buckets every 8 s stay under the cap, so no check waits for a slot.
      PLINTH_OPERATOR_DRIFT_CHECKS_PER_SECOND: '5',
      PLINTH_OPERATOR_DEFAULT_ORGANIZATION: tenantA.org.id,
      PLINTH_OPERATOR_DEFAULT_WORKSPACE: tenantA.workspace.id,
      PLINTH_OPERATOR_DEFAULT_NAMESPACE_SELECTOR: DEFAULT_SELECTOR,
    });
    await operator.waitReady();
  }, 600_000);
  afterAll(async () => {
    await stack?.stop();
  }, 120_000);

  it('kubectl apply of the sample gives a Ready bucket and a Secret an application uses as its environment', async () => {
    // The sample namespace, annotated with tenant A's IDs, as a user would edit it.
    const sampleNamespace = readFileSync(join(REPO_ROOT, 'config/samples/namespace.yaml'), 'utf8')
      .replace(/plinth\.dev\/organization: \S+/, `plinth.dev/organization: ${tenantA.org.id}`)
      .replace(/plinth\.dev\/workspace: \S+/, `plinth.dev/workspace: ${tenantA.workspace.id}`);
    await stack.kubectl(['apply', '-f', '-'], sampleNamespace);
    await stack.kubectl(['apply', '-f', '-'], SAMPLE);
    const started = Date.now();
    const obj = await waitCondition('team-a', 'team-a-data', 'True', 'Available');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(obj.status).toMatchObject({
      bucketName: 'team-a-data',
      endpoint: stack.minio.endpoint,
      secretName: 'team-a-data',
      origin: 'Created',
      observedGeneration: obj.metadata.generation,
    });
    expect(obj.metadata.finalizers).toContain('plinth.dev/finalizer');
    expect(condition(obj, 'Synced')).toMatchObject({
      status: 'True',
      observedGeneration: obj.metadata.generation,
    });

    const table = await stack.kubectl(['get', 's3buckets', '-n', 'team-a']);
    const [header, row] = table.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'REGION', 'BUCKET', 'READY', 'REASON', 'AGE']);
    expect(row!.split(/\s+/).slice(0, 5)).toEqual([
      'team-a-data',
      'eu-central',
      'team-a-data',
      'True',
      'Available',
    ]);

    const secret = (await readSecret('team-a', 'team-a-data'))!;
    expect(Object.keys(secret.data).sort()).toEqual(SECRET_KEYS);
    expect(secret.data).toMatchObject({
      BUCKET_NAME: 'team-a-data',
      AWS_REGION: 'eu-central',
      AWS_ENDPOINT_URL_S3: stack.minio.endpoint,
    });
    expect(secret.obj.metadata.labels['app.kubernetes.io/managed-by']).toBe('plinth-operator');
    expect(secret.obj.metadata.annotations['plinth.dev/data-hash']).toMatch(/^[0-9a-f]{32}$/);
    expect(secret.obj.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'S3Bucket',
        name: 'team-a-data',
        uid: obj.metadata.uid,
        controller: true,
      }),
    ]);
    const [apiBucket] = await bucketsNamed('team-a-data');
    expect(apiBucket).toMatchObject({
      id: obj.status.bucketId,
      organization: tenantA.org.id,
      workspace: tenantA.workspace.id,
      owner_reference: { namespace: 'team-a', name: 'team-a-data', uid: obj.metadata.uid },
    });

    // An application process gets exactly the Secret's keys as its environment (as envFrom gives a
    // pod) and uses the SDK with no other configuration.
    const app = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import { S3Client, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
        const s3 = new S3Client({});
        const Bucket = process.env.BUCKET_NAME;
        await s3.send(new PutObjectCommand({ Bucket, Key: 'hello.txt', Body: 'hello from the app' }));
        const got = await s3.send(new GetObjectCommand({ Bucket, Key: 'hello.txt' }));
        console.log(await got.Body.transformToString());
        `,
      ],
      { cwd: REPO_ROOT, env: secret.data, encoding: 'utf8', timeout: 30_000 },
    );
    expect(app.stderr).toBe('');
    expect(app.stdout.trim()).toBe('hello from the app');

    const events = await stack.kubectl([
      'get',
      'events',
      '-n',
      'team-a',
      '--field-selector',
      'involvedObject.name=team-a-data,reason=Available',
      '-o',
      'json',
    ]);
    expect(JSON.parse(events).items).toHaveLength(1);
  }, 120_000);

  it('recreates a deleted Secret with the same credentials and restores edited data', async () => {
    const before = (await readSecret('team-a', 'team-a-data'))!;
    await stack.kubectl(['delete', 'secret', 'team-a-data', '-n', 'team-a']);
    const recreated = await eventually(
      'the Secret to come back',
      async () => {
        const s = await readSecret('team-a', 'team-a-data');
        return s && s.obj.metadata.uid !== before.obj.metadata.uid ? s : undefined;
      },
      { diagnostics },
    );
    expect(recreated.data).toEqual(before.data);

    await stack.kubectl([
      'patch',
      'secret',
      'team-a-data',
      '-n',
      'team-a',
      '--type=merge',
      '-p',
      JSON.stringify({ data: { BUCKET_NAME: Buffer.from('someone-else').toString('base64') } }),
    ]);
    await eventually(
      'the edited Secret to be restored',
      async () => (await readSecret('team-a', 'team-a-data'))?.data.BUCKET_NAME === 'team-a-data',
      { diagnostics },
    );
    expect((await readSecret('team-a', 'team-a-data'))!.data).toEqual(before.data);
  }, 60_000);

  it('moves the Secret when spec.secretName changes: the new name holds the same data, the old one goes', async () => {
    const before = (await readSecret('team-a', 'team-a-data'))!;
    const rename = (secretName: string) =>
      stack.kubectl([
        'patch',
        's3bucket',
        'team-a-data',
        '-n',
        'team-a',
        '--type=merge',
        '-p',
        JSON.stringify({ spec: { secretName } }),
      ]);
    const moved = async (to: string, from: string) =>
      eventually(
        `the Secret to move from ${from} to ${to}`,
        async () => {
          const [now, old] = await Promise.all([readSecret('team-a', to), readSecret('team-a', from)]);
          return now && !old ? now : undefined;
        },
        { diagnostics },
      );
    await rename('team-a-data-moved');
    expect((await moved('team-a-data-moved', 'team-a-data')).data).toEqual(before.data);
    // Back, for the tests below.
    await rename('team-a-data');
    expect((await moved('team-a-data', 'team-a-data-moved')).data).toEqual(before.data);
    await waitCondition('team-a', 'team-a-data', 'True');
  }, 60_000);

  it('makes no API call for unchanged objects on resync (the drift checks aside)', async () => {
    const reconciles = () => operator.metric('plinth_operator_reconcile_total');
    const callsBefore = await apiCalls();
    const reconcilesBefore = await reconciles();
    // The resync period is 10 s (plus up to 10% jitter) in this suite.
    await eventually('a resync', async () => (await reconciles()) > reconcilesBefore, { timeoutMs: 20_000 });
    expect(await apiCalls()).toBe(callsBefore);
  }, 30_000);

  it('leaves a foreign Secret of the same name untouched and says so', async () => {
    await stack.kubectl([
      'create',
      'secret',
      'generic',
      'shared-name',
      '-n',
      'team-a',
      '--from-literal=owner=someone-else',
    ]);
    await applyBucket('team-a', 'shared-name');
    const obj = await waitCondition('team-a', 'shared-name', 'False', 'ForeignSecret');
    expect(condition(obj, 'Ready').message).toContain('shared-name');
    const secret = (await readSecret('team-a', 'shared-name'))!;
    expect(secret.data).toEqual({ owner: 'someone-else' });
    expect(secret.obj.metadata.ownerReferences).toBeUndefined();
    // No bucket was made for it.
    expect(await bucketsNamed('shared-name')).toEqual([]);
    await stack.kubectl(['delete', 's3bucket', 'shared-name', '-n', 'team-a']);
  }, 60_000);

  it("refuses another tenant's bucket name with a terminal condition and leaves the first tenant's bucket alone", async () => {
    await namespace('team-b', tenantB);
    await applyBucket('team-b', 'team-a-data');
    const obj = await waitCondition('team-b', 'team-a-data', 'False', 'NameTaken');
    expect(condition(obj, 'Synced')).toMatchObject({ status: 'False', reason: 'NameTaken' });
    expect(await readSecret('team-b', 'team-a-data')).toBeUndefined();
    const owned = await bucketsNamed('team-a-data');
    expect(owned).toHaveLength(1);
    expect(owned[0].organization).toBe(tenantA.org.id);
    const a = (await readSecret('team-a', 'team-a-data'))!;
    const s3 = new S3Client({
      endpoint: a.data.AWS_ENDPOINT_URL_S3,
      region: a.data.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: a.data.AWS_ACCESS_KEY_ID!, secretAccessKey: a.data.AWS_SECRET_ACCESS_KEY! },
    });
    const got = await s3.send(new GetObjectCommand({ Bucket: 'team-a-data', Key: 'hello.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello from the app');
    // Terminal: not retried on resync (no more API calls for it).
    const calls = await apiCalls();
    const reconciles = await operator.metric('plinth_operator_reconcile_total', { result: 'terminal' });
    await eventually(
      'a resync of the refused bucket',
      async () => (await operator.metric('plinth_operator_reconcile_total')) > reconciles + 2,
      { timeoutMs: 20_000 },
    );
    expect(await apiCalls()).toBe(calls);
    await stack.kubectl(['delete', 's3bucket', 'team-a-data', '-n', 'team-b']);
  }, 60_000);

  it('survives the API being down for a minute: conditions say so, backoff shows in the metrics, Ready once it is back', async () => {
    await stack.api.stop();
    const stoppedAt = Date.now();
    const retriesBefore = await operator.metric('plinth_operator_workqueue_retries_total');
    await applyBucket('team-a', 'during-outage');
    const obj = await waitCondition('team-a', 'during-outage', 'False', 'ApiUnavailable');
    expect(condition(obj, 'Synced')).toMatchObject({ status: 'False', reason: 'ApiUnavailable' });
    expect(condition(obj, 'Ready').message).not.toMatch(/pl[uos]_/);
    // Down for a minute, watched every second: the operator stays up and healthy while its retries
    // climb, spaced by the backoff (capped at 5 s in this suite, so at least 10 and far from a storm).
    while (Date.now() - stoppedAt < 60_000) {
      expect(operator.child.exitCode).toBeNull();
      expect((await fetch(`http://127.0.0.1:${operator.port}/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const retries = (await operator.metric('plinth_operator_workqueue_retries_total')) - retriesBefore;
    expect(retries).toBeGreaterThanOrEqual(10);
    expect(retries).toBeLessThan(60);
    expect(await operator.metric('plinth_operator_reconcile_total', { result: 'error' })).toBeGreaterThan(0);
    expect(condition(await getBucket('team-a', 'during-outage'), 'Ready').reason).toBe('ApiUnavailable');
    // The bucket made before the outage stays Ready: its Secret still works.
    expect(condition(await getBucket('team-a', 'team-a-data'), 'Ready').status).toBe('True');

    await stack.restartApi();
    await waitCondition('team-a', 'during-outage', 'True', 'Available', 30_000);
    expect(Object.keys((await readSecret('team-a', 'during-outage'))!.data).sort()).toEqual(SECRET_KEYS);
  }, 180_000);

  it('deletes per deletionPolicy: Retain keeps bucket and data, Delete removes an empty bucket and waits on a full one', async () => {
    // Retain (the default): the Secret is garbage-collected, the bucket and its data stay.
    const retained = await getBucket('team-a', 'team-a-data');
    await stack.kubectl(['delete', 's3bucket', 'team-a-data', '-n', 'team-a', '--timeout=30s']);
    await eventually(
      'the Secret to be garbage-collected',
      async () => !(await readSecret('team-a', 'team-a-data')),
      {
        diagnostics,
      },
    );
    await rootS3().send(new HeadBucketCommand({ Bucket: 'team-a-data' }));
    const kept = await rootS3().send(new GetObjectCommand({ Bucket: 'team-a-data', Key: 'hello.txt' }));
    expect(await kept.Body!.transformToString()).toBe('hello from the app');
    const [released] = await bucketsNamed('team-a-data');
    expect(released.id).toBe(retained.status.bucketId);
    expect(released.owner_reference).toBeNull();
    // Released to this namespace only: an S3Bucket of that name elsewhere cannot adopt it.
    expect(released.adoptable_by).toMatchObject({ namespace: 'team-a' });

    // Applied again, the retained bucket is adopted by the new object.
    await applyBucket('team-a', 'team-a-data');
    const adopted = await waitCondition('team-a', 'team-a-data', 'True', 'Available');
    expect(adopted.status).toMatchObject({ bucketId: retained.status.bucketId, origin: 'Adopted' });

    // Delete on an empty bucket: gone from MinIO.
    await applyBucket('team-a', 'empty-one', { deletionPolicy: 'Delete' });
    await waitCondition('team-a', 'empty-one', 'True', 'Available');
    await stack.kubectl(['delete', 's3bucket', 'empty-one', '-n', 'team-a', '--timeout=30s']);
    await expect(rootS3().send(new HeadBucketCommand({ Bucket: 'empty-one' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
    expect(await bucketsNamed('empty-one')).toEqual([]);

    // Delete on a bucket holding data: the finalizer stays and the condition says why.
    await applyBucket('team-a', 'full-one', { deletionPolicy: 'Delete' });
    await waitCondition('team-a', 'full-one', 'True', 'Available');
    await rootS3().send(new PutObjectCommand({ Bucket: 'full-one', Key: 'keep.txt', Body: 'data' }));
    await stack.kubectl(['delete', 's3bucket', 'full-one', '-n', 'team-a', '--wait=false']);
    const blocked = await waitCondition('team-a', 'full-one', 'False', 'DeletionBlocked');
    expect(condition(blocked, 'Ready').message).toContain('holds objects');
    expect(blocked.metadata.finalizers).toContain('plinth.dev/finalizer');
    await rootS3().send(new HeadBucketCommand({ Bucket: 'full-one' }));
    // Following the condition's advice (Retain) lets the resource go; the data stays.
    await stack.kubectl([
      'patch',
      's3bucket',
      'full-one',
      '-n',
      'team-a',
      '--type=merge',
      '-p',
      '{"spec":{"deletionPolicy":"Retain"}}',
    ]);
    await eventually(
      'full-one to be gone',
      async () => (await getBucket('team-a', 'full-one')) === undefined,
      {
        diagnostics,
      },
    );
    await rootS3().send(new DeleteObjectCommand({ Bucket: 'full-one', Key: 'keep.txt' }));
  }, 120_000);

  it('uses the default workspace only in namespaces labelled for it; elsewhere NoWorkspaceMapping says how to map (issue 12 item 6)', async () => {
    // A bucket made through the API in the default workspace, with no owner (as the UI does).
    const made = await stack.call('POST', '/api/v1/s3/buckets/', {
      name: 'payroll-ui',
      region: 'eu-central',
      organization: tenantA.org.id,
      workspace: tenantA.workspace.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    // A namespace with no annotations and no label: the defaults do not apply to it.
    await stack.kubectl(['create', 'namespace', 'intruder']);
    await applyBucket('intruder', 'intruder-own');
    const own = await waitCondition('intruder', 'intruder-own', 'False', 'NoWorkspaceMapping');
    expect(condition(own, 'Ready').message).toContain('plinth.dev/organization');
    expect(condition(own, 'Ready').message).toContain(DEFAULT_SELECTOR);
    expect(await bucketsNamed('intruder-own')).toEqual([]);
    // Nor can it name the default workspace's bucket to collect its credentials.
    await applyBucket('intruder', 'payroll-ui');
    await waitCondition('intruder', 'payroll-ui', 'False', 'NoWorkspaceMapping');
    expect(await readSecret('intruder', 'payroll-ui')).toBeUndefined();
    expect((await bucketsNamed('payroll-ui'))[0]).toMatchObject({ id: made.body.id, owner_reference: null });

    // Labelled to match the operator's selector, a namespace uses the default workspace.
    await stack.kubectl(['label', 'namespace', 'intruder', DEFAULT_SELECTOR]);
    const mapped = await waitCondition('intruder', 'intruder-own', 'True', 'Available');
    expect((await bucketsNamed('intruder-own'))[0]).toMatchObject({
      id: mapped.status.bucketId,
      organization: tenantA.org.id,
      workspace: tenantA.workspace.id,
    });
    // The UI's bucket is still not its to take: no owner, never released to this namespace.
    await waitCondition('intruder', 'payroll-ui', 'False', 'NameTaken');
    expect(await readSecret('intruder', 'payroll-ui')).toBeUndefined();
    await stack.kubectl(['delete', 's3bucket', '--all', '-n', 'intruder', '--timeout=60s']);
  }, 120_000);

  it('a Secret refused by a quota leaves the bucket recorded; deleting the S3Bucket still releases or deletes it, and applying again works (issue 12 item 7)', async () => {
    await namespace('quota', tenantA);
    await stack.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: 'no-secrets', namespace: 'quota' },
        spec: { hard: { 'count/secrets': '0' } },
      }),
    );
    // The quota admission waits for the controller's first count; then every Secret is refused.
    await eventually(
      'the quota to be counted',
      async () => {
        const q = JSON.parse(
          await stack.kubectl(['get', 'resourcequota', 'no-secrets', '-n', 'quota', '-o', 'json']),
        );
        return q.status?.used?.['count/secrets'] !== undefined;
      },
      { diagnostics },
    );
    await applyBucket('quota', 'quota-retain');
    await applyBucket('quota', 'quota-delete', { deletionPolicy: 'Delete' });
    for (const name of ['quota-retain', 'quota-delete']) {
      const [made] = await eventually(`the API to create ${name}`, async () => {
        const found = await bucketsNamed(name);
        return found.length > 0 ? found : undefined;
      });
      const recorded = await eventually(
        `${name} to record its bucket in the status`,
        async () => {
          const obj = await getBucket('quota', name);
          return obj?.status?.bucketId === made.id ? obj : undefined;
        },
        { diagnostics },
      );
      expect(recorded.status).toMatchObject({
        bucketName: name,
        endpoint: stack.minio.endpoint,
        origin: 'Created',
      });
      const refused = await waitCondition('quota', name, 'False', 'SecretWriteFailed');
      expect(condition(refused, 'Ready').message).toContain('exceeded quota');
      expect(await readSecret('quota', name)).toBeUndefined();
    }
    const retained = (await bucketsNamed('quota-retain'))[0];

    await stack.kubectl([
      'delete',
      's3bucket',
      'quota-retain',
      'quota-delete',
      '-n',
      'quota',
      '--timeout=60s',
    ]);
    expect((await bucketsNamed('quota-retain'))[0]).toMatchObject({
      id: retained.id,
      owner_reference: null,
      adoptable_by: { namespace: 'quota' },
    });
    expect(await bucketsNamed('quota-delete')).toEqual([]);
    await expect(rootS3().send(new HeadBucketCommand({ Bucket: 'quota-delete' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });

    // Quota gone, applied again: the retained bucket is adopted, with its Secret.
    await stack.kubectl(['delete', 'resourcequota', 'no-secrets', '-n', 'quota']);
    await applyBucket('quota', 'quota-retain');
    const adopted = await waitCondition('quota', 'quota-retain', 'True', 'Available');
    expect(adopted.status).toMatchObject({ bucketId: retained.id, origin: 'Adopted' });
    expect(Object.keys((await readSecret('quota', 'quota-retain'))!.data).sort()).toEqual(SECRET_KEYS);
  }, 180_000);

  it("the operator's key (bucket scopes only) that ran all of the above is refused everywhere else (403)", async () => {
    for (const key of [systemKey, tenantA.orgKey]) {
      for (const [method, path, body, scope] of [
        ['GET', '/api/v1/users/', undefined, 'users:read'],
        ['POST', '/api/v1/organizations/', { slug: 'by-operator', name: 'x' }, 'organizations:write'],
        ['GET', '/api/v1/audit-log/', undefined, 'audit:read'],
        ['GET', '/api/v1/workspaces/', undefined, 'workspaces:read'],
        ['GET', `/api/v1/organizations/${tenantA.org.id}/api-keys/`, undefined, 'keys:read'],
      ] as const) {
        const res = await stack.call(method, path, body, key);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body).toMatchObject({ code: 'insufficient_scope' });
        expect(res.body.detail).toContain(scope);
      }
      expect((await stack.call('GET', '/api/v1/s3/buckets/', undefined, key)).status).toBe(200);
    }
  });

  it('rotates the key on a new plinth.dev/rotate-credentials token: the Secret changes in place, both keys work in the grace, then only the new one', async () => {
    await namespace('rotation', tenantA);
    await applyBucket('rotation', 'rotating', { credentialsRotation: { graceSeconds: 3600 } });
    const ready = await waitCondition('rotation', 'rotating', 'True', 'Available');
    const first = (await readSecret('rotation', 'rotating'))!;
    /** 200, or the S3 error's HTTP status (403 for a removed key). */
    const writeWith = async (data: Record<string, string>, key: string) => {
      try {
        await s3With(data).send(new PutObjectCommand({ Bucket: 'rotating', Key: key, Body: key }));
        return 200;
      } catch (err) {
        return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? String(err);
      }
    };
    const annotateAndPatch = (token: string, spec?: Record<string, unknown>) =>
      stack.kubectl([
        'patch',
        's3bucket',
        'rotating',
        '-n',
        'rotation',
        '--type=merge',
        '-p',
        JSON.stringify({
          metadata: { annotations: { 'plinth.dev/rotate-credentials': token } },
          ...(spec ? { spec } : {}),
        }),
      ]);
    const newKeyThan = (previous: string) =>
      eventually(
        'the Secret to hold a new access key',
        async () => {
          const s = await readSecret('rotation', 'rotating');
          return s && s.data.AWS_ACCESS_KEY_ID !== previous ? s : undefined;
        },
        { timeoutMs: 30_000, diagnostics },
      );

    // 1. A rotation with an hour's grace: the Secret is the same object with a new key.
    await annotateAndPatch('2026-11-25T00:00');
    const second = await newKeyThan(first.data.AWS_ACCESS_KEY_ID!);
    expect(second.obj.metadata.uid, 'the same Secret, updated in place').toBe(first.obj.metadata.uid);
    expect(second.data).toEqual({
      ...first.data,
      AWS_ACCESS_KEY_ID: second.data.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: second.data.AWS_SECRET_ACCESS_KEY,
    });
    expect(second.data.AWS_SECRET_ACCESS_KEY).not.toBe(first.data.AWS_SECRET_ACCESS_KEY);
    const rotated = await eventually(
      'status.credentials to record the rotation',
      async () => {
        const obj = await getBucket('rotation', 'rotating');
        return obj?.status?.credentials?.rotationToken === '2026-11-25T00:00' ? obj : undefined;
      },
      { diagnostics },
    );
    const [apiBucket] = await bucketsNamed('rotating');
    expect(rotated.status.credentials).toMatchObject({
      rotatedAt: apiBucket.credentials_rotated_at,
      previousKeyExpiresAt: apiBucket.previous_key_expires_at,
    });
    expect(
      Date.parse(rotated.status.credentials.previousKeyExpiresAt) -
        Date.parse(rotated.status.credentials.rotatedAt),
    ).toBe(3600_000);
    expect(condition(rotated, 'Ready')).toMatchObject({ status: 'True', reason: 'Available' });
    expect(rotated.metadata.generation).toBe(ready.metadata.generation);

    // In the grace: the old key (pods not yet restarted) and the new one both write.
    expect(await writeWith(first.data, 'old-key-in-grace.txt')).toBe(200);
    expect(await writeWith(second.data, 'new-key.txt')).toBe(200);
    // A restarted application gets the new key as its environment and just works.
    const app = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import { S3Client, PutObjectCommand } from '@aws-sdk/client-s3';
        await new S3Client({}).send(new PutObjectCommand({ Bucket: process.env.BUCKET_NAME, Key: 'restarted.txt', Body: 'x' }));
        console.log(process.env.AWS_ACCESS_KEY_ID);
        `,
      ],
      { cwd: REPO_ROOT, env: second.data, encoding: 'utf8', timeout: 30_000 },
    );
    expect(app.stderr).toBe('');
    expect(app.stdout.trim()).toBe(second.data.AWS_ACCESS_KEY_ID);

    const events = JSON.parse(
      await stack.kubectl([
        'get',
        'events',
        '-n',
        'rotation',
        '--field-selector',
        'involvedObject.name=rotating,reason=CredentialsRotated',
        '-o',
        'json',
      ]),
    );
    expect(events.items).toHaveLength(1);

    // 2. Unchanged from here: a resync makes no API call.
    const reconciles = () => operator.metric('plinth_operator_reconcile_total');
    const callsBefore = await apiCalls();
    const reconcilesBefore = await reconciles();
    await eventually('a resync', async () => (await reconciles()) > reconcilesBefore, { timeoutMs: 20_000 });
    expect(await apiCalls()).toBe(callsBefore);

    // 3. A rotation with a 2 s grace: the API's job runner removes the old key when it ends.
    await annotateAndPatch('second', { credentialsRotation: { graceSeconds: 2 } });
    const third = await newKeyThan(second.data.AWS_ACCESS_KEY_ID!);
    expect(third.obj.metadata.uid).toBe(first.obj.metadata.uid);
    const done = await eventually(
      'status.credentials to record the second rotation',
      async () => {
        const obj = await getBucket('rotation', 'rotating');
        return obj?.status?.credentials?.rotationToken === 'second' ? obj : undefined;
      },
      { diagnostics },
    );
    const { rotatedAt, previousKeyExpiresAt } = done.status.credentials;
    expect(Date.parse(previousKeyExpiresAt) - Date.parse(rotatedAt)).toBe(2000);
    expect(Date.parse(rotatedAt)).toBeGreaterThan(Date.parse(rotated.status.credentials.rotatedAt));
    // A second rotation within a grace ends the older key at once (the API's rule, docs/buckets.md).
    expect(await writeWith(first.data, 'first-key-after-second-rotation.txt')).toBe(403);
    expect(await writeWith(third.data, 'third-key.txt')).toBe(200);
    await eventually(
      'the previous key to stop working once its grace ends',
      async () => (await writeWith(second.data, 'probe.txt')) === 403,
      { timeoutMs: 30_000, intervalMs: 250, diagnostics },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(previousKeyExpiresAt));
    expect(await writeWith(third.data, 'only-the-new-key.txt')).toBe(200);
    expect((await readSecret('rotation', 'rotating'))!.data.AWS_ACCESS_KEY_ID).toBe(
      third.data.AWS_ACCESS_KEY_ID,
    );
    for (const s of [first, second, third]) {
      expect(operator.output()).not.toContain(s.data.AWS_SECRET_ACCESS_KEY);
    }
  }, 180_000);

  it('the API server keeps spec.credentialsRotation.periodSeconds and refuses a period no longer than the grace', async () => {
    await namespace('scheduled', tenantA);
    const rotation = { periodSeconds: 86_400, graceSeconds: 3600 };
    await applyBucket('scheduled', 'monthly', { credentialsRotation: rotation });
    const obj = await waitCondition('scheduled', 'monthly', 'True', 'Available');
    expect(obj.spec.credentialsRotation).toEqual(rotation);
    const refused = (spec: Record<string, unknown>) =>
      stack.kubectlRaw(
        ['apply', '-f', '-'],
        JSON.stringify({
          apiVersion: 'plinth.dev/v1alpha1',
          kind: 'S3Bucket',
          metadata: { name: 'monthly', namespace: 'scheduled' },
          spec: { region: 'eu-central', ...spec },
        }),
      );
    const equal = await refused({ credentialsRotation: { periodSeconds: 3600, graceSeconds: 3600 } });
    expect(equal.code).not.toBe(0);
    expect(equal.stderr).toContain('periodSeconds must be longer than graceSeconds');
    const tooShort = await refused({ credentialsRotation: { periodSeconds: 60 } });
    expect(tooShort.code).not.toBe(0);
    expect(tooShort.stderr).toMatch(/periodSeconds.*should be greater than or equal to 3600/);
    expect((await getBucket('scheduled', 'monthly')).spec.credentialsRotation).toEqual(rotation);
  }, 60_000);

  it('notices an access user and a bucket removed behind its back within the check interval (issue 18 item 5)', async () => {
    await namespace('drift', tenantA);
    await applyBucket('drift', 'drifting');
    await waitCondition('drift', 'drifting', 'True', 'Available');
    const before = (await readSecret('drift', 'drifting'))!;
    const checksBefore = await operator.metric('plinth_operator_drift_checks_total');
    const admin = createMinioAdmin({
      endpoint: stack.minio.endpoint,
      accessKey: stack.minio.accessKey,
      secretKey: stack.minio.secretKey,
    });
    const events = async (reason: string) =>
      JSON.parse(
        await stack.kubectl([
          'get',
          'events',
          '-n',
          'drift',
          '--field-selector',
          `involvedObject.name=drifting,reason=${reason}`,
          '-o',
          'json',
        ]),
      ).items as { type: string; message: string }[];

    // When the operator marked the bucket not Ready, by its own clock (the same host's), so the
    // test's kubectl polling on a loaded machine is not counted. A removal just after one check
    // is seen by the next, at most one interval later, plus that check and its reconcile: under
    // two intervals; a check that missed it would leave the bucket Ready.
    const noticedAfter = (obj: any, since: number) =>
      Date.parse(condition(obj, 'Ready').lastTransitionTime) - since;

    // 1. The access user deleted directly on MinIO: Ready=False within one interval, with an Event.
    let removedAt = Date.now();
    await admin.removeUser(before.data.AWS_ACCESS_KEY_ID!);
    const missing = await waitCondition(
      'drift',
      'drifting',
      'False',
      'AccessKeyMissing',
      (DRIFT_CHECK_SECONDS + 10) * 1000,
    );
    expect(noticedAfter(missing, removedAt)).toBeLessThan(2 * DRIFT_CHECK_SECONDS * 1000);
    expect(condition(missing, 'Ready').message).toContain('plinth.dev/rotate-credentials');
    expect(condition(missing, 'Synced').status).toBe('True');
    expect(await events('AccessKeyMissing')).toEqual([expect.objectContaining({ type: 'Warning' })]);
    expect(
      await operator.metric('plinth_operator_drift_checks_total', { result: 'access_key_missing' }),
    ).toBeGreaterThanOrEqual(1);

    // 2. Repaired by a rotation: a new key in the Secret, which works.
    await stack.kubectl([
      'annotate',
      's3bucket',
      'drifting',
      '-n',
      'drift',
      'plinth.dev/rotate-credentials=repair-1',
    ]);
    await waitCondition('drift', 'drifting', 'True', 'Available');
    const repaired = (await readSecret('drift', 'drifting'))!;
    expect(repaired.data.AWS_ACCESS_KEY_ID).not.toBe(before.data.AWS_ACCESS_KEY_ID);
    await s3With(repaired.data).send(
      new PutObjectCommand({ Bucket: 'drifting', Key: 'after-repair.txt', Body: 'ok' }),
    );

    // 3. The bucket deleted directly on MinIO (objects first): BucketMissing, never an empty stand-in.
    removedAt = Date.now();
    const root = rootS3();
    await root.send(new DeleteObjectCommand({ Bucket: 'drifting', Key: 'after-repair.txt' }));
    await root.send(new DeleteBucketCommand({ Bucket: 'drifting' }));
    const gone = await waitCondition(
      'drift',
      'drifting',
      'False',
      'BucketMissing',
      (DRIFT_CHECK_SECONDS + 10) * 1000,
    );
    expect(noticedAfter(gone, removedAt)).toBeLessThan(2 * DRIFT_CHECK_SECONDS * 1000);
    expect(await events('BucketMissing')).toEqual([expect.objectContaining({ type: 'Warning' })]);
    await new Promise((r) => setTimeout(r, (DRIFT_CHECK_SECONDS + 2) * 1000));
    expect(condition(await getBucket('drift', 'drifting'), 'Ready').reason, 'still missing').toBe(
      'BucketMissing',
    );
    await expect(root.send(new HeadBucketCommand({ Bucket: 'drifting' }))).rejects.toThrow();

    // 4. Deleted through the API as well (a user cleaning up): created again, empty, with a new key.
    const [record] = await bucketsNamed('drifting');
    expect((await stack.call('DELETE', `/api/v1/s3/buckets/${record.id}/`)).status).toBe(204);
    const recreated = await eventually(
      'the bucket created again',
      async () => {
        const obj = await getBucket('drift', 'drifting');
        const ready = condition(obj, 'Ready');
        return obj.status.bucketId !== record.id && ready?.status === 'True' ? obj : undefined;
      },
      { timeoutMs: (DRIFT_CHECK_SECONDS + 15) * 1000, diagnostics },
    );
    expect(recreated.status.origin).toBe('Created');
    expect(await events('BucketRecreated')).toEqual([expect.objectContaining({ type: 'Warning' })]);
    await root.send(new HeadBucketCommand({ Bucket: 'drifting' }));
    const after = await eventually(
      "the Secret to hold the new bucket's key",
      async () => {
        const s = await readSecret('drift', 'drifting');
        return s && s.data.AWS_ACCESS_KEY_ID !== repaired.data.AWS_ACCESS_KEY_ID ? s : undefined;
      },
      { diagnostics },
    );
    await s3With(after.data).send(
      new PutObjectCommand({ Bucket: 'drifting', Key: 'recreated.txt', Body: 'ok' }),
    );
    expect(await operator.metric('plinth_operator_drift_checks_total')).toBeGreaterThan(checksBefore);
  }, 180_000);

  it('never logs a credential', async () => {
    const secret = (await readSecret('team-a', 'during-outage'))!;
    expect(operator.output()).not.toContain(secret.data.AWS_SECRET_ACCESS_KEY);
    expect(operator.output()).not.toContain(systemKey);
    expect(operator.output()).not.toContain(
      Buffer.from(secret.data.AWS_SECRET_ACCESS_KEY!).toString('base64'),
    );
  });
});
