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

const isJson = (mediaType: string | null | undefined): boolean =>
  mediaType != null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim());

/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const path = options.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = options.pathParams?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    // `.` and `..` survive encoding and would move the request to another path.
    if (value === '.' || value === '..') throw new TypeError(`path parameter ${name} may not be ${value}`);
    return encodeURIComponent(String(value));
  });
  // An empty BASE in a browser means the page's own origin; elsewhere it is a mistake worth naming.
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (!OpenAPI.BASE && !page)
    throw new TypeError('OpenAPI.BASE is not set (e.g. https://plinth.example.com)');
  const url = new URL(OpenAPI.BASE.replace(/\/+$/, '') + path, page);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) url.searchParams.append(name, String(item));
    }
  }
  const token = typeof OpenAPI.TOKEN === 'function' ? await OpenAPI.TOKEN() : OpenAPI.TOKEN;
  const headers: Record<string, string> = {
    Accept: options.responseType === 'json' || options.responseType === 'none' ? 'application/json' : '*/*',
    ...OpenAPI.HEADERS,
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
  const response = await (OpenAPI.FETCH ?? fetch)(url, {
    method: options.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  if (!response.ok) {
    const errorBody = isJson(response.headers.get('Content-Type'))
      ? ((await response.json().catch(() => undefined)) as ApiErrorBody | undefined)
      : undefined;
    throw new ApiError(response, errorBody);
  }
  if (options.responseType === 'none' || response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  if (options.responseType === 'text' || !isJson(response.headers.get('Content-Type')))
    return (await response.text()) as T;
  return (await response.json()) as T;
}
