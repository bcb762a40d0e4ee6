import { BatchV1Api, CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, V1Job, V1Pod } from '@kubernetes/client-node';
import {
  CONTAINER,
  JOB_NAME_LABELS,
  jobManifest,
  jobName,
  outcomeOf,
  TRANSACTION_LABEL,
} from './kubernetes-job.ts';
import { RunnerError } from './runner.ts';
import type { RunHandle, RunOutcome, Runner, RunSpec } from './runner.ts';

export { jobName, jobManifest, TRANSACTION_LABEL } from './kubernetes-job.ts';

export interface KubernetesRunnerOptions {
  readonly kubeConfig: KubeConfig;
  /** How often the Job and its pod are read (default 1000 ms). */
  readonly pollMs?: number;
  /** How long a finished Job stays for inspection before the cluster deletes it (default 3600). */
  readonly ttlSecondsAfterFinished?: number;
}

/**
 * Past the deadline, how long an unreachable API is tried before the run is given up as killed (the
 * Job's activeDeadlineSeconds stops it in the cluster regardless).
 */
const GIVE_UP_MARGIN_MS = 30_000;
/** One API call that hangs longer counts as a transient failure. */
const CALL_TIMEOUT_MS = 15_000;
/** The log read once the container ended; more than this is cut (the start is kept). */
const LOG_LIMIT_BYTES = 8 * 1024 * 1024;

