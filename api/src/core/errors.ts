import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** One field problem in a validation error: `attr` is the dotted path of the field. */
export interface FieldError {
  attr: string;
  code: string;
  detail: string;
}

/** The one error body every failure under /api has. */
export interface ErrorBody {
  detail: string;
  code: string;
  errors?: FieldError[];
  request_id?: string;
}

/**
 * The one typed error of the API. Handlers and services throw it; the app's single error handler
 * turns it into the JSON envelope. Anything else thrown becomes a 500 (or 503 when a dependency
 * is down) whose body says nothing about the cause.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    detail: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
  }

  toBody(requestId: string | undefined): ErrorBody {
    return {
      detail: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(requestId ? { request_id: requestId } : {}),
    };
  }
}

export const badRequest = (detail: string, code = 'invalid') => new ApiError(400, code, detail);

export const validationError = (errors: FieldError[]) =>
  new ApiError(400, 'invalid', 'The request is not valid; see errors for each field.', { errors });

export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

export const conflict = (detail: string, code = 'conflict') => new ApiError(409, code, detail);

export const serviceUnavailable = (detail: string, code = 'service_unavailable') =>
  new ApiError(503, code, detail, { headers: { 'Retry-After': '5' } });

/** Machine codes for the HTTP statuses the error handler produces on its own. */
export const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'invalid',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
  500: 'server_error',
  503: 'service_unavailable',
};
