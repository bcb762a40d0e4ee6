/**
 * The TypeScript client's runtime: the global configuration, the one request function every
 * operation calls, and the error a non-success answer becomes. Copied as is into
 * clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: the global `fetch`.
 */

/** Where and how to call the API. Set `BASE` and `TOKEN` once, before the first call. */
export interface ClientConfig {
  /** The API's base address, for example `https://plinth.example.com` (no path). */
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
    const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
    this.retryAfter = Number.isFinite(retryAfter) ? retryAfter : undefined;
    this.response = response;
  }
}

/** One operation's call, as the generated functions describe it. */
export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path, with `{name}` placeholders. */
  path: string;
  pathParams?: Record<string, string | number>;
  /** Query parameters by their wire names; undefined ones are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** How to read a success: JSON, text (NDJSON, YAML) or nothing (204). */
  responseType: 'json' | 'text' | 'none';
}

/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const path = options.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = options.pathParams?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    // `.` and `..` survive encoding and would move the request to another path.
    if (value === '.' || value === '..') throw new TypeError(`path parameter ${name} may not be ${value}`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(OpenAPI.BASE.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, String(value));
  }
  const token = typeof OpenAPI.TOKEN === 'function' ? await OpenAPI.TOKEN() : OpenAPI.TOKEN;
  const headers: Record<string, string> = {
    Accept: options.responseType === 'text' ? '*/*' : 'application/json',
    ...OpenAPI.HEADERS,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
  const response = await (OpenAPI.FETCH ?? fetch)(url, {
    method: options.method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (!response.ok) {
    const body = response.headers.get('Content-Type')?.includes('json')
      ? ((await response.json().catch(() => undefined)) as ApiErrorBody | undefined)
      : undefined;
    throw new ApiError(response, body);
  }
  if (options.responseType === 'none' || response.status === 204) return undefined as T;
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (options.responseType === 'text' || !isJson) return (await response.text()) as T;
  return (await response.json()) as T;
}
