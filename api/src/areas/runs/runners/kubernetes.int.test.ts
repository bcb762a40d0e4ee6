import { randomUUID } from 'node:crypto';
import { BatchV1Api, CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Job, V1Pod } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_PLANE_START_TIMEOUT_MS,
  startControlPlane,
} from '../../../../../operator/src/test/control-plane.ts';
import type { ControlPlane } from '../../../../../operator/src/test/control-plane.ts';
import { eventually } from '../../../test/eventually.ts';
import { createKubernetesRunner, jobName } from './kubernetes.ts';
import { RunnerError } from './runner.ts';
import type { Runner, RunSpec } from './runner.ts';

const NAMESPACE = 'actions';
const IMAGE = 'registry.example/actions/tool:1.2';

/**
 * A real kube-apiserver (with the garbage collector) but no job controller and no kubelet: the test
 * plays both, writing the pod and the Job status the way they would.
 */
describe('the Kubernetes runner (a real API server, no kubelet)', () => {
  let cp: ControlPlane;
  let kc: KubeConfig;
  let batch: BatchV1Api;
  let core: CoreV1Api;
  let runner: Runner;

  beforeAll(async () => {
    cp = await startControlPlane();
    kc = cp.kubeConfig();
    batch = kc.makeApiClient(BatchV1Api);
    core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: NAMESPACE } } });
    runner = createKubernetesRunner({ kubeConfig: kc, pollMs: 100, ttlSecondsAfterFinished: 600 });
  }, CONTROL_PLANE_START_TIMEOUT_MS);

  afterAll(async () => {
    await cp?.stop();
  });

  const spec = (over: Partial<RunSpec> = {}): RunSpec => ({
    transaction: randomUUID(),
    image: IMAGE,
    command: ['/bin/sh', '-c', 'echo hi'],
    env: { PLINTH_BLOCK: 'b1', GREETING: 'hello world' },
    deadlineSeconds: 30,
    namespace: NAMESPACE,
    labels: { 'plinth.dev/workspace': 'ws-1' },
    ...over,
  });

  const readJob = (name: string) => batch.readNamespacedJob({ namespace: NAMESPACE, name });

  /** The job controller's part: the Job's one pod, labelled and owned as it would be. */
  async function createPod(job: V1Job, label = 'batch.kubernetes.io/job-name'): Promise<V1Pod> {
    const name = job.metadata!.name!;
    return core.createNamespacedPod({
      namespace: NAMESPACE,
      body: {
        metadata: {
          name: `${name}-abcde`,
          labels: { [label]: name },
          ownerReferences: [
            { apiVersion: 'batch/v1', kind: 'Job', name, uid: job.metadata!.uid!, controller: true },
          ],
        },
        spec: { restartPolicy: 'Never', containers: [{ name: 'action', image: IMAGE }] },
      },
    });
  }

  /** The kubelet's part: the container ended with `exitCode`, written through the status subresource. */
  async function terminate(pod: V1Pod, exitCode: number): Promise<void> {
    const now = new Date();
    pod.status = {
      phase: exitCode === 0 ? 'Succeeded' : 'Failed',
      containerStatuses: [
        {
          name: 'action',
          image: IMAGE,
          imageID: '',
          ready: false,
          restartCount: 0,
          state: {
            terminated: {
              exitCode,
              reason: exitCode === 0 ? 'Completed' : 'Error',
              startedAt: now,
              finishedAt: now,
            },
          },
        },
      ],
    };
    await core.replaceNamespacedPodStatus({ namespace: NAMESPACE, name: pod.metadata!.name!, body: pod });
  }

  it('creates the Job as specified and reads the exit code from its pod', async () => {
    const s = spec();
    const handle = await runner.start(s, () => undefined);
    const name = jobName(s.transaction);
    expect(name).toBe(`plinth-run-${s.transaction}`);
    const job = await readJob(name);
    const labels = { 'plinth.dev/workspace': 'ws-1', 'plinth.dev/transaction': s.transaction };
    expect(job.metadata?.labels).toMatchObject(labels);
    expect(job.spec).toMatchObject({
      backoffLimit: 0,
      activeDeadlineSeconds: 30,
      ttlSecondsAfterFinished: 600,
    });
    const template = job.spec!.template;
    expect(template.metadata?.labels).toMatchObject(labels);
    expect(template.spec).toMatchObject({
      restartPolicy: 'Never',
      automountServiceAccountToken: false,
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    });
    expect(template.spec!.securityContext?.runAsNonRoot).toBeUndefined();
    expect(template.spec!.containers).toHaveLength(1);
    expect(template.spec!.containers[0]).toMatchObject({
      name: 'action',
      image: IMAGE,
      command: ['/bin/sh', '-c', 'echo hi'],
      env: [
        { name: 'PLINTH_BLOCK', value: 'b1' },
        { name: 'GREETING', value: 'hello world' },
      ],
      securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
    });

    await terminate(await createPod(job), 3);
    // No kubelet serves the log: the run ends without output, quietly.
    expect(await handle.done).toEqual({ kind: 'exited', exitCode: 3 });
  });

  it('ends with exit 0, found by the older job-name label too', async () => {
    const s = spec();
    const handle = await runner.start(s, () => undefined);
    const job = await readJob(jobName(s.transaction));
    await terminate(await createPod(job, 'job-name'), 0);
    expect(await handle.done).toEqual({ kind: 'exited', exitCode: 0 });
  });

  it('cancels by deleting the Job', async () => {
    const s = spec();
    const handle = await runner.start(s, () => undefined);
    const name = jobName(s.transaction);
    await readJob(name);
    await handle.cancel();
    expect(await handle.done).toEqual({ kind: 'killed', reason: 'cancelled', exitCode: null });
    await eventually('the Job to be gone or going', async () => {
      try {
        return (await readJob(name)).metadata?.deletionTimestamp !== undefined;
      } catch (err) {
        return (err as { code?: number }).code === 404;
      }
    });
    await handle.cancel();
  });

  it('ends as killed at the deadline the job controller reports (DeadlineExceeded)', async () => {
    const s = spec();
    const handle = await runner.start(s, () => undefined);
    const job = await readJob(jobName(s.transaction));
    const now = new Date();
    const condition = {
      status: 'True',
      reason: 'DeadlineExceeded',
      message: 'Job was active longer than specified deadline',
      lastProbeTime: now,
      lastTransitionTime: now,
    };
    job.status = {
      startTime: now,
      active: 0,
      conditions: [
        { type: 'FailureTarget', ...condition },
        { type: 'Failed', ...condition },
      ],
    };
    await batch.replaceNamespacedJobStatus({ namespace: NAMESPACE, name: job.metadata!.name!, body: job });
    expect(await handle.done).toEqual({ kind: 'killed', reason: 'deadline', exitCode: null });
  });

  it('kills the run itself when the deadline passes with nothing reported, and deletes the Job', async () => {
    const s = spec({ deadlineSeconds: 2 });
    const started = Date.now();
    const handle = await runner.start(s, () => undefined);
    expect(await handle.done).toEqual({ kind: 'killed', reason: 'deadline', exitCode: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    await eventually('the Job to be gone or going', async () => {
      try {
        return (await readJob(jobName(s.transaction))).metadata?.deletionTimestamp !== undefined;
      } catch (err) {
        return (err as { code?: number }).code === 404;
      }
    });
  });

  it('adopts its own Job on a retry, refuses a Job of another run', async () => {
    const s = spec();
    const first = await runner.start(s, () => undefined);
    const again = await createKubernetesRunner({ kubeConfig: kc, pollMs: 100 }).start(s, () => undefined);
    const job = await readJob(jobName(s.transaction));
    await terminate(await createPod(job), 5);
    expect(await first.done).toEqual({ kind: 'exited', exitCode: 5 });
    expect(await again.done).toEqual({ kind: 'exited', exitCode: 5 });

    const other = spec();
    await batch.createNamespacedJob({
      namespace: NAMESPACE,
      body: {
        metadata: { name: jobName(other.transaction), labels: { 'plinth.dev/transaction': 'someone-else' } },
        spec: {
          template: { spec: { restartPolicy: 'Never', containers: [{ name: 'x', image: IMAGE }] } },
        },
      },
    });
    const err = await runner.start(other, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunnerError);
    expect(err).toMatchObject({ code: 'runner_failed' });
  });

  it('refuses a run without a namespace, or in one that does not exist', async () => {
    for (const namespace of [undefined, 'no-such-namespace']) {
      const err = await runner.start(spec({ namespace }), () => undefined).catch((e: unknown) => e);
      expect(err, String(namespace)).toBeInstanceOf(RunnerError);
      expect(err, String(namespace)).toMatchObject({ code: 'runner_failed' });
    }
  });
});
