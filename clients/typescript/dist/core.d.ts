// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
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
export declare const OpenAPI: ClientConfig;
/** The API's error body (`ErrorResponse` in the OpenAPI document). */
export interface ApiErrorBody {
  detail: string;
  code: string;
  errors?: {
    attr: string;
    code: string;
    detail: string;
  }[];
  request_id?: string;
}
/** A non-success answer: its status and, when the API sent one, its error body. */
export declare class ApiError extends Error {
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
  constructor(response: Response, body: ApiErrorBody | undefined);
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
  readonly request: <T>(options: RequestOptions, call?: CallOptions) => Promise<T>;
}
/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export declare function request<T>(options: RequestOptions, call?: CallOptions): Promise<T>;
/** A client with a configuration of its own; the global `OpenAPI` is neither read nor changed. */
export declare function createClient(config: ClientOptions): Client;
export {};
