import { ApiError, createPlinthClient } from '../../../clients/typescript/src/index.ts';
import type {
  Bucket,
  BucketCreate,
  BucketCredentials,
  BucketHealth,
  BucketUpdate,
  CreatedBucket,
  CredentialRotation,
  ErrorResponse,
  FieldError,
  PlinthClient,
  RotatedCredentials,
} from '../../../clients/typescript/src/index.ts';

/**
 * The bucket calls the reconcile makes, on the generated TypeScript client (`clients/typescript`,
 * `npm run generate:clients`): an instance of it does the HTTP, with the operator's token, rate
 * limiter, deadline and metrics as its options and hooks. What stays here is the operator's own:
 * every answer and transport failure turned into a result discriminated by `kind`, never thrown.
 * Network errors, timeouts, 5xx and 429 are `unavailable` (try again later, after
 * `retryAfterSeconds` when the API says so); 4xx answers are classified from the API's error
 * envelope (`parseApiError`, `classifyApiError`). Retries are the work queue's (per-key backoff),
 * so the client instance does not retry.
 */

export type {
  Bucket,
  BucketCreate,
  BucketCredentials,
  BucketHealth,
  BucketUpdate,
  CreatedBucket,
  CredentialRotation,
  RotatedCredentials,
};
/** The caller's existing bucket with its credentials: `POST /api/v1/s3/buckets/` 200. */
export type AdoptedBucket = CreatedBucket;
/** The API's error envelope (every 4xx/5xx under /api). */
export type ApiErrorBody = ErrorResponse;
/** One field problem of a 400: `attr` is the dotted path of the field. */
export type ApiFieldError = FieldError;

// ---- Errors -----------------------------------------------------------------------------------------

/** An HTTP error answer, parsed from the envelope (tolerant of bodies that are not one). */
export interface PlinthApiError {
  readonly status: number;
  /** The envelope's stable code (`bucket_name_taken`, `invalid`, …); `unknown` when the body had none. */
  readonly code: string;
  readonly detail: string;
  /** Field problems (400 only); empty otherwise. */
  readonly errors: readonly ApiFieldError[];
  readonly requestId: string | undefined;
  /** From the `Retry-After` header (seconds or an HTTP date), when present. */
  readonly retryAfterSeconds: number | undefined;
}

/** Why a call did not succeed. `error` is the parsed answer when there was one. */
export type PlinthFailure =
  | {
      readonly kind: 'unavailable';
      /** `network`: no answer (refused, reset, DNS); `timeout`: no full answer in time; `server`: 5xx; `throttled`: 429. */
      readonly cause: 'network' | 'timeout' | 'server' | 'throttled';
      readonly message: string;
      readonly retryAfterSeconds: number | undefined;
      readonly error: PlinthApiError | undefined;
    }
  /** 409 `bucket_name_taken`: the name belongs to another organization, workspace or owner. */
  | { readonly kind: 'name_taken'; readonly error: PlinthApiError }
  /** 409 `bucket_busy` (another request is creating or deleting it; see `retryAfterSeconds`) or `bucket_deleting`. */
  | { readonly kind: 'busy'; readonly retryAfterSeconds: number | undefined; readonly error: PlinthApiError }
  /** 409 `bucket_not_empty`: deletion refused, the bucket holds objects. */
  | { readonly kind: 'not_empty'; readonly error: PlinthApiError }
  /** 400 with an `errors[].code` or a `code` of `not_supported` (e.g. `cors_allow_all` on MinIO). */
  | { readonly kind: 'not_supported'; readonly attrs: readonly string[]; readonly error: PlinthApiError }
  /** Any other 400: `attrs` names the fields at fault (`name`, `region`, `workspace`, …). */
  | { readonly kind: 'invalid'; readonly attrs: readonly string[]; readonly error: PlinthApiError }
  /** 401: the token is missing, wrong, expired or revoked. */
  | { readonly kind: 'unauthenticated'; readonly error: PlinthApiError }
  /** 403: the token's principal may not do this. */
  | { readonly kind: 'forbidden'; readonly error: PlinthApiError }
  /** 404: no such object, or not visible to the token. */
  | { readonly kind: 'not_found'; readonly error: PlinthApiError }
  /** Any other 4xx (another 409 code, 405, 413, 415, …). */
  | { readonly kind: 'rejected'; readonly error: PlinthApiError };

export type CreateBucketResult =
  | { readonly kind: 'created'; readonly bucket: CreatedBucket }
  | { readonly kind: 'adopted'; readonly bucket: AdoptedBucket }
  | PlinthFailure;