/** The HTTP status of a client-node error; `undefined` when no answer came. */
function statusOf(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** The server's own message, not the whole response client-node puts in its errors. */
function describe(err: unknown): string {
  const e = err as { code?: unknown; body?: unknown; message?: unknown } | null;
  if (typeof e?.code === 'number') {
    try {
      const body = (typeof e.body === 'string' ? JSON.parse(e.body) : e.body) as { message?: unknown };
      if (typeof body?.message === 'string') return `Kubernetes API ${e.code}: ${body.message}`;
    } catch {
      // not JSON: the status alone
    }
    return `Kubernetes API ${e.code}`;
  }
  return typeof e?.message === 'string' ? e.message.split('\n')[0]! : String(err);
}

/** A refusal is the run's (`runner_failed`); no answer or an overloaded server is `runner_unavailable`. */
function startError(err: unknown, what: string): RunnerError {
  const status = statusOf(err);
  const code =
    status === undefined || status >= 500 || status === 429 ? 'runner_unavailable' : 'runner_failed';
  return new RunnerError(code, `${what}: ${describe(err)}`);
}

function within<T>(call: Promise<T>, ms = CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** Runs actions as `batch/v1` Jobs, one pod, one try; the outcome is read from the pod's status. */
export function createKubernetesRunner(options: KubernetesRunnerOptions): Runner {
  const batch = options.kubeConfig.makeApiClient(BatchV1Api);
  const core = options.kubeConfig.makeApiClient(CoreV1Api);
  const pollMs = options.pollMs ?? 1000;
  const ttl = options.ttlSecondsAfterFinished ?? 3600;

  async function createOrAdopt(spec: RunSpec, namespace: string, name: string): Promise<V1Job> {
    const body = jobManifest(spec, name, ttl);
    try {
      return await within(batch.createNamespacedJob({ namespace, body }));
    } catch (err) {
      if (statusOf(err) !== 409) throw startError(err, `creating Job ${namespace}/${name}`);
    }
    // It exists: a retry after a crash finds the Job it made, which must be this run's.
    let existing: V1Job;
    try {
      existing = await within(batch.readNamespacedJob({ namespace, name }));
    } catch (err) {
      throw startError(err, `reading Job ${namespace}/${name}`);
    }
    if (existing.metadata?.labels?.[TRANSACTION_LABEL] !== spec.transaction) {
      throw new RunnerError('runner_failed', `Job ${namespace}/${name} exists and belongs to another run`);
    }
    return existing;
  }

  async function start(spec: RunSpec, onOutput: (chunk: string) => void): Promise<RunHandle> {
    const namespace = spec.namespace;
    if (!namespace) throw new RunnerError('runner_failed', 'a Kubernetes run needs a namespace');
    const name = jobName(spec.transaction);
    const job = await createOrAdopt(spec, namespace, name);
    const uid = job.metadata?.uid;
    // An adopted Job's deadline counts from its creation (never from later than now).
    const created = new Date(job.metadata?.creationTimestamp ?? Date.now()).getTime();
    const startedAt = Math.min(Date.now(), Number.isNaN(created) ? Date.now() : created);
    const deadlineAt = startedAt + spec.deadlineSeconds * 1000;

    const readPods = async (): Promise<V1Pod[]> => {
      for (const label of JOB_NAME_LABELS) {
        const list = await within(core.listNamespacedPod({ namespace, labelSelector: `${label}=${name}` }));
        // Only the pods of this Job: a same-named Job of an earlier attempt may have left some.
        const ours = list.items.filter(
          (p) => !uid || (p.metadata?.ownerReferences ?? []).some((o) => o.uid === uid),
        );
        if (ours.length > 0) return ours;
      }
      return [];
    };
    const readJob = async (): Promise<V1Job | null> => {
      try {
        return await within(batch.readNamespacedJob({ namespace, name }));
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    };
    /** Deletes the Job (its pod goes with it); true once it is gone. */
    const deleteJob = async (): Promise<boolean> => {
      try {
        await within(
          batch.deleteNamespacedJob({
            namespace,
            name,
            body: { propagationPolicy: 'Background', ...(uid ? { preconditions: { uid } } : {}) },
          }),
        );
        return true;
      } catch (err) {
        // 404: gone already; 409: the name is another Job's now, so ours is gone too.
        const status = statusOf(err);
        return status === 404 || status === 409;
      }
    };
    /** The container's log, once; a kubelet that cannot be reached (or none) is no failure. */
    const passLog = async (pods: readonly V1Pod[]) => {
      const pod = pods.find((p) =>
        p.status?.containerStatuses?.some((c) => c.name === CONTAINER && c.state?.terminated),
      );
      const podName = pod?.metadata?.name;
      if (!podName) return;
      try {
        const log = await within(
          core.readNamespacedPodLog({
            namespace,
            name: podName,
            container: CONTAINER,
            limitBytes: LOG_LIMIT_BYTES,
          }),
        );
        if (typeof log === 'string' && log !== '') onOutput(log);
      } catch {
        // Quietly without output: the outcome matters more than the log.
      }
    };

    let cancelRequested = false;
    let wake: (() => void) | undefined;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => finish(), ms);
        const finish = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        wake = finish;
      });

    const watch = async (): Promise<RunOutcome> => {
      const giveUpAt = deadlineAt + GIVE_UP_MARGIN_MS;
      for (;;) {
        if (cancelRequested) {
          if ((await deleteJob()) || Date.now() > giveUpAt) {
            return { kind: 'killed', reason: 'cancelled', exitCode: null };
          }
        } else {
          try {
            const pods = await readPods();
            const outcome = outcomeOf(await readJob(), pods);
            if (outcome) {
              await passLog(pods);
              return outcome;
            }
          } catch {
            // Transient (the API restarting, a timeout): tried again until past the deadline.
          }
          if (Date.now() >= deadlineAt && ((await deleteJob()) || Date.now() > giveUpAt)) {
            return { kind: 'killed', reason: 'deadline', exitCode: null };
          }
        }
        await pause(pollMs);
      }
    };
    let finished = false;
    const done = watch()
      .catch((): RunOutcome => ({ kind: 'killed', reason: 'deadline', exitCode: null }))
      .finally(() => (finished = true));

    return {
      done,
      async cancel() {
        if (finished) return;
        cancelRequested = true;
        wake?.();
        await done;
      },
    };
  }

  return { name: 'kubernetes', start };
}
