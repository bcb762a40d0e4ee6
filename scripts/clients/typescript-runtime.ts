/**
 * The TypeScript client's runtime: the global configuration, client instances of their own
 * (`createClient`, for programs that talk to several APIs or need deadlines, retries and hooks), the
 * one request function every operation calls, and the error a non-success answer becomes. Copied as
 * is into clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: `fetch`.
 */

/** Where and how to call the API. Set `BASE` and `TOKEN` once, before the first call. */
export interface ClientConfig {
  /** The API's base address, e.g. `https://plinth.example.com`; empty in a browser: the page's origin. */
  BASE: string;
  /** A bearer token (API key or login token), or a function returning one per request. */
  TOKEN?: string | undefined | (() => string | undefined | Promise<string | undefined>);
  /** Headers sent with every request (for example a tracing header). */
  HEADERS?: Record<string, string> | undefined;
  /** The fetch to use; the global one when absent. */
  FETCH?: typeof fetch | undefined;
}

/** The global configuration every operation reads. */
export const OpenAPI: ClientConfig = { BASE: '', TOKEN: undefined, HEADERS: undefined, FETCH: undefined };

/** The API's error body (`ErrorResponse` in the OpenAPI document). */
export interface ApiErrorBody {
  detail: string;
  code: string;
  errors?: { attr: string; code: string; detail: string }[];
  request_id?: string;
}

/** `Retry-After` in seconds: either form HTTP allows (delay seconds or a date). */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A non-success answer: its status and, when the API sent one, its error body. */
export class ApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The error body, or undefined when the answer was not the API's JSON error. */
  readonly body: ApiErrorBody | undefined;
  /** The machine-readable code (`not_authenticated`, `bucket_name_taken`, …). */
  readonly code: string | undefined;
  /** The request's ID (`X-Request-Id`): quote it when asking for help. */
  readonly requestId: string | undefined;
  /** Seconds to wait before trying again (`Retry-After`), when the API said. */
  readonly retryAfter: number | undefined;
  /** The raw answer (headers, status text). */
  readonly response: Response;

  constructor(response: Response, body: ApiErrorBody | undefined) {
    super(body?.detail ?? `${response.status} ${response.statusText}`);
    this.name = 'ApiError';
    this.status = response.status;
    this.body = body;
    this.code = body?.code;
    this.requestId = body?.request_id ?? response.headers.get('X-Request-Id') ?? undefined;
    this.retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    this.response = response;
  }
}

type Scalar = string | number | boolean;

/** One operation's call, as the generated functions describe it. */
export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** The document's path, with `{name}` placeholders; trailing slashes are kept as written. */
  path: string;
  pathParams?: Record<string, Scalar>;
  /** Query parameters by their wire names; undefined and null are left out, an array repeats its name. */
  query?: Record<string, Scalar | Scalar[] | null | undefined>;
  /** Header parameters by their wire names; undefined and null are left out. */
  headers?: Record<string, Scalar | null | undefined>;
  body?: unknown;
  /**
   * The body's media type. JSON ones (the default) are serialized; `multipart/form-data` is sent as
   * the FormData given (fetch sets the boundary); anything else as given with this Content-Type.
   */
  mediaType?: string;
  /** How to read a success: JSON, text (NDJSON, YAML), a Blob (binary) or nothing (204). */
  responseType: 'json' | 'text' | 'blob' | 'none';
}

/** What one call carries besides its parameters. */
export interface CallOptions {
  /** Aborts this call; an instance's `timeoutMs` still applies. */
  signal?: AbortSignal | undefined;
  /** Told each answer (status, headers) before its body is read: 200 from 201, say. */
  onResponse?: ((response: Response) => void) | undefined;
}

/** A request about to be sent, as an instance's `onRequest` sees it. */
export interface OperationRequest {
  method: RequestOptions['method'];
  /** The document's path template (`/api/v1/workspaces/{id}/`): a label of bounded cardinality. */
  path: string;
  url: URL;
  /** The headers to send; the hook may change them. */
  headers: Record<string, string>;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
}

