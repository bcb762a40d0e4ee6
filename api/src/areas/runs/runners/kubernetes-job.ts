import type { V1Job, V1Pod } from '@kubernetes/client-node';
import { RunnerError } from './runner.ts';
import type { RunOutcome, RunSpec } from './runner.ts';

/** On the Job and its pods: which run they belong to, so a retry adopts only its own Job. */
export const TRANSACTION_LABEL = 'plinth.dev/transaction';
/** The job controller labels its pods with both (the unprefixed one is the older spelling). */
export const JOB_NAME_LABELS = ['batch.kubernetes.io/job-name', 'job-name'] as const;
export const CONTAINER = 'action';

/** A label value: the transaction goes on the Job as one. */
const LABEL_VALUE = /^[A-Za-z0-9]([A-Za-z0-9_.-]{0,61}[A-Za-z0-9])?$/;
const PREFIX = 'plinth-run-';

/**
 * The Job's name: the prefix and the whole transaction (a UUID: 47 characters), lowercase and DNS-1123
 * safe, at most 63 characters (the job controller puts the name in a label value). Two transactions
 * that fold to one name are told apart by the transaction label.
 */
export function jobName(transaction: string): string {
  if (!LABEL_VALUE.test(transaction)) {
    throw new RunnerError('runner_failed', `transaction ${JSON.stringify(transaction)} cannot name a Job`);
  }
  const safe = transaction.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return `${PREFIX}${safe}`.slice(0, 63).replace(/-+$/, '');
}

/** The Job that runs `spec`: one try, the deadline enforced by the cluster too, a locked-down pod. */
export function jobManifest(spec: RunSpec, name: string, ttlSecondsAfterFinished: number): V1Job {
  const labels = { ...spec.labels, [TRANSACTION_LABEL]: spec.transaction };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: spec.namespace, labels },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: Math.max(1, Math.ceil(spec.deadlineSeconds)),
      ttlSecondsAfterFinished,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          // The action gets no credentials to the cluster, nor the namespace's services as variables.
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          // runAsNonRoot stays unset: arbitrary images often run as root and would not start.
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          containers: [
            {
              name: CONTAINER,
              image: spec.image,
              command: [...spec.command],
              env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
                seccompProfile: { type: 'RuntimeDefault' },
              },
            },
          ],
        },
      },
    },
  };
}

/** The `action` container's exit code once it terminated. */
export function exitCodeOf(pod: V1Pod): number | undefined {
  const status = pod.status?.containerStatuses?.find((c) => c.name === CONTAINER);
  return status?.state?.terminated?.exitCode;
}

const isTrue = (job: V1Job, type: string, reason?: string) =>
  (job.status?.conditions ?? []).some(
    (c) => c.type === type && c.status === 'True' && (reason === undefined || c.reason === reason),
  );

/**
 * How the run ended, from what the API shows (`undefined`: not yet). `job` is `null` when the Job is
 * gone: deleted by someone else, which ends the run as a cancel would.
 */
export function outcomeOf(job: V1Job | null, pods: readonly V1Pod[]): RunOutcome | undefined {
  const exitCode = pods.map(exitCodeOf).find((c) => c !== undefined);
  // FailureTarget is set first (pods still being stopped), Failed once they are.
  if (
    job &&
    (isTrue(job, 'Failed', 'DeadlineExceeded') || isTrue(job, 'FailureTarget', 'DeadlineExceeded'))
  ) {
    return { kind: 'killed', reason: 'deadline', exitCode: exitCode ?? null };
  }
  if (exitCode !== undefined) return { kind: 'exited', exitCode };
  if (job === null) return { kind: 'killed', reason: 'cancelled', exitCode: null };
  if (isTrue(job, 'Complete')) return { kind: 'exited', exitCode: 0 };
  // Failed without any exit code to show (its pod evicted or deleted): a failure all the same.
  if (isTrue(job, 'Failed')) return { kind: 'exited', exitCode: 1 };
  return undefined;
}
