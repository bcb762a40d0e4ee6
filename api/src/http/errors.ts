import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode, ErrorKind, FieldError } from '../core/errors.ts';
import { DomainError } from '../core/errors.ts';

/** The one error body every failure under /api has. */
export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
  request_id?: string;
}

/**
 * An error of the HTTP edge itself (body limits, media types, methods, malformed JSON) or a domain
 * error mapped to HTTP. The app's single error handler turns it into the JSON envelope.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
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

/** Each domain error kind's HTTP status: the one place services' failures meet HTTP. */
export const STATUS_OF: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  unavailable: 503,
};

/** A domain error as HTTP: its kind's status, its code and detail, `Retry-After` when it has one. */
export function fromDomain(err: DomainError): ApiError {
  return new ApiError(STATUS_OF[err.kind], err.code, err.message, {
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.retryAfterSeconds !== undefined
      ? { headers: { 'Retry-After': String(err.retryAfterSeconds) } }
      : {}),
  });
}

export { DomainError };

/** Machine codes for the HTTP statuses the error handler produces on its own. */
export const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
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
