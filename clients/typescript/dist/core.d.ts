// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
/**
 * The TypeScript client's runtime: the global configuration, the one request function every
 * operation calls, and the error a non-success answer becomes. Copied as is into
 * clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: the global `fetch`.
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
/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export declare function request<T>(options: RequestOptions): Promise<T>;
export {};
