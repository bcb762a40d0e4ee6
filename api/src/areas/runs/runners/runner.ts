/**
 * How an action runs: one interface, two runners. `oci` runs the block's image with runc on this
 * machine (images unpacked with umoci, no daemon, no registry); `kubernetes` runs it as a
 * `batch/v1` Job in the workspace's namespace. The exit code decides the run's status; a deadline
 * or a cancel ends it as `killed`.
 */
export interface RunSpec {
  /** The run's transaction ID (a UUID): names the container or Job, so a retry finds its own. */
  readonly transaction: string;
  /**
   * The block's image. `oci`: `name:tag`, an OCI layout `<imagesDir>/<name>` (or an archive
   * `<imagesDir>/<name>.tar`) holding that tag. `kubernetes`: any image reference.
   */
  readonly image: string;
  /** The process to run, argv style (a script runs as `['/bin/sh', '-c', script]`). */
  readonly command: readonly string[];
  /** Environment of the process: the block's non-secret variables and the run's context. */
  readonly env: Readonly<Record<string, string>>;
  /** Killed after this long (status `killed`, reason `deadline`). */
  readonly deadlineSeconds: number;
  /** `kubernetes`: the namespace of the Job. */
  readonly namespace?: string;
  /** `kubernetes`: labels put on the Job and its pod template (plinth.dev/transaction is added). */
  readonly labels?: Readonly<Record<string, string>>;
}

export type RunOutcome =
  | { readonly kind: 'exited'; readonly exitCode: number }
  | { readonly kind: 'killed'; readonly reason: 'deadline' | 'cancelled'; readonly exitCode: number | null };

export interface RunHandle {
  /** Settles once the process has ended and its resources are released; never rejects. */
  readonly done: Promise<RunOutcome>;
  /** Ends the process (outcome `killed`, reason `cancelled`); idempotent, no-op once done. */
  cancel(): Promise<void>;
}

/** The image or runner cannot start the run (the run fails with this code and message). */
export class RunnerError extends Error {
  readonly code: 'image_not_found' | 'runner_unavailable' | 'runner_failed';
  constructor(code: RunnerError['code'], message: string) {
    super(message);
    this.code = code;
    this.name = 'RunnerError';
  }
}

export interface Runner {
  readonly name: 'oci' | 'kubernetes';
  /**
   * Starts the run; resolves once it started (rejects with `RunnerError` when it cannot). Output
   * (stdout and stderr, in order of arrival) is passed to `onOutput` as it comes.
   */
  start(spec: RunSpec, onOutput: (chunk: string) => void): Promise<RunHandle>;
}
