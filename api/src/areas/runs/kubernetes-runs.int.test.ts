import { BatchV1Api, CoreV1Api } from '@kubernetes/client-node';
import type { V1Job } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_PLANE_START_TIMEOUT_MS,
  startControlPlane,
} from '../../../../operator/src/test/control-plane.ts';
import type { ControlPlane } from '../../../../operator/src/test/control-plane.ts';
import type { DatabaseHandle } from '../../core/db/client.ts';
import { migratedDatabase } from '../../test/databases.ts';
import { startBackgroundWork } from '../../test/background.ts';
import { eventually } from '../../test/eventually.ts';
import { createWorld } from '../../test/world.ts';
import type { World } from '../../test/world.ts';
import { defaultEventsRuntime } from '../events/public.ts';
import { createKubernetesRunner } from './runners/kubernetes.ts';
import type { RunsRuntime } from './runtime.ts';

/**
 * Runs through the API on the Kubernetes runner and a real kube-apiserver (no kubelet: the test
 * writes the pod's status as a kubelet would): the Job as the workspace configured it, the run's
 * end from the pod's exit code, and a namespace the administrator did not allow refused.
 */
describe('action runs on the Kubernetes runner', () => {
  let cp: ControlPlane;
  let database: DatabaseHandle;
  let w: World;
  let work: ReturnType<typeof startBackgroundWork>;
  let t: Awaited<ReturnType<World['tenant']>>;
  let batch: BatchV1Api;
  let core: CoreV1Api;

  beforeAll(async () => {
    cp = await startControlPlane();
    const kc = cp.kubeConfig();
    batch = kc.makeApiClient(BatchV1Api);
    core = kc.makeApiClient(CoreV1Api);
    for (const name of ['team-a', 'kube-secret'])
      await core.createNamespace({ body: { metadata: { name } } });
    const runs: RunsRuntime = {
      runner: createKubernetesRunner({ kubeConfig: kc, pollMs: 200 }),
      concurrency: 2,
      outputLimitBytes: 65_536,
      defaultNamespace: 'default',
      allowedNamespaces: ['team-a'],
    };
    const events = defaultEventsRuntime();
    database = await migratedDatabase('postgres');
    w = createWorld(database, { runs, events });
    work = startBackgroundWork(w);
    t = await w.tenant();
  }, CONTROL_PLANE_START_TIMEOUT_MS);

  afterAll(async () => {
    await work?.stop();
    await w?.env.close();
    await database?.close();
    await cp?.stop();
  });

  const configure = (namespace: string) =>
    w.expectStatus(200, 'PATCH', `/api/v1/workspaces/${t.workspace.id}/`, {
      token: t.orgAdmin.token,
      body: {
        config: {
          runner: { namespace },
          blocks: [
            {
              name: 'app',
              image: 'registry.example/deployer:1.4',
              variables: { REGION: 'eu' },
              actions: [{ name: 'deploy', command: ['/deploy', '--all'], timeout: '90s' }],
            },
          ],
        },
      },
    });
  const start = () =>
    w.expectStatus(201, 'POST', '/api/v1/action-runs/', {
      token: t.user.token,
      body: { workspace: t.workspace.id, block: 'app', action: 'deploy' },
    });
  const runOf = (id: string) =>
    w.expectStatus(200, 'GET', `/api/v1/action-runs/${id}/`, { token: t.viewer.token });

  it('makes the Job the workspace configured, and ends the run with the pod’s exit code', async () => {
    await configure('team-a');
    const run = await start();
    const job: V1Job = await eventually('the Job', async () => {
      const list = await batch.listNamespacedJob({
        namespace: 'team-a',
        labelSelector: `plinth.dev/transaction=${run.id}`,
      });
      return list.items[0];
    });
    expect(job.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: 90 });
    const container = job.spec!.template.spec!.containers[0]!;
    expect(container.image).toBe('registry.example/deployer:1.4');
    expect(container.command).toEqual(['/deploy', '--all']);
    expect(container.env).toEqual(
      expect.arrayContaining([
        { name: 'REGION', value: 'eu' },
        { name: 'PLINTH_TRANSACTION', value: run.id },
      ]),
    );
    expect((await runOf(run.id)).status).toBe('running');

    // The job controller's pod, and the kubelet's status: exit 4.
    const name = job.metadata!.name!;
    const pod = await core.createNamespacedPod({
      namespace: 'team-a',
      body: {
        metadata: {
          name: `${name}-x1`,
          labels: { 'batch.kubernetes.io/job-name': name },
          ownerReferences: [
            { apiVersion: 'batch/v1', kind: 'Job', name, uid: job.metadata!.uid!, controller: true },
          ],
        },
        spec: { restartPolicy: 'Never', containers: [{ name: 'action', image: container.image! }] },
      },
    });
    pod.status = {
      phase: 'Failed',
      containerStatuses: [
        {
          name: 'action',
          image: container.image!,
          imageID: '',
          ready: false,
          restartCount: 0,
          state: { terminated: { exitCode: 4, reason: 'Error', finishedAt: new Date() } },
        },
      ],
    };
    await core.replaceNamespacedPodStatus({ namespace: 'team-a', name: pod.metadata!.name!, body: pod });
    const ended = await eventually('the run ended', async () => {
      const r = await runOf(run.id);
      return r.status === 'running' ? undefined : r;
    });
    expect(ended).toMatchObject({ status: 'failed', exit_code: 4, runner: 'kubernetes' });
    const [event] = await w.expectStatus(200, 'GET', `/api/v1/action-runs/${run.id}/events/`, {
      token: t.viewer.token,
    });
    expect(event.level).toBe('Error');
  }, 60_000);

  it('refuses a namespace the administrator did not allow: the run fails, no Job is made', async () => {
    await configure('kube-secret');
    const run = await start();
    const ended = await eventually('the run failed', async () => {
      const r = await runOf(run.id);
      return r.status === 'failed' ? r : undefined;
    });
    expect(ended.reason).toContain('kube-secret');
    const jobs = await batch.listNamespacedJob({ namespace: 'kube-secret' });
    expect(jobs.items).toHaveLength(0);
  }, 30_000);
});
