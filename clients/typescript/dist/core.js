// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
/**
 * The TypeScript client's runtime: the global configuration, client instances of their own
 * (`createClient`, for programs that talk to several APIs or need deadlines, retries and hooks), the
 * one request function every operation calls, and the error a non-success answer becomes. Copied as
 * is into clients/typescript/src/core.ts by `npm run generate:clients`. No dependencies: `fetch`.
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
const IDEMPOTENT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
const LATER = new Set([429, 502, 503, 504]);
/** Sends one request with the global configuration; resolves with the success body or throws ApiError. */
export function request(options, call) {
  const config = {
    baseUrl: OpenAPI.BASE,
    token: OpenAPI.TOKEN,
    headers: OpenAPI.HEADERS,
    fetch: OpenAPI.FETCH,
  };
  return send(config, 'OpenAPI.BASE', options, call);
}
/** A client with a configuration of its own; the global `OpenAPI` is neither read nor changed. */
export function createClient(config) {
  const own = { ...config };
  return { request: (options, call) => send(own, 'baseUrl', options, call) };
}
/** The URL of a request: the base, the encoded path values and the set query fields. */
function urlOf(config, baseName, options) {
  const path = options.path.replace(/\{([^{}]+)\}/g, (_, name) => {
    const value = options.pathParams?.[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name}`);
    // `.` and `..` survive encoding and would move the request to another path.
    if (value === '.' || value === '..') throw new TypeError(`path parameter ${name} may not be ${value}`);
    return encodeURIComponent(String(value));
  });
  // An empty base in a browser means the page's own origin; elsewhere it is a mistake worth naming.
  const page = globalThis.location?.href;
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
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
async function send(config, baseName, options, call) {
  const url = urlOf(config, baseName, options);
  const retry = config.retry;
  const retried = retry !== undefined && (retry.methods ?? IDEMPOTENT).includes(options.method);
  const attempts = retried ? Math.max(1, Math.floor(retry.attempts)) : 1;
  const baseMs = retry?.baseDelayMs ?? 200;
  const maxMs = retry?.maxDelayMs ?? 10_000;
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= attempts;
    let waitMs;
    try {
      return await tryOnce(config, options, url, attempt, call);
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
async function tryOnce(config, options, url, attempt, call) {
  const token = typeof config.token === 'function' ? await config.token() : config.token;
  const headers = {
    Accept: options.responseType === 'json' || options.responseType === 'none' ? 'application/json' : '*/*',
    ...config.headers,
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
  await config.onRequest?.({ method: options.method, path: options.path, url, headers, attempt });
  // The deadline starts once the hook lets go (a rate limiter's wait is not the API's time).
  const signals = [
    call?.signal,
    config.timeoutMs === undefined ? undefined : AbortSignal.timeout(config.timeoutMs),
  ];
  const active = signals.filter((s) => s !== undefined);
  const signal = active.length === 0 ? undefined : active.length === 1 ? active[0] : AbortSignal.any(active);
  const started = performance.now();
  const settled = (status, error) => {
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
  let response;
  let result;
  try {
    response = await (config.fetch ?? fetch)(url, {
      method: options.method,
      headers,
      ...(body === undefined ? {} : { body }),
      ...(signal === undefined ? {} : { signal }),
    });
    call?.onResponse?.(response);
    result = await read(response, options);
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
async function read(response, options) {
  if (!response.ok) {
    // Read in full either way, so the deadline covers it and the connection is free again.
    const text = await response.text();
    let errorBody;
    if (isJson(response.headers.get('Content-Type'))) {
      try {
        errorBody = JSON.parse(text);
      } catch {
        errorBody = undefined;
      }
    }
    throw new ApiError(response, errorBody);
  }
  if (options.responseType === 'none' || response.status === 204) {
    await response.arrayBuffer();
    return undefined;
  }
  if (options.responseType === 'blob') return await response.blob();
  // An operation that can answer JSON or text (the document as YAML) is read as what came.
  if (options.responseType === 'text' || !isJson(response.headers.get('Content-Type')))
    return await response.text();
  return await response.json();
}