/** How one sent request ended, as an instance's `onSettled` sees it (metrics). */
export interface RequestOutcome {
  method: RequestOptions['method'];
  path: string;
  attempt: number;
  /** The HTTP status; undefined when no complete answer came (network, deadline, abort). */
  status: number | undefined;
  /** Why no complete answer came. */
  error?: unknown;
  /** From sending to the end of the body (the `onRequest` wait excluded). */
  durationMs: number;
}

/** Retrying idempotent calls whose answer says "later": no answer, 429, 502, 503, 504. */
export interface RetryOptions {
  /** Tries in all, the first included (1: none). */
  attempts: number;
  /** The first wait (default 200 ms), doubled per retry; a longer `Retry-After` is waited instead. */
  baseDelayMs?: number | undefined;
  /** No wait is longer (default 10 000 ms); an answer asking for longer is returned, not waited for. */
  maxDelayMs?: number | undefined;
  /** The methods retried; default GET, HEAD, OPTIONS, PUT and DELETE (never POST or PATCH). */
  methods?: readonly RequestOptions['method'][] | undefined;
}

/** A client instance's configuration: `createClient` and the SDK's `createPlinthClient`. */
export interface ClientOptions {
  /** The API's base address, e.g. `https://plinth.example.com`; empty in a browser: the page's origin. */
  baseUrl: string;
  /** A bearer token, or a function asked for one before every request (a token file that rotates). */
  token?: string | undefined | (() => string | undefined | Promise<string | undefined>);
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /** The fetch to use; the global one when absent. */
  fetch?: typeof fetch | undefined;
  /** Deadline per request, from sending to the end of the body; none when absent. */
  timeoutMs?: number | undefined;
  retry?: RetryOptions | undefined;
  /**
   * Awaited before each request is sent, after the token is read (a rate limiter, a header). What
   * it throws is the call's rejection, unchanged, and nothing is sent.
   */
  onRequest?: ((request: OperationRequest) => void | Promise<void>) | undefined;
  /** Told once per request sent, after its body was read or it failed (metrics). What it throws is ignored. */
  onSettled?: ((outcome: RequestOutcome) => void) | undefined;
}

/** A client instance: sends one operation's request with its own configuration. */
export interface Client {
  // A property, not a method: it is passed around unbound.
  readonly request: <T>(options: RequestOptions, call?: CallOptions) => Promise<T>;
}

const isJson = (mediaType: string | null | undefined): boolean =>
  mediaType != null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim());

const IDEMPOTENT: readonly RequestOptions['method'][] = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
const LATER = new Set([429, 502, 503, 504]);

/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export function request<T>(options: RequestOptions, call?: CallOptions): Promise<T> {
  const config: ClientOptions = {
    baseUrl: OpenAPI.BASE,
    token: OpenAPI.TOKEN,
    headers: OpenAPI.HEADERS,
    fetch: OpenAPI.FETCH,
  };
  return send<T>(config, 'OpenAPI.BASE', options, call);
}

/** A client with a configuration of its own; the global `OpenAPI` is neither read nor changed. */
export function createClient(config: ClientOptions): Client {
  const own: ClientOptions = { ...config };
  return { request: (options, call) => send(own, 'baseUrl', options, call) };
}

/** The URL of a request: the base, the encoded path values and the set query fields. */
function urlOf(config: ClientOptions, baseName: string, options: RequestOptions): URL {
  const path = options.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = options.pathParams?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    // `.` and `..` survive encoding and would move the request to another path.
    if (value === '.' || value === '..') throw new TypeError(`path parameter ${name} may not be ${value}`);
    return encodeURIComponent(String(value));
  });
  // An empty base in a browser means the page's own origin; elsewhere it is a mistake worth naming.
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (!config.baseUrl && !page)
    throw new TypeError(`${baseName} is not set (e.g. https://plinth.example.com)`);
  const url = new URL(config.baseUrl.replace(/\/+$/, '') + path, page);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) url.searchParams.append(name, String(item));
    }
  }
  return url;
}

