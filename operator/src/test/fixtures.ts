/**
 * The fixed world of the reconciler's unit tests: one organization, workspace, cluster and bucket,
 * the API's answers about them, and Kubernetes' errors as client-node throws them.
 */
import type { V1Namespace } from '@kubernetes/client-node';
import { ORGANIZATION_ANNOTATION, WORKSPACE_ANNOTATION } from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket } from '../api/v1alpha1/s3bucket.ts';
import type {
  BucketCredentials,
  CreatedBucket,
  PlinthApiError,
  PlinthFailure,
} from '../plinth-api/buckets.ts';

export const ORG = '0b7f0c36-1f4e-4b8e-9a55-1c0a5e3a9d01';
export const WORKSPACE = '5d2c9a8e-7b61-4f3a-8e2d-9c4b1a0f6e02';
export const CLUSTER_ID = 'c0ffee00-0000-4000-8000-00000000c1c1';
export const BUCKET_ID = 'b0000000-0000-4000-8000-0000000000b1';
export const CREDENTIALS: BucketCredentials = { access_key_id: 'AKIATEST', secret_access_key: 'secret-1' };

/** An error as client-node throws it for a Kubernetes API answer: `code` and the Status `body`. */
export const kubeError = (code: number, message: string) =>
  Object.assign(new Error(`HTTP-Code: ${code} Message: Unknown API Status Code!`), {
    code,
    body: JSON.stringify({ kind: 'Status', status: 'Failure', message, code }),
  });
export const conflict = (what: string) => kubeError(409, `Operation cannot be fulfilled: ${what}`);

/** The owner reference the reconciler sends for the default S3Bucket `team-a/photos`. */
export const OWNER = {
  cluster_id: CLUSTER_ID,
  namespace: 'team-a',
  name: 'photos',
  uid: 'a1a1a1a1-0000-4000-8000-0000000000a1',
};

/**
 * A bucket as the API returns it from a create (201) or an adoption (200): by default created for,
 * and owned by, the default S3Bucket.
 */
export function apiBucket(overrides: Partial<CreatedBucket> = {}): CreatedBucket {
  return {
    id: BUCKET_ID,
    name: 'photos',
    region: 'eu-west-1',
    organization: ORG,
    workspace: WORKSPACE,
    endpoint: 'https://s3.eu-west-1.plinth.example',
    state: 'ready',
    cors_allow_all: false,
    origin: 'created',
    owner_reference: { ...OWNER },
    created_for: { ...OWNER },
    adoptable_by: null,
    usage: { bytes: null, objects: null, updated_at: null },
    credentials_rotated_at: null,
    previous_key_expires_at: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    credentials: { ...CREDENTIALS },
    ...overrides,
  };
}

export function apiError(status: number, code: string, retryAfterSeconds?: number): PlinthApiError {
  return {
    status,
    code,
    detail: `${code} (HTTP ${status})`,
    errors: [],
    requestId: 'req-1',
    retryAfterSeconds,
  };
}

/** The failures the reconciler sorts, as the client returns them. */
export const failures = {
  unavailable: (message = 'HTTP 503 unknown: maintenance'): PlinthFailure => ({
    kind: 'unavailable',
    cause: 'server',
    message,
    retryAfterSeconds: undefined,
    error: apiError(503, 'unknown'),
  }),
  /** 429 `storage_busy`: the API's admission refused a storm's excess, with a Retry-After. */
  throttled: (retryAfterSeconds: number): PlinthFailure => ({
    kind: 'unavailable',
    cause: 'throttled',
    message: 'HTTP 429 storage_busy: The storage cluster is busy',
    retryAfterSeconds,
    error: apiError(429, 'storage_busy', retryAfterSeconds),
  }),
  nameTaken: (): PlinthFailure => ({ kind: 'name_taken', error: apiError(409, 'bucket_name_taken') }),
  busy: (retryAfterSeconds?: number): PlinthFailure => ({
    kind: 'busy',
    retryAfterSeconds,
    error: apiError(409, 'bucket_busy', retryAfterSeconds),
  }),
  notEmpty: (): PlinthFailure => ({ kind: 'not_empty', error: apiError(409, 'bucket_not_empty') }),
  notFound: (): PlinthFailure => ({ kind: 'not_found', error: apiError(404, 'not_found') }),
};

/** A new S3Bucket as `kubectl apply` leaves it: no finalizer, no status. */
export function s3Bucket(spec: Partial<S3Bucket['spec']> = {}): S3Bucket {
  return {
    apiVersion: 'plinth.dev/v1alpha1',
    kind: 'S3Bucket',
    metadata: {
      name: 'photos',
      namespace: 'team-a',
      uid: OWNER.uid,
      generation: 1,
      resourceVersion: '1',
      // As custom objects arrive: a string. The harness's clock starts here.
      creationTimestamp: '2026-03-01T12:00:00Z' as unknown as Date,
    },
    spec: { region: 'eu-west-1', corsAllowAll: false, deletionPolicy: 'Retain', ...spec },
  };
}

export function namespace(
  name: string,
  annotations?: Record<string, string>,
  labels?: Record<string, string>,
): V1Namespace {
  return { metadata: { name, ...(annotations ? { annotations } : {}), ...(labels ? { labels } : {}) } };
}

export const MAPPED = { [ORGANIZATION_ANNOTATION]: ORG, [WORKSPACE_ANNOTATION]: WORKSPACE };
