import createClient from 'openapi-fetch';
import type { Client, Middleware } from 'openapi-fetch';
// Type-only: erased when Node runs the operator, so its image needs nothing from clients/.
import type { paths } from '../../../clients/typescript/src/types.gen.ts';

/**
 * The operator's Plinth API client: openapi-fetch over the TypeScript client's types, generated from
 * the API's own OpenAPI document (`npm run generate:clients`), so request bodies and responses
 * cannot drift from the routes. (Not the client's functions: their one global configuration leaves
 * no room for this client's per-request deadline, rate limiter and metrics, nor for 200 vs 201.) Every request carries the bearer token, waits for the rate limiter,
 * has a deadline, and is reported to `onRequest` for metrics.
 *
 * The bucket helpers never throw for an HTTP answer or a transport failure: they return a result
 * discriminated by `kind`. Network errors, timeouts, 5xx and 429 are `unavailable` (try again
 * later, after `retryAfterSeconds` when the API says so); 4xx answers are classified from the
 * API's error envelope (`parseApiError`, `classifyApiError`).
 */

// ---- Types, all taken from the generated `paths` --------------------------------------------------

type BucketsPath = '/api/v1/s3/buckets/';
type BucketPath = '/api/v1/s3/buckets/{id}/';
type CredentialsPath = '/api/v1/s3/buckets/{id}/credentials/';
type RotatePath = '/api/v1/s3/buckets/{id}/rotate-credentials/';
type HealthPath = '/api/v1/s3/buckets/{id}/health/';

/** The JSON body of a generated request body or response object. */
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** `POST /api/v1/s3/buckets/` body. */
export type BucketCreate = Json<paths[BucketsPath]['post']['requestBody']>;
/** The new bucket with its credentials, endpoint and region: `POST /api/v1/s3/buckets/` 201. */
export type CreatedBucket = Json<paths[BucketsPath]['post']['responses'][201]>;
/** The caller's existing bucket with its credentials, endpoint and region: `POST /api/v1/s3/buckets/` 200. */
export type AdoptedBucket = Json<paths[BucketsPath]['post']['responses'][200]>;
/** `GET /api/v1/s3/buckets/{id}/` 200. */
export type Bucket = Json<paths[BucketPath]['get']['responses'][200]>;
/** `PATCH /api/v1/s3/buckets/{id}/` body. */
export type BucketUpdate = Json<paths[BucketPath]['patch']['requestBody']>;
/** `GET /api/v1/s3/buckets/{id}/credentials/` 200. */
export type BucketCredentials = Json<paths[CredentialsPath]['get']['responses'][200]>;
/** `POST /api/v1/s3/buckets/{id}/rotate-credentials/` body. */
export type CredentialRotation = Json<paths[RotatePath]['post']['requestBody']>;
/** The new key, when it took over, and when the old one stops: `POST …/rotate-credentials/` 200. */
export type RotatedCredentials = Json<paths[RotatePath]['post']['responses'][200]>;
/** Whether the bucket and its access user still exist on the storage cluster: `GET …/health/` 200. */
export type BucketHealth = Json<paths[HealthPath]['get']['responses'][200]>;
/** The API's error envelope (every 4xx/5xx under /api). */
export type ApiErrorBody = Json<paths[BucketsPath]['post']['responses'][409]>;
/** One field problem of a 400: `attr` is the dotted path of the field. */
export type ApiFieldError = NonNullable<ApiErrorBody['errors']>[number];

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

/** `Retry-After` as whole seconds (from delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Reads an error answer: the envelope `{detail, code, errors?, request_id?}` when the body is one,
 * else what can be said (a proxy's HTML page becomes `code: 'unknown'` with a short detail).
 */
