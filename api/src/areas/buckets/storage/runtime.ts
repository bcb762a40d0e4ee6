import type { Logger } from '../../../core/logger.ts';
import { SecretBox } from '../../../core/secret-box.ts';
import { Admission } from '../../../core/admission.ts';
import type { AdmissionLimits } from '../../../core/admission.ts';
import type { StorageConfig } from './config.ts';
import type { StorageDriver } from './driver.ts';
import { createGarageDriver } from './garage-driver.ts';
import { createMinioDriver } from './minio-driver.ts';

/**
 * Saga steps, in order, and `usage` (the usage job has its reports, not yet written): a test hook
 * may pause after any of them (see `StorageRuntime.afterStep`).
 */
export type SagaStep =
  | 'recorded'
  | 'bucket'
  | 'access'
  | 'cors'
  // Undoing a failed creation.
  | 'rollback-access'
  | 'rollback-bucket'
  // Deletion: checked empty (job claimed, row still `ready`), marked `deleting`, access gone, bucket gone.
  | 'delete-checked'
  | 'deleting'
  | 'delete-access'
  | 'delete-bucket'
  | 'usage'
  // Rotation: the new access user made, then the row switched to it.
  | 'rotate-access'
  | 'rotated';

/** How long a rotated-out key keeps working (PLINTH_CREDENTIAL_GRACE_SECONDS, …_MAX_SECONDS). */
export interface CredentialGrace {
  readonly defaultSeconds: number;
  readonly maxSeconds: number;
}
export const DEFAULT_CREDENTIAL_GRACE: CredentialGrace = { defaultSeconds: 86_400, maxSeconds: 7 * 86_400 };

/** Storage for the bucket services: the clusters, their drivers, and the key for secrets at rest. */
export interface StorageRuntime {
  readonly config: StorageConfig;
  driver(cluster: string): StorageDriver;
  readonly box: SecretBox;
  /** How many sagas run at once per cluster (the gate's name), and how many wait per organization. */
  readonly admission: Admission;
  /** Unset: {@link DEFAULT_CREDENTIAL_GRACE}. */
  readonly credentialGrace?: CredentialGrace;
  /** Test hook, called after each saga step (crash-safety tests pause here and kill the process). */
  readonly afterStep?: (step: SagaStep, bucketId: string) => Promise<void>;
  /** How often usage is pulled from the clusters (PLINTH_USAGE_INTERVAL_SECONDS); unset: daily. */
  readonly usageIntervalMs?: number;
}

/** PLINTH_STORAGE_CONCURRENCY's and PLINTH_STORAGE_QUEUE_PER_ORGANIZATION's defaults. */
export const DEFAULT_ADMISSION: AdmissionLimits = { concurrency: 16, queuePerOrganization: 64 };

/** One driver per configured cluster, created on first use. */
export function createStorageRuntime(
  config: StorageConfig,
  encryptionKey: Buffer,
  opts: {
    afterStep?: (step: SagaStep, bucketId: string) => Promise<void>;
    credentialGrace?: StorageRuntime['credentialGrace'];
    usageIntervalMs?: number;
    admission?: AdmissionLimits;
  } = {},
): StorageRuntime {
  const drivers = new Map<string, StorageDriver>();
  return {
    config,
    box: new SecretBox(encryptionKey),
    admission: new Admission(opts.admission ?? DEFAULT_ADMISSION),
    ...(opts.credentialGrace && { credentialGrace: opts.credentialGrace }),
    ...(opts.afterStep && { afterStep: opts.afterStep }),
    ...(opts.usageIntervalMs !== undefined && { usageIntervalMs: opts.usageIntervalMs }),
    driver(name) {
      let driver = drivers.get(name);
      if (!driver) {
        const c = config.clusters.get(name);
        if (!c) throw new Error(`unknown storage cluster ${name}`);
        driver =
          c.driver === 'garage'
            ? createGarageDriver({
                s3Endpoint: c.endpoint,
                publicEndpoint: c.publicEndpoint,
                adminEndpoint: c.adminEndpoint,
                adminToken: c.adminToken,
                apiKeyName: c.apiKeyName,
                region: c.signingRegion,
                pathStyle: c.pathStyle,
              })
            : createMinioDriver({
                endpoint: c.endpoint,
                publicEndpoint: c.publicEndpoint,
                accessKey: c.accessKey,
                secretKey: c.secretKey,
                region: c.signingRegion,
                pathStyle: c.pathStyle,
              });
        drivers.set(name, driver);
      }
      return driver;
    },
  };
}

/**
 * Crash-safety test hook (`PLINTH_TEST_PAUSE_AFTER_STEP=<SagaStep>`, allowed only with
 * `PLINTH_TEST_HOOKS=true`): after that saga step the request or job waits forever, so a test can
 * SIGKILL the process mid-saga.
 */
export function pauseAfterStepHook(step: string | undefined, logger: Logger) {
  if (!step) return undefined;
  return async (current: SagaStep, bucketId: string) => {
    if (current !== step) return;
    logger.warn({ step, bucket_id: bucketId }, 'test hook: paused after saga step');
    await new Promise(() => {});
  };
}
