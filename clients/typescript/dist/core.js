// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
/**
 * The TypeScript client's runtime: the global configuration, the one request function every
 * operation calls, and the error a non-success answer becomes. Copied as is into
 * clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: the global `fetch`.
 */
/** The global configuration every operation reads. */
export const OpenAPI = { BASE: '', TOKEN: undefined, HEADERS: undefined, FETCH: undefined };
/** `Retry-After` in seconds: either form HTTP allows (delay seconds or a date). */
function retryAfterSeconds(value) {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
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
    this.retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    this.response = response;
  }
}
const isJson = (mediaType) =>
  mediaType != null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim());
/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export async function request(options) {
  const path = options.path.replace(/\{([^{}]+)\}/g, (_, name) => {
    const value = options.pathParams?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    // `.` and `..` survive encoding and would move the request to another path.
    if (value === '.' || value === '..') throw new TypeError(`path parameter ${name} may not be ${value}`);
    return encodeURIComponent(String(value));
  });
  // An empty BASE in a browser means the page's own origin; elsewhere it is a mistake worth naming.
  const page = globalThis.location?.href;
  if (!OpenAPI.BASE && !page)
    throw new TypeError('OpenAPI.BASE is not set (e.g. https://plinth.example.com)');
  const url = new URL(OpenAPI.BASE.replace(/\/+$/, '') + path, page);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) url.searchParams.append(name, String(item));
    }
  }
  const token = typeof OpenAPI.TOKEN === 'function' ? await OpenAPI.TOKEN() : OpenAPI.TOKEN;
  const headers = {
    Accept: options.responseType === 'json' || options.responseType === 'none' ? 'application/json' : '*/*',
    ...OpenAPI.HEADERS,
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let body;
  if (options.body !== undefined) {
    const mediaType = options.mediaType ?? 'application/json';
    if (isJson(mediaType)) body = JSON.stringify(options.body);
    else body = options.body;
    if (!/^multipart\/form-data\b/i.test(mediaType)) headers['Content-Type'] = mediaType;
  }
  const response = await (OpenAPI.FETCH ?? fetch)(url, {
    method: options.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  if (!response.ok) {
    const errorBody = isJson(response.headers.get('Content-Type'))
      ? await response.json().catch(() => undefined)
      : undefined;
    throw new ApiError(response, errorBody);
  }
  if (options.responseType === 'none' || response.status === 204) return undefined;
  if (options.responseType === 'blob') return await response.blob();
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  if (options.responseType === 'text' || !isJson(response.headers.get('Content-Type')))
    return await response.text();
  return await response.json();
}