/** Waits `ms`, or rejects when `signal` aborts first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

async function send<T>(
  config: ClientOptions,
  baseName: string,
  options: RequestOptions,
  call: CallOptions | undefined,
): Promise<T> {
  const url = urlOf(config, baseName, options);
  const retry = config.retry;
  const retried = retry !== undefined && (retry.methods ?? IDEMPOTENT).includes(options.method);
  const attempts = retried ? Math.max(1, Math.floor(retry.attempts)) : 1;
  const baseMs = retry?.baseDelayMs ?? 200;
  const maxMs = retry?.maxDelayMs ?? 10_000;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let waitMs: number;
    try {
      return await tryOnce<T>(config, options, url, attempt, call);
    } catch (err) {
      // Only an answer that says "later", or none at all (not the caller's abort), is tried again.
      const answered = err instanceof ApiError;
      if (last || call?.signal?.aborted || (answered ? !LATER.has(err.status) : !(err instanceof Sent)))
        throw err instanceof Sent ? err.cause : err;
      const backoff = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
      const asked = answered && err.retryAfter !== undefined ? err.retryAfter * 1000 : 0;
      if (asked > maxMs) throw err;
      waitMs = Math.max(backoff, asked);
    }
    await pause(waitMs, call?.signal);
  }
}

/** A failure after the request was handed to fetch (so a retry may help), wrapping the original. */
class Sent extends Error {}

/** One try: headers, the hooks, the fetch under its deadline, and the body read in full. */
async function tryOnce<T>(
  config: ClientOptions,
  options: RequestOptions,
  url: URL,
  attempt: number,
  call: CallOptions | undefined,
): Promise<T> {
  const token = typeof config.token === 'function' ? await config.token() : config.token;
  const headers: Record<string, string> = {
    Accept: options.responseType === 'json' || options.responseType === 'none' ? 'application/json' : '*/*',
    ...config.headers,
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let body: RequestInit['body'];
  if (options.body !== undefined) {
    const mediaType = options.mediaType ?? 'application/json';
    if (isJson(mediaType)) body = JSON.stringify(options.body);
    else body = options.body as RequestInit['body'];
    if (!/^multipart\/form-data\b/i.test(mediaType)) headers['Content-Type'] = mediaType;
  }
  await config.onRequest?.({ method: options.method, path: options.path, url, headers, attempt });
  // The deadline starts once the hook lets go (a rate limiter's wait is not the API's time).
  const signals = [
    call?.signal,
    config.timeoutMs === undefined ? undefined : AbortSignal.timeout(config.timeoutMs),
  ];
  const active = signals.filter((s): s is AbortSignal => s !== undefined);
  const signal = active.length === 0 ? undefined : active.length === 1 ? active[0] : AbortSignal.any(active);
  const started = performance.now();
  const settled = (status: number | undefined, error?: unknown) => {
    try {
      config.onSettled?.({
        method: options.method,
        path: options.path,
        attempt,
        status,
        ...(error === undefined ? {} : { error }),
        durationMs: performance.now() - started,
      });
    } catch {
      // A metrics hook must not change the outcome of a request.
    }
  };
  let response: Response;
  let result: T;
  try {
    response = await (config.fetch ?? fetch)(url, {
      method: options.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(signal === undefined ? {} : { signal }),
    });
    call?.onResponse?.(response);
    result = await read<T>(response, options);
  } catch (err) {
    if (err instanceof ApiError) {
      settled(err.status);
      throw err;
    }
    settled(undefined, err);
    throw new Sent('no complete answer', { cause: err });
  }
  settled(response.status);
  return result;
}

/** The success body as the operation says to read it; an error answer becomes ApiError. */
async function read<T>(response: Response, options: RequestOptions): Promise<T> {
  if (!response.ok) {
    // Read in full either way, so the deadline covers it and the connection is free again.
    const text = await response.text();
    let errorBody: ApiErrorBody | undefined;
    if (isJson(response.headers.get('Content-Type'))) {
      try {
        errorBody = JSON.parse(text) as ApiErrorBody;
      } catch {
        errorBody = undefined;
      }
    }
    throw new ApiError(response, errorBody);
  }
  if (options.responseType === 'none' || response.status === 204) {
    await response.arrayBuffer();
    return undefined as T;
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  if (options.responseType === 'text' || !isJson(response.headers.get('Content-Type')))
    return (await response.text()) as T;
  return (await response.json()) as T;
}