export type BucketResult = { readonly kind: 'ok'; readonly bucket: Bucket } | PlinthFailure;
export type CredentialsResult =
  { readonly kind: 'ok'; readonly credentials: BucketCredentials } | PlinthFailure;
export type RotateCredentialsResult =
  { readonly kind: 'ok'; readonly rotated: RotatedCredentials } | PlinthFailure;
export type BucketHealthResult = { readonly kind: 'ok'; readonly health: BucketHealth } | PlinthFailure;
export type DeleteBucketResult = { readonly kind: 'deleted' } | PlinthFailure;
export type BucketListResult = { readonly kind: 'ok'; readonly buckets: readonly Bucket[] } | PlinthFailure;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads an error answer: the envelope `{detail, code, errors?, request_id?}` when the body is one,
 * else what can be said (a proxy's HTML page becomes `code: 'unknown'`). The generated client
 * casts the body; this checks each field, as a body from something other than the API may differ.
 */
export function parseApiError(err: ApiError): PlinthApiError {
  const { status, retryAfter: retryAfterSeconds } = err;
  const body: unknown = err.body;
  const requestIdHeader = err.response.headers.get('x-request-id') ?? undefined;
  if (!isRecord(body)) {
    return {
      status,
      code: 'unknown',
      detail: `HTTP ${status}`,
      errors: [],
      requestId: requestIdHeader,
      retryAfterSeconds,
    };
  }
  const errors = Array.isArray(body.errors)
    ? body.errors.filter(isRecord).map((e) => ({
        attr: typeof e.attr === 'string' ? e.attr : 'non_field_errors',
        code: typeof e.code === 'string' ? e.code : 'invalid',
        detail: typeof e.detail === 'string' ? e.detail : '',
      }))
    : [];
  return {
    status,
    code: typeof body.code === 'string' ? body.code : 'unknown',
    detail: typeof body.detail === 'string' ? body.detail : `HTTP ${status}`,
    errors,
    requestId: typeof body.request_id === 'string' ? body.request_id : requestIdHeader,
    retryAfterSeconds,
  };
}

/** Sorts a parsed error answer into the failure kinds callers act on. */
export function classifyApiError(error: PlinthApiError): PlinthFailure {
  const { status, code } = error;
  if (status >= 500 || status === 429) {
    return {
      kind: 'unavailable',
      cause: status === 429 ? 'throttled' : 'server',
      message: `HTTP ${status} ${code}: ${error.detail}`,
      retryAfterSeconds: error.retryAfterSeconds,
      error,
    };
  }
  if (status === 401) return { kind: 'unauthenticated', error };
  if (status === 403) return { kind: 'forbidden', error };
  if (status === 404) return { kind: 'not_found', error };
  if (status === 409) {
    if (code === 'bucket_name_taken') return { kind: 'name_taken', error };
    if (code === 'bucket_busy' || code === 'bucket_deleting') {
      return { kind: 'busy', retryAfterSeconds: error.retryAfterSeconds, error };
    }
    if (code === 'bucket_not_empty') return { kind: 'not_empty', error };
  }
  if (status === 400) {
    const unsupported = error.errors.filter((e) => e.code === 'not_supported');
    if (code === 'not_supported' || unsupported.length > 0) {
      return { kind: 'not_supported', attrs: unsupported.map((e) => e.attr), error };
    }
    return { kind: 'invalid', attrs: [...new Set(error.errors.map((e) => e.attr))], error };
  }
  return { kind: 'rejected', error };
}

/** A request that got no (complete) answer. */
function transportFailure(err: unknown): PlinthFailure {
  const name = err instanceof Error ? err.name : '';
  const timedOut = name === 'TimeoutError';
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return {
    kind: 'unavailable',
    cause: timedOut ? 'timeout' : 'network',
    message: timedOut
      ? 'The Plinth API did not answer in time.'
      : `The Plinth API could not be reached: ${err instanceof Error ? err.message : String(err)}${cause}`,
    retryAfterSeconds: undefined,
    error: undefined,
  };
}

// ---- The calls ------------------------------------------------------------------------------------

export interface BucketApiOptions {
  /** The API's origin, e.g. `http://plinth-api.plinth.svc:8000` (paths start with `/api/`). */
  baseUrl: string;
  /**
   * An API key (or login or ServiceAccount token), sent as `Authorization: Bearer <token>`; a
   * function is asked before every request (a token file that rotates).
   */
  token: string | (() => string);
  /** Awaited before every request (the operator passes its token bucket). A rejection is rethrown as is. */
  rateLimit?: { take(): Promise<void> };
  /**
   * Called once per request that was sent, for metrics: `operation` is `METHOD /path/{template}/`
   * (bounded cardinality), `status` the HTTP status or `'error'` when no complete answer came, and
   * `durationMs` the time from sending to the end of the body (rate-limit waits excluded).
   * Exceptions it throws are ignored.
   */
  onRequest?: (info: { operation: string; status: number | 'error'; durationMs: number }) => void;
  /** Deadline per request, from sending to the end of the body. Default 30 000 ms. */
  timeoutMs?: number;
}

export interface BucketApi {
  /** The generated client instance, with the same token, rate limit, deadline and hook. */
  readonly raw: PlinthClient;
  /** Creates the bucket (`created`, 201) or adopts the caller's existing one (`adopted`, 200). */
  createBucket(input: BucketCreate): Promise<CreateBucketResult>;
  getBucket(id: string): Promise<BucketResult>;
  /**
   * The buckets whose current owner reference or `created_for` has this uid
   * (`GET /api/v1/s3/buckets/?owner_uid=`): how the operator finds a bucket it never recorded.
   */
  findBucketsByOwner(uid: string): Promise<BucketListResult>;
  updateBucket(id: string, changes: BucketUpdate): Promise<BucketResult>;
  /** The bucket's access key and secret (an audited reveal). */
  revealCredentials(id: string): Promise<CredentialsResult>;
  /**
   * A new access key for the bucket; the old one keeps working for `grace_seconds` (the API's
   * default when absent). Not idempotent: a second call within the grace ends the older key at once.
   */
  rotateCredentials(id: string, input: CredentialRotation): Promise<RotateCredentialsResult>;
  /** Removes the access user and the (empty) bucket; `not_empty` when it holds objects. */
  deleteBucket(id: string): Promise<DeleteBucketResult>;
  /** Asks the storage cluster whether the bucket and its access user still exist (the drift check). */
  checkBucketHealth(id: string): Promise<BucketHealthResult>;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export function createBucketApi(options: BucketApiOptions): BucketApi {
  const { token, rateLimit, onRequest } = options;
  // What the rate limiter threw: rethrown unchanged (a closed limiter means shutdown), never `unavailable`.
  const rateLimitRejections = new WeakSet<object>();
  const raw = createPlinthClient({
    baseUrl: options.baseUrl,
    token,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    onRequest: rateLimit
      ? async () => {
          try {
            await rateLimit.take();
          } catch (err) {
            if (typeof err === 'object' && err !== null) rateLimitRejections.add(err);
            throw err;
          }
        }
      : undefined,
    onSettled: onRequest
      ? ({ method, path, status, durationMs }) =>
          onRequest({ operation: `${method} ${path}`, status: status ?? 'error', durationMs })
      : undefined,
  });

  /** Runs one call; an error answer or a transport failure becomes a failure, a rate limiter's rejection is rethrown. */
  async function guarded<T>(call: () => Promise<T>): Promise<T | PlinthFailure> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiError) return classifyApiError(parseApiError(err));
      if (typeof err === 'object' && err !== null && rateLimitRejections.has(err)) throw err;
      return transportFailure(err);
    }
  }

  return {
    raw,
    createBucket: (input) =>
      guarded(async () => {
        let status = 0;
        const bucket = await raw.apiV1S3BucketsCreate(
          { requestBody: input },
          { onResponse: (r) => (status = r.status) },
        );
        return status === 201 ? { kind: 'created', bucket } : { kind: 'adopted', bucket };
      }),
    getBucket: (id) =>
      guarded(async () => ({ kind: 'ok', bucket: await raw.apiV1S3BucketsRetrieve({ id }) })),
    findBucketsByOwner: (uid) =>
      guarded(async () => {
        // One object owns at most a bucket or two (one per name it had): a page is plenty.
        const page = await raw.apiV1S3BucketsList({ ownerUid: uid, pageSize: 100 });
        return { kind: 'ok', buckets: page.results };
      }),
    updateBucket: (id, changes) =>
      guarded(async () => ({
        kind: 'ok',
        bucket: await raw.apiV1S3BucketsPartialUpdate({ id, requestBody: changes }),
      })),
    revealCredentials: (id) =>
      guarded(async () => ({ kind: 'ok', credentials: await raw.apiV1S3BucketsCredentialsRetrieve({ id }) })),
    rotateCredentials: (id, input) =>
      guarded(async () => ({
        kind: 'ok',
        rotated: await raw.apiV1S3BucketsRotateCredentialsCreate({ id, requestBody: input }),
      })),
    deleteBucket: (id) =>
      guarded(async () => {
        await raw.apiV1S3BucketsDestroy({ id });
        return { kind: 'deleted' };
      }),
    checkBucketHealth: (id) =>
      guarded(async () => ({ kind: 'ok', health: await raw.apiV1S3BucketsHealthRetrieve({ id }) })),
  };
}