export function parseApiError(status: number, body: unknown, headers?: Headers): PlinthApiError {
  const retryAfterSeconds = parseRetryAfter(headers?.get('retry-after'));
  const requestIdHeader = headers?.get('x-request-id') ?? undefined;
  if (!isRecord(body)) {
    const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
    return {
      status,
      code: 'unknown',
      detail: text || `HTTP ${status}`,
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

// ---- The client -------------------------------------------------------------------------------------

export interface PlinthClientOptions {
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

export interface PlinthClient {
  /** The typed openapi-fetch client, with the same token, rate limit, deadline and hook. */
  readonly raw: Client<paths>;
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

/** A fully read copy of the response, so the deadline and the duration cover the body too. */
async function buffered(response: Response): Promise<Response | undefined> {
  if (response.body === null) return undefined;
  const body = await response.arrayBuffer();
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function createPlinthClient(options: PlinthClientOptions): PlinthClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: typeof options.token === 'string' ? { Authorization: `Bearer ${options.token}` } : {},
    // Runs after the middleware's onRequest, so the deadline starts once the rate limiter lets go.
    fetch: (request) =>
      globalThis.fetch(request, {
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
      }),
  });

  const started = new Map<string, { operation: string; at: number }>();
  const rateLimitRejections = new WeakSet<object>();
  const report = (id: string, status: number | 'error') => {
    const s = started.get(id);
    started.delete(id);
    if (!s || !options.onRequest) return;
    try {
      options.onRequest({ operation: s.operation, status, durationMs: performance.now() - s.at });
    } catch {
      // A metrics hook must not change the outcome of a request.
    }
  };
  const middleware: Middleware = {
    async onRequest({ request, schemaPath, id }) {
      if (options.rateLimit) {
        try {
          await options.rateLimit.take();
        } catch (err) {
          // Rethrown unchanged (a closed limiter means shutdown), and never reported as `unavailable`.
          if (typeof err === 'object' && err !== null) rateLimitRejections.add(err);
          throw err;
        }
      }
      if (typeof options.token === 'function')
        request.headers.set('Authorization', `Bearer ${options.token()}`);
      started.set(id, { operation: `${request.method} ${schemaPath}`, at: performance.now() });
      return undefined;
    },
    async onResponse({ response, id }) {
      let copy: Response | undefined;
      try {
        copy = await buffered(response);
      } catch (err) {
        report(id, 'error');
        throw err;
      }
      report(id, response.status);
      return copy;
    },
    onError({ id }) {
      report(id, 'error');
      return undefined;
    },
  };
  raw.use(middleware);

  /** Runs one call; thrown transport errors become `unavailable`, a rate limiter's rejection is rethrown. */
  async function guarded<T>(call: () => Promise<T | PlinthFailure>): Promise<T | PlinthFailure> {
    try {
      return await call();
    } catch (err) {
      if (typeof err === 'object' && err !== null && rateLimitRejections.has(err)) throw err;
      return transportFailure(err);
    }
  }
  const failure = (response: Response, body: unknown): PlinthFailure =>
    classifyApiError(parseApiError(response.status, body, response.headers));

  return {
    raw,
    createBucket: (input) =>
      guarded(async () => {
        const { data, error, response } = await raw.POST('/api/v1/s3/buckets/', { body: input });
        if (data === undefined) return failure(response, error);
        return response.status === 201
          ? { kind: 'created', bucket: data }
          : { kind: 'adopted', bucket: data };
      }),
    getBucket: (id) =>
      guarded(async () => {
        const { data, error, response } = await raw.GET('/api/v1/s3/buckets/{id}/', {
          params: { path: { id } },
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', bucket: data };
      }),
    findBucketsByOwner: (uid) =>
      guarded(async () => {
        // One object owns at most a bucket or two (one per name it had): a page is plenty.
        const { data, error, response } = await raw.GET('/api/v1/s3/buckets/', {
          params: { query: { owner_uid: uid, page_size: 100 } },
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', buckets: data.results };
      }),
    updateBucket: (id, changes) =>
      guarded(async () => {
        const { data, error, response } = await raw.PATCH('/api/v1/s3/buckets/{id}/', {
          params: { path: { id } },
          body: changes,
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', bucket: data };
      }),
    revealCredentials: (id) =>
      guarded(async () => {
        const { data, error, response } = await raw.GET('/api/v1/s3/buckets/{id}/credentials/', {
          params: { path: { id } },
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', credentials: data };
      }),
    rotateCredentials: (id, input) =>
      guarded(async () => {
        const { data, error, response } = await raw.POST('/api/v1/s3/buckets/{id}/rotate-credentials/', {
          params: { path: { id } },
          body: input,
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', rotated: data };
      }),
    deleteBucket: (id) =>
      guarded(async () => {
        const { error, response } = await raw.DELETE('/api/v1/s3/buckets/{id}/', {
          params: { path: { id } },
        });
        return response.ok ? { kind: 'deleted' } : failure(response, error);
      }),
    checkBucketHealth: (id) =>
      guarded(async () => {
        const { data, error, response } = await raw.GET('/api/v1/s3/buckets/{id}/health/', {
          params: { path: { id } },
        });
        return data === undefined ? failure(response, error) : { kind: 'ok', health: data };
      }),
  };
}
