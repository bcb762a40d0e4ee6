// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
/**
 * The TypeScript client's runtime: the global configuration, the one request function every
 * operation calls, and the error a non-success answer becomes. Copied as is into
 * clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: the global `fetch`.
 */
/** The global configuration every operation reads. */
export const OpenAPI = { BASE: '', TOKEN: undefined, HEADERS: undefined, FETCH: undefined };
/** A non-success answer: its status and, when the API sent one, its error body. */
export class ApiError extends Error {
  /** The HTTP status. */
  status;
  /** The error body, or undefined when the answer was not the API's JSON error. */
  body;
  /** The machine-readable code (`not_authenticated`, `bucket_name_taken`, …). */
  code;
  /** The request's ID (`X-Request-Id`): quote it when asking for help. */
  requestId;
  /** Seconds to wait before trying again (`Retry-After`), when the API said. */
  retryAfter;
  /** The raw answer (headers, status text). */
  response;
  constructor(response, body) {
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
/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export async function request(options) {
  const path = options.path.replace(/\{(\w+)\}/g, (_, name) => {
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
  const headers = {
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
      ? await response.json().catch(() => undefined)
      : undefined;
    throw new ApiError(response, body);
  }
  if (options.responseType === 'none' || response.status === 204) return undefined;
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (options.responseType === 'text' || !isJson) return await response.text();
  return await response.json();
}
