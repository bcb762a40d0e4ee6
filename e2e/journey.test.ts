import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, parseAllDocuments, stringify as stringifyYaml } from 'yaml';
import { API_NODE_FLAGS, jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { startMinioServer, writeStorageConfig } from '../api/src/test/minio-server.ts';
import type { MinioServer } from '../api/src/test/minio-server.ts';
import { runToolScript, startControlPlane } from '../operator/src/test/control-plane.ts';
import type { ControlPlane } from '../operator/src/test/control-plane.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { startOperatorProcess } from '../operator/src/test/stack.ts';
import type { OperatorProcess } from '../operator/src/test/stack.ts';
import { assembleImage, readDockerfile } from './dockerfile.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const NAMESPACE = 'plinth-system';
const ADMIN_PASSWORD = 'journey-admin-password';

/**
 * The whole journey on this machine, as a platform team would live it: the API and the operator
 * run from their image file trees (production dependencies only), the operator with the chart's
 * RBAC through a ServiceAccount token (not cluster-admin), against a real control plane,
 * PostgreSQL and MinIO. The operator signs in to the API as the chart installs it: with its own
 * projected ServiceAccount token (audience plinth), which the API verifies against the control
 * plane's issuer; no API key is created at any step. Each step prints the logs and Kubernetes events when it fails.
 */
describe('journey: from a Helm-installed operator with no key to an application writing to its bucket', () => {
  let cp: ControlPlane;
  let minio: MinioServer;
  let api: ApiProcess;
  let operator: OperatorProcess | undefined;
  let work: string;
  let adminToken: string;
  let org: { id: string };
  let workspace: { id: string };
  let bucketId: string;
  let operatorTree: string;
  let operatorTokenFile: string;

  const diagnostics = async () => {
    const events = await cp.kubectl(['get', 'events', '-A', '--sort-by=.lastTimestamp']);
    const buckets = await cp.kubectl(['get', 's3buckets', '-A', '-o', 'yaml']);
    return [
      `--- operator ---\n${operator?.output().slice(-6000) ?? '(not started)'}`,
      `--- api ---\n${api?.output().slice(-4000) ?? ''}`,
      `--- events ---\n${events.stdout}${events.stderr}`,
      `--- s3buckets ---\n${buckets.stdout.slice(-4000)}`,
    ].join('\n');
  };
  /** Runs a step; on failure its error carries the logs and events. */
  const step = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw new Error(
        `step "${what}" failed: ${err instanceof Error ? err.message : String(err)}\n${await diagnostics()}`,
        {
          cause: err,
        },
      );
    }
  };
  const call = async (method: string, path: string, body?: unknown, token = adminToken) => {
    const res = await jsonRequest(api.url, method, path, { token, body });
    const json = res.body;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const kubectl = async (args: string[], input?: string) => {
    const r = await cp.kubectl(args, { input });
    if (r.code !== 0) throw new Error(`kubectl ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const tree = (dockerfile: string, name: string) => {
    const target = join(work, name);
    assembleImage(readDockerfile(join(REPO, dockerfile)), REPO, target);
    return target;
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'plinth-journey-'));
    const [controlPlane, storage, helm] = await Promise.all([
      startControlPlane({ crds: true }),
      startMinioServer(),
      runToolScript('helm.sh'),
    ]);
    cp = controlPlane;
    minio = storage;
    const apiTree = tree('Dockerfile.api', 'api');
    operatorTree = tree('Dockerfile.operator', 'operator');
    writeStorageConfig(work, minio, { userEnv: 'MINIO_ROOT_USER', passwordEnv: 'MINIO_ROOT_PASSWORD' });

    // The operator's identity and permissions exactly as the chart installs them.
    const rendered = spawnSync(
      helm,
      [
        'template',
        'plinth',
        join(REPO, 'charts/plinth'),
        '-n',
        NAMESPACE,
        '-f',
        join(REPO, 'charts/plinth/ci/default-values.yaml'),
        // This control plane's issuer, as a user sets it for their cluster (docs/operator.md).
        '--set',
        `api.serviceAccountIssuer.url=${cp.server}`,
        '--set',
        'api.serviceAccountIssuer.discoveryUrl=',
      ],
      { encoding: 'utf8' },
    );
    expect(rendered.status, rendered.stderr).toBe(0);
    const docs = parseAllDocuments(rendered.stdout).map((d) => d.toJS());
    const rbac = docs
      .filter(
        (d) =>
          d &&
          ['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'].includes(d.kind),
      )
      .filter((d) => JSON.stringify(d.metadata).includes('operator'));
    expect(rbac.map((d) => d.kind).sort()).toEqual([
      'ClusterRole',
      'ClusterRoleBinding',
      'Role',
      'RoleBinding',
      'ServiceAccount',
    ]);
    await kubectl(['create', 'namespace', NAMESPACE]);
    await kubectl(['apply', '-n', NAMESPACE, '-f', '-'], rbac.map((d) => JSON.stringify(d)).join('\n'));
    const serviceAccount = rbac.find((d) => d.kind === 'ServiceAccount').metadata.name as string;
    const token = (
      await kubectl(['create', 'token', serviceAccount, '-n', NAMESPACE, '--duration=2h'])
    ).trim();
    const admin = parseYaml(readFileSync(cp.kubeconfigPath, 'utf8'));
    writeFileSync(
      join(work, 'operator.kubeconfig'),
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'journey', cluster: admin.clusters[0].cluster }],
        users: [{ name: serviceAccount, user: { token } }],
        contexts: [{ name: 'journey', context: { cluster: 'journey', user: serviceAccount } }],
        'current-context': 'journey',
      }),
    );
    // The API's side of the operator's sign-in, as the chart writes it into PLINTH_CONFIG: this
    // issuer, the operator's ServiceAccount, bucket scopes. Its CA and token files are the pod's
    // projected volume there; here the control plane's CA and a token of the API's ServiceAccount.
    const chartConfig = parseYaml(docs.find((d) => d?.kind === 'ConfigMap').data['plinth.yaml']);
    const apiServiceAccount = docs.find(
      (d) => d?.kind === 'ServiceAccount' && !JSON.stringify(d.metadata).includes('operator'),
    );
    await kubectl(['apply', '-n', NAMESPACE, '-f', '-'], JSON.stringify(apiServiceAccount));
    const apiToken = join(work, 'api-sa-token');
    writeFileSync(
      apiToken,
      await kubectl(['create', 'token', apiServiceAccount.metadata.name, '-n', NAMESPACE, '--duration=2h']),
    );
    const issuer = chartConfig.service_accounts.issuers[0];
    expect(issuer).toMatchObject({ url: cp.server, audience: 'plinth' });
    Object.assign(issuer, { ca_file: cp.caFile, token_file: apiToken });
    const storageConfig = parseYaml(readFileSync(join(work, 'plinth.yaml'), 'utf8'));
    writeFileSync(
      join(work, 'plinth.yaml'),
      stringifyYaml({ ...storageConfig, service_accounts: chartConfig.service_accounts }),
    );
    // The operator's side: the projected token the chart's Deployment mounts, minted the same way.
    const deployment = docs.find((d) => d?.kind === 'Deployment' && d.metadata.name.endsWith('-operator'));
    const pod = deployment.spec.template.spec;
    const env = Object.fromEntries(pod.containers[0].env.map((e: any) => [e.name, e.value]));
    expect(env.PLINTH_API_TOKEN).toBeUndefined();
    const projected = pod.volumes[0].projected.sources[0].serviceAccountToken;
    expect(projected.audience).toBe('plinth');
    operatorTokenFile = join(work, 'operator-projected-token');
    writeFileSync(
      operatorTokenFile,
      await kubectl([
        'create',
        'token',
        serviceAccount,
        '-n',
        NAMESPACE,
        `--audience=${projected.audience}`,
        `--duration=${projected.expirationSeconds}s`,
      ]),
    );
    expect(env.PLINTH_API_TOKEN_FILE).toMatch(/\/token$/);

    // The API as its image runs it: the image's tree, production dependencies only.
    api = await startApiProcess(
      {
        DATABASE_URL: await freshDatabaseUrl(),
        ...TEST_KEYS,
        PLINTH_CONFIG: join(work, 'plinth.yaml'),
        MINIO_ROOT_USER: minio.accessKey,
        MINIO_ROOT_PASSWORD: minio.secretKey,
        PLINTH_BOOTSTRAP_ADMIN_USERNAME: 'admin',
        PLINTH_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
        PLINTH_USAGE_INTERVAL_SECONDS: '10',
        NODE_ENV: 'production',
      },
      { cwd: apiTree, entry: join(apiTree, 'api/src/index.ts'), nodeArgs: API_NODE_FLAGS },
    );
    await api.waitReady();
  }, 900_000);
  afterAll(async () => {
    await operator?.stop('SIGKILL');
    await api?.stop('SIGKILL');
    await Promise.all([cp?.stop(), minio?.stop()]);
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('a platform admin creates an organization and a workspace; the operator signs in with its ServiceAccount token', async () => {
    await step('log in and create the tenant', async () => {
      adminToken = (await call('POST', '/api/login/', { username: 'admin', password: ADMIN_PASSWORD }, ''))
        .token;
      org = await call('POST', '/api/v1/organizations/', { slug: 'team-a', name: 'Team A' });
      workspace = await call('POST', '/api/v1/workspaces/', { organization: org.id, name: 'data' });
    });
    await step('start the operator with the chart RBAC and its projected token, no key', async () => {
      operator = await startOperatorProcess(
        {
          KUBECONFIG: join(work, 'operator.kubeconfig'),
          PLINTH_API_URL: api.url,
          PLINTH_API_TOKEN_FILE: operatorTokenFile,
          POD_NAMESPACE: NAMESPACE,
          POD_NAME: 'plinth-operator-journey',
          LOG_LEVEL: 'info',
        },
        { cwd: operatorTree, entry: join(operatorTree, 'operator/src/main.ts') },
      );
      await operator.waitReady(60_000);
    });
    // Nobody created a key: not in the organization, not in the system.
    expect((await call('GET', `/api/v1/organizations/${org.id}/api-keys/`)).results).toEqual([]);
    expect((await call('GET', '/api/v1/system-api-keys/')).results).toEqual([]);
  }, 120_000);

  it('a team applies the sample S3Bucket in an annotated namespace and its application uses the Secret', async () => {
    await step('annotate the namespace and apply the sample', async () => {
      const ns = readFileSync(join(REPO, 'config/samples/namespace.yaml'), 'utf8')
        .replace(/plinth\.dev\/organization: \S+/, `plinth.dev/organization: ${org.id}`)
        .replace(/plinth\.dev\/workspace: \S+/, `plinth.dev/workspace: ${workspace.id}`);
      await kubectl(['apply', '-f', '-'], ns);
      await kubectl(['apply', '-f', join(REPO, 'config/samples/plinth_v1alpha1_s3bucket.yaml')]);
    });
    const ready = await step('wait for Ready', () =>
      eventually(
        'team-a-data Ready',
        async () => {
          const r = await cp.kubectl(['get', 's3bucket', 'team-a-data', '-n', 'team-a', '-o', 'json']);
          const obj = r.code === 0 ? JSON.parse(r.stdout) : undefined;
          return obj?.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True')
            ? obj
            : undefined;
        },
        { timeoutMs: 60_000, diagnostics },
      ),
    );
    bucketId = ready.status.bucketId;
    const env = await step('read the Secret', async () => {
      const secret = JSON.parse(
        await kubectl(['get', 'secret', 'team-a-data', '-n', 'team-a', '-o', 'json']),
      );
      return Object.fromEntries(
        Object.entries(secret.data as Record<string, string>).map(([k, v]) => [
          k,
          Buffer.from(v, 'base64').toString(),
        ]),
      );
    });
    expect(Object.keys(env).sort()).toEqual([
      'AWS_ACCESS_KEY_ID',
      'AWS_ENDPOINT_URL_S3',
      'AWS_REGION',
      'AWS_SECRET_ACCESS_KEY',
      'BUCKET_NAME',
    ]);
    const app = await step('run the application with exactly the Secret as its environment', () =>
      Promise.resolve(
        spawnSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `
          import { S3Client, PutObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
          const s3 = new S3Client({});
          const Bucket = process.env.BUCKET_NAME;
          await s3.send(new PutObjectCommand({ Bucket, Key: 'report.csv', Body: 'a,b\\n1,2\\n' }));
          const got = await s3.send(new GetObjectCommand({ Bucket, Key: 'report.csv' }));
          process.stdout.write(await got.Body.transformToString());
          `,
          ],
          { cwd: REPO, env, encoding: 'utf8', timeout: 30_000 },
        ),
      ),
    );
    expect(app.stderr).toBe('');
    expect(app.stdout).toBe('a,b\n1,2\n');
  }, 120_000);

  it("the bucket's usage shows up in the API", async () => {
    const shown = await step('wait for the usage job', () =>
      eventually(
        'usage of 8 bytes in 1 object',
        async () => {
          const b = await call('GET', `/api/v1/s3/buckets/${bucketId}/`);
          return b.usage.bytes === 8 && b.usage.objects === 1 ? b : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 1000, diagnostics },
      ),
    );
    expect(shown).toMatchObject({ name: 'team-a-data', organization: org.id, workspace: workspace.id });
    const regions = await call('GET', '/api/v1/s3/regions/');
    expect(regions.results ?? regions).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'eu-central', bytes: 8, objects: 1 })]),
    );
  }, 150_000);

  it('deleting the S3Bucket removes the Secret and keeps the bucket and its data', async () => {
    await step('delete the S3Bucket', () =>
      kubectl(['delete', 's3bucket', 'team-a-data', '-n', 'team-a', '--timeout=60s']),
    );
    await step('the Secret is garbage-collected', () =>
      eventually(
        'Secret team-a-data gone',
        async () => (await cp.kubectl(['get', 'secret', 'team-a-data', '-n', 'team-a'])).code !== 0,
        { diagnostics },
      ),
    );
    const root = new S3Client({
      endpoint: minio.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: minio.accessKey, secretAccessKey: minio.secretKey },
    });
    await root.send(new HeadBucketCommand({ Bucket: 'team-a-data' }));
    const kept = await root.send(new GetObjectCommand({ Bucket: 'team-a-data', Key: 'report.csv' }));
    expect(await kept.Body!.transformToString()).toBe('a,b\n1,2\n');
    const b = await call('GET', `/api/v1/s3/buckets/${bucketId}/`);
    expect(b.owner_reference).toBeNull();
  }, 120_000);
});
